import FlowModel

/// Screens pushing screens within one navigation stack, followed into `stack: parent` children
/// (their screens join the parent's stack). A cycle here grows the stack without bound — unless it passes
/// through a route with `params`: that is content drill-down (post → author → another post), so such
/// routes take no part in the graph.
public struct PushGraph: Sendable {
    public let pushes: Adjacency
    public let components: StronglyConnectedComponents

    init(index: FlowIndex, reachability: Reachability) {
        var edges: [(from: Int32, to: Int32)] = []
        for screen in 0..<index.routeCount where reachability.reachedRoute[screen] && index.showsScreen(screen)
            && index[route: screen].params.isEmpty {
            let owner = Int(index.owner[screen])
            let sharesParentStack = index.joinsParentStack[owner]
            for trigger in index.triggers.neighbors(of: screen) {
                let pushed = Int(index.redirect[Int(trigger)])
                guard pushed >= 0, Int(index.owner[pushed]) == owner || sharesParentStack else { continue }
                if let next = PushGraph.firstScreen(of: pushed, index: index),
                   index[route: pushed].params.isEmpty, index[route: next].params.isEmpty {
                    edges.append((Int32(screen), Int32(next)))
                }
            }
        }
        pushes = Adjacency(nodeCount: index.routeCount, edges: edges)
        components = StronglyConnectedComponents(pushes)
    }

    /// The screen a route puts on the current stack, if it pushes one.
    private static func firstScreen(of route: Int, index: FlowIndex) -> Int? {
        switch index.transition(route) {
        case .push where index.showsScreen(route):
            return route
        case .push, .attach:
            return index.joinedScreen(of: route)
        default:
            return nil
        }
    }
}
