import FlowModel
import FlowAnalysis
import FlowRules

/// What the builders read about a flow graph, all from the rules' `Analysis`: resolved references, trigger
/// redirects, who starts whom, who triggers what, what a dismissal closes and where a chain runs are the facts
/// the findings come from, so a drawing and the findings marked on it cannot disagree. Only the drawing order
/// is the builders' own. Built once per run: the atlas draws all its pages from one.
struct DiagramFacts {
    let analysis: Analysis
    private let starterRoutes: IDAdjacency<Coordinator, Route>
    private let triggerSources: IDAdjacency<Route, Route>

    var index: FlowIndex { analysis.index }
    var graph: FlowGraph { index.graph }

    init(_ analysis: Analysis) {
        self.analysis = analysis
        starterRoutes = analysis.index.starterRoutes()
        triggerSources = analysis.index.triggerSources()
    }

    func key(_ id: RouteID) -> RouteKey {
        RouteKey(coordinator: index[coordinator: index.owner(of: id)].name, route: index[route: id].name)
    }

    func id(_ key: RouteKey) -> RouteID? {
        index.coordinator(named: key.coordinator).flatMap { index.route(named: key.route, in: $0) }
    }

    func route(_ key: RouteKey) -> Route? {
        id(key).map { index[route: $0] }
    }

    /// `name` or `Coordinator.name`, seen from `coordinator`; nil when it names nothing.
    func resolve(_ reference: RouteReference, in coordinator: String) -> RouteKey? {
        index.coordinator(named: coordinator).flatMap { index.route(reference, from: $0) }.map(key)
    }

    /// Where the `trigger` redirects from `key` end (`key` itself for any other route); nil when they loop
    /// or name nothing.
    func redirectEnd(of key: RouteKey) -> RouteKey? {
        id(key).flatMap(index.redirectEnd).map(self.key)
    }

    /// The routes (in any coordinator) that start `coordinator`, in drawing order.
    func starters(of coordinator: String) -> [RouteKey] {
        guard let c = index.coordinator(named: coordinator) else { return [] }
        return starterRoutes.neighbors(of: c).map(key)
    }

    /// The routes whose screens trigger `key`, directly or through `trigger` redirects.
    func predecessors(of key: RouteKey) -> [RouteKey] {
        guard let id = id(key) else { return [] }
        return triggerSources.neighbors(of: id).map(self.key)
    }

    /// The coordinators a chain runs in (`ChainWalk.passedCoordinators`); for a path the project has no chain
    /// of, its `from` and the coordinators of its routes.
    func coordinators(passedBy chain: ChainPath) -> Set<String> {
        guard let position = graph.chainIndex[chain.name] else { return Set([chain.from] + chain.routes.map(\.coordinator)) }
        return Set(analysis.chains[position].passedCoordinators.map { index[coordinator: $0].name })
    }

    /// The routes a dismissal inside `coordinator` closes the presentation of (`Presentations`), in the
    /// order of the walk up the starts; `memo` is shared by the calls of one drawing.
    func presenters(of coordinator: String, memo: inout [CoordinatorID: [RouteID]]) -> [RouteKey] {
        guard let c = index.coordinator(named: coordinator) else { return [] }
        return analysis.presentations.presenters(of: c, memo: &memo).map(key)
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
        guard let c = index.coordinator(named: name) else { return [] }
        return index.children(of: c).map { index[coordinator: $0].name }
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
