import FlowModel

/// What a dismissal closes (DESIGN §1): a `dismiss` fired inside coordinator C closes C's presentation when a
/// route presents C, else that of the nearest presented coordinator that starts C through starts that do not
/// present. One fact for the rules (`ChildExits`: which dismiss closes a presented child) and the drawings
/// (where the return edge of a dismiss lands), so a drawn edge and a `leaked-child` finding cannot disagree.
public struct Presentations: Sendable {
    /// Coordinator → the routes that start it, in route order: the reached ones when it is started (an
    /// unreachable start never happens); every one when it is never started, which no rule judges but a
    /// drawing still shows.
    public let starters: IDAdjacency<Coordinator, Route>
    /// Coordinator → the coordinators that start it without presenting it: a dismissal inside it closes
    /// what they belong to. `starters` without the presenting routes, as edges between coordinators.
    public let enclosing: IDAdjacency<Coordinator, Coordinator>
    private let presents: PerRoute<Bool>
    private let index: FlowIndex

    package init(index: FlowIndex, reachability: Reachability) {
        var edges: [(from: Int32, to: Int32)] = []
        var enclosingEdges: [(from: Int32, to: Int32)] = []
        var presents = PerRoute(repeating: false, count: index.routeCount)
        for route in index.routeIDs {
            guard let child = index.child(of: route),
                reachability.reachedRoute[route] || !reachability.startedCoordinator[child]
            else { continue }
            edges.append((child.raw, route.raw))
            presents[route] = index.transition(route) == .present
            if !presents[route] { enclosingEdges.append((child.raw, index.owner(of: route).raw)) }
        }
        starters = IDAdjacency(count: index.coordinatorCount, edges: edges)
        enclosing = IDAdjacency(count: index.coordinatorCount, edges: enclosingEdges)
        self.presents = presents
        self.index = index
    }

    /// The routes that present `coordinator` or the nearest presented coordinators that contain it: what a
    /// dismissal inside it closes. In the order of a depth-first walk up the non-presenting starts, each
    /// coordinator where first met. `memo` keeps the lists of the coordinators walked through, so a deep stack
    /// of pushed coordinators with dismissals costs linear time over all calls that share it.
    public func presenters(of coordinator: CoordinatorID, memo: inout [CoordinatorID: [RouteID]]) -> [RouteID] {
        if let known = memo[coordinator] { return known }
        // Bottom-up: a coordinator's list is its presenting starters and the lists of its other starters'
        // owners, in starter order (the walk's order is the first occurrences of those lists).
        var stack: [(coordinator: CoordinatorID, next: Int)] = [(coordinator, 0)]
        var onStack: Set<CoordinatorID> = [coordinator]
        while let top = stack.last {
            let starters = self.starters.neighbors(of: top.coordinator)
            if top.next < starters.count {
                stack[stack.count - 1].next += 1
                let starter = starters[starters.startIndex + top.next]
                let parent = index.owner(of: starter)
                guard !presents[starter], memo[parent] == nil else { continue }
                // A circle of starts: the first-met order depends on where the walk begins.
                guard onStack.insert(parent).inserted else { return walkedPresenters(of: coordinator) }
                stack.append((parent, 0))
                continue
            }
            var places: [RouteID] = []
            var seen: Set<RouteID> = []
            for starter in starters {
                for place in presents[starter] ? [starter] : memo[index.owner(of: starter)]! where seen.insert(place).inserted {
                    places.append(place)
                }
            }
            memo[top.coordinator] = places
            onStack.remove(top.coordinator)
            stack.removeLast()
        }
        return memo[coordinator]!
    }

    /// `presenters(of:)` by walking from `coordinator` afresh, for coordinators in a circle of starts.
    private func walkedPresenters(of coordinator: CoordinatorID) -> [RouteID] {
        var visited: Set<CoordinatorID> = [coordinator]
        var places: [RouteID] = []
        var stack: [(coordinator: CoordinatorID, next: Int)] = [(coordinator, 0)]
        while let top = stack.last {
            let starters = self.starters.neighbors(of: top.coordinator)
            guard top.next < starters.count else {
                stack.removeLast()
                continue
            }
            stack[stack.count - 1].next += 1
            let starter = starters[starters.startIndex + top.next]
            if presents[starter] {
                places.append(starter)
            } else if visited.insert(index.owner(of: starter)).inserted {
                stack.append((index.owner(of: starter), 0))
            }
        }
        return places
    }
}
