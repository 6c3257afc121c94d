import FlowModel

public struct UnretainedChildRule: Rule {
    public static let description = RuleDescription(
        id: "unretained-child", name: "Unretained child coordinator", severity: .error,
        summary: "A child coordinator with `retain: none`: nothing keeps it alive.",
        rationale: """
        A coordinator that neither its parent nor the view hierarchy retains is deallocated right after \
        `start()` returns: its screens show, but every button that calls back into it does nothing.
        """)

    public init() {}

    public func check(_ analysis: Analysis) -> [Diagnostic] {
        let index = analysis.index
        var findings: [Diagnostic] = []
        for route in 0..<index.routeCount where index.child[route] >= 0 {
            let spec = index.route(route)
            guard let retain = spec.retain, retain.value == .none else { continue }
            let parent = index.coordinator(Int(index.owner[route])).name
            let child = index.coordinator(Int(index.child[route])).name
            findings.append(finding(
                "nothing retains \(child): it is deallocated as soon as it starts and its screens' actions go nowhere; keep it in \(parent)'s childCoordinators (`retain: parent`) or tie it to its view controller (`retain: hierarchy`)",
                route: route, in: analysis, at: retain.location))
        }
        return findings
    }
}
