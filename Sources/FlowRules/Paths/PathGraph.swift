import FlowAnalysis
import FlowModel

/// One step of a path from the entry, as a user (or the app on its own state) takes it.
public struct PathStep: Hashable, Sendable {
    public enum Kind: String, Sendable, CaseIterable {
        /// The screen shown triggers `route` (a button, a cell…).
        case tap
        /// The tab bar selects the tab `route` of a tab coordinator that just started.
        case tab
        /// The coordinator fires `route` itself (its `triggers`: login state, a notification…).
        case event
        /// A deep link: chain `chain` runs and lands on `route`.
        case deepLink
        /// `start()` picks `route` of an `initial` list on app state.
        case initial
        /// After a finish, the parent runs `route`, one of several `then` alternatives, on app state.
        case then
    }

    public let kind: Kind
    /// The route fired, selected or picked; for a deep link, the route it lands on.
    public let route: RouteID
    /// The screen shown when a tap fires.
    public let screen: RouteID?
    /// A deep link's chain, its position in `FlowGraph.chains`.
    public let chain: Int?

    /// Whether the step is a user's action (or an event a test causes): what a path's length counts.
    public var isAction: Bool { kind != .initial && kind != .then }
}

/// The graph `paths` searches (DESIGN §1, §2): nodes are the routes and one launch node; an edge is a step or an
/// automatic move (a child's start, a `trigger` redirect, a `select`'s tab, a lone `then`). Every edge carries its
/// hazard (DESIGN §4): the searches take only edges that are available in every state their source can be shown in.
struct PathGraph {
    struct Edge {
        /// nil: automatic, not a step.
        var kind: PathStep.Kind?
        var target: Int
        var chain: Int32 = -1
        var hazard: StepHazard?
        /// A coordinator's start shows the target first (its initial route, an `initial` pick, a tab): an arrival
        /// that does not route to it (`WitnessArrival.routed`).
        var showsFirst = false

        /// User actions cost one; the app's own moves and choices cost nothing.
        var weight: Int32 { kind.map { $0 == .initial || $0 == .then ? 0 : 1 } ?? 0 }
    }

    let analysis: Analysis
    /// The node before anything is shown: the entry starts from it.
    let launch: Int
    var nodeCount: Int { launch + 1 }
    private let chainsFrom: Adjacency

    init(_ analysis: Analysis) {
        self.analysis = analysis
        let index = analysis.index
        launch = index.routeCount
        var edges: [(from: Int32, to: Int32)] = []
        for (position, chain) in index.graph.chains.enumerated() {
            if let from = chain.from.flatMap({ index.coordinator(named: $0.value) }) { edges.append((from.raw, Int32(position))) }
        }
        chainsFrom = Adjacency(nodeCount: index.coordinatorCount, edges: edges)
    }

    /// The step `edge` takes from `node`, nil for an automatic move. Static: a search's edge closure that calls it
    /// captures no graph (copying one retains every array of the analysis, once per node searched).
    static func step(_ edge: Edge, from node: Int) -> PathStep? {
        edge.kind.map { kind in
            PathStep(
                kind: kind, route: RouteID(edge.target), screen: kind == .tap ? RouteID(node) : nil,
                chain: edge.chain >= 0 ? Int(edge.chain) : nil)
        }
    }

    /// The edges out of `node`, in spec order: the screen's triggers, then what starting its child offers, then
    /// where a redirect, a `select` or a finish's continuation leads.
    func forEachEdge(from node: Int, _ body: (Edge) -> Void) {
        let index = analysis.index
        guard node != launch else {
            if let entry = index.entry { starting(entry, body) }
            return
        }
        let route = RouteID(node)
        let owner = index.owner(of: route)
        if index.showsScreen(route) {
            for trigger in index.triggers.neighbors(of: route) {
                body(Edge(kind: .tap, target: trigger.position, hazard: analysis.hazard(firing: trigger, shownOn: route, in: owner)))
            }
        }
        guard index.hasSupportedTransition(route) else { return }
        if let child = index.child(of: route) { starting(child, body) }
        switch index.transition(route) {
        case .trigger?:
            if let target = index.target(of: route) { body(Edge(kind: nil, target: target.position)) }
        case .select?:
            if let tab = index.tab(of: route) { body(Edge(kind: nil, target: tab.position)) }
        case .finish?:
            continuing(after: owner, body)
        default:
            break
        }
    }

    /// What starting `coordinator` shows and offers: its initial route (each of an `initial` list, picked on app
    /// state), its other tabs, its own triggers and its deep links, fired right after it starts.
    private func starting(_ coordinator: CoordinatorID, _ body: (Edge) -> Void) {
        let index = analysis.index
        let initials = index[coordinator: coordinator].initials
        for start in index.starts.neighbors(of: coordinator) {
            let name = index[route: start].name
            if initials.count > 1, initials.contains(where: { $0.value == name }) {
                body(Edge(kind: .initial, target: start.position, showsFirst: true))
            } else {
                body(Edge(kind: index.initialRoute(of: coordinator) == start ? nil : .tab, target: start.position, showsFirst: true))
            }
        }
        for event in index.coordinatorTriggers.neighbors(of: coordinator) {
            body(Edge(kind: .event, target: event.position, hazard: analysis.hazard(firing: event, shownOn: nil, in: coordinator)))
        }
        for chain in chainsFrom.neighbors(of: coordinator.position).map(Int.init) {
            let walk = analysis.chains[chain]
            guard let landing = walk.landing else { continue }
            let valid = walk.failure == nil && walk.popToMisses.isEmpty
            body(Edge(kind: .deepLink, target: landing.position, chain: Int32(chain), hazard: valid ? nil : .invalidChain))
        }
    }

    /// The continuations of a finish in `coordinator`: the `then` of the route that started it. Taken only when one
    /// reached route starts it: which continuation runs otherwise depends on the path.
    private func continuing(after coordinator: CoordinatorID, _ body: (Edge) -> Void) {
        let index = analysis.index
        let starters = analysis.presentations.starters.neighbors(of: coordinator)
        for starter in starters {
            let continuations = index.then.neighbors(of: starter)
            for next in continuations {
                body(
                    Edge(
                        kind: continuations.count > 1 ? .then : nil, target: next.position,
                        hazard: starters.count > 1 ? .severalStarters(coordinator) : nil))
            }
        }
    }
}
