import Foundation
import Testing

/// `flowlint lint --sources Sources/` where no spec exists: the graph read from the code is linted, every finding
/// at its Swift line, in every format; with a spec present nothing changes (`DriftTests`).
@Suite struct CodeOnlyLintTests {
    static let sampleApp = Flowlint.packageRoot.appendingPathComponent("fixtures/extract/uikit/sample-app/Sources")

    /// An empty folder to run in: `lint`'s default path `.` holds no spec.
    static func emptyFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flowlint-code-only-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    /// The classic sample app's two leaked children, each at the Swift line that keeps the child.
    @Test func theCodeIsLintedWhenThereIsNoSpec() throws {
        let folder = try Self.emptyFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try Flowlint.run(["lint", "--sources", Self.sampleApp.path], in: folder)
        #expect(result.status == 1, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 2)
        #expect(lines.allSatisfy { $0.hasPrefix(Self.sampleApp.path + "/ShelfCoordinator.swift:") && $0.hasSuffix("[leaked-child]") })
        #expect(lines.map { $0.split(separator: ":")[1] } == ["19", "32"])
        #expect(result.stderr.hasPrefix("flowlint: 2 errors, 0 warnings in 5 files\n"))
    }

    @Test func everyFormatReportsTheSwiftLines() throws {
        let folder = try Self.emptyFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let json = try Flowlint.run(["lint", "--sources", Self.sampleApp.path, "--format", "json"], in: folder)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let findings = try #require(document["findings"] as? [[String: Any]])
        #expect(findings.map { $0["rule"] as? String } == ["leaked-child", "leaked-child"])
        #expect(findings.allSatisfy { ($0["file"] as? String)?.hasSuffix("ShelfCoordinator.swift") == true })
        let sarif = try Flowlint.run(["lint", "--sources", Self.sampleApp.path, "--format", "sarif"], in: folder)
        #expect(sarif.status == 1)
        #expect(sarif.stdout.contains("ShelfCoordinator.swift"))
    }

    /// Configuration applies as to specs: a rule turned off is off.
    @Test func theConfigurationApplies() throws {
        let folder = try Self.emptyFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try "disabled: [leaked-child]\n".write(to: folder.appendingPathComponent(".flowlint.yml"), atomically: true, encoding: .utf8)
        let result = try Flowlint.run(["lint", "--sources", Self.sampleApp.path], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.isEmpty)
    }

    /// Without sources, no spec is still the error it was.
    @Test func noSpecAndNoSourcesIsStillAnError() throws {
        let folder = try Self.emptyFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try Flowlint.run(["lint"], in: folder)
        #expect(result.status == 2)
        #expect(result.stderr.contains("no flow specs"))
    }
}
