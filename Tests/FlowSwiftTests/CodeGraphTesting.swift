import FlowModel

/// Reads for the tests: the graph's elements and the provenance's notes, straight off what the reader returns.
extension CodeGraph {
    var coordinators: [Coordinator] { graph.coordinators }
    var chains: [Chain] { graph.chains }
    var entry: Located<String>? { graph.entry }
    var notes: [ExtractionNote] { provenance.notes }

    func coordinator(named name: String) -> Coordinator? {
        graph.coordinator(named: name)
    }

    /// How sure the reader is of a route's field (or of the route, without one).
    func confidence(_ coordinator: String, _ route: String, _ field: RouteField? = nil, item: String? = nil) -> Confidence {
        provenance.confidence(.route(coordinator, route, field, item: item))
    }
}
