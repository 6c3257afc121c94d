import FlowAnalysis
import FlowModel

/// How a screen is reached from the entry (or from `--from`), or why it is not.
public enum PathAnswer: Sendable, Equatable {
    /// The steps, in order; empty for the screen shown at launch (or the start itself).
    case path([PathStep])
    /// Reachable (DESIGN §2), but every way in takes a step some state does not allow (DESIGN §4).
    case noStateSafePath(reason: String)
    /// Not reachable at all.
    case unreachable(reason: String)
}

/// Shortest paths from one node to every route by one breadth-first search over `PathGraph`, taking only steps
/// without a hazard (0-1 BFS: automatic moves and the app's choices cost nothing). Linear in routes + edges.
/// Ties go to the step met first: routes in spec order, a screen's triggers in the order it lists them.
/// The same search keeps, per node, the shortest path whose last move routes to it (`WitnessArrival.routed`): the
/// least distance to a source of such a move plus its weight, over every move into the node.
public struct ShortestPaths: Sendable {
    /// The last move of a path that arrives at a node a certain way: where it leaves, and its step (nil: automatic).
    struct Arrival {
        var distance: Int32
        var from: Int32
        var step: PathStep?
    }

    public let analysis: Analysis
    /// The node searched from: a route, or `launch` (the route count) for the entry.
    let source: Int
    /// Steps from the source, -1 where not reached.
    private(set) var distance: [Int32]
    /// The node each reached node was reached from (-1 at the source), and the step taken (nil: automatic).
    private(set) var parent: [Int32]
    private(set) var via: [PathStep?]
    /// Per node, the shortest way in whose last move routes to it, nil where every safe way in shows it first.
    private var routed: [Arrival?]
    /// The first step with a hazard that was met into a node no safe step reaches, and its source.
    private var blocked: [Int: (from: Int, hazard: StepHazard)] = [:]
    /// Per node no safe path reaches: the blocked node it is reached from over any edge (-1: none).
    private var cause: [Int32]
    private let launch: Int

    /// From the entry's launch.
    public init(_ analysis: Analysis) {
        self.init(analysis, from: nil)
    }

    /// From the screen `route` (nil: the entry's launch). Without `crossingPresentations`, no step opens a
    /// presentation: the screens reached are shown inside none (`NavigationState.reachedUnpresented`).
    public init(_ analysis: Analysis, from route: RouteID?, crossingPresentations: Bool = true) {
        self.analysis = analysis
        let graph = PathGraph(analysis)
        let source = route?.position ?? graph.launch
        var distance = [Int32](repeating: -1, count: graph.nodeCount)
        var parent = [Int32](repeating: -1, count: graph.nodeCount)
        var via = [PathStep?](repeating: nil, count: graph.nodeCount)
        var routed = [Arrival?](repeating: nil, count: graph.nodeCount)
        var blocked: [Int: (from: Int, hazard: StepHazard)] = [:]
        var done = [Bool](repeating: false, count: graph.nodeCount)
        // The nodes a search without presentations does not enter: an array of its own, as the edge closure
        // must capture neither the analysis nor the graph (each would be copied, once per node searched).
        var refused: [Bool] = []
        if !crossingPresentations {
            let index = analysis.index
            refused = (0..<graph.nodeCount).map { $0 < index.routeCount && index.transition(RouteID($0)) == .present }
        }
        // A deque as two arrays: 0-cost moves go to the front (a stack), steps to the back (a queue).
        var front: [Int] = []
        var back: [Int] = [source]
        var head = 0
        distance[source] = 0
        while true {
            let node: Int
            if let next = front.popLast() {
                node = next
            } else if head < back.count {
                node = back[head]
                head += 1
            } else {
                break
            }
            guard !done[node] else { continue }
            done[node] = true
            var free: [Int] = []
            graph.forEachEdge(from: node) { edge in
                if !refused.isEmpty, refused[edge.target] { return }
                if let hazard = edge.hazard {
                    if blocked[edge.target] == nil { blocked[edge.target] = (node, hazard) }
                    return
                }
                let reached = distance[node] + edge.weight
                // `node`'s distance is final once it is taken: the first least arrival met stays.
                if !edge.showsFirst, routed[edge.target].map({ reached < $0.distance }) ?? true {
                    routed[edge.target] = Arrival(distance: reached, from: Int32(node), step: PathGraph.step(edge, from: node))
                }
                guard distance[edge.target] < 0 || reached < distance[edge.target] else { return }
                distance[edge.target] = reached
                parent[edge.target] = Int32(node)
                via[edge.target] = PathGraph.step(edge, from: node)
                if edge.weight == 0 { free.append(edge.target) } else { back.append(edge.target) }
            }
            // Free moves of one node are taken in spec order, before any node further away.
            front.append(contentsOf: free.reversed())
        }
        blocked = blocked.filter { distance[$0.key] < 0 }
        self.source = source
        self.distance = distance
        self.parent = parent
        self.via = via
        self.routed = routed
        self.blocked = blocked
        launch = graph.launch
        cause = Self.causes(graph, blocked: blocked.keys.sorted(), reached: distance)
    }

    /// For each node no safe path reaches: the first blocked node (in node order) it is reached from over any edge,
    /// by one search forward from all of them.
    private static func causes(_ graph: PathGraph, blocked: [Int], reached distance: [Int32]) -> [Int32] {
        var cause = [Int32](repeating: -1, count: graph.nodeCount)
        var queue = blocked
        for node in blocked { cause[node] = Int32(node) }
        var head = 0
        while head < queue.count {
            let node = queue[head]
            head += 1
            graph.forEachEdge(from: node) { edge in
                guard distance[edge.target] < 0, cause[edge.target] < 0 else { return }
                cause[edge.target] = cause[node]
                queue.append(edge.target)
            }
        }
        return cause
    }

    /// Whether a safe path reaches `route`.
    public func reaches(_ route: RouteID) -> Bool { distance[route.position] >= 0 }

    /// The steps from the source to `node`, nil when no safe path reaches it.
    func steps(to node: Int) -> [PathStep]? {
        guard distance[node] >= 0 else { return nil }
        var steps: [PathStep] = []
        var current = node
        while current != source {
            if let step = via[current] { steps.append(step) }
            current = Int(parent[current])
        }
        return steps.reversed()
    }

    /// The steps from the source to `node` whose last move arrives as `arrival` asks, nil when no safe path does.
    func steps(to node: Int, arriving arrival: WitnessArrival) -> [PathStep]? {
        switch arrival {
        case .any:
            return steps(to: node)
        case .routed:
            guard let last = routed[node], let before = steps(to: Int(last.from)) else { return nil }
            return before + (last.step.map { [$0] } ?? [])
        }
    }

    /// The answer for `route`: its path (the shortest that arrives as `arrival` asks), or why there is none.
    public func answer(for route: RouteID, arriving arrival: WitnessArrival = .any) -> PathAnswer {
        if let steps = steps(to: route.position, arriving: arrival) { return .path(steps) }
        if arrival == .routed, reaches(route) {
            return .noStateSafePath(reason: "every state-safe way in shows it first, at its coordinator's start")
        }
        let index = analysis.index
        let node = route.position
        let owner = index.owner(of: route)
        guard analysis.reachability.reachedRoute[route] || source != launch else {
            if !analysis.reachability.startedCoordinator[owner] {
                return .unreachable(reason: "\(index[coordinator: owner].name) is never started")
            }
            return .unreachable(reason: "no reachable screen triggers it, no coordinator starts it, no chain steps through it")
        }
        if let (from, hazard) = blocked[node] {
            return .noStateSafePath(reason: "\(describe(from)) → \(index.qualifiedName(route)): \(hazard.message(index))")
        }
        if cause[node] >= 0, let (_, hazard) = blocked[Int(cause[node])] {
            return .noStateSafePath(reason: "every way in passes \(describe(Int(cause[node]))), which has none: \(hazard.message(index))")
        }
        if let chain = analysis.chains.firstIndex(where: { $0.stepped.dropLast().contains(route) }) {
            return .noStateSafePath(
                reason: "only chain `\(index.graph.chains[chain].name)` steps through it, and a deep link lands on its last step")
        }
        return .noStateSafePath(
            reason: source == launch
                ? "no state-safe step leads to it" : "no state-safe step leads to it from \(describe(source))")
    }

    /// A node for messages: `Coordinator.route`, or `launch`.
    func describe(_ node: Int) -> String {
        node == launch ? "launch" : analysis.index.qualifiedName(RouteID(node))
    }
}
