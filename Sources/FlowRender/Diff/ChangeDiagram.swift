import FlowModel
import FlowAnalysis
import FlowRules

/// The Mermaid flowchart of a `flowlint diff`: the changed coordinators with their routes, and the coordinators
/// that start them or that they start as single nodes, drawn from both sides at once. Edges only HEAD has are
/// green, edges only BASE had are red and dashed; added, removed and changed routes and changed coordinators are
/// outlined. Nothing else of the app is drawn.
public enum ChangeDiagram {
    enum State: Int, Comparable {
        case same, changed, added, removed
        static func < (lhs: State, rhs: State) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    /// nil when nothing structural or reachable changed: there is nothing to draw.
    public static func mermaid(base: FlowGraph, head: FlowGraph, diff: FlowDiff) -> String? {
        var changed = diff.changedCoordinators.filter { head.coordinator(named: $0) != nil || base.coordinator(named: $0) != nil }
        if changed.isEmpty, diff.changes.contains(where: { $0.element == .entry }) {
            changed = [head.entry?.value, base.entry?.value].compactMap { $0 }.filter { head.coordinator(named: $0) != nil }
        }
        guard !changed.isEmpty else { return nil }
        let changedSet = Set(changed)
        let neighbours = Self.neighbours(of: changedSet, in: [head, base])
        var ids: [String: String] = [:]
        var lines = ["%% Drawn by flowlint diff: the changed coordinators and their neighbours.", "flowchart TB"]
        var classes: [State: [String]] = [:]
        var clusterStyles: [String] = []
        for (number, name) in changed.enumerated() {
            let cluster = "c\(number)"
            ids[name] = cluster
            let before = base.coordinator(named: name)
            let after = head.coordinator(named: name)
            let state: State = before == nil ? .added : after == nil ? .removed : .changed
            let kind = (after ?? before)?.kind?.value.rawValue
            lines.append("  subgraph \(cluster)[\"\(MermaidWriter.label([name, kind, state == .changed ? nil : state.word]))\"]")
            var routes = (after?.routes ?? []).map(\.name)
            for route in before?.routes ?? [] where after?.route(named: route.name) == nil { routes.append(route.name) }
            if routes.isEmpty {
                // An empty subgraph is not drawn: one node stands for the coordinator.
                ids[name + "."] = "\(cluster)n"
                lines.append("    \(cluster)n[[\"\(MermaidWriter.label([name]))\"]]")
            }
            for (position, route) in routes.enumerated() {
                let id = "\(cluster)r\(position)"
                ids["\(name).\(route)"] = id
                let old = before?.route(named: route)
                let new = after?.route(named: route)
                let routeState: State =
                    old == nil
                    ? .added
                    : new == nil
                        ? .removed
                        : diff.changes.contains { $0.coordinator == name && $0.route == route } ? .changed : .same
                let destination = (new ?? old)?.destination?.value.name
                lines.append("    \(id)(\"\(MermaidWriter.label([route, destination]))\")")
                classes[routeState, default: []].append(id)
            }
            lines.append("  end")
            clusterStyles.append("  style \(cluster) \(state.look.node)")
        }
        for (number, name) in neighbours.enumerated() {
            ids[name] = "k\(number)"
            lines.append("  k\(number)[[\"\(MermaidWriter.label([name]))\"]]")
        }
        let edges = Self.edges(
            base: Self.edges(in: base, changed: changedSet, neighbours: Set(neighbours)),
            head: Self.edges(in: head, changed: changedSet, neighbours: Set(neighbours)))
        var linkStyles: [State: [Int]] = [:]
        for edge in edges {
            guard let from = ids[edge.key.from] ?? ids[edge.key.from + "."], let to = ids[edge.key.to] ?? ids[edge.key.to + "."] else {
                continue
            }
            let arrow = edge.state == .removed ? "-.->" : "-->"
            let text = edge.key.label.map { "|\"\(MermaidWriter.label([$0]))\"|" } ?? ""
            lines.append("  \(from) \(arrow)\(text) \(to)")
            // Mermaid numbers links in the order they are written.
            linkStyles[edge.state, default: []].append(linkStyles.values.reduce(0) { $0 + $1.count })
        }
        for state in [State.changed, .added, .removed, .same] {
            guard let members = classes[state], !members.isEmpty, state != .same else { continue }
            lines.append("  classDef \(state.word) \(state.look.node)")
            lines.append("  class \(members.joined(separator: ",")) \(state.word)")
        }
        lines += clusterStyles
        for state in [State.same, .added, .removed] {
            guard let numbers = linkStyles[state] else { continue }
            lines.append("  linkStyle \(numbers.map(String.init).joined(separator: ",")) \(state.look.line)")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Coordinators outside `changed` that start one of them or are started by one, in the graphs' order.
    private static func neighbours(of changed: Set<String>, in graphs: [FlowGraph]) -> [String] {
        var found: [String] = []
        for graph in graphs {
            for coordinator in graph.coordinators {
                for route in coordinator.routes {
                    guard let child = route.destination?.value.coordinatorName else { continue }
                    let neighbour = changed.contains(coordinator.name) ? child : changed.contains(child) ? coordinator.name : nil
                    if let neighbour, !changed.contains(neighbour), !found.contains(neighbour) { found.append(neighbour) }
                }
            }
        }
        return found
    }

    struct EdgeKey: Hashable {
        /// `Coordinator.route` for a route node, `Coordinator` for a cluster or a neighbour.
        var from: String
        var to: String
        var label: String?
    }

    /// The edges one side draws, in its order: triggers and starts out of the changed coordinators' routes, and
    /// starts of a changed coordinator by a neighbour.
    private static func edges(in graph: FlowGraph, changed: Set<String>, neighbours: Set<String>) -> [EdgeKey] {
        var edges: [EdgeKey] = []
        func node(_ coordinator: String, _ route: String) -> String? {
            changed.contains(coordinator) ? "\(coordinator).\(route)" : neighbours.contains(coordinator) ? coordinator : nil
        }
        for coordinator in graph.coordinators {
            let name = coordinator.name
            for route in coordinator.routes {
                let child = route.destination?.value.coordinatorName
                guard changed.contains(name) else {
                    if let child, changed.contains(child) {
                        edges.append(EdgeKey(from: name, to: child, label: "\(route.name): \(route.transition?.value.rawValue ?? "none")"))
                    }
                    continue
                }
                let from = "\(name).\(route.name)"
                for trigger in route.triggers {
                    if let to = node(trigger.coordinator ?? name, trigger.route) { edges.append(EdgeKey(from: from, to: to, label: nil)) }
                }
                if let target = route.target, let to = node(target.coordinator ?? name, target.route) {
                    edges.append(EdgeKey(from: from, to: to, label: route.transition?.value.rawValue))
                }
                if let child, changed.contains(child) || neighbours.contains(child) {
                    edges.append(EdgeKey(from: from, to: child, label: route.transition?.value.rawValue ?? "none"))
                }
            }
        }
        return edges
    }

    /// Both sides' edges once each, HEAD's order first: in both, only in HEAD (added) or only in BASE (removed).
    private static func edges(base: [EdgeKey], head: [EdgeKey]) -> [(key: EdgeKey, state: State)] {
        let inBase = Set(base)
        let inHead = Set(head)
        var seen: Set<EdgeKey> = []
        var edges: [(EdgeKey, State)] = []
        for key in head where seen.insert(key).inserted { edges.append((key, inBase.contains(key) ? .same : .added)) }
        for key in base where !inHead.contains(key) && seen.insert(key).inserted { edges.append((key, .removed)) }
        return edges
    }
}

extension ChangeDiagram.State {
    var word: String {
        switch self {
        case .same: "same"
        case .changed: "changed"
        case .added: "added"
        case .removed: "removed"
        }
    }

    /// How a node (or cluster) and a link in this state are drawn.
    var look: (node: String, line: String) {
        typealias Palette = DiagramStyle.Palette
        return switch self {
        case .same: ("stroke:\(Palette.muted)", "stroke:\(Palette.grey)")
        case .changed: ("stroke:\(Palette.orange),stroke-width:3px", "stroke:\(Palette.grey)")
        case .added: ("stroke:\(Palette.green),stroke-width:3px", "stroke:\(Palette.green),stroke-width:2px")
        case .removed:
            (
                "stroke:\(Palette.red),stroke-width:2px,stroke-dasharray:4 3,color:\(Palette.red)",
                "stroke:\(Palette.red),stroke-width:2px,stroke-dasharray:4 3"
            )
        }
    }
}
