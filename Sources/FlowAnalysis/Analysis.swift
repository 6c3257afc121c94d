import FlowModel

/// Everything the graph rules read, computed once and in time linear in the size of the project.
/// Rules never mutate it.
public struct Analysis: Sendable {
    public let index: FlowIndex
    public let chains: [ChainWalk]
    public let reachability: Reachability
    /// What may be reached when every `open` coordinator starts what its unread sites may start: a finding about
    /// an absence that this contradicts is withheld. The same as `reachability` when nothing is open.
    public let openReachability: Reachability
    public let startGraph: StartGraph
    public let exits: ChildExits
    /// What a dismissal inside each coordinator closes: read by `exits` and by the drawings.
    public let presentations: Presentations
    public let ownership: OwnershipGraph
    public let pushGraph: PushGraph
    /// What is on screen (DESIGN §4): presentations, stacks, and what is below each screen.
    public let navigation: NavigationState
    /// The project's framework (`.flowlint.yml`): the words fix advice speaks.
    public let framework: Framework
    /// Specs or Swift code: what a fix names, a spec field or the code change.
    public let origin: GraphOrigin
    /// The entry is a guess (code whose launch was not read): the real launch may start any coordinator.
    public let entryGuessed: Bool

    /// Below this many routes (a small app's), facts and rules are computed on one thread: waking others costs more
    /// than they save.
    public static let parallelRoutes = 1_000

    /// Whether the rules over this analysis are worth running side by side.
    public var worthThreads: Bool { index.routeIDs.count >= Self.parallelRoutes }

    /// Facts that do not depend on each other are computed side by side.
    public init(_ graph: FlowGraph, framework: Framework = .uikit, origin: GraphOrigin = .specs, entryGuessed: Bool = false) {
        self.framework = framework
        self.origin = origin
        self.entryGuessed = entryGuessed
        let index = FlowIndex(graph)
        self.index = index
        let chains = ChainWalk.walks(graph.chains, index: index)
        let reachability = Reachability(index: index, chains: chains)
        self.chains = chains
        self.reachability = reachability
        openReachability =
            graph.coordinators.contains(where: \.isOpen)
            ? Reachability(index: index, chains: chains, openWorld: true) : reachability
        let presentations = Presentations(index: index, reachability: reachability)
        self.presentations = presentations
        let inParallel = index.routeIDs.count >= Self.parallelRoutes
        let ((startGraph, exits), (pushGraph, ownership)) = Parallel.both(
            inParallel: inParallel,
            { () -> (StartGraph, ChildExits) in
                let startGraph = StartGraph(index: index, reachability: reachability)
                return (
                    startGraph,
                    ChildExits(
                        index: index, reachability: reachability, startGraph: startGraph,
                        presentations: presentations, chains: chains)
                )
            },
            {
                Parallel.both(
                    inParallel: inParallel,
                    { PushGraph(index: index, reachability: reachability) },
                    { OwnershipGraph(index: index, reachability: reachability) })
            })
        (self.startGraph, self.exits, self.pushGraph, self.ownership) = (startGraph, exits, pushGraph, ownership)
        navigation = NavigationState(index: index, reachability: reachability, pushGraph: pushGraph)
    }
}
