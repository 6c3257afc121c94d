import Foundation
import Testing

/// Issue 24, "Specs extract writes that do not lint": names that hold characters YAML forbids or reads as line
/// breaks, in route names and in a file name, give specs that load back without a validity error.
@Suite struct ExtractedSpecTextTests {
    typealias Folder = HostileInputTests.Folder

    static func coordinator(route: String) -> String {
        """
        enum AppRoute: Route {
            case home
            case `\(route)`
        }

        final class AppCoordinator: NavigationCoordinator<AppRoute> {
            init() { super.init(initialRoute: .home) }

            override func prepareTransition(for route: AppRoute) -> NavigationTransition {
                switch route {
                case .home:
                    return .push(HomeViewController())
                case .`\(route)`:
                    return .push(DetailViewController())
                }
            }
        }

        """
    }

    static let validityRules = ExtractTests.validityRules

    @Test(arguments: ["a\u{7F}b", "a\u{85}b", "a\u{2028}b", "a\u{2029}b", "a\u{FFFF}b", "a\u{9B}b", "a\u{FEFF}b"])
    func rawIdentifiersGiveSpecsThatLoadBack(_ route: String) throws {
        let folder = try Folder()
        try folder.write("Sources/App.swift", Self.coordinator(route: route))
        let extract = try Flowlint.run(["extract", "Sources", "-o", "Flows"], in: folder.url, timeout: 30)
        #expect(extract.status == 0, "\(extract.stderr)")
        let lint = try Flowlint.run(["lint", "--format", "json", "Flows"], in: folder.url)
        let findings = try JSONDecoder().decode(ExtractTests.Lint.self, from: Data(lint.stdout.utf8)).findings
        #expect(findings.filter { Self.validityRules.contains($0.rule) }.map(\.rule) == [], "\(lint.stdout)")
        // The name reads back as the code has it: the route is never triggered, and its finding names it.
        #expect(findings.contains { $0.rule == "unreachable-route" && $0.route?.contains(route) == true }, "\(lint.stdout)")
    }

    @Test func aFileNameHoldingUFFFFGivesASpecThatLoadsBack() throws {
        let folder = try Folder()
        try folder.write("Sources/Ap\u{FFFF}p.swift", Self.coordinator(route: "detail"))
        let extract = try Flowlint.run(["extract", "Sources", "-o", "Flows"], in: folder.url, timeout: 30)
        #expect(extract.status == 0, "\(extract.stderr)")
        let lint = try Flowlint.run(["lint", "--format", "json", "Flows"], in: folder.url)
        let findings = try JSONDecoder().decode(ExtractTests.Lint.self, from: Data(lint.stdout.utf8)).findings
        #expect(lint.status == 0 && findings.filter { Self.validityRules.contains($0.rule) }.isEmpty, "\(lint.stdout) \(lint.stderr)")
    }
}
