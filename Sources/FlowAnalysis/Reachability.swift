import FlowModel

/// What a path from the entry reaches (DESIGN §2): a screen reaches its triggers, a route that starts
/// a coordinator reaches that coordinator's initial route and tabs, `trigger` its `route`, `select` its
/// `tab`; the routes a chain steps through are reached when its `from` coordinator is started. A route of a
/// coordinator that is never started is never reached, even when named by a qualified trigger: its router
/// does not exist, so nothing it starts is started either. Every route of an `initial` list is reached when its
/// coordinator starts, a coordinator's own `triggers` whenever it is started, and a child route's `then` once the
/// child's `finish` is reached.
public struct Reachability: Sendable {
    public let reachedRoute: PerRoute<Bool>
    public let startedCoordinator: PerCoordinator<Bool>

    /// `crossing`: the transitions a path may take (a route whose transition it refuses is not reached);
    /// `NavigationState` walks the paths that open no presentation.
    /// `openWorld`: an `open` coordinator also starts what its unread sites may start (`mayStart`, else every
    /// coordinator) — what may be reached, for withholding findings about an absence (DESIGN §1 Open world).
    package init(index: FlowIndex, chains: [ChainWalk] = [], openWorld: Bool = false, crossing: (Transition?) -> Bool = { _ in true }) {
        var reached = PerRoute(repeating: false, count: index.routeCount)
        var started = PerCoordinator(repeating: false, count: index.coordinatorCount)
        var chainsFrom = PerCoordinator<[Int]>(repeating: [], count: index.coordinatorCount)
        // `chains` are the walks of the graph's chains, in order; none when the caller leaves deep links out.
        for position in chains.indices {
            if let from = index.graph.chains[position].from.flatMap({ index.coordinator(named: $0.value) }) {
                chainsFrom[from].append(position)
            }
        }
        var queue: [RouteID] = []
        // Routes named before their coordinator starts wait for it (each route waits at most once).
        var waiting: [CoordinatorID: [RouteID]] = [:]
        var openStarts: [CoordinatorID] = []
        var startsAny = false
        func reach(_ route: RouteID) {
            guard !reached[route], crossing(index.transition(route)) else { return }
            let owner = index.owner(of: route)
            guard started[owner] else {
                waiting[owner, default: []].append(route)
                return
            }
            reached[route] = true
            queue.append(route)
        }
        func start(_ coordinator: CoordinatorID) {
            guard !started[coordinator] else { return }
            started[coordinator] = true
            for route in index.starts.neighbors(of: coordinator) { reach(route) }
            for route in index.coordinatorTriggers.neighbors(of: coordinator) { reach(route) }
            if openWorld, index[coordinator: coordinator].isOpen {
                // Queued, not started here: a chain of open coordinators must not recurse.
                if let names = index[coordinator: coordinator].mayStart {
                    openStarts.append(contentsOf: names.compactMap { index.coordinator(named: $0.value) })
                } else if !startsAny {
                    startsAny = true
                    openStarts.append(contentsOf: index.coordinatorIDs)
                }
            }
            if let routes = waiting.removeValue(forKey: coordinator) { routes.forEach(reach) }
            for chain in chainsFrom[coordinator] { chains[chain].stepped.forEach(reach) }
        }
        // `then`: a child's reached `finish` lets the parent run the continuation of every reached start of it.
        let starters = index.then.edgeCount > 0 ? index.starterRoutes() : IDAdjacency(count: index.coordinatorCount, edges: [])
        var finished = PerCoordinator(repeating: false, count: index.coordinatorCount)
        func continueAfter(_ starter: RouteID) {
            for next in index.then.neighbors(of: starter) { reach(next) }
        }
        if let entry = index.entry { start(entry) }
        var head = 0
        while head < queue.count || !openStarts.isEmpty {
            guard head < queue.count else {
                start(openStarts.removeLast())
                continue
            }
            let route = queue[head]
            head += 1
            for next in index.triggers.neighbors(of: route) { reach(next) }
            if let child = index.child(of: route) {
                start(child)
                if finished[child] { continueAfter(route) }
            }
            if index.transition(route) == .finish, !index.then.isEmpty {
                let owner = index.owner(of: route)
                if !finished[owner] {
                    finished[owner] = true
                    for starter in starters.neighbors(of: owner) where reached[starter] { continueAfter(starter) }
                }
            }
            if index.transition(route) == .trigger, let target = index.target(of: route) { reach(target) }
            if let tab = index.tab(of: route) { reach(tab) }
        }
        reachedRoute = reached
        startedCoordinator = started
    }
}
