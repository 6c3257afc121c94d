import FlowModel
import Foundation
import Testing
import FlowAnalysis
@testable import FlowRules

@Suite struct RuleDocumentationTests {
    static let rulesDocument = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("docs/rules.md")

    @Test func rulesDocumentIsCurrent() throws {
        let generated = RuleDocumentation.markdown(RuleRegistry.allDescriptions)
        if ProcessInfo.processInfo.environment["FLOWLINT_UPDATE_GOLDENS"] == "1" {
            try generated.write(to: Self.rulesDocument, atomically: true, encoding: .utf8)
        }
        let committed = try String(contentsOf: Self.rulesDocument, encoding: .utf8)
        #expect(committed == generated, "docs/rules.md is stale: run `flowlint rules --markdown > docs/rules.md`")
    }

    static func document(_ path: String) throws -> String {
        try String(
            contentsOf: rulesDocument.deletingLastPathComponent().deletingLastPathComponent()
                .appendingPathComponent(path), encoding: .utf8)
    }

    /// The rules table lives only in the generated docs/rules.md: the README links it and keeps no copy that every
    /// new rule would have to edit.
    @Test func readmeLinksTheGeneratedRulesPageAndKeepsNoTable() throws {
        let readme = try Self.document("README.md")
        #expect(readme.contains("](docs/rules.md)"))
        for description in RuleRegistry.allDescriptions {
            #expect(
                !readme.split(separator: "\n").contains { $0.hasPrefix("| `\(description.id.rawValue)`") },
                "README.md keeps a table row for \(description.id); docs/rules.md is the one list")
        }
    }

    /// docs/findings.md names the spec-validity rules, which are always on, in the registry's order.
    @Test func findingsPageListsTheSpecValidityRules() throws {
        let page = try Self.document("docs/findings.md")
        let section = try #require(page.components(separatedBy: "\n## Rules\n").last?.components(separatedBy: "\n## ").first)
        let validity = try #require(
            section.components(separatedBy: "Spec validity (always on, errors):").last?.components(separatedBy: ".\n").first)
        #expect(
            validity.split(separator: "`").enumerated().filter { $0.offset % 2 == 1 }.map { String($0.element) }
                == SpecValidityRules.descriptions.map(\.id.rawValue))
    }

    @Test func everyRuleIsDocumentedOnce() {
        let ids = RuleRegistry.allDescriptions.map(\.id)
        #expect(Set(ids).count == ids.count)
        // Every rule is in exactly one of the registry's groups: nothing to count by hand when a rule is added.
        #expect(ids.count == SpecValidityRules.descriptions.count + RuleRegistry.graphRules.count + DriftRules.descriptions.count)
        for description in RuleRegistry.allDescriptions {
            #expect(!description.summary.isEmpty && !description.rationale.isEmpty, "\(description.id)")
        }
    }

    @Test func listHasOneAlignedLinePerRule() {
        let descriptions = RuleRegistry.allDescriptions
        let lines = RuleDocumentation.list(descriptions).split(separator: "\n")
        #expect(lines.count == descriptions.count)
        let summaryColumn = descriptions.map(\.id.rawValue.count).max()! + 2 + 7 + 2
        for (line, description) in zip(lines, descriptions) {
            #expect(line.hasPrefix(description.id.rawValue + " "))
            #expect(String(line.dropFirst(summaryColumn)) == description.summary)
        }
    }
}
