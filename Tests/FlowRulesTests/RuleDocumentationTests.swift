import FlowModel
import Foundation
import Testing
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

    /// The README's rule table and spec-validity list name every rule, at its default severity.
    @Test func readmeListsEveryRuleAtItsDefaultSeverity() throws {
        let readme = try String(contentsOf: Self.rulesDocument.deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("README.md"), encoding: .utf8)
        let section = try #require(readme.components(separatedBy: "\n## Rules\n").last?.components(separatedBy: "\n## ").first)
        let table = section.split(separator: "\n").compactMap { line -> (String, String)? in
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count >= 2, cells[0].hasPrefix("`") else { return nil }
            return (cells[0].trimmingCharacters(in: CharacterSet(charactersIn: "`")), cells[1])
        }
        let graphRules = RuleRegistry.allDescriptions.filter { !RuleID.specValidity.contains($0.id) }
        #expect(table.map(\.0) == graphRules.map(\.id.rawValue))
        #expect(table.map(\.1) == graphRules.map(\.severity.rawValue))
        let validity = try #require(section.components(separatedBy: "Spec validity (always on, errors):").last?.components(separatedBy: ".\n").first)
        #expect(validity.split(separator: "`").enumerated().filter { $0.offset % 2 == 1 }.map { String($0.element) }
                == SpecValidityRules.descriptions.map(\.id.rawValue))
    }

    @Test func everyRuleIsDocumentedOnce() {
        let ids = RuleRegistry.allDescriptions.map(\.id)
        #expect(Set(ids).count == ids.count)
        #expect(ids.count == 30)
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
