import FlowModel

/// How the user can leave each child coordinator start (DESIGN §1, "Exits of a child coordinator"),
/// with the route that provides each exit, for messages.
public struct ChildExits: Sendable {
    public struct Exits: Sendable {
        /// The reachable `finish` route of the child, if any.
        public var finish: Int?
        /// The system back button, or the child's route that pops.
        public var back: Back?
        public var dismiss: Dismiss?
        /// A `setRoot` of the parent that a screen inside the child can fire: the child's container is replaced
        /// while the child is shown, and the parent, which keeps it, lives on.
        public var replaced: Int?

        public enum Back: Sendable { case backButton, popRoute(Int) }
        public struct Dismiss: Sendable {
            public var swipe: Bool
            /// A reachable dismiss route that closes the child's presentation.
            public var route: Int?
        }

        public var kinds: [ExitKind] { ExitKind.allCases.filter(has) }

        public func has(_ kind: ExitKind) -> Bool {
            switch kind {
            case .finish: finish != nil
            case .back: back != nil
            case .dismiss: dismiss != nil
            case .replaced: replaced != nil
            }
        }
    }

    /// Per route: the exits of the child it starts; `nil` for routes that start no child or are unreachable.
    public let exits: [Exits?]
    /// Per coordinator: a reachable dismiss that closes the presentation it belongs to (its own, when presented).
    public let closingDismiss: [Int32]

    init(index: FlowIndex, reachability: Reachability, startGraph: StartGraph, presentations: Presentations, chains: [ChainWalk]) {
        let reached = reachability.reachedRoute
        let replacedBy = ChildExits.setRootsOfParent(index: index, reachability: reachability, dominators: startGraph.dominators)
        let dominators = startGraph.dominators
        var finishRoute = [Int32](repeating: -1, count: index.coordinatorCount)
        var dismissSeed = [Int32](repeating: -1, count: index.coordinatorCount)
        var dismissAllSeed = [Int32](repeating: -1, count: index.coordinatorCount)
        for route in 0..<index.routeCount where reached[route] {
            let owner = Int(index.owner[route])
            let transition = index.transition(route)
            if transition == .finish, finishRoute[owner] < 0 { finishRoute[owner] = Int32(route) }
            guard index.showsScreen(route) else { continue }
            for trigger in index.triggers.neighbors(of: route) {
                switch index.effectiveTransition(Int(trigger)) {
                case .dismiss where transition != .present:
                    if dismissSeed[owner] < 0 { dismissSeed[owner] = trigger }
                case .dismissToRoot:
                    if dismissAllSeed[owner] < 0 { dismissAllSeed[owner] = trigger }
                default:
                    break
                }
            }
        }
        // A dismissal inside a coordinator closes what `presentations` says; a dismissToRoot closes every
        // presentation above, so it crosses every start.
        var anyStart: [(from: Int32, to: Int32)] = []
        for child in 0..<index.coordinatorCount {
            for starter in presentations.starters.neighbors(of: child) { anyStart.append((Int32(child), index.owner[Int(starter)])) }
        }
        let closing = ChildExits.propagate(dismissSeed, along: presentations.enclosing)
        let closingAll = ChildExits.propagate(dismissAllSeed, along: Adjacency(nodeCount: index.coordinatorCount, edges: anyStart))

        // Routes something routes to (a screen's trigger, a `trigger`/`popTo` target, a chain step). The
        // initial route of a coordinator with its own stack that nothing routes to runs once, on an empty stack.
        var routedTo = [Bool](repeating: false, count: index.routeCount)
        for route in 0..<index.routeCount {
            for triggered in index.triggers.neighbors(of: route) { routedTo[Int(triggered)] = true }
            if index.target[route] >= 0 { routedTo[Int(index.target[route])] = true }
        }
        for chain in chains { for route in chain.steppedRoutes { routedTo[route] = true } }

        var exits = [Exits?](repeating: nil, count: index.routeCount)
        // A start whose transition its coordinator cannot perform has no exits to judge (invalid-transition reports it).
        for route in 0..<index.routeCount where reached[route] && index.child[route] >= 0 && index.hasSupportedTransition(route) {
            let child = Int(index.child[route])
            let transition = index.transition(route)
            var result = Exits()
            if finishRoute[child] >= 0 { result.finish = Int(finishRoute[child]) }
            // The initial screen of a coordinator that owns its stack is that stack's root: its pop does nothing (pop-at-root).
            let joinsStack = index.joinsParentStack(child, startedBy: route)
            let ownsStack = index.kind[child] == .navigation && !joinsStack
            let initial = Int(index.initial[child])
            // A child pushed by the first route of a parent that owns its stack, run only at the start, is pushed
            // onto an empty stack: its first screen is the root, with no back button.
            let owner = Int(index.owner[route])
            let pushedAsRoot = index.initial[owner] == Int32(route) && index.kind[owner] == .navigation && !index.joinsParentStack[owner]
                && !routedTo[route]
            if (transition == .push && !pushedAsRoot) || (transition == .attach && joinsStack && !pushedAsRoot) {
                result.back = .backButton
            } else if !ownsStack, initial >= 0,
                      let pop = index.triggers.neighbors(of: initial).first(where: { index.effectiveTransition(Int($0)) == .pop }) {
                result.back = .popRoute(Int(pop))
            }
            if transition == .present {
                // An `open` route's style may not have been read: no swipe-down is assumed from it.
                let swipe = index[route: route].isDismissibleBySwipe && !index[route: route].isOpen
                let closer = closing[child] >= 0 ? closing[child] : closingAll[child]
                if swipe || closer >= 0 {
                    result.dismiss = Exits.Dismiss(swipe: swipe, route: closer >= 0 ? Int(closer) : nil)
                }
            }
            if replacedBy[child] >= 0, dominators?.immediateDominator[child] == index.owner[route] { result.replaced = Int(replacedBy[child]) }
            exits[route] = result
        }
        self.exits = exits
        closingDismiss = closing
    }

    /// Per coordinator C: a reachable `setRoot` route of C's immediate dominator P (the parent that starts it on
    /// every path) fired by a screen of C or of a coordinator inside C, or -1. It replaces the root or stack C lives
    /// in while C is shown, and P lives on: App switching from `auth` to `main` with Auth still in its children.
    /// (A `setRoot` further up replaces P too; whether C leaks then follows P, which is judged on its own route.)
    /// A `setRoot` among P's own `triggers` fires while any child of P is shown: it replaces each of them. A `then`
    /// is run by P after the child finished, so its `setRoot` replaces nothing of that child and is not counted.
    private static func setRootsOfParent(index: FlowIndex, reachability: Reachability, dominators: Dominators?) -> [Int32] {
        var result = [Int32](repeating: -1, count: index.coordinatorCount)
        guard let dominators else { return result }
        var ownSetRoot = [Int32](repeating: -1, count: index.coordinatorCount)
        for parent in 0..<index.coordinatorCount where reachability.startedCoordinator[parent] {
            for trigger in index.coordinatorTriggers.neighbors(of: parent) {
                let final = Int(index.redirect[Int(trigger)])
                if final >= 0, index.transition(final) == .setRoot, Int(index.owner[final]) == parent { ownSetRoot[parent] = Int32(final); break }
            }
        }
        for child in 0..<index.coordinatorCount where reachability.startedCoordinator[child] {
            let parent = Int(dominators.immediateDominator[child])
            if parent >= 0, parent != child, ownSetRoot[parent] >= 0 { result[child] = ownSetRoot[parent] }
        }
        for route in 0..<index.routeCount where reachability.reachedRoute[route] && index.showsScreen(route) {
            let screenOwner = Int(index.owner[route])
            for trigger in index.triggers.neighbors(of: route) {
                let final = Int(index.redirect[Int(trigger)])
                guard final >= 0, index.transition(final) == .setRoot,
                      let child = dominators.child(of: Int(index.owner[final]), toward: screenOwner), result[child] < 0 else { continue }
                result[child] = Int32(final)
            }
        }
        return result
    }

    /// Spreads each seed (a route id, or -1) to every node that reaches a seeded node, keeping the seed.
    private static func propagate(_ seeds: [Int32], along reversedEdges: Adjacency) -> [Int32] {
        var result = seeds
        var queue = seeds.indices.filter { seeds[$0] >= 0 }
        var head = 0
        while head < queue.count {
            let node = queue[head]
            head += 1
            for next in reversedEdges.neighbors(of: node) where result[Int(next)] < 0 {
                result[Int(next)] = result[node]
                queue.append(Int(next))
            }
        }
        return result
    }
}
