import FlowModel

/// The project with every name resolved to an integer id: coordinators `0..<coordinatorCount`
/// (in `FlowGraph` order), routes `0..<routeCount` (each coordinator's routes contiguous).
/// Built once, in time linear in coordinators + routes + references.
///
/// Outside this module ids are `RouteID` and `CoordinatorID`, and what may be missing is optional. The passes
/// inside it read the flat `Int32` arrays, where -1 means none: they are the hot path of every run.
public struct FlowIndex: Sendable {
    public let graph: FlowGraph
    let entry: Int?
    /// `routeBase[c]` is the id of coordinator c's first route; `routeBase[count]` the route count.
    private let routeBase: [Int]
    let owner: [Int32]
    /// The coordinator a route starts, or -1.
    let child: [Int32]
    /// The routes each route's destination screen triggers, resolved.
    public let triggers: Adjacency
    /// The resolved `route:` of `trigger` / `popTo` routes, or -1.
    let target: [Int32]
    /// The resolved `tab:` of `select` routes, or -1.
    let tab: [Int32]
    /// What a route finally does after following `trigger` redirects; -1 when they loop or do not resolve.
    let redirect: [Int32]
    /// Per route, read on every pass: kept apart so that passes touch no `Route` value.
    private let transitions: [Transition?]
    private let showsScreens: [Bool]
    /// A child route's `stack`, overriding its child's for that start; nil when the route sets none.
    private let stackOverrides: [StackPolicy?]
    /// Per coordinator, likewise: passes read these instead of copying a `Coordinator`.
    public let kind: [CoordinatorKind?]
    /// The resolved `initial` route, or -1.
    let initial: [Int32]
    /// A navigation coordinator with `stack: parent`: its screens join the stack of the one that starts it.
    public let joinsParentStack: [Bool]
    /// The routes shown when a coordinator starts: its initial route, then its tabs.
    public let starts: Adjacency
    /// Coordinator → the coordinators its routes start, over all routes (`StartGraph` keeps reachable ones).
    public let childStarts: Adjacency
    /// Coordinator → the routes it fires itself (its `triggers`), resolved.
    public let coordinatorTriggers: Adjacency
    /// Route → the routes its `then` names (run by the parent after the child finishes), resolved.
    public let then: Adjacency

    public init(_ graph: FlowGraph) {
        self.graph = graph
        entry = graph.entry.flatMap { graph.coordinatorIndex[$0.value] }
        var routeBase = [0]
        routeBase.reserveCapacity(graph.coordinators.count + 1)
        for coordinator in graph.coordinators { routeBase.append(routeBase.last! + coordinator.routes.count) }
        self.routeBase = routeBase
        let routeCount = routeBase.last!

        var owner = [Int32](repeating: 0, count: routeCount)
        var child = [Int32](repeating: -1, count: routeCount)
        var target = [Int32](repeating: -1, count: routeCount)
        var tab = [Int32](repeating: -1, count: routeCount)
        var triggerEdges: [(from: Int32, to: Int32)] = []
        var childEdges: [(from: Int32, to: Int32)] = []
        var transitions = [Transition?](repeating: nil, count: routeCount)
        var showsScreens = [Bool](repeating: false, count: routeCount)
        var stackOverrides = [StackPolicy?](repeating: nil, count: routeCount)
        var kind = [CoordinatorKind?](repeating: nil, count: graph.coordinators.count)
        var joinsParentStack = [Bool](repeating: false, count: graph.coordinators.count)
        var initial = [Int32](repeating: -1, count: graph.coordinators.count)
        var startEdges: [(from: Int32, to: Int32)] = []
        var coordinatorTriggerEdges: [(from: Int32, to: Int32)] = []
        var thenEdges: [(from: Int32, to: Int32)] = []
        var isStart = [Bool](repeating: false, count: routeCount)
        // Fields are read in place: copying a `Route` or a `Coordinator` would retain each of its strings and arrays.
        graph.coordinators.withUnsafeBufferPointer { coordinators in
            for c in coordinators.indices {
                kind[c] = coordinators[c].kind?.value
                joinsParentStack[c] = kind[c] == .navigation && coordinators[c].effectiveStack == .parent
                // Start routes: the initial route, then the tabs (each once), as `Coordinator.startRoutes` lists them.
                func addStart(_ name: String) {
                    guard let local = coordinators[c].routeIndex[name], !isStart[routeBase[c] + local] else { return }
                    isStart[routeBase[c] + local] = true
                    startEdges.append((Int32(c), Int32(routeBase[c] + local)))
                }
                // Every route of an `initial` list is a start; the first is the one stack-rooted facts read.
                for name in coordinators[c].initials.lazy.map(\.value) {
                    addStart(name)
                    if initial[c] < 0, let local = coordinators[c].routeIndex[name] { initial[c] = Int32(routeBase[c] + local) }
                }
                for tab in coordinators[c].tabs ?? [] { addStart(tab.value) }
                for trigger in coordinators[c].triggers {
                    if let resolved = Self.resolve(trigger, from: c, graph, routeBase) { coordinatorTriggerEdges.append((Int32(c), Int32(resolved))) }
                }
                coordinators[c].routes.withUnsafeBufferPointer { routes in
                    for local in routes.indices {
                        let id = routeBase[c] + local
                        owner[id] = Int32(c)
                        transitions[id] = routes[local].transition?.value
                        stackOverrides[id] = routes[local].stack?.value
                        switch routes[local].destination?.value {
                        case .screen?:
                            showsScreens[id] = true
                        case .coordinator(let name)?:
                            if let started = graph.coordinatorIndex[name] {
                                child[id] = Int32(started)
                                childEdges.append((Int32(c), Int32(started)))
                            }
                        case nil:
                            break
                        }
                        for trigger in routes[local].triggers {
                            if let resolved = Self.resolve(trigger, from: c, graph, routeBase) { triggerEdges.append((Int32(id), Int32(resolved))) }
                        }
                        for next in routes[local].then {
                            if let resolved = Self.resolve(next, from: c, graph, routeBase) { thenEdges.append((Int32(id), Int32(resolved))) }
                        }
                        if let reference = routes[local].target, let resolved = Self.resolve(reference, from: c, graph, routeBase) {
                            target[id] = Int32(resolved)
                        }
                        if let name = routes[local].tab?.value, let found = coordinators[c].routeIndex[name] {
                            tab[id] = Int32(routeBase[c] + found)
                        }
                    }
                }
            }
        }
        self.kind = kind
        self.joinsParentStack = joinsParentStack
        self.initial = initial
        starts = Adjacency(nodeCount: graph.coordinators.count, edges: startEdges)
        childStarts = Adjacency(nodeCount: graph.coordinators.count, edges: childEdges)
        coordinatorTriggers = Adjacency(nodeCount: graph.coordinators.count, edges: coordinatorTriggerEdges)
        then = Adjacency(nodeCount: routeCount, edges: thenEdges)
        self.owner = owner
        self.transitions = transitions
        self.showsScreens = showsScreens
        self.stackOverrides = stackOverrides
        self.child = child
        self.target = target
        self.tab = tab
        triggers = Adjacency(nodeCount: routeCount, edges: triggerEdges)
        redirect = FlowIndex.followRedirects(transitions: transitions, target: target)
    }

    /// Follows `trigger` routes to the route they end at, marking each route once (linear).
    private static func followRedirects(transitions: [Transition?], target: [Int32]) -> [Int32] {
        let unresolved: Int32 = -2
        var result = [Int32](repeating: unresolved, count: transitions.count)
        var inProgress = [Bool](repeating: false, count: transitions.count)
        var path: [Int] = []
        for start in 0..<transitions.count where result[start] == unresolved {
            path.removeAll(keepingCapacity: true)
            var current = start
            var end: Int32 = -1
            while true {
                if result[current] != unresolved { end = result[current]; break }
                if inProgress[current] { end = -1; break }
                guard transitions[current] == .trigger else { end = Int32(current); result[current] = end; break }
                inProgress[current] = true
                path.append(current)
                guard target[current] >= 0 else { end = -1; break }
                current = Int(target[current])
            }
            for member in path { result[member] = end }
        }
        return result
    }

    /// Coordinator → the routes that start it, in route order. Computed on demand: few passes need it.
    public func starterRoutes() -> Adjacency {
        var edges: [(from: Int32, to: Int32)] = []
        for route in 0..<routeCount where child[route] >= 0 { edges.append((child[route], Int32(route))) }
        return Adjacency(nodeCount: coordinatorCount, edges: edges)
    }

    /// Route → the routes whose screens trigger it, recorded where `trigger` redirects end (a redirect is
    /// never a push or present source), in route order. Computed on demand.
    public func triggerSources() -> Adjacency {
        var edges: [(from: Int32, to: Int32)] = []
        for route in 0..<routeCount {
            for trigger in triggers.neighbors(of: route) where redirect[Int(trigger)] >= 0 {
                edges.append((redirect[Int(trigger)], Int32(route)))
            }
        }
        return Adjacency(nodeCount: routeCount, edges: edges)
    }

    public var coordinatorCount: Int { graph.coordinators.count }
    public var routeCount: Int { owner.count }

    /// Borrows a coordinator: reading one field does not copy the whole value (rules run this per route).
    subscript(coordinator id: Int) -> Coordinator {
        _read { yield graph.coordinators[id] }
    }

    /// Borrows a route: reading one field does not copy the whole value.
    subscript(route id: Int) -> Route {
        _read {
            let c = Int(owner[id])
            yield graph.coordinators[c].routes[id - routeBase[c]]
        }
    }

    func routes(of coordinator: Int) -> Range<Int> { routeBase[coordinator]..<routeBase[coordinator + 1] }

    func routeID(_ name: String, in coordinator: Int) -> Int? {
        graph.coordinators[coordinator].routeIndex[name].map { routeBase[coordinator] + $0 }
    }

    func coordinatorID(_ name: String) -> Int? { graph.coordinatorIndex[name] }

    /// The route `reference` names when written in `coordinator`: `name` there, `Coordinator.name` elsewhere.
    func resolve(_ reference: RouteReference, from coordinator: Int) -> Int? {
        Self.resolve(reference, from: coordinator, graph, routeBase)
    }

    private static func resolve(_ reference: RouteReference, from coordinator: Int, _ graph: FlowGraph, _ routeBase: [Int]) -> Int? {
        let scope = reference.coordinator.flatMap { graph.coordinatorIndex[$0] } ?? (reference.coordinator == nil ? coordinator : nil)
        guard let scope, let local = graph.coordinators[scope].routeIndex[reference.route] else { return nil }
        return routeBase[scope] + local
    }

    func transition(_ id: Int) -> Transition? { transitions[id] }

    /// The transition a triggered route finally performs, after `trigger` redirects.
    func effectiveTransition(_ id: Int) -> Transition? {
        redirect[id] >= 0 ? transition(Int(redirect[id])) : nil
    }

    func showsScreen(_ id: Int) -> Bool { showsScreens[id] }

    /// Whether the navigation coordinator `child`, started by `route`, pushes onto the starter's stack: the route's
    /// `stack` decides when it sets one, else the child's.
    func joinsParentStack(_ child: Int, startedBy route: Int) -> Bool {
        guard let policy = stackOverrides[route] else { return joinsParentStack[child] }
        return kind[child] == .navigation && policy == .parent
    }

    /// Whether the route's transition is one its coordinator's kind performs (an unknown kind or transition counts
    /// as supported). Rules that judge what a transition does skip a route where it is not: `invalid-transition`
    /// reports the one mistake, and what follows from a transition that cannot happen is not a second finding.
    func hasSupportedTransition(_ id: Int) -> Bool {
        guard let transition = transitions[id], let kind = kind[Int(owner[id])] else { return true }
        return transition.isSupported(in: kind)
    }

    /// The first screen of the `stack: parent` child that route `id` starts: it joins the stack `id` acts on.
    /// Nil when `id` starts no such child, or the child's initial route shows no screen.
    func joinedScreen(of id: Int) -> Int? {
        guard child[id] >= 0 else { return nil }
        let started = Int(child[id])
        let first = Int(initial[started])
        guard joinsParentStack[started], first >= 0, showsScreens[first] else { return nil }
        return first
    }

    // MARK: Typed ids

    public subscript(route id: RouteID) -> Route {
        _read { yield self[route: id.position] }
    }

    public subscript(coordinator id: CoordinatorID) -> Coordinator {
        _read { yield graph.coordinators[id.position] }
    }

    public func coordinator(named name: String) -> CoordinatorID? {
        graph.coordinatorIndex[name].map(CoordinatorID.init)
    }

    public func route(named name: String, in coordinator: CoordinatorID) -> RouteID? {
        routeID(name, in: coordinator.position).map(RouteID.init)
    }

    /// The route `reference` names when written in `coordinator`: `name` there, `Coordinator.name` elsewhere.
    public func route(_ reference: RouteReference, from coordinator: CoordinatorID) -> RouteID? {
        resolve(reference, from: coordinator.position).map(RouteID.init)
    }

    public func owner(of route: RouteID) -> CoordinatorID { CoordinatorID(owner[route.position]) }

    /// The coordinator the route starts.
    public func child(of route: RouteID) -> CoordinatorID? {
        child[route.position] >= 0 ? CoordinatorID(child[route.position]) : nil
    }

    /// What the route finally does after following `trigger` redirects (the route itself for any other
    /// route); nil when they loop or do not resolve.
    public func redirectEnd(of route: RouteID) -> RouteID? {
        redirect[route.position] >= 0 ? RouteID(redirect[route.position]) : nil
    }

    /// The resolved `initial` route of the coordinator.
    public func initialRoute(of coordinator: CoordinatorID) -> RouteID? {
        initial[coordinator.position] >= 0 ? RouteID(initial[coordinator.position]) : nil
    }

    /// The coordinators the coordinator's routes start, in route order, once each.
    public func children(of coordinator: CoordinatorID) -> [CoordinatorID] {
        var seen: Set<Int32> = []
        return childStarts.neighbors(of: coordinator.position).filter { seen.insert($0).inserted }.map(CoordinatorID.init)
    }

    /// `Coordinator.route`, for messages.
    func qualifiedName(_ id: Int) -> String {
        "\(graph.coordinators[Int(owner[id])].name).\(self[route: id].name)"
    }
}
