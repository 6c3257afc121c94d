import FlowModel
import FlowAnalysis
import FlowRules

/// The diagram of routes: a cluster per coordinator, a node per route that shows a screen or starts a child,
/// an edge per trigger and per child start, and return edges for dismiss, pop and finish.
struct RouteDiagramBuilder {
    private let facts: DiagramFacts
    private let options: DiagramOptions
    private let marks: FindingMarks
    private var diagram = Diagram()
    private var drawn: Set<String> = []
    private var nodeIDs: Set<String> = []
    private var edgeIDs: Set<String> = []
    /// What each coordinator's dismissal closes: computed once (`Presentations.presenters(of:memo:)`).
    private var presenterMemo: [CoordinatorID: [RouteID]] = [:]

    init(facts: DiagramFacts, options: DiagramOptions) {
        self.facts = facts
        self.options = options
        marks = FindingMarks(options.findings)
    }

    mutating func build() -> Diagram {
        var order = facts.coordinatorOrder(root: options.focus, depth: options.depth)
        if let chain = options.chain {
            let passed = facts.coordinators(passedBy: chain)
            order = order.filter(passed.contains)
        }
        drawn = Set(order)
        if let entry = facts.graph.entryCoordinator, drawn.contains(entry.name) { addEntry(entry) }
        for name in order { addCluster(facts.graph.coordinator(named: name)!) }
        for name in order { addEdges(of: facts.graph.coordinator(named: name)!) }
        placeTopRoutes()
        if let chain = options.chain { highlight(chain) }
        for path in options.paths { mark(path) }
        diagram.numberFindings()
        diagram.direction = LayoutEstimate.direction(for: diagram, layout: options.layout)
        return diagram
    }

    // MARK: Clusters and nodes

    private mutating func addEntry(_ entry: Coordinator) {
        addNode(
            Node(
                id: NodeID.entry, kind: .entry, cluster: nil, title: "entry", subtitle: nil,
                tooltip: "The app starts in \(entry.name)"))
        // An `initial` list: one start edge per route `start()` may pick.
        for initial in entry.initials.map(\.value) where entry.route(named: initial)?.destination != nil {
            let key = RouteKey(coordinator: entry.name, route: initial)
            addEdge(
                Edge(
                    from: NodeID.entry, to: NodeID.route(key), kind: .entry, label: nil,
                    tooltip: "The app starts in \(entry.name) at \(initial)"))
        }
    }

    private mutating func addCluster(_ coordinator: Coordinator) {
        let kind = coordinator.kind?.value.rawValue
        let detail = coordinator.stack?.value == .parent ? "parent's stack" : nil
        let clusterMarks = marks.marks(of: coordinator.name)
        diagram.clusters.append(
            Cluster(
                id: coordinator.name, name: coordinator.name, kind: kind, detail: detail,
                tooltip: Tooltip.lines(
                    [
                        "\(coordinator.name): \(kind ?? "coordinator")" + (detail.map { ", \($0)" } ?? ""),
                        coordinator.description?.value,
                    ], clusterMarks),
                marks: clusterMarks))
        let tabs = Set((coordinator.tabs ?? []).map(\.value))
        let initials = Set(coordinator.initials.map(\.value))
        if !coordinator.triggers.isEmpty {
            addNode(
                Node(
                    id: NodeID.events(of: coordinator.name), kind: .events, cluster: coordinator.name, title: "⚡ \(coordinator.name)",
                    subtitle: nil, tooltip: "\(coordinator.name) fires these routes itself, on events no screen shows (its `triggers`)"))
        }
        for route in coordinator.routes {
            guard let destination = route.destination?.value else { continue }
            let key = RouteKey(coordinator: coordinator.name, route: route.name)
            let routeMarks = marks.marks(of: key)
            let isTab = tabs.contains(route.name)
            addNode(
                Node(
                    id: NodeID.route(key), kind: destination.coordinatorName == nil ? .screen : .coordinator,
                    cluster: coordinator.name, title: route.name,
                    subtitle: (isTab ? "tab · " : "") + Self.subtitle(of: destination),
                    tooltip: Tooltip.lines(
                        [key.qualifiedName + ": " + Tooltip.describe(route, isTab: isTab), route.description?.value],
                        routeMarks),
                    isInitial: initials.contains(route.name),
                    marks: routeMarks))
        }
    }

    private static func subtitle(of destination: Destination) -> String {
        switch destination {
        case .screen(let name): name
        case .coordinator(let name): "▸ " + name
        }
    }

    /// The node of a route, adding a node outside the clusters for a route of a coordinator not drawn.
    private mutating func node(of key: RouteKey) -> String {
        let id = NodeID.route(key)
        if !drawn.contains(key.coordinator), !nodeIDs.contains(id), let route = facts.route(key) {
            addNode(
                Node(
                    id: id, kind: .external, cluster: nil, title: key.qualifiedName,
                    subtitle: route.destination.map { Self.subtitle(of: $0.value) },
                    tooltip: "\(key.qualifiedName): \(Tooltip.describe(route, isTab: false)) (\(key.coordinator) is not drawn)"))
        }
        return id
    }

    private mutating func exitNode(of coordinator: String) -> String {
        let id = NodeID.exit(of: coordinator)
        if !nodeIDs.contains(id) {
            addNode(
                Node(
                    id: id, kind: .exit, cluster: coordinator, title: "", subtitle: nil,
                    tooltip: "Leaves \(coordinator) to a flow that is not drawn"))
        }
        return id
    }

    private mutating func addNode(_ node: Node) {
        guard nodeIDs.insert(node.id).inserted else { return }
        diagram.nodes.append(node)
    }

    // MARK: Edges

    private mutating func addEdges(of coordinator: Coordinator) {
        for route in coordinator.routes where route.destination != nil {
            let source = RouteKey(coordinator: coordinator.name, route: route.name)
            for reference in route.triggers {
                guard let target = facts.resolve(reference, in: coordinator.name) else { continue }
                addTrigger(from: source, to: target)
            }
            if let child = route.destination?.value.coordinatorName { addStart(from: source, of: child) }
            for reference in route.then {
                guard let target = facts.resolve(reference, in: coordinator.name) else { continue }
                addThen(from: source, to: target)
            }
        }
        let events = NodeID.events(of: coordinator.name)
        for reference in coordinator.triggers where nodeIDs.contains(events) {
            guard let target = facts.resolve(reference, in: coordinator.name) else { continue }
            addEventTrigger(from: events, of: coordinator.name, to: target)
        }
    }

    /// A coordinator trigger: from the events node at the head of its cluster to the route it fires (after
    /// `trigger` redirects), drawn as that route's transition. Routes that show nothing are not drawn from it.
    private mutating func addEventTrigger(from events: String, of coordinator: String, to triggered: RouteKey) {
        guard let target = facts.redirectEnd(of: triggered), let route = facts.route(target), route.destination != nil else { return }
        let kind = EdgeKind(route) ?? .route
        addEdge(
            Edge(
                from: events, to: node(of: target), kind: kind, label: target == triggered ? nil : triggered.route,
                tooltip: "\(coordinator) fires \(triggered.qualifiedName) itself (\(Tooltip.transitionPhrase(route)))",
                shapesLayout: target.coordinator == coordinator, triggered: triggered.qualifiedName))
    }

    /// `then`: from the route that starts the child to what the parent runs after the child finishes, dashed.
    private mutating func addThen(from source: RouteKey, to target: RouteKey) {
        guard let route = facts.route(target), route.destination != nil else { return }
        addEdge(
            Edge(
                from: NodeID.route(source), to: node(of: target), kind: .then, label: "after finish",
                tooltip: "after \(source.qualifiedName)'s child finishes, \(source.coordinator) runs \(target.route)",
                shapesLayout: false, triggered: target.qualifiedName))
    }

    /// A child start: from the route that starts the child to each of the child's initial routes.
    private mutating func addStart(from source: RouteKey, of child: String) {
        guard drawn.contains(child), let coordinator = facts.graph.coordinator(named: child) else { return }
        for initial in coordinator.initials.map(\.value) where coordinator.route(named: initial)?.destination != nil {
            let target = RouteKey(coordinator: child, route: initial)
            addEdge(
                Edge(
                    from: NodeID.route(source), to: NodeID.route(target), kind: .start, label: nil,
                    tooltip: "\(source.qualifiedName) starts \(child) at \(initial)",
                    toCluster: child == source.coordinator ? nil : child))
        }
    }

    /// The edges of one trigger: to the route's node, or for a route without a destination to where it leads,
    /// through any chain of `trigger` redirects (labelled with the route triggered).
    private mutating func addTrigger(from source: RouteKey, to triggered: RouteKey) {
        guard let target = facts.redirectEnd(of: triggered), let route = facts.route(target) else { return }
        let redirect = target == triggered ? nil : triggered
        let named = triggered
        let label = route.destination == nil || redirect != nil ? named.route : nil
        let edgeMarks = route.destination == nil ? marks.marks(of: target) + (redirect.map { marks.marks(of: $0) } ?? []) : []
        let returns = returnTargets(of: route, at: target, from: source)
        let kind = EdgeKind(route) ?? .route
        let phrase = Tooltip.transitionPhrase(route)
        func edge(to node: String, _ place: String?) -> Edge {
            Edge(
                from: NodeID.route(source), to: node, kind: kind, label: label,
                tooltip: Tooltip.lines(
                    ["\(source.qualifiedName) → \(named.qualifiedName) (\(phrase))" + (place.map { ": back to \($0)" } ?? "")],
                    edgeMarks),
                shapesLayout: !kind.isReturn && target.coordinator == source.coordinator,
                triggered: named.qualifiedName, marks: edgeMarks)
        }
        if route.destination != nil {
            addEdge(edge(to: node(of: target), nil), from: source, landingOn: target)
            return
        }
        switch route.transition?.value {
        case .trigger:
            return  // redirects were followed above
        case .select:
            guard let name = route.tab?.value else { return }
            let tab = RouteKey(coordinator: target.coordinator, route: name)
            guard facts.route(tab) != nil else { return }
            addEdge(edge(to: node(of: tab), nil), from: source, landingOn: tab)
        default:
            guard let returns else { return }
            let shown = returns.places.filter { drawn.contains($0.coordinator) }
            if shown.isEmpty {
                addEdge(edge(to: exitNode(of: returns.fallback), nil))
            }
            for place in shown {
                addEdge(edge(to: NodeID.route(place), place.qualifiedName), from: source, landingOn: place)
            }
        }
    }

    /// A trigger edge from `source` to the route `target`. One that leaves the source's coordinator for a route
    /// drawn in another cluster (a finish or dismiss back to the parent, a root switch or tab selection of an
    /// ancestor: edges up the tree, which cross the whole drawing) ends instead at a landing node in the source's
    /// own cluster that names the route, one per coordinator and route; the edge keeps its label and tooltip and
    /// records where it lands.
    private mutating func addEdge(_ edge: Edge, from source: RouteKey, landingOn target: RouteKey) {
        guard target.coordinator != source.coordinator, drawn.contains(target.coordinator) else { return addEdge(edge) }
        let landing = NodeID.landing(in: source.coordinator, on: edge.to)
        addNode(
            Node(
                id: landing, kind: .landing, cluster: source.coordinator, title: "↩ " + target.qualifiedName, subtitle: nil,
                tooltip: "\(target.qualifiedName), drawn in \(target.coordinator): where these edges from \(source.coordinator) land"))
        var short = edge
        short.landsOn = edge.to
        short.to = landing
        // Placed after the screens it leaves, in their cluster.
        short.shapesLayout = true
        addEdge(short)
    }

    private mutating func addEdge(_ edge: Edge) {
        let id = [edge.from, edge.to, edge.kind.rawValue, edge.label ?? ""].joined(separator: "\u{0}")
        guard edgeIDs.insert(id).inserted else { return }
        diagram.edges.append(edge)
    }

    /// Puts the routes a coordinator shows first (its initial route and tabs) side by side with the routes
    /// that no edge inside the drawing leads to (roots switched from elsewhere, unreachable routes): else they
    /// would float above the initial route.
    private mutating func placeTopRoutes() {
        var ledTo: Set<String> = []
        for edge in diagram.edges where edge.shapesLayout && edge.kind != .start && edge.kind != .entry { ledTo.insert(edge.to) }
        let nodes = diagram.nodesByCluster
        for index in diagram.clusters.indices {
            let coordinator = facts.graph.coordinator(named: diagram.clusters[index].id)!
            // In declared order: the initial route, the tabs as `tabs:` lists them (the tab bar's order when the
            // initial route is a tab), then the rest in route order.
            let tabs = (coordinator.tabs ?? []).map(\.value)
            let starts = tabs.contains { $0 == coordinator.initial?.value } ? tabs : coordinator.startRoutes
            let clusterNodes = (nodes[coordinator.name] ?? []).filter { $0.kind != .exit && $0.kind != .landing }
            let byTitle = Dictionary(clusterNodes.map { ($0.title, $0.id) }, uniquingKeysWith: { first, _ in first })
            let startSet = Set(starts)
            diagram.clusters[index].sideBySide =
                starts.compactMap { byTitle[$0] }
                + clusterNodes.filter { !startSet.contains($0.title) && !ledTo.contains($0.id) }.map(\.id)
            if diagram.clusters[index].sideBySide.count < 2 { diagram.clusters[index].sideBySide = [] }
        }
    }

    // MARK: Where return edges lead

    /// Where the user lands after a pop, dismiss or finish triggered from `source`, and the coordinator
    /// that is left when none of those places is drawn. Nil for routes that do not go back.
    private mutating func returnTargets(of route: Route, at target: RouteKey, from source: RouteKey) -> (
        places: [RouteKey], fallback: String
    )? {
        switch route.transition?.value {
        case .pop:
            let shown = facts.route(source)
            let places = shown?.transition?.value == .push ? facts.predecessors(of: source) : facts.starters(of: source.coordinator)
            return (places, source.coordinator)
        case .popTo:
            return (route.target.flatMap { facts.resolve($0, in: target.coordinator) }.map { [$0] } ?? [], source.coordinator)
        case .popToRoot:
            let root = facts.graph.coordinator(named: target.coordinator)?.initial?.value
            return (root.map { [RouteKey(coordinator: target.coordinator, route: $0)] } ?? [], source.coordinator)
        case .dismiss, .dismissToRoot:
            if facts.route(source)?.transition?.value == .present {
                return (facts.predecessors(of: source), source.coordinator)
            }
            return (facts.presenters(of: source.coordinator, memo: &presenterMemo), source.coordinator)
        case .finish:
            return (facts.starters(of: target.coordinator), target.coordinator)
        default:
            return nil
        }
    }

    // MARK: Chain

    /// Highlights the chain's routes and numbers its steps.
    private mutating func highlight(_ chain: ChainPath) {
        diagram.chain = chain.name
        let (nodeSteps, edgeSteps) = trace(chain.routes, from: [])
        for (index, step) in edgeSteps {
            diagram.edges[index].isHighlighted = true
            if diagram.edges[index].step == nil { diagram.edges[index].step = step }
        }
        for index in diagram.nodes.indices {
            guard let steps = nodeSteps[diagram.nodes[index].id] else { continue }
            diagram.nodes[index].isHighlighted = true
            diagram.nodes[index].steps = steps
        }
    }

    /// Gives each node and edge on a path from the entry the path's name. The path starts where the app does:
    /// at the entry and its initial screens, which its first step may leave without naming them.
    private mutating func mark(_ path: NamedRoutePath) {
        var start: Set<String> = [NodeID.entry]
        if let entry = facts.graph.entryCoordinator {
            for initial in entry.initials.map(\.value) { start.insert(NodeID.route(RouteKey(coordinator: entry.name, route: initial))) }
        }
        let (nodeSteps, edgeSteps) = trace(path.routes, from: start)
        for (index, _) in edgeSteps where diagram.edges[index].paths?.last != path.name {
            diagram.edges[index].paths = (diagram.edges[index].paths ?? []) + [path.name]
        }
        // The screens the path leaves from are on it too: its first step leaves an initial screen.
        let leftFrom = Set(edgeSteps.map { diagram.edges[$0.index].from })
        for index in diagram.nodes.indices where nodeSteps[diagram.nodes[index].id] != nil || leftFrom.contains(diagram.nodes[index].id) {
            diagram.nodes[index].paths = (diagram.nodes[index].paths ?? []) + [path.name]
        }
    }

    /// The nodes and edges a sequence of routes takes from the nodes `start`, with the steps (from 1) that take
    /// them: each route a step lands on, the edges from one step to the next, and the child starts a step makes.
    /// A step without a node of its own (a dismiss, a select) is the edge that fires it, from the previous
    /// step's screens. Edges come in the order the steps take them, an edge once per step.
    private func trace(_ routes: [RouteKey], from start: Set<String>) -> (nodes: [String: [Int]], edges: [(index: Int, step: Int)]) {
        var previous = start
        var nodeSteps: [String: [Int]] = [:]
        var edgeSteps: [(index: Int, step: Int)] = []
        var edgesInto: [String: [Int]] = [:]
        var edgesFiring: [String: [Int]] = [:]
        var startsFrom: [String: [Int]] = [:]
        for (index, edge) in diagram.edges.enumerated() {
            edgesInto[edge.destination, default: []].append(index)
            if let triggered = edge.triggered { edgesFiring[triggered, default: []].append(index) }
            if edge.kind == .start { startsFrom[edge.from, default: []].append(index) }
        }
        // A start node that starts a child starts the user at the child's first screen.
        var pending = Array(previous)
        while let node = pending.popLast() {
            for index in startsFrom[node] ?? [] where previous.insert(diagram.edges[index].to).inserted {
                pending.append(diagram.edges[index].to)
            }
        }
        for (offset, key) in routes.enumerated() {
            let step = offset + 1
            let id = NodeID.route(key)
            var landed: Set<String> = []
            if nodeIDs.contains(id) {
                nodeSteps[id, default: []].append(step)
                landed.insert(id)
                for index in edgesInto[id] ?? [] where previous.contains(diagram.edges[index].from) { edgeSteps.append((index, step)) }
            } else {
                for index in edgesFiring[key.qualifiedName] ?? [] where previous.contains(diagram.edges[index].from) {
                    edgeSteps.append((index, step))
                    landed.insert(diagram.edges[index].destination)
                }
            }
            // A step into a child goes on at the child's first screen.
            for node in landed {
                for index in startsFrom[node] ?? [] {
                    edgeSteps.append((index, step))
                    landed.insert(diagram.edges[index].to)
                }
            }
            previous = landed
            for node in landed where nodeSteps[node] == nil { nodeSteps[node] = [] }
        }
        return (nodeSteps, edgeSteps)
    }
}

extension EdgeKind {
    /// The kind of an edge into a route with this route's transition; nil for `trigger` redirects.
    init?(_ route: Route) {
        guard let transition = route.transition?.value else {
            self = .route
            return
        }
        switch transition {
        case .push: self = .push
        case .present: self = route.effectiveStyle.isFullScreen ? .presentFullScreen : .presentSheet
        case .setRoot: self = .setRoot
        case .embed: self = .embed
        case .show, .showDetail: self = .show
        case .select: self = .select
        case .attach: self = route.destination == nil ? .route : .attach
        case .pop, .popTo, .popToRoot: self = .pop
        case .dismiss, .dismissToRoot: self = .dismiss
        case .finish: self = .finish
        case .trigger: return nil
        }
    }
}
