import FlowModel

/// Facts about what is on screen (DESIGN §4), computed once over the route graph without enumerating
/// states: each pass is a breadth-first search or one dominator tree, linear in the project.
public struct NavigationState: Sendable {
    /// Routes that some path from the entry reaches with no presentation open: no `present` crossed.
    /// A screen marked here is, on that path, inside no presentation.
    public let reachedUnpresented: [Bool]
    /// Per coordinator: the navigation coordinator whose stack its screens are pushed on (itself when it owns
    /// its stack, the starter's stack for `stack: parent`), or -1 (no stack, or starters on different stacks).
    public let stackOwner: [Int32]
    /// Per coordinator: started, and every reachable route that starts it presents it.
    public let alwaysPresented: [Bool]
    /// Per coordinator: a presentation above it can be open (it or a child it starts can present).
    public let canPresentAbove: [Bool]
    /// The push graph with one extra node, `root` (= route count), pushing every stack's bottom screen.
    public let stackGraph: Adjacency
    /// Dominators of `stackGraph` from `root`: X dominates S when X is below S on its stack on every path.
    public let below: Dominators
    public var root: Int { stackGraph.nodeCount - 1 }

    init(index: FlowIndex, reachability: Reachability, pushGraph: PushGraph) {
        // Chains are left out: a deep link may open while anything is presented.
        reachedUnpresented = Reachability(index: index, crossing: { $0 != .present }).reachedRoute
        let (owners, presented, canPresent) = Self.coordinatorFacts(index: index, reachability: reachability)
        stackOwner = owners
        alwaysPresented = presented
        canPresentAbove = canPresent

        let root = index.routeCount
        var edges: [(from: Int32, to: Int32)] = []
        for screen in 0..<index.routeCount {
            for next in pushGraph.pushes.neighbors(of: screen) { edges.append((Int32(screen), next)) }
        }
        // Every route of an `initial` list may be the bottom of the stack: `start()` picks one.
        for c in 0..<index.coordinatorCount where reachability.startedCoordinator[c] && index.kind[c] == .navigation
            && !index.joinsParentStack[c] {
            for start in index.starts.neighbors(of: c) {
                if let bottom = Self.bottomScreen(of: Int(start), index: index) { edges.append((Int32(root), Int32(bottom))) }
            }
        }
        stackGraph = Adjacency(nodeCount: root + 1, edges: edges)
        below = Dominators(stackGraph, root: root)
    }

    /// Whether `screen` is on a stack some path from the entry builds by pushes.
    public func isStacked(_ screen: Int) -> Bool { below.dominates(root, screen) }

    /// The screen `route` puts on a stack that pushes reach (a `stack: parent` child's first screen for a
    /// route that attaches one), or nil.
    public func stackedScreen(of route: Int, index: FlowIndex) -> Int? {
        Self.bottomScreen(of: route, index: index).flatMap { isStacked($0) ? $0 : nil }
    }

    /// A path of pushes from a stack's bottom to `screen` on which `avoided` is not below it, if there is one.
    public func stackPath(to screen: Int, avoiding avoided: Int) -> [Int]? {
        stackGraph.shortestPath(from: root, avoiding: avoided) { $0 == screen }.map { Array($0.dropFirst()) }
    }

    /// The stack `screen` is shown on top of: its coordinator's (-1 for a presented screen, which has no stack of its own).
    public func visibleStack(of screen: Int, index: FlowIndex) -> Int32 {
        index.transition(screen) == .present ? -1 : stackOwner[Int(index.owner[screen])]
    }

    /// The stack a push or pop performed by `route` (after its `trigger` redirects) acts on; -1 when it pushes or pops
    /// no known stack, nil when it neither pushes nor pops.
    public func stackActedOn(by route: Int, index: FlowIndex) -> Int32? {
        let acting = Int(index.redirect[route])
        guard acting >= 0 else { return nil }
        switch index.transition(acting) {
        case .push?, .pop?, .popToRoot?, .popTo?: return stackOwner[Int(index.owner[acting])]
        default: return nil
        }
    }

    /// The target of a `popTo` that `trigger` performs on `screen`'s stack, when it is not below `screen` on every
    /// path. A target no push reaches (a `setRoot` screen…) is not judged: its place on the stack is not known.
    func popToMiss(of trigger: Int, from screen: Int, index: FlowIndex) -> Int? {
        let stack = stackOwner[Int(index.owner[screen])]
        let popTo = Int(index.redirect[trigger])
        guard stack >= 0, popTo >= 0, index.transition(popTo) == .popTo, index.target[popTo] >= 0,
              stackOwner[Int(index.owner[popTo])] == stack else { return nil }
        // A route that attaches a `stack: parent` child stands for the child's first screen.
        guard let target = stackedScreen(of: Int(index.target[popTo]), index: index),
              target != screen, !below.dominates(target, screen) else { return nil }
        return target
    }

    /// The screen at the bottom of a stack whose initial route is `route`: the route itself, or the first
    /// screen of a `stack: parent` child it attaches.
    private static func bottomScreen(of route: Int, index: FlowIndex) -> Int? {
        index.showsScreen(route) ? route : index.joinedScreen(of: route)
    }

    private static func coordinatorFacts(index: FlowIndex, reachability: Reachability)
        -> (owners: [Int32], presented: [Bool], canPresent: [Bool]) {
        let count = index.coordinatorCount
        var owners = [Int32](repeating: -1, count: count)
        var presented = reachability.startedCoordinator
        var presents = [Bool](repeating: false, count: count)
        // Starter of each `stack: parent` child: -1 none yet, -2 several.
        var starter = [Int32](repeating: -1, count: count)
        var startEdges: [(from: Int32, to: Int32)] = []
        for route in 0..<index.routeCount where reachability.reachedRoute[route] {
            let owner = Int(index.owner[route])
            if index.transition(route) == .present { presents[owner] = true }
            guard index.child[route] >= 0 else { continue }
            let child = Int(index.child[route])
            startEdges.append((Int32(child), Int32(owner)))
            if index.transition(route) != .present { presented[child] = false }
            if starter[child] == -1 { starter[child] = Int32(owner) } else if starter[child] != Int32(owner) { starter[child] = -2 }
        }
        for c in 0..<count where index.kind[c] == .navigation && !index.joinsParentStack[c] { owners[c] = Int32(c) }
        // `stack: parent` chains are followed up to a stack owner, each coordinator resolved once.
        var path: [Int] = []
        for c in 0..<count where index.joinsParentStack[c] && owners[c] == -1 {
            path.removeAll(keepingCapacity: true)
            var current = c
            var found: Int32 = -1
            var visited = Set<Int>()
            while index.joinsParentStack[current], starter[current] >= 0, visited.insert(current).inserted {
                if owners[current] >= 0 { found = owners[current]; break }
                path.append(current)
                current = Int(starter[current])
            }
            if found < 0, !index.joinsParentStack[current] { found = owners[current] }
            for member in path { owners[member] = found }
        }
        // A coordinator can have a presentation above it when it, or any coordinator it starts, presents.
        let startedBy = Adjacency(nodeCount: count, edges: startEdges)
        let canPresent = startedBy.reachable(from: (0..<count).filter { presents[$0] })
        return (owners, presented, canPresent)
    }
}
