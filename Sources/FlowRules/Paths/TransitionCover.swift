import FlowAnalysis
import FlowModel

/// A small set of paths from the entry that together take every state-safe step out of every screen a safe path
/// reaches (`paths --cover transitions`): a UI-test plan. Each path is a shortest path plus one step; greedy, the
/// longest first, keeping a path when it takes a step no kept path takes. Within such paths that is the minimum (a
/// kept path is the only one that takes its last step, or ends deepest in its branch of the search tree).
public struct TransitionCover: Sendable {
    /// The kept paths, in the order kept.
    public let paths: [[PathStep]]
    /// The steps out of safely reached nodes: every one is taken by some kept path.
    public let steps: Int
    /// Steps out of safely reached nodes that have a hazard, with it: no path takes them.
    public let unsafe: [(step: PathStep, hazard: StepHazard)]
    /// No plan of walks from the entry can have fewer paths: each step onto a screen with no safe step out
    /// ends a walk of its own.
    public let lowerBound: Int

    public init(_ paths: ShortestPaths) {
        let graph = PathGraph(paths.analysis)
        let count = graph.nodeCount
        // Candidates: (source, step), the step taken after the shortest path to the source.
        var candidates: [(source: Int, target: Int, step: PathStep, isTreeEdge: Bool)] = []
        var unsafe: [(step: PathStep, hazard: StepHazard)] = []
        var hasWayOut = [Bool](repeating: false, count: count)
        for node in 0..<count where paths.distance[node] >= 0 {
            graph.forEachEdge(from: node) { edge in
                guard let step = PathGraph.step(edge, from: node) else {
                    if edge.hazard == nil { hasWayOut[node] = true }
                    return
                }
                if let hazard = edge.hazard {
                    unsafe.append((step, hazard))
                    return
                }
                hasWayOut[node] = true
                let isTreeEdge = paths.parent[edge.target] == Int32(node) && paths.via[edge.target] == step
                candidates.append((node, edge.target, step, isTreeEdge))
            }
        }
        let depth = Self.depths(paths)
        // Deepest first; a tree edge's own candidate is the tree path to its target, covered by any deeper path.
        let order = candidates.indices.sorted { (depth[candidates[$0].source], $1) > (depth[candidates[$1].source], $0) }
        var throughNode = [Bool](repeating: false, count: count)
        var kept: [[PathStep]] = []
        for position in order {
            let candidate = candidates[position]
            if candidate.isTreeEdge && throughNode[candidate.target] { continue }
            kept.append(paths.steps(to: candidate.source)! + [candidate.step])
            if candidate.isTreeEdge { throughNode[candidate.target] = true }
            var node = candidate.source
            while node >= 0, !throughNode[node] {
                throughNode[node] = true
                node = Int(paths.parent[node])
            }
        }
        self.paths = kept
        steps = candidates.count
        self.unsafe = unsafe
        let deadEnds = candidates.filter { paths.analysis.index.showsScreen(RouteID($0.target)) && !hasWayOut[$0.target] }.count
        lowerBound = candidates.isEmpty ? 0 : max(1, deadEnds)
    }

    /// Each node's number of edges from the source in the search tree (automatic moves count: they order
    /// a branch's nodes).
    private static func depths(_ paths: ShortestPaths) -> [Int32] {
        var depth = [Int32](repeating: -1, count: paths.distance.count)
        var chain: [Int] = []
        for start in depth.indices where paths.distance[start] >= 0 && depth[start] < 0 {
            var node = start
            while node >= 0, depth[node] < 0 {
                chain.append(node)
                node = Int(paths.parent[node])
            }
            var next = node >= 0 ? depth[node] : -1
            while let member = chain.popLast() {
                next += 1
                depth[member] = next
            }
        }
        return depth
    }
}

/// The routes that lead to a route: every step or automatic move into it from a route reachable from the entry
/// (`paths --who-reaches`), with whether a safe path takes it and, if not, why.
public struct Predecessor: Sendable, Equatable {
    /// The route it is taken from; nil for the launch.
    public let from: RouteID?
    /// The step, nil for an automatic move (a child's start, a redirect, a `select`'s tab, a lone `then`).
    public let step: PathStep?
    /// Why no path takes it: a hazard of the step, or no state-safe path to `from`.
    public let unsafeReason: String?

    public static func of(_ route: RouteID, in paths: ShortestPaths) -> [Predecessor] {
        let analysis = paths.analysis
        let graph = PathGraph(analysis)
        var result: [Predecessor] = []
        for node in 0..<graph.nodeCount where node == graph.launch || analysis.reachability.reachedRoute[RouteID(node)] {
            graph.forEachEdge(from: node) { edge in
                guard edge.target == route.position else { return }
                let reason =
                    edge.hazard.map { $0.message(analysis.index) }
                    ?? (paths.distance[node] < 0 ? "\(paths.describe(node)) has no state-safe path" : nil)
                result.append(
                    Predecessor(
                        from: node == graph.launch ? nil : RouteID(node), step: PathGraph.step(edge, from: node),
                        unsafeReason: reason))
            }
        }
        return result
    }
}
