/// Which coordinator starts which, over reachable routes only, with its dominator tree from the entry:
/// X is active whenever C is exactly when X dominates C.
public struct StartGraph: Sendable {
    public let starts: Adjacency
    public let dominators: Dominators?

    init(index: FlowIndex, reachability: Reachability) {
        var edges: [(from: Int32, to: Int32)] = []
        for route in 0..<index.routeCount where reachability.reachedRoute[route] && index.child[route] >= 0 {
            edges.append((index.owner[route], index.child[route]))
        }
        let starts = Adjacency(nodeCount: index.coordinatorCount, edges: edges)
        self.starts = starts
        dominators = index.entry.map { Dominators(starts, root: $0) }
    }

    /// Whether `scope` is active whenever `coordinator` is (DESIGN §2 `out-of-scope-trigger`): itself, the entry,
    /// or a coordinator that starts it on every path.
    public func isActive(_ scope: Int, whenever coordinator: Int, entry: Int?) -> Bool {
        scope == coordinator || scope == entry || dominators?.dominates(scope, coordinator) == true
    }
}
