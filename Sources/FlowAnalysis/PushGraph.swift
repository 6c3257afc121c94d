import FlowModel

/// Screens pushing screens within one navigation stack, followed into `stack: parent` children
/// (their screens join the parent's stack). A cycle here grows the stack without bound — unless it passes
/// through a route with `params`: that is content drill-down (post → author → another post), so such
/// routes take no part in the graph.
public struct PushGraph: Sendable {
    public let pushes: IDAdjacency<Route, Route>
    public let components: IDComponents<Route>

    package init(index: FlowIndex, reachability: Reachability) {
        var edges: [(from: Int32, to: Int32)] = []
        for screen in index.routeIDs
        where reachability.reachedRoute[screen] && index.showsScreen(screen)
            && index[route: screen].params.isEmpty
        {
            let owner = index.owner(of: screen)
            let sharesParentStack = index.joinsParentStack[owner]
            for trigger in index.triggers.neighbors(of: screen) {
                guard let pushed = index.redirectEnd(of: trigger), index.owner(of: pushed) == owner || sharesParentStack else { continue }
                if let next = PushGraph.firstScreen(of: pushed, index: index),
                    index[route: pushed].params.isEmpty, index[route: next].params.isEmpty
                {
                    edges.append((screen.raw, next.raw))
                }
            }
        }
        pushes = IDAdjacency(count: index.routeCount, edges: edges)
        components = IDComponents(pushes)
    }

    /// The screen a route puts on the current stack, if it pushes one.
    private static func firstScreen(of route: RouteID, index: FlowIndex) -> RouteID? {
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
