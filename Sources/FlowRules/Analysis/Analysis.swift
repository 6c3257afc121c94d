import FlowModel

/// Everything the graph rules read, computed once and in time linear in the size of the project.
/// Rules never mutate it.
public struct Analysis: Sendable {
    public let index: FlowIndex
    public let chains: [ChainWalk]
    public let reachability: Reachability
    public let startGraph: StartGraph
    public let exits: ChildExits
    public let ownership: OwnershipGraph
    public let pushGraph: PushGraph
    /// What is on screen (DESIGN §4): presentations, stacks, and what is below each screen.
    public let navigation: NavigationState

    /// Facts that do not depend on each other are computed side by side.
    public init(_ graph: FlowGraph) {
        let index = FlowIndex(graph)
        self.index = index
        let (walked, ownership) = Parallel.both(
            { () -> (chains: [ChainWalk], reachability: Reachability) in
                let chains = ChainWalk.walks(graph.chains, index: index)
                return (chains, Reachability(index: index, chains: chains))
            },
            { OwnershipGraph(index: index) })
        chains = walked.chains
        reachability = walked.reachability
        self.ownership = ownership
        let reachability = walked.reachability
        ((startGraph, exits), pushGraph) = Parallel.both(
            {
                Parallel.both(
                    { StartGraph(index: index, reachability: reachability) },
                    { ChildExits(index: index, reachability: reachability) })
            },
            { PushGraph(index: index, reachability: reachability) })
        navigation = NavigationState(index: index, reachability: reachability, pushGraph: pushGraph)
    }
}
