import FlowAnalysis
import FlowModel

/// A graph rule: a description, and a check that reads the shared analysis and returns findings.
public protocol Rule: Sendable {
    static var description: RuleDescription { get }
    init()
    func check(_ analysis: Analysis) -> [Finding]
}

extension Rule {
    /// A finding of this rule at its default severity (configuration may change it later).
    func finding(
        _ message: String, at location: SourceLocation, coordinator: String? = nil, route: String? = nil,
        chain: String? = nil, notes: [FindingNote] = []
    ) -> Finding {
        Finding(
            rule: Self.description.id, severity: Self.description.severity, message: message,
            location: location, coordinator: coordinator, route: route, chain: chain, notes: notes)
    }

    /// `finding` withheld: an `open` element could supply what it says is missing (`reason`, DESIGN §1 Open world).
    func withheld(_ finding: Finding, because reason: String?) -> Finding {
        var finding = finding
        finding.withheldBecause = reason
        return finding
    }

    /// A finding about route `id`, at `location` (the route's key when nil).
    func finding(
        _ message: String, route id: RouteID, in analysis: Analysis, at location: SourceLocation? = nil,
        notes: [FindingNote] = []
    ) -> Finding {
        let route = analysis.index[route: id]
        let coordinator = analysis.index[coordinator: analysis.index.owner(of: id)]
        return finding(message, at: location ?? route.location, coordinator: coordinator.name, route: route.name, notes: notes)
    }
}
