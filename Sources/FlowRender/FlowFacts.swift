import FlowModel
import FlowRules

/// What the builders read about a flow graph, all from the rules' `FlowIndex`: resolved references, trigger
/// redirects, who starts whom and who triggers what are the facts the findings come from, so a drawing and
/// the findings marked on it cannot disagree. Only the drawing order is the builders' own.
struct FlowFacts {
    let index: FlowIndex
    private let starterRoutes: Adjacency
    private let triggerSources: Adjacency

    var graph: FlowGraph { index.graph }

    init(_ index: FlowIndex) {
        self.index = index
        starterRoutes = index.starterRoutes()
        triggerSources = index.triggerSources()
    }

    func key(_ id: Int) -> RouteKey {
        RouteKey(coordinator: index[coordinator: Int(index.owner[id])].name, route: index[route: id].name)
    }

    func id(_ key: RouteKey) -> Int? {
        index.coordinatorID(key.coordinator).flatMap { index.routeID(key.route, in: $0) }
    }

    func route(_ key: RouteKey) -> Route? {
        id(key).map { index[route: $0] }
    }

    /// `name` or `Coordinator.name`, seen from `coordinator`; nil when it names nothing.
    func resolve(_ reference: RouteReference, in coordinator: String) -> RouteKey? {
        index.coordinatorID(coordinator).flatMap { index.resolve(reference, from: $0) }.map(key)
    }

    /// Where the `trigger` redirects from `key` end (`key` itself for any other route); nil when they loop
    /// or name nothing.
    func redirectEnd(of key: RouteKey) -> RouteKey? {
        guard let id = id(key), index.redirect[id] >= 0 else { return nil }
        return self.key(Int(index.redirect[id]))
    }

    /// The routes (in any coordinator) that start `coordinator`, in drawing order.
    func starters(of coordinator: String) -> [RouteKey] {
        guard let c = index.coordinatorID(coordinator) else { return [] }
        return starterRoutes.neighbors(of: c).map { key(Int($0)) }
    }

    /// The routes whose screens trigger `key`, directly or through `trigger` redirects.
    func predecessors(of key: RouteKey) -> [RouteKey] {
        guard let id = id(key) else { return [] }
        return triggerSources.neighbors(of: id).map { self.key(Int($0)) }
    }

    /// The coordinators a chain runs in: its `from`, the coordinators of its steps and of where their redirects
    /// land, and the children its steps start (through a selected tab too).
    func coordinators(passedBy chain: ChainPath) -> Set<String> {
        var names: Set<String> = [chain.from]
        for step in chain.routes {
            names.insert(step.coordinator)
            guard var landed = redirectEnd(of: step), let route = route(landed) else { continue }
            names.insert(landed.coordinator)
            if route.transition?.value == .select, let tab = route.tab?.value { landed = RouteKey(coordinator: landed.coordinator, route: tab) }
            if let child = self.route(landed)?.destination?.value.coordinatorName { names.insert(child) }
        }
        return names
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

    /// The coordinators a coordinator's routes start, in route order (the index's child starts, each once).
    func children(of name: String) -> [String] {
        guard let c = index.coordinatorID(name) else { return [] }
        var names: [String] = []
        var seen: Set<Int32> = []
        for child in index.childStarts.neighbors(of: c) where seen.insert(child).inserted {
            names.append(index[coordinator: Int(child)].name)
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
