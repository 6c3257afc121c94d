import FlowModel

/// What a dismissal closes (DESIGN §1): a `dismiss` fired inside coordinator C closes C's presentation when a
/// route presents C, else that of the nearest presented coordinator that starts C through starts that do not
/// present. One fact for the rules (`ChildExits`: which dismiss closes a presented child) and the drawings
/// (where the return edge of a dismiss lands), so a drawn edge and a `leaked-child` finding cannot disagree.
public struct Presentations: Sendable {
    /// Coordinator → the routes that start it, in route order: the reached ones when it is started (an
    /// unreachable start never happens); every one when it is never started, which no rule judges but a
    /// drawing still shows.
    public let starters: Adjacency
    /// Coordinator → the coordinators that start it without presenting it: a dismissal inside it closes
    /// what they belong to. `starters` without the presenting routes, as edges between coordinators.
    public let enclosing: Adjacency
    private let presents: [Bool]
    private let owner: [Int32]

    init(index: FlowIndex, reachability: Reachability) {
        var edges: [(from: Int32, to: Int32)] = []
        var enclosingEdges: [(from: Int32, to: Int32)] = []
        var presents = [Bool](repeating: false, count: index.routeCount)
        for route in 0..<index.routeCount where index.child[route] >= 0 {
            let child = index.child[route]
            guard reachability.reachedRoute[route] || !reachability.startedCoordinator[Int(child)] else { continue }
            edges.append((child, Int32(route)))
            presents[route] = index.transition(route) == .present
            if !presents[route] { enclosingEdges.append((child, index.owner[route])) }
        }
        starters = Adjacency(nodeCount: index.coordinatorCount, edges: edges)
        enclosing = Adjacency(nodeCount: index.coordinatorCount, edges: enclosingEdges)
        self.presents = presents
        owner = index.owner
    }

    /// The routes that present `coordinator` or the nearest presented coordinators that contain it: what a
    /// dismissal inside it closes. In the order of a depth-first walk up the non-presenting starts, each
    /// coordinator where first met. `memo` keeps the lists of the coordinators walked through, so a deep stack
    /// of pushed coordinators with dismissals costs linear time over all calls that share it.
    public func presenters(of coordinator: CoordinatorID, memo: inout [CoordinatorID: [RouteID]]) -> [RouteID] {
        if let known = memo[coordinator] { return known }
        // Bottom-up: a coordinator's list is its presenting starters and the lists of its other starters'
        // owners, in starter order (the walk's order is the first occurrences of those lists).
        var stack: [(coordinator: Int, next: Int)] = [(coordinator.position, 0)]
        var onStack: Set<Int> = [coordinator.position]
        while let top = stack.last {
            let starters = self.starters.neighbors(of: top.coordinator)
            if top.next < starters.count {
                stack[stack.count - 1].next += 1
                let starter = Int(starters[starters.startIndex + top.next])
                let parent = Int(owner[starter])
                guard !presents[starter], memo[CoordinatorID(parent)] == nil else { continue }
                // A circle of starts: the first-met order depends on where the walk begins.
                guard onStack.insert(parent).inserted else { return walkedPresenters(of: coordinator.position) }
                stack.append((parent, 0))
                continue
            }
            var places: [RouteID] = []
            var seen: Set<RouteID> = []
            for starter in starters.map(Int.init) {
                for place in presents[starter] ? [RouteID(starter)] : memo[CoordinatorID(owner[starter])]! where seen.insert(place).inserted {
                    places.append(place)
                }
            }
            memo[CoordinatorID(top.coordinator)] = places
            onStack.remove(top.coordinator)
            stack.removeLast()
        }
        return memo[coordinator]!
    }

    /// `presenters(of:)` by walking from `coordinator` afresh, for coordinators in a circle of starts.
    private func walkedPresenters(of coordinator: Int) -> [RouteID] {
        var visited: Set<Int> = [coordinator]
        var places: [RouteID] = []
        var stack: [(coordinator: Int, next: Int)] = [(coordinator, 0)]
        while let top = stack.last {
            let starters = self.starters.neighbors(of: top.coordinator)
            guard top.next < starters.count else {
                stack.removeLast()
                continue
            }
            stack[stack.count - 1].next += 1
            let starter = Int(starters[starters.startIndex + top.next])
            if presents[starter] {
                places.append(RouteID(starter))
            } else if visited.insert(Int(owner[starter])).inserted {
                stack.append((Int(owner[starter]), 0))
            }
        }
        return places
    }
}
