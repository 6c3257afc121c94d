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

    public init(_ graph: FlowGraph) {
        let index = FlowIndex(graph)
        self.index = index
        chains = ChainWalk.walks(graph.chains, index: index)
        reachability = Reachability(index: index, chains: chains)
        startGraph = StartGraph(index: index, reachability: reachability)
        exits = ChildExits(index: index, reachability: reachability)
        ownership = OwnershipGraph(index: index)
        pushGraph = PushGraph(index: index, reachability: reachability)
    }

    public var graph: FlowGraph { index.graph }
}
