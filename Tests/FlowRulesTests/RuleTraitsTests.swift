import Testing
import FlowModel
@testable import FlowRules

/// A rule's traits are read from its description, nowhere else.
@Suite struct RuleTraitsTests {
    @Test func codeOnlyGraphsAreJudgedByTheRulesThatSaySo() {
        #expect(RuleRegistry.judgingCodeOnlyGraphs == ["leaked-child", "unretained-child", "retain-cycle", "push-container", "invalid-transition"])
    }

    @Test func witnessPathsComeFromTheDescriptions() {
        let traced = RuleRegistry.allDescriptions.filter { $0.witness != .none }.map(\.id)
        #expect(traced == ["leaked-child", "unretained-child", "retain-cycle", "trapped-flow", "push-cycle", "pop-at-root",
                           "dismiss-without-presentation", "covered-stack", "finish-without-parent"])
        #expect(RuleRegistry.witness(of: "dismiss-without-presentation") == .pathWithoutPresentation)
        #expect(RuleRegistry.witness(of: "unreachable-route") == .none)
        #expect(RuleRegistry.witness(of: "no-such-rule") == .none)
    }

    @Test func drawingsComeFromTheDescriptions() {
        #expect(RuleRegistry.drawing(of: "unreachable-route") == .unreachable)
        #expect(RuleRegistry.drawing(of: "push-cycle") == .problem)
        #expect(RuleRegistry.drawing(of: "pop-at-root") == .bySeverity)
        #expect(RuleRegistry.drawing(of: "no-such-rule") == .bySeverity)
    }
}
