import FlowModel

/// Who keeps whom alive among started coordinators: a parent owns the children it starts with `retain: parent`
/// or `hierarchy` from a reachable route; a coordinator owns what it `holds` strongly. A never-started
/// coordinator's router never exists, so it is in no cycle. A strong hold inside a cycle is a retain cycle.
public struct OwnershipGraph: Sendable {
    public let owns: IDAdjacency<Coordinator, Coordinator>
    public let components: IDComponents<Coordinator>

    package init(index: FlowIndex, reachability: Reachability) {
        let started = reachability.startedCoordinator
        var edges: [(from: Int32, to: Int32)] = []
        for route in index.routeIDs where reachability.reachedRoute[route] {
            if let child = index.child(of: route), index[route: route].effectiveRetain != .unretained {
                edges.append((index.owner(of: route).raw, child.raw))
            }
        }
        for c in index.coordinatorIDs where started[c] {
            for hold in index[coordinator: c].holds where hold.strength.value == .strong {
                if let target = index.coordinator(named: hold.target), started[target] { edges.append((c.raw, target.raw)) }
            }
        }
        owns = IDAdjacency(count: index.coordinatorCount, edges: edges)
        components = IDComponents(owns)
    }
}
