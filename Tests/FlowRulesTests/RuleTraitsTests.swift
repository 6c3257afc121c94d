import Testing
import FlowModel
import FlowAnalysis
@testable import FlowRules

/// A rule's traits are read from its description, nowhere else.
@Suite struct RuleTraitsTests {
    /// The lists are read from the registry; the rules named here keep their traits, and a new rule adds to them
    /// through its description alone.
    @Test func codeOnlyGraphsAreJudgedByTheRulesThatSaySo() {
        let saying = Set(RuleRegistry.allDescriptions.filter(\.judgesCodeOnlyGraphs).map(\.id))
        #expect(RuleRegistry.judgingCodeOnlyGraphs == saying)
        #expect(saying.isSuperset(of: ["leaked-child", "unretained-child", "retain-cycle", "push-container", "invalid-transition"]))
        #expect(!saying.contains("unreachable-route"))
    }

    @Test func witnessPathsComeFromTheDescriptions() {
        let traced = RuleRegistry.allDescriptions.filter { $0.witness != .noPath }.map(\.id)
        for id in traced { #expect(RuleRegistry.witness(of: id) == RuleRegistry.description(of: id)?.witness) }
        #expect(
            Set(traced).isSuperset(of: [
                "leaked-child", "unretained-child", "retain-cycle", "trapped-flow", "push-cycle", "pop-at-root",
                "dismiss-without-presentation", "covered-stack", "finish-without-parent",
            ]))
        #expect(RuleRegistry.witness(of: "dismiss-without-presentation") == .pathWithoutPresentation)
        #expect(RuleRegistry.witness(of: "unreachable-route") == .noPath)
        #expect(RuleRegistry.witness(of: "no-such-rule") == .noPath)
    }

    @Test func drawingsComeFromTheDescriptions() {
        #expect(RuleRegistry.drawing(of: "unreachable-route") == .unreachable)
        #expect(RuleRegistry.drawing(of: "push-cycle") == .problem)
        #expect(RuleRegistry.drawing(of: "pop-at-root") == .bySeverity)
        #expect(RuleRegistry.drawing(of: "no-such-rule") == .bySeverity)
    }
}
