import Foundation
import Testing
import FlowModel
import FlowRules
import FlowSpec

/// Every rule's examples are its tests: each spec under `fixtures/rules/<rule-id>/` marks the line of
/// every finding it must give with `# expect: <rule-id>` (several: `# expect: a, b`), and must give
/// nothing else. The descriptions that `flowlint explain` prints hold the `example.flow.yml` files' text.
@Suite struct RuleExampleTests {
    static let rulesFolder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("fixtures/rules")

    static let fixtures: [RuleFixture] = {
        guard let walker = FileManager.default.enumerator(at: rulesFolder, includingPropertiesForKeys: nil) else { return [] }
        return walker.compactMap { $0 as? URL }
            .filter { $0.lastPathComponent.hasSuffix(".flow.yml") }
            .map { RuleFixture(path: $0.standardizedFileURL.path, root: rulesFolder.standardizedFileURL.path) }
            .sorted { $0.relativePath < $1.relativePath }
    }()

    /// The drift rules compare specs with Swift code: their examples are the app in `fixtures/drift/` (DriftFixtureTests).
    static let specOnlyRules = RuleRegistry.allDescriptions.filter { !DriftRules.ids.contains($0.id) }.map(\.id.rawValue)

    @Test func fixturesAreFound() {
        #expect(Self.fixtures.count >= 2 * Self.specOnlyRules.count, "no fixtures under \(Self.rulesFolder.path)")
    }

    @Test(arguments: fixtures)
    func findingsLandOnTheMarkers(_ fixture: RuleFixture) throws {
        let project = try SpecLoader(knownRules: RuleRegistry.allIDs).load(files: [fixture.path])
        let findings = RuleRunner().findings(for: project)
        let expected = try fixture.markers()

        var unexpected: [String] = []
        var remaining = expected
        for finding in findings.sorted(by: Diagnostic.reportOrder) {
            let key = Marker(line: finding.location.line, rule: finding.rule.rawValue)
            if let count = remaining[key], count > 0 {
                remaining[key] = count - 1
            } else {
                unexpected.append("line \(finding.location.line): unexpected `\(finding.rule)`: \(finding.message)")
            }
        }
        let missing = remaining.filter { $0.value > 0 }.keys.sorted()
            .map { "line \($0.line): expected `\($0.rule)`, not reported" }
        let report = (missing + unexpected).joined(separator: "\n")
        #expect(missing.isEmpty && unexpected.isEmpty, "\(fixture.relativePath):\n\(report)")
    }

    @Test(arguments: fixtures.filter { $0.kind == "triggering" })
    func triggeringExampleMarksItsRule(_ fixture: RuleFixture) throws {
        let rules = try fixture.markers().keys.map(\.rule)
        #expect(rules.contains(fixture.ruleID), "\(fixture.relativePath) marks no `# expect: \(fixture.ruleID)`")
    }

    @Test func everyFixtureFolderIsARule() {
        let ids = Set(RuleRegistry.allIDs.map(\.rawValue))
        for fixture in Self.fixtures {
            #expect(ids.contains(fixture.ruleID), "\(fixture.relativePath): no rule `\(fixture.ruleID)`")
            #expect(["triggering", "passing"].contains(fixture.kind), "\(fixture.relativePath): not in triggering/ or passing/")
        }
    }

    @Test(arguments: specOnlyRules)
    func ruleHasExamples(_ id: String) {
        for kind in ["triggering", "passing"] {
            let files = Self.fixtures.filter { $0.ruleID == id && $0.kind == kind }
            #expect(!files.isEmpty, "fixtures/rules/\(id)/\(kind)/ has no *.flow.yml")
            #expect(files.contains { $0.fileName == "example.flow.yml" }, "fixtures/rules/\(id)/\(kind)/example.flow.yml is missing")
        }
    }

    @Test(arguments: specOnlyRules)
    func descriptionHoldsTheExampleFiles(_ id: String) throws {
        let description = try #require(RuleRegistry.description(of: RuleID(rawValue: id)))
        for (kind, text) in [("triggering", description.triggeringExample), ("passing", description.passingExample)] {
            let file = Self.rulesFolder.appendingPathComponent("\(id)/\(kind)/example.flow.yml")
            guard let contents = try? Data(contentsOf: file) else { continue }  // reported by ruleHasExamples
            let equal = Array(text.utf8) == Array(contents)
            #expect(equal, "the \(kind)Example of `\(id)` differs from fixtures/rules/\(id)/\(kind)/example.flow.yml\(Self.firstDifference(text, String(decoding: contents, as: UTF8.self))); copy the file into the description")
        }
    }

    /// Where two texts part, for a readable failure: the first line that differs.
    static func firstDifference(_ description: String, _ file: String) -> String {
        let left = description.split(separator: "\n", omittingEmptySubsequences: false)
        let right = file.split(separator: "\n", omittingEmptySubsequences: false)
        for line in 0..<max(left.count, right.count) {
            let a = line < left.count ? String(left[line]) : "<end>"
            let b = line < right.count ? String(right[line]) : "<end>"
            if a != b { return " at line \(line + 1): description has `\(a)`, file has `\(b)`" }
        }
        return " (in bytes only: line endings or encoding)"
    }
}

/// One finding a fixture expects: a line and a rule.
struct Marker: Hashable, Comparable {
    var line: Int
    var rule: String

    static func < (lhs: Marker, rhs: Marker) -> Bool { (lhs.line, lhs.rule) < (rhs.line, rhs.rule) }
}

/// A spec under `fixtures/rules/<rule-id>/<triggering|passing>/`.
struct RuleFixture: Sendable, CustomTestStringConvertible {
    var path: String
    /// `<rule-id>/<kind>/<file>`.
    var relativePath: String

    init(path: String, root: String) {
        self.path = path
        relativePath = path.hasPrefix(root + "/") ? String(path.dropFirst(root.count + 1)) : path
    }

    private var components: [Substring] { relativePath.split(separator: "/") }
    var ruleID: String { components.count == 3 ? String(components[0]) : "" }
    var kind: String { components.count == 3 ? String(components[1]) : "" }
    var fileName: String { String(components.last ?? "") }

    var testDescription: String { relativePath }

    /// The `# expect:` markers, counted: two findings of one rule on one line are marked twice.
    func markers() throws -> [Marker: Int] {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        var markers: [Marker: Int] = [:]
        for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            guard let marker = line.range(of: "# expect:") else { continue }
            for rule in line[marker.upperBound...].split(separator: ",") {
                let rule = rule.trimmingCharacters(in: .whitespaces)
                if !rule.isEmpty { markers[Marker(line: number + 1, rule: rule), default: 0] += 1 }
            }
        }
        return markers
    }
}
