import FlowModel

/// The project with every name resolved to an id: `CoordinatorID`s `0..<coordinatorCount` (in `FlowGraph`
/// order), `RouteID`s `0..<routeCount` (each coordinator's routes contiguous). Built once, in time linear in
/// coordinators + routes + references.
///
/// Everything is read by typed id, and what may be missing (a route's child, a coordinator's initial route…) is
/// optional. Underneath, the facts every pass reads per route are flat `Int32` arrays (`OptionalIDs`, `PerElement`,
/// `IDAdjacency`): they are the hot path of every run. The accessors the rules call per route are `@inlinable` over
/// `@usableFromInline` storage, so that FlowRules reads them in place as it did when the index lived in that module
/// (called across the module, `self[route:]` copied the whole `Route` out).
public struct FlowIndex: Sendable {
    public let graph: FlowGraph
    public let entry: CoordinatorID?
    /// `routeBase[c]` is the id of coordinator c's first route; `routeBase[count]` the route count.
    @usableFromInline let routeBase: [Int]
    @usableFromInline let owners: PerRoute<CoordinatorID>
    /// The coordinator a route starts.
    @usableFromInline let startedChild: OptionalIDs<Route, Coordinator>
    /// The routes each route's destination screen triggers, resolved.
    public let triggers: IDAdjacency<Route, Route>
    /// The resolved `route:` of `trigger` / `popTo` routes.
    @usableFromInline let targets: OptionalIDs<Route, Route>
    /// The resolved `tab:` of `select` routes.
    @usableFromInline let tabs: OptionalIDs<Route, Route>
    /// What a route finally does after following `trigger` redirects; none when they loop or do not resolve.
    @usableFromInline let redirectEnds: OptionalIDs<Route, Route>
    /// Per route, read on every pass: kept apart so that passes touch no `Route` value.
    @usableFromInline let transitions: PerRoute<Transition?>
    @usableFromInline let showsScreens: PerRoute<Bool>
    /// A child route's `stack`, overriding its child's for that start; nil when the route sets none.
    private let stackOverrides: PerRoute<StackPolicy?>
    /// Per coordinator, likewise: passes read these instead of copying a `Coordinator`.
    public let kind: PerCoordinator<CoordinatorKind?>
    /// The resolved `initial` route.
    @usableFromInline let initials: OptionalIDs<Coordinator, Route>
    /// A navigation coordinator with `stack: parent`: its screens join the stack of the one that starts it.
    public let joinsParentStack: PerCoordinator<Bool>
    /// The routes shown when a coordinator starts: its initial route, then its tabs.
    public let starts: IDAdjacency<Coordinator, Route>
    /// Coordinator → the coordinators its routes start, over all routes (`StartGraph` keeps reachable ones).
    public let childStarts: IDAdjacency<Coordinator, Coordinator>
    /// Coordinator → the routes it fires itself (its `triggers`), resolved.
    public let coordinatorTriggers: IDAdjacency<Coordinator, Route>
    /// Route → the routes its `then` names (run by the parent after the child finishes), resolved.
    public let then: IDAdjacency<Route, Route>

    public init(_ graph: FlowGraph) {
        self.graph = graph
        entry = graph.entry.flatMap { graph.coordinatorIndex[$0.value] }.map(CoordinatorID.init)
        var routeBase = [0]
        routeBase.reserveCapacity(graph.coordinators.count + 1)
        for coordinator in graph.coordinators { routeBase.append(routeBase.last! + coordinator.routes.count) }
        self.routeBase = routeBase
        let routeCount = routeBase.last!
        var columns = Columns(routeCount: routeCount, coordinatorCount: graph.coordinators.count)
        // Fields are read in place: copying a `Route` or a `Coordinator` would retain each of its strings and arrays.
        graph.coordinators.withUnsafeBufferPointer { coordinators in
            for c in coordinators.indices {
                columns.readCoordinator(c, coordinators, graph, routeBase)
                coordinators[c].routes.withUnsafeBufferPointer { routes in
                    columns.readRoutes(of: c, routes, coordinators, graph, routeBase)
                }
            }
        }
        kind = columns.kind
        joinsParentStack = columns.joinsParentStack
        initials = columns.initial
        starts = IDAdjacency(count: graph.coordinators.count, edges: columns.startEdges)
        childStarts = IDAdjacency(count: graph.coordinators.count, edges: columns.childEdges)
        coordinatorTriggers = IDAdjacency(count: graph.coordinators.count, edges: columns.coordinatorTriggerEdges)
        then = IDAdjacency(count: routeCount, edges: columns.thenEdges)
        owners = columns.owners
        transitions = columns.transitions
        showsScreens = columns.showsScreens
        stackOverrides = columns.stackOverrides
        startedChild = columns.child
        targets = columns.target
        tabs = columns.tab
        triggers = IDAdjacency(count: routeCount, edges: columns.triggerEdges)
        redirectEnds = FlowIndex.followRedirects(transitions: columns.transitions, target: columns.target)
    }

    /// What the index is built from, filled coordinator by coordinator and route by route.
    private struct Columns {
        var owners: PerRoute<CoordinatorID>
        var child: OptionalIDs<Route, Coordinator>
        var target: OptionalIDs<Route, Route>
        var tab: OptionalIDs<Route, Route>
        var triggerEdges: [(from: Int32, to: Int32)] = []
        var childEdges: [(from: Int32, to: Int32)] = []
        var transitions: PerRoute<Transition?>
        var showsScreens: PerRoute<Bool>
        var stackOverrides: PerRoute<StackPolicy?>
        var kind: PerCoordinator<CoordinatorKind?>
        var joinsParentStack: PerCoordinator<Bool>
        var initial: OptionalIDs<Coordinator, Route>
        var startEdges: [(from: Int32, to: Int32)] = []
        var coordinatorTriggerEdges: [(from: Int32, to: Int32)] = []
        var thenEdges: [(from: Int32, to: Int32)] = []
        var isStart: [Bool]

        init(routeCount: Int, coordinatorCount: Int) {
            owners = PerRoute(repeating: CoordinatorID(0), count: routeCount)
            child = OptionalIDs(count: routeCount)
            target = OptionalIDs(count: routeCount)
            tab = OptionalIDs(count: routeCount)
            transitions = PerRoute(repeating: nil, count: routeCount)
            showsScreens = PerRoute(repeating: false, count: routeCount)
            stackOverrides = PerRoute(repeating: nil, count: routeCount)
            kind = PerCoordinator(repeating: nil, count: coordinatorCount)
            joinsParentStack = PerCoordinator(repeating: false, count: coordinatorCount)
            initial = OptionalIDs(count: coordinatorCount)
            isStart = [Bool](repeating: false, count: routeCount)
        }

        /// Coordinator `c`'s own fields: its kind, stack, start routes and triggers.
        mutating func readCoordinator(_ c: Int, _ coordinators: UnsafeBufferPointer<Coordinator>, _ graph: FlowGraph, _ routeBase: [Int]) {
            let coordinator = CoordinatorID(c)
            kind[coordinator] = coordinators[c].kind?.value
            joinsParentStack[coordinator] = kind[coordinator] == .navigation && coordinators[c].effectiveStack == .parent
            // Start routes: the initial route, then the tabs (each once), as `Coordinator.startRoutes` lists them.
            func addStart(_ name: String) {
                guard let local = coordinators[c].routeIndex[name], !isStart[routeBase[c] + local] else { return }
                isStart[routeBase[c] + local] = true
                startEdges.append((Int32(c), Int32(routeBase[c] + local)))
            }
            // Every route of an `initial` list is a start; the first is the one stack-rooted facts read.
            for name in coordinators[c].initials.lazy.map(\.value) {
                addStart(name)
                if initial[coordinator] == nil, let local = coordinators[c].routeIndex[name] {
                    initial[coordinator] = RouteID(routeBase[c] + local)
                }
            }
            for tab in coordinators[c].tabs ?? [] { addStart(tab.value) }
            for trigger in coordinators[c].triggers {
                if let resolved = FlowIndex.resolve(trigger, from: c, graph, routeBase) {
                    coordinatorTriggerEdges.append((Int32(c), resolved.raw))
                }
            }
        }

        /// The routes of coordinator `c`: owner, transition, what each shows, and the routes it names.
        mutating func readRoutes(
            of c: Int, _ routes: UnsafeBufferPointer<Route>, _ coordinators: UnsafeBufferPointer<Coordinator>, _ graph: FlowGraph,
            _ routeBase: [Int]
        ) {
            for local in routes.indices {
                let id = RouteID(routeBase[c] + local)
                owners[id] = CoordinatorID(c)
                transitions[id] = routes[local].transition?.value
                stackOverrides[id] = routes[local].stack?.value
                switch routes[local].destination?.value {
                case .screen?:
                    showsScreens[id] = true
                case .coordinator(let name)?:
                    if let started = graph.coordinatorIndex[name] {
                        child[id] = CoordinatorID(started)
                        childEdges.append((Int32(c), Int32(started)))
                    }
                case nil:
                    break
                }
                for trigger in routes[local].triggers {
                    if let resolved = FlowIndex.resolve(trigger, from: c, graph, routeBase) {
                        triggerEdges.append((id.raw, resolved.raw))
                    }
                }
                for next in routes[local].then {
                    if let resolved = FlowIndex.resolve(next, from: c, graph, routeBase) { thenEdges.append((id.raw, resolved.raw)) }
                }
                if let reference = routes[local].target {
                    target[id] = FlowIndex.resolve(reference, from: c, graph, routeBase)
                }
                if let name = routes[local].tab?.value, let found = coordinators[c].routeIndex[name] {
                    tab[id] = RouteID(routeBase[c] + found)
                }
            }
        }
    }

    /// Follows `trigger` routes to the route they end at, marking each route once (linear).
    private static func followRedirects(transitions: PerRoute<Transition?>, target: OptionalIDs<Route, Route>) -> OptionalIDs<Route, Route>
    {
        var result = OptionalIDs<Route, Route>(count: transitions.values.count)
        var resolved = PerRoute(repeating: false, count: transitions.values.count)
        var inProgress = PerRoute(repeating: false, count: transitions.values.count)
        var path: [RouteID] = []
        for start in transitions.ids where !resolved[start] {
            var current = start
            var end: RouteID?
            while true {
                if resolved[current] { end = result[current]; break }
                if inProgress[current] { end = nil; break }
                guard transitions[current] == .trigger else {
                    end = current
                    (result[current], resolved[current]) = (end, true)
                    break
                }
                inProgress[current] = true
                path.append(current)
                guard let next = target[current] else { end = nil; break }
                current = next
            }
            for member in path { (result[member], resolved[member]) = (end, true) }
            if !path.isEmpty { path.removeAll(keepingCapacity: true) }
        }
        return result
    }

    /// Coordinator → the routes that start it, in route order. Computed on demand: few passes need it.
    public func starterRoutes() -> IDAdjacency<Coordinator, Route> {
        var edges: [(from: Int32, to: Int32)] = []
        for route in routeIDs { if let child = child(of: route) { edges.append((child.raw, route.raw)) } }
        return IDAdjacency(count: coordinatorCount, edges: edges)
    }

    /// Route → the routes whose screens trigger it, recorded where `trigger` redirects end (a redirect is
    /// never a push or present source), in route order. Computed on demand.
    public func triggerSources() -> IDAdjacency<Route, Route> {
        var edges: [(from: Int32, to: Int32)] = []
        for route in routeIDs {
            for trigger in triggers.neighbors(of: route) {
                if let end = redirectEnd(of: trigger) { edges.append((end.raw, route.raw)) }
            }
        }
        return IDAdjacency(count: routeCount, edges: edges)
    }

    @inlinable public var coordinatorCount: Int { graph.coordinators.count }
    @inlinable public var routeCount: Int { owners.values.count }
    /// Every coordinator, in `FlowGraph` order.
    @inlinable public var coordinatorIDs: IDRange<Coordinator> { kind.ids }
    /// Every route, each coordinator's in turn.
    @inlinable public var routeIDs: IDRange<Route> { owners.ids }

    /// Borrows a route: reading one field does not copy the whole value (rules run this per route).
    @inlinable public subscript(route id: RouteID) -> Route {
        _read {
            let c = owners[id].position
            yield graph.coordinators[c].routes[id.position - routeBase[c]]
        }
    }

    /// Borrows a coordinator: reading one field does not copy the whole value.
    @inlinable public subscript(coordinator id: CoordinatorID) -> Coordinator {
        _read { yield graph.coordinators[id.position] }
    }

    @inlinable public func routes(of coordinator: CoordinatorID) -> IDRange<Route> {
        IDRange(routeBase[coordinator.position]..<routeBase[coordinator.position + 1])
    }

    public func coordinator(named name: String) -> CoordinatorID? {
        graph.coordinatorIndex[name].map(CoordinatorID.init)
    }

    public func route(named name: String, in coordinator: CoordinatorID) -> RouteID? {
        graph.coordinators[coordinator.position].routeIndex[name].map { RouteID(routeBase[coordinator.position] + $0) }
    }

    /// The route `reference` names when written in `coordinator`: `name` there, `Coordinator.name` elsewhere.
    public func route(_ reference: RouteReference, from coordinator: CoordinatorID) -> RouteID? {
        Self.resolve(reference, from: coordinator.position, graph, routeBase)
    }

    private static func resolve(_ reference: RouteReference, from coordinator: Int, _ graph: FlowGraph, _ routeBase: [Int]) -> RouteID? {
        let scope = reference.coordinator.flatMap { graph.coordinatorIndex[$0] } ?? (reference.coordinator == nil ? coordinator : nil)
        guard let scope, let local = graph.coordinators[scope].routeIndex[reference.route] else { return nil }
        return RouteID(routeBase[scope] + local)
    }

    @inlinable public func owner(of route: RouteID) -> CoordinatorID { owners[route] }

    /// The coordinator the route starts.
    @inlinable public func child(of route: RouteID) -> CoordinatorID? { startedChild[route] }

    /// The resolved `route:` of a `trigger` or `popTo` route.
    @inlinable public func target(of route: RouteID) -> RouteID? { targets[route] }

    /// The resolved `tab:` of a `select` route.
    @inlinable public func tab(of route: RouteID) -> RouteID? { tabs[route] }

    /// What the route finally does after following `trigger` redirects (the route itself for any other
    /// route); nil when they loop or do not resolve.
    @inlinable public func redirectEnd(of route: RouteID) -> RouteID? { redirectEnds[route] }

    /// The resolved `initial` route of the coordinator.
    @inlinable public func initialRoute(of coordinator: CoordinatorID) -> RouteID? { initials[coordinator] }

    /// The coordinators the coordinator's routes start, in route order, once each.
    public func children(of coordinator: CoordinatorID) -> [CoordinatorID] {
        var seen: Set<CoordinatorID> = []
        return childStarts.neighbors(of: coordinator).filter { seen.insert($0).inserted }
    }

    @inlinable public func transition(_ id: RouteID) -> Transition? { transitions[id] }

    /// The transition a triggered route finally performs, after `trigger` redirects.
    @inlinable public func effectiveTransition(_ id: RouteID) -> Transition? {
        guard let end = redirectEnds[id] else { return nil }
        return transitions[end]
    }

    @inlinable public func showsScreen(_ id: RouteID) -> Bool { showsScreens[id] }

    /// Whether the navigation coordinator `child`, started by `route`, pushes onto the starter's stack: the route's
    /// `stack` decides when it sets one, else the child's.
    package func joinsParentStack(_ child: CoordinatorID, startedBy route: RouteID) -> Bool {
        guard let policy = stackOverrides[route] else { return joinsParentStack[child] }
        return kind[child] == .navigation && policy == .parent
    }

    /// Whether the route's transition is one its coordinator's kind performs (an unknown kind or transition counts
    /// as supported). Rules that judge what a transition does skip a route where it is not: `invalid-transition`
    /// reports the one mistake, and what follows from a transition that cannot happen is not a second finding.
    package func hasSupportedTransition(_ id: RouteID) -> Bool {
        guard let transition = transitions[id], let kind = kind[owners[id]] else { return true }
        return transition.isSupported(in: kind)
    }

    /// The first screen of the `stack: parent` child that route `id` starts: it joins the stack `id` acts on.
    /// Nil when `id` starts no such child, or the child's initial route shows no screen.
    package func joinedScreen(of id: RouteID) -> RouteID? {
        guard let started = child(of: id), joinsParentStack[started], let first = initialRoute(of: started),
            showsScreens[first]
        else { return nil }
        return first
    }

    /// `Coordinator.route`, for messages.
    public func qualifiedName(_ id: RouteID) -> String {
        "\(self[coordinator: owners[id]].name).\(self[route: id].name)"
    }
}
