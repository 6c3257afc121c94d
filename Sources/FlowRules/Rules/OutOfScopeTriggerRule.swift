import FlowModel

public struct OutOfScopeTriggerRule: Rule {
    public static let description = RuleDescription(
        id: "out-of-scope-trigger", name: "Out-of-scope trigger", severity: .error,
        summary: "A screen triggers `X.route` where X is not its coordinator nor an ancestor on every path to it.",
        rationale: """
        A screen can only reach the routers of coordinators that are alive while it is shown: its own and \
        those that started it. If some path starts the screen's coordinator without X, X's router does not \
        exist there and the trigger does nothing (or crashes on an unowned reference).
        """)

    public init() {}

    public func check(_ analysis: Analysis) -> [Diagnostic] {
        let index = analysis.index
        guard let entry = index.entry, let dominators = analysis.startGraph.dominators else { return [] }
        var findings: [Diagnostic] = []
        for route in 0..<index.routeCount where analysis.reachability.reachedRoute[route] {
            let owner = Int(index.owner[route])
            let coordinator = index.coordinator(owner)
            for trigger in index.route(route).triggers {
                guard let qualifier = trigger.coordinator, let scope = index.coordinatorID(qualifier), scope != owner,
                      !dominators.dominates(scope, owner) else { continue }
                let path = analysis.startGraph.starts.shortestPath(from: entry, avoiding: scope) { $0 == owner }
                let how = path.map { "it is started on the path \($0.map { index.coordinator($0).name }.joined(separator: " → ")) without \(qualifier)" }
                    ?? "\(qualifier) is not an ancestor of it"
                findings.append(finding(
                    "`\(trigger.text)` is triggered from \(coordinator.name), but \(qualifier) is not active on every path to \(coordinator.name): \(how); trigger a route of \(coordinator.name) or of a coordinator that always starts it, and let it forward",
                    route: route, in: analysis, at: trigger.location))
            }
        }
        return findings
    }
}
