/// Who keeps whom alive among started coordinators: a parent owns the children it starts with `retain: parent`
/// or `hierarchy` from a reachable route; a coordinator owns what it `holds` strongly. A never-started
/// coordinator's router never exists, so it is in no cycle. A strong hold inside a cycle is a retain cycle.
public struct OwnershipGraph: Sendable {
    public let owns: Adjacency
    public let components: StronglyConnectedComponents

    init(index: FlowIndex, reachability: Reachability) {
        let started = reachability.startedCoordinator
        var edges: [(from: Int32, to: Int32)] = []
        for route in 0..<index.routeCount where reachability.reachedRoute[route] && index.child[route] >= 0
            && index[route: route].effectiveRetain != .unretained {
            edges.append((index.owner[route], index.child[route]))
        }
        for c in 0..<index.coordinatorCount where started[c] {
            for hold in index[coordinator: c].holds where hold.strength.value == .strong {
                if let target = index.coordinatorID(hold.target), started[target] { edges.append((Int32(c), Int32(target))) }
            }
        }
        owns = Adjacency(nodeCount: index.coordinatorCount, edges: edges)
        components = StronglyConnectedComponents(owns)
    }
}
