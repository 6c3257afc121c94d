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

    @Test func everyRuleIsDocumentedOnce() {
        let ids = RuleRegistry.allDescriptions.map(\.id)
        #expect(Set(ids).count == ids.count)
        #expect(ids.count == 19)
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
