import FlowModel

/// What a path from the entry reaches (DESIGN §2): a screen reaches its triggers, a route that starts
/// a coordinator reaches that coordinator's initial route and tabs, `trigger` its `route`, `select` its
/// `tab`; the routes a chain steps through are reached when its `from` coordinator is started. A route of a
/// coordinator that is never started is never reached, even when named by a qualified trigger: its router
/// does not exist, so nothing it starts is started either. Every route of an `initial` list is reached when its
/// coordinator starts, a coordinator's own `triggers` whenever it is started, and a child route's `then` once the
/// child's `finish` is reached.
public struct Reachability: Sendable {
    public let reachedRoute: [Bool]
    public let startedCoordinator: [Bool]

    /// `crossing`: the transitions a path may take (a route whose transition it refuses is not reached);
    /// `NavigationState` walks the paths that open no presentation.
    /// `openWorld`: an `open` coordinator also starts what its unread sites may start (`mayStart`, else every
    /// coordinator) — what may be reached, for withholding findings about an absence (DESIGN §1 Open world).
    init(index: FlowIndex, chains: [ChainWalk] = [], openWorld: Bool = false, crossing: (Transition?) -> Bool = { _ in true }) {
        var reached = [Bool](repeating: false, count: index.routeCount)
        var started = [Bool](repeating: false, count: index.coordinatorCount)
        var chainsFrom = [[Int]](repeating: [], count: index.coordinatorCount)
        // `chains` are the walks of the graph's chains, in order; none when the caller leaves deep links out.
        for position in chains.indices {
            if let from = index.graph.chains[position].from.flatMap({ index.coordinatorID($0.value) }) { chainsFrom[from].append(position) }
        }
        var queue: [Int] = []
        // Routes named before their coordinator starts wait for it (each route waits at most once).
        var waiting: [Int: [Int]] = [:]
        var openStarts: [Int] = []
        var startsAny = false
        func reach(_ route: Int) {
            guard !reached[route], crossing(index.transition(route)) else { return }
            let owner = Int(index.owner[route])
            guard started[owner] else {
                waiting[owner, default: []].append(route)
                return
            }
            reached[route] = true
            queue.append(route)
        }
        func start(_ coordinator: Int) {
            guard !started[coordinator] else { return }
            started[coordinator] = true
            for route in index.starts.neighbors(of: coordinator) { reach(Int(route)) }
            for route in index.coordinatorTriggers.neighbors(of: coordinator) { reach(Int(route)) }
            if openWorld, index[coordinator: coordinator].isOpen {
                // Queued, not started here: a chain of open coordinators must not recurse.
                if let names = index[coordinator: coordinator].mayStart {
                    openStarts.append(contentsOf: names.compactMap { index.coordinatorID($0.value) })
                } else if !startsAny {
                    startsAny = true
                    openStarts.append(contentsOf: 0..<index.coordinatorCount)
                }
            }
            if let routes = waiting.removeValue(forKey: coordinator) { routes.forEach(reach) }
            for chain in chainsFrom[coordinator] { chains[chain].steppedRoutes.forEach(reach) }
        }
        // `then`: a child's reached `finish` lets the parent run the continuation of every reached start of it.
        let starters = index.then.edgeCount > 0 ? index.starterRoutes() : Adjacency(nodeCount: index.coordinatorCount, edges: [])
        var finished = [Bool](repeating: false, count: index.coordinatorCount)
        func continueAfter(_ starter: Int) {
            for next in index.then.neighbors(of: starter) { reach(Int(next)) }
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
            for next in index.triggers.neighbors(of: route) { reach(Int(next)) }
            if index.child[route] >= 0 {
                start(Int(index.child[route]))
                if finished[Int(index.child[route])] { continueAfter(route) }
            }
            if index.transition(route) == .finish, !index.then.isEmpty {
                let owner = Int(index.owner[route])
                if !finished[owner] {
                    finished[owner] = true
                    for starter in starters.neighbors(of: owner) where reached[Int(starter)] { continueAfter(Int(starter)) }
                }
            }
            if index.transition(route) == .trigger, index.target[route] >= 0 { reach(Int(index.target[route])) }
            if index.tab[route] >= 0 { reach(Int(index.tab[route])) }
        }
        reachedRoute = reached
        startedCoordinator = started
    }
}
