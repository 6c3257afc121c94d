import Foundation
import Testing
import FlowModel
import FlowAnalysis
import FlowRules
import FlowSpec

/// Every rule's examples are its tests: each spec under `fixtures/rules/<rule-id>/`, and the triggering and
/// passing example of each rule's description (stored only there: `flowlint explain` prints them), marks the
/// line of every finding it must give with `# expect: <rule-id>` (several: `# expect: a, b`), and must give
/// nothing else.
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

    /// The examples of the descriptions, as fixtures named `<rule-id>/<kind>/example.flow.yml`.
    static let descriptionExamples: [RuleFixture] = RuleRegistry.allDescriptions.flatMap { description in
        [("triggering", description.triggeringExample), ("passing", description.passingExample)]
            .filter { !$0.1.isEmpty }
            .map { RuleFixture(example: $0.1, relativePath: "\(description.id)/\($0.0)/example.flow.yml") }
    }

    static let allExamples = fixtures + descriptionExamples

    @Test func fixturesAreFound() {
        #expect(Self.fixtures.count >= Self.specOnlyRules.count, "no fixtures under \(Self.rulesFolder.path)")
    }

    @Test(arguments: allExamples)
    func findingsLandOnTheMarkers(_ fixture: RuleFixture) throws {
        let findings = try fixture.withFile { path in
            RuleRunner().findings(for: try SpecLoader(knownRules: RuleRegistry.allIDs).load(files: [path]))
        }
        let expected = fixture.markers()

        var unexpected: [String] = []
        var remaining = expected
        for finding in findings.sorted(by: Finding.reportOrder) {
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

    @Test(arguments: allExamples.filter { $0.kind == "triggering" })
    func triggeringExampleMarksItsRule(_ fixture: RuleFixture) throws {
        let rules = fixture.markers().keys.map(\.rule)
        #expect(rules.contains(fixture.ruleID), "\(fixture.relativePath) marks no `# expect: \(fixture.ruleID)`")
    }

    @Test func everyFixtureFolderIsARule() {
        let ids = Set(RuleRegistry.allIDs.map(\.rawValue))
        for fixture in Self.fixtures {
            #expect(ids.contains(fixture.ruleID), "\(fixture.relativePath): no rule `\(fixture.ruleID)`")
            #expect(["triggering", "passing"].contains(fixture.kind), "\(fixture.relativePath): not in triggering/ or passing/")
        }
    }

    /// The examples live in the description only: a file of the same name would be a second copy to keep equal.
    @Test(arguments: specOnlyRules)
    func descriptionHoldsTheExamples(_ id: String) {
        for kind in ["triggering", "passing"] {
            #expect(
                Self.descriptionExamples.contains { $0.ruleID == id && $0.kind == kind },
                "the description of `\(id)` has no \(kind) example")
            #expect(
                !Self.fixtures.contains { $0.ruleID == id && $0.kind == kind && $0.fileName == "example.flow.yml" },
                "fixtures/rules/\(id)/\(kind)/example.flow.yml copies the description's example: remove it")
        }
    }
}

/// One finding a fixture expects: a line and a rule.
struct Marker: Hashable, Comparable {
    var line: Int
    var rule: String

    static func < (lhs: Marker, rhs: Marker) -> Bool { (lhs.line, lhs.rule) < (rhs.line, rhs.rule) }
}

/// A spec under `fixtures/rules/<rule-id>/<triggering|passing>/`, or an example of a rule's description.
struct RuleFixture: Sendable, CustomTestStringConvertible {
    /// The file; nil for a description's example, which is written to a temporary file to be loaded.
    var path: String?
    /// `<rule-id>/<kind>/<file>`.
    var relativePath: String
    var text: String

    init(path: String, root: String) {
        self.path = path
        relativePath = path.hasPrefix(root + "/") ? String(path.dropFirst(root.count + 1)) : path
        text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
    }

    init(example: String, relativePath: String) {
        path = nil
        self.relativePath = relativePath
        text = example
    }

    private var components: [Substring] { relativePath.split(separator: "/") }
    var ruleID: String { components.count == 3 ? String(components[0]) : "" }
    var kind: String { components.count == 3 ? String(components[1]) : "" }
    var fileName: String { String(components.last ?? "") }

    var testDescription: String { path == nil ? "description of " + relativePath : relativePath }

    /// Runs `body` on the fixture's file, writing a description's example to a temporary one first.
    func withFile<T>(_ body: (String) throws -> T) throws -> T {
        if let path { return try body(path) }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flowlint-example-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent(fileName)
        try Data(text.utf8).write(to: file)
        return try body(file.path)
    }

    /// The `# expect:` markers, counted: two findings of one rule on one line are marked twice.
    func markers() -> [Marker: Int] {
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
