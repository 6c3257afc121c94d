import FlowModel

/// Which coordinator starts which, over reachable routes only, with its dominator tree from the entry:
/// X is active whenever C is exactly when X dominates C.
public struct StartGraph: Sendable {
    public let starts: IDAdjacency<Coordinator, Coordinator>
    public let dominators: DominatorTree<Coordinator>?

    package init(index: FlowIndex, reachability: Reachability) {
        var edges: [(from: Int32, to: Int32)] = []
        for route in index.routeIDs where reachability.reachedRoute[route] {
            if let child = index.child(of: route) { edges.append((index.owner(of: route).raw, child.raw)) }
        }
        let starts = IDAdjacency<Coordinator, Coordinator>(count: index.coordinatorCount, edges: edges)
        self.starts = starts
        dominators = index.entry.map { DominatorTree(starts, root: $0) }
    }

    /// Whether `scope` is active whenever `coordinator` is (DESIGN §2 `out-of-scope-trigger`): itself, the entry,
    /// or a coordinator that starts it on every path.
    public func isActive(_ scope: CoordinatorID, whenever coordinator: CoordinatorID, entry: CoordinatorID?) -> Bool {
        scope == coordinator || scope == entry || dominators?.dominates(scope, coordinator) == true
    }
}
