import FlowConfig
import FlowAnalysis
import FlowModel

/// Every rule flowlint knows, in the order `flowlint rules` lists them.
public enum RuleRegistry {
    public static let graphRules: [any Rule.Type] = [
        UnreachableRouteRule.self,
        UnreachableCoordinatorRule.self,
        InvalidTransitionRule.self,
        PushContainerRule.self,
        PushWithoutStackRule.self,
        InvalidChainRule.self,
        OutOfScopeTriggerRule.self,
        LeakedChildRule.self,
        UnretainedChildRule.self,
        RetainCycleRule.self,
        TrappedFlowRule.self,
        PushCycleRule.self,
        PopAtRootRule.self,
        DismissWithoutPresentationRule.self,
        PopToNotOnStackRule.self,
        CoveredStackRule.self,
        FinishWithoutParentRule.self,
        ChainUnderModalRule.self,
    ]

    public static let allDescriptions: [RuleDescription] =
        SpecValidityRules.descriptions + graphRules.map { $0.description } + DriftRules.descriptions

    public static let allIDs: Set<RuleID> = Set(allDescriptions.map(\.id))

    /// The rules that also judge the graph read from Swift code where the spec does not describe it
    /// (`RuleDescription.judgesCodeOnlyGraphs`).
    public static let judgingCodeOnlyGraphs: Set<RuleID> = Set(allDescriptions.filter(\.judgesCodeOnlyGraphs).map(\.id))

    private static let drawings: [RuleID: FindingDrawing] = Dictionary(
        allDescriptions.map { ($0.id, $0.drawing) }, uniquingKeysWith: { first, _ in first })

    /// How the diagrams mark findings of `id` (`RuleDescription.drawing`); by severity for an unknown id.
    public static func drawing(of id: RuleID) -> FindingDrawing {
        drawings[id] ?? .bySeverity
    }

    private static let witnesses: [RuleID: FindingWitness] = Dictionary(
        allDescriptions.map { ($0.id, $0.witness) }, uniquingKeysWith: { first, _ in first })

    /// Which path from the entry findings of `id` carry (`RuleDescription.witness`); `noPath` for an unknown id.
    public static func witness(of id: RuleID) -> FindingWitness {
        witnesses[id] ?? .noPath
    }

    /// The rules a run with `configuration` can report, at their configured severities: what SARIF's
    /// `tool.driver.rules` and JUnit's test cases list. The drift rules only when specs are compared with code.
    public static func descriptions(in configuration: Configuration, comparingCode: Bool = false) -> [RuleDescription] {
        allDescriptions.filter { configuration.isEnabled($0.id) && (comparingCode || !DriftRules.ids.contains($0.id)) }.map { rule in
            var rule = rule
            rule.severity = configuration.severities[rule.id] ?? rule.severity
            return rule
        }
    }

    public static func description(of id: RuleID) -> RuleDescription? {
        allDescriptions.first { $0.id == id }
    }
}
