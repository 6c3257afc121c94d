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
    ]

    public static let allDescriptions: [RuleDescription] =
        SpecValidityRules.descriptions + graphRules.map { $0.description }

    public static let allIDs: Set<RuleID> = Set(allDescriptions.map(\.id))

    public static func description(of id: RuleID) -> RuleDescription? {
        allDescriptions.first { $0.id == id }
    }
}
