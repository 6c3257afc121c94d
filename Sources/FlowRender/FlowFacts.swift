import FlowModel

/// What the builders read about a flow graph: resolved references, who starts whom, who triggers what,
/// and which coordinators to draw in which order.
struct FlowFacts {
    let graph: FlowGraph
    /// Coordinator → the routes (in any coordinator) that start it, in drawing order.
    private(set) var starters: [String: [RouteKey]] = [:]
    /// Route → the routes whose screens trigger it, directly or through `trigger` redirects.
    private(set) var predecessors: [RouteKey: [RouteKey]] = [:]

    init(_ graph: FlowGraph) {
        self.graph = graph
        for coordinator in graph.coordinators {
            for route in coordinator.routes {
                let key = RouteKey(coordinator: coordinator.name, route: route.name)
                if let child = route.destination?.value.coordinatorName {
                    starters[child, default: []].append(key)
                }
                for trigger in route.triggers {
                    var seen: Set<RouteKey> = []
                    var target = resolve(trigger, in: coordinator.name)
                    while let current = target, seen.insert(current).inserted {
                        predecessors[current, default: []].append(key)
                        guard self.route(current)?.transition?.value == .trigger,
                              let next = self.route(current)?.target else { break }
                        target = resolve(next, in: current.coordinator)
                    }
                }
            }
        }
    }

    func route(_ key: RouteKey) -> Route? {
        graph.coordinator(named: key.coordinator)?.route(named: key.route)
    }

    /// `name` or `Coordinator.name`, seen from `coordinator`; nil when it names nothing.
    func resolve(_ reference: RouteReference, in coordinator: String) -> RouteKey? {
        let key = RouteKey(coordinator: reference.coordinator ?? coordinator, route: reference.route)
        return route(key) == nil ? nil : key
    }

    /// The coordinators to draw, in drawing order: from `root` (the entry when nil) through the child starts,
    /// at most `depth` levels deep. Without a root or depth, the coordinators no start reaches follow by name.
    func coordinatorOrder(root: String?, depth: Int?) -> [String] {
        let start = root ?? graph.entry?.value
        var roots: [String] = []
        if let start, graph.coordinator(named: start) != nil { roots.append(start) }
        if root == nil, depth == nil {
            roots += graph.coordinators.map(\.name).sorted()
        }
        let levels = childLevels(from: roots.first, limit: depth)
        var order: [String] = []
        var visited: Set<String> = []
        // Preorder through the child starts, each coordinator where it is first met.
        func visit(_ name: String) {
            guard visited.insert(name).inserted else { return }
            order.append(name)
            for child in children(of: name) where depth == nil || levels[child] != nil {
                visit(child)
            }
        }
        for root in roots { visit(root) }
        return order
    }

    /// The coordinators a coordinator's routes start, in route order.
    func children(of name: String) -> [String] {
        var names: [String] = []
        for route in graph.coordinator(named: name)?.routes ?? [] {
            if let child = route.destination?.value.coordinatorName, graph.coordinator(named: child) != nil,
               !names.contains(child) {
                names.append(child)
            }
        }
        return names
    }

    /// The fewest child starts from `root` to each coordinator, up to `limit`.
    private func childLevels(from root: String?, limit: Int?) -> [String: Int] {
        guard let root else { return [:] }
        var levels = [root: 0]
        var frontier = [root]
        var level = 0
        while !frontier.isEmpty, limit.map({ level < $0 }) ?? true {
            level += 1
            var next: [String] = []
            for name in frontier {
                for child in children(of: name) where levels[child] == nil {
                    levels[child] = level
                    next.append(child)
                }
            }
            frontier = next
        }
        return levels
    }
}
