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
        var ends: [RouteKey: RouteKey?] = [:]
        for coordinator in graph.coordinators {
            for route in coordinator.routes {
                let key = RouteKey(coordinator: coordinator.name, route: route.name)
                if let child = route.destination?.value.coordinatorName {
                    starters[child, default: []].append(key)
                }
                for trigger in route.triggers {
                    // Only where a redirect chain ends is read (a `trigger` route is never a push or present
                    // source): recording it there keeps the facts linear in the size of the graph.
                    guard let target = resolve(trigger, in: coordinator.name),
                          let end = redirectEnd(of: target, memo: &ends, passes: { $0.transition?.value == .trigger })
                    else { continue }
                    predecessors[end, default: []].append(key)
                }
            }
        }
    }

    /// Where a chain of `trigger` redirects from `start` ends: the first route `passes` does not let through, or
    /// the last one whose `route` names nothing. Nil when the chain runs in a circle. Iterative, and each route
    /// is walked once over all calls sharing `memo`.
    func redirectEnd(of start: RouteKey, memo: inout [RouteKey: RouteKey?], passes: (Route) -> Bool) -> RouteKey? {
        var path: [RouteKey] = []
        var onPath: Set<RouteKey> = []
        var current = start
        var end: RouteKey?
        while true {
            if let known = memo[current] {
                end = known
                break
            }
            guard onPath.insert(current).inserted else {
                end = nil
                break
            }
            path.append(current)
            guard let route = route(current), passes(route),
                  let next = route.target.flatMap({ resolve($0, in: current.coordinator) }) else {
                end = current
                break
            }
            current = next
        }
        for key in path { memo[key] = .some(end) }
        return end
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
        // Preorder through the child starts, each coordinator where it is first met; an explicit stack, since
        // a chain of child starts may be as long as the project.
        var stack: [(children: [String], next: Int)] = []
        func enter(_ name: String) {
            guard visited.insert(name).inserted else { return }
            order.append(name)
            stack.append((children(of: name).filter { depth == nil || levels[$0] != nil }, 0))
        }
        for root in roots {
            enter(root)
            while let top = stack.last {
                guard top.next < top.children.count else {
                    stack.removeLast()
                    continue
                }
                stack[stack.count - 1].next += 1
                enter(top.children[top.next])
            }
        }
        return order
    }

    /// The coordinators a coordinator's routes start, in route order.
    func children(of name: String) -> [String] {
        var names: [String] = []
        var seen: Set<String> = []
        for route in graph.coordinator(named: name)?.routes ?? [] {
            if let child = route.destination?.value.coordinatorName, graph.coordinator(named: child) != nil,
               seen.insert(child).inserted {
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
