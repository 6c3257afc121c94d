/// Who keeps whom alive: a parent owns the children it starts with `retain: parent` or `hierarchy`;
/// a coordinator owns what it `holds` strongly. A strong hold inside a cycle is a retain cycle.
public struct OwnershipGraph: Sendable {
    public let owns: Adjacency
    public let components: StronglyConnectedComponents

    init(index: FlowIndex) {
        var edges: [(from: Int32, to: Int32)] = []
        for route in 0..<index.routeCount where index.child[route] >= 0 && index[route: route].effectiveRetain != .none {
            edges.append((index.owner[route], index.child[route]))
        }
        for c in 0..<index.coordinatorCount {
            for hold in index[coordinator: c].holds where hold.strength.value == .strong {
                if let target = index.coordinatorID(hold.target) { edges.append((Int32(c), Int32(target))) }
            }
        }
        owns = Adjacency(nodeCount: index.coordinatorCount, edges: edges)
        components = StronglyConnectedComponents(owns)
    }
}
