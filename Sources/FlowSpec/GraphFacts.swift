import FlowModel

/// Every fact of a graph as sorted lines, without locations: two graphs with the same facts give the same lines.
/// What decode(encode(g)) == g compares, in the round-trip test and in the fuzz target (docs/fuzzing.md).
public enum GraphFacts {
    public static func lines(_ graph: FlowGraph) -> [String] {
        var lines = ["entry \(graph.entry?.value ?? "-")"]
        for coordinator in graph.coordinators {
            let c = "coordinator \(coordinator.name)"
            lines.append("\(c) kind=\(coordinator.kind?.value.rawValue ?? "-") initial=\(coordinator.initials.map(\.value)) "
                + "tabs=\(coordinator.tabs?.map(\.value) ?? []) stack=\(coordinator.stack?.value.rawValue ?? "-") "
                + "open=\(coordinator.open.map { "\($0.value)" } ?? "-") triggers=\(coordinator.triggers.map(\.text)) "
                + "mayStart=\(coordinator.mayStart.map { $0.map(\.value) } ?? ["-"])")
            for hold in coordinator.holds { lines.append("\(c) hold \(hold.target)=\(hold.strength.value.rawValue)") }
            for route in coordinator.routes {
                let destination = route.destination.map { "\($0.value)" } ?? "-"
                let releaseOn: [String] = route.releaseOn.map { $0.value.map(\.value.rawValue) } ?? ["-"]
                let params: [String] = route.params.map { "\($0.name):\($0.type ?? "-")" }
                let dismissible = route.dismissible.map { "\($0.value)" } ?? "-"
                var fields = "transition=\(route.transition?.value.rawValue ?? "-") destination=\(destination)"
                fields += " target=\(route.target?.text ?? "-") tab=\(route.tab?.value ?? "-")"
                fields += " style=\(route.style?.value.rawValue ?? "-") dismissible=\(dismissible)"
                fields += " retain=\(route.retain?.value.rawValue ?? "-") releaseOn=\(releaseOn)"
                fields += " triggers=\(route.triggers.map(\.text)) then=\(route.then.map(\.text)) params=\(params)"
                fields += " stack=\(route.stack?.value.rawValue ?? "-") open=\(route.open.map { "\($0.value)" } ?? "-")"
                lines.append("\(c) route \(route.name): \(fields)")
            }
        }
        for chain in graph.chains {
            let steps = chain.steps.map { step in step.action.target.map { "\(step.action.keyword) \($0)" } ?? step.action.keyword }
            lines.append("chain \(chain.name) from=\(chain.from?.value ?? "-") at=\(chain.at?.value.rawValue ?? "-") steps=\(steps)")
        }
        return lines.sorted()
    }
}
