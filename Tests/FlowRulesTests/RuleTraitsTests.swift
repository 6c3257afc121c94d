import Testing
import FlowModel
@testable import FlowRules

/// A rule's traits are read from its description, nowhere else.
@Suite struct RuleTraitsTests {
    @Test func codeOnlyGraphsAreJudgedByTheRulesThatSaySo() {
        #expect(RuleRegistry.judgingCodeOnlyGraphs == ["leaked-child", "unretained-child", "retain-cycle", "push-container", "invalid-transition"])
    }

    @Test func drawingsComeFromTheDescriptions() {
        #expect(RuleRegistry.drawing(of: "unreachable-route") == .unreachable)
        #expect(RuleRegistry.drawing(of: "push-cycle") == .problem)
        #expect(RuleRegistry.drawing(of: "pop-at-root") == .bySeverity)
        #expect(RuleRegistry.drawing(of: "no-such-rule") == .bySeverity)
    }
}
