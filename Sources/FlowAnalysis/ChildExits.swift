import FlowModel

/// How the user can leave each child coordinator start (DESIGN §1, "Exits of a child coordinator"),
/// with the route that provides each exit, for messages.
public struct ChildExits: Sendable {
    public struct Exits: Sendable {
        /// The reachable `finish` route of the child, if any.
        public var finish: RouteID?
        /// The system back button, or the child's route that pops.
        public var back: Back?
        public var dismiss: Dismiss?
        /// A `setRoot` of the parent that a screen inside the child can fire: the child's container is replaced
        /// while the child is shown, and the parent, which keeps it, lives on.
        public var replaced: RouteID?

        /// The back button exists only where the route is routed to: the route is also a first route of its
        /// coordinator's start, which pushes it onto an empty stack as the root (a witness must not arrive that way).
        public var backOnlyWhenRoutedTo = false

        package init(finish: RouteID? = nil, back: Back? = nil, dismiss: Dismiss? = nil, replaced: RouteID? = nil) {
            (self.finish, self.back, self.dismiss, self.replaced) = (finish, back, dismiss, replaced)
        }

        public enum Back: Sendable { case backButton, popRoute(RouteID) }
        public struct Dismiss: Sendable {
            public var swipe: Bool
            /// A reachable dismiss route that closes the child's presentation.
            public var route: RouteID?
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
    public let exits: PerRoute<Exits?>
    /// Per coordinator: a reachable dismiss that closes the presentation it belongs to (its own, when presented).
    public let closingDismiss: OptionalIDs<Coordinator, Route>

    package init(index: FlowIndex, reachability: Reachability, startGraph: StartGraph, presentations: Presentations, chains: [ChainWalk]) {
        let reached = reachability.reachedRoute
        let replacedBy = ChildExits.setRootsOfParent(index: index, reachability: reachability, dominators: startGraph.dominators)
        let dominators = startGraph.dominators
        var finishRoute = OptionalIDs<Coordinator, Route>(count: index.coordinatorCount)
        var dismissSeed = OptionalIDs<Coordinator, Route>(count: index.coordinatorCount)
        var dismissAllSeed = OptionalIDs<Coordinator, Route>(count: index.coordinatorCount)
        for route in index.routeIDs where reached[route] {
            let owner = index.owner(of: route)
            let transition = index.transition(route)
            if transition == .finish, finishRoute[owner] == nil { finishRoute[owner] = route }
            guard index.showsScreen(route) else { continue }
            for trigger in index.triggers.neighbors(of: route) {
                switch index.effectiveTransition(trigger) {
                case .dismiss where transition != .present:
                    if dismissSeed[owner] == nil { dismissSeed[owner] = trigger }
                case .dismissToRoot:
                    if dismissAllSeed[owner] == nil { dismissAllSeed[owner] = trigger }
                default:
                    break
                }
            }
        }
        // A dismissal inside a coordinator closes what `presentations` says; a dismissToRoot closes every
        // presentation above, so it crosses every start.
        var anyStart: [(from: Int32, to: Int32)] = []
        for child in index.coordinatorIDs {
            for starter in presentations.starters.neighbors(of: child) { anyStart.append((child.raw, index.owner(of: starter).raw)) }
        }
        let closing = ChildExits.propagate(dismissSeed, along: presentations.enclosing)
        let closingAll = ChildExits.propagate(dismissAllSeed, along: IDAdjacency(count: index.coordinatorCount, edges: anyStart))

        // A start route of a coordinator with its own stack (its initial route, or any pick of an `initial` list)
        // that nothing routes to runs once, on an empty stack.
        let routedTo = ChildExits.routedTo(index: index, chains: chains)
        var exits = PerRoute<Exits?>(repeating: nil, count: index.routeCount)
        // A start whose transition its coordinator cannot perform has no exits to judge (invalid-transition reports it).
        for route in index.routeIDs where reached[route] {
            guard let child = index.child(of: route), index.hasSupportedTransition(route) else { continue }
            let transition = index.transition(route)
            var result = Exits()
            result.finish = finishRoute[child]
            // The initial screen of a coordinator that owns its stack is that stack's root: its pop does nothing (pop-at-root).
            let joinsStack = index.joinsParentStack(child, startedBy: route)
            let ownsStack = index.kind[child] == .navigation && !joinsStack
            // A child pushed by a start route of a parent that owns its stack, run only at the start, is pushed onto
            // an empty stack: its first screen is the root, with no back button.
            let owner = index.owner(of: route)
            let firstOnOwnStack =
                index.kind[owner] == .navigation && !index.joinsParentStack[owner]
                && index.starts.neighbors(of: owner).contains(route)
            let pushedAsRoot = firstOnOwnStack && !routedTo[route]
            if (transition == .push && !pushedAsRoot) || (transition == .attach && joinsStack && !pushedAsRoot) {
                result.back = .backButton
                result.backOnlyWhenRoutedTo = firstOnOwnStack
            } else if !ownsStack, let initial = index.initialRoute(of: child),
                let pop = index.triggers.neighbors(of: initial).first(where: { index.effectiveTransition($0) == .pop })
            {
                result.back = .popRoute(pop)
            }
            if transition == .present {
                // An `open` route's style may not have been read: no swipe-down is assumed from it.
                let swipe = index[route: route].isDismissibleBySwipe && !index[route: route].isOpen
                let closer = closing[child] ?? closingAll[child]
                if swipe || closer != nil {
                    result.dismiss = Exits.Dismiss(swipe: swipe, route: closer)
                }
            }
            if let replacer = replacedBy[child], dominators?.immediateDominator(of: child) == owner { result.replaced = replacer }
            exits[route] = result
        }
        self.exits = exits
        closingDismiss = closing
    }

    /// Routes something routes to: a screen's trigger, a `trigger`/`popTo` target, a `then` after a child finishes,
    /// a chain step.
    private static func routedTo(index: FlowIndex, chains: [ChainWalk]) -> PerRoute<Bool> {
        var routedTo = PerRoute(repeating: false, count: index.routeCount)
        for route in index.routeIDs {
            for triggered in index.triggers.neighbors(of: route) { routedTo[triggered] = true }
            for next in index.then.neighbors(of: route) { routedTo[next] = true }
            if let target = index.target(of: route) { routedTo[target] = true }
        }
        for chain in chains { for route in chain.stepped { routedTo[route] = true } }
        return routedTo
    }

    /// Per coordinator C: a reachable `setRoot` route of C's immediate dominator P (the parent that starts it on
    /// every path) fired by a screen of C or of a coordinator inside C, if any. It replaces the root or stack C lives
    /// in while C is shown, and P lives on: App switching from `auth` to `main` with Auth still in its children.
    /// (A `setRoot` further up replaces P too; whether C leaks then follows P, which is judged on its own route.)
    /// A `setRoot` among P's own `triggers` fires while any child of P is shown: it replaces each of them. A `then`
    /// is run by P after the child finished, so its `setRoot` replaces nothing of that child and is not counted.
    private static func setRootsOfParent(
        index: FlowIndex, reachability: Reachability,
        dominators: DominatorTree<Coordinator>?
    ) -> OptionalIDs<Coordinator, Route> {
        var result = OptionalIDs<Coordinator, Route>(count: index.coordinatorCount)
        guard let dominators else { return result }
        var ownSetRoot = OptionalIDs<Coordinator, Route>(count: index.coordinatorCount)
        for parent in index.coordinatorIDs where reachability.startedCoordinator[parent] {
            for trigger in index.coordinatorTriggers.neighbors(of: parent) {
                if let final = index.redirectEnd(of: trigger), index.transition(final) == .setRoot, index.owner(of: final) == parent {
                    ownSetRoot[parent] = final
                    break
                }
            }
        }
        for child in index.coordinatorIDs where reachability.startedCoordinator[child] {
            if let parent = dominators.immediateDominator(of: child), parent != child, let setRoot = ownSetRoot[parent] {
                result[child] = setRoot
            }
        }
        for route in index.routeIDs where reachability.reachedRoute[route] && index.showsScreen(route) {
            let screenOwner = index.owner(of: route)
            for trigger in index.triggers.neighbors(of: route) {
                guard let final = index.redirectEnd(of: trigger), index.transition(final) == .setRoot,
                    let child = dominators.child(of: index.owner(of: final), toward: screenOwner), result[child] == nil
                else { continue }
                result[child] = final
            }
        }
        return result
    }

    /// Spreads each seed (a route) to every node that reaches a seeded node, keeping the seed.
    private static func propagate(
        _ seeds: OptionalIDs<Coordinator, Route>,
        along reversedEdges: IDAdjacency<Coordinator, Coordinator>
    ) -> OptionalIDs<Coordinator, Route> {
        var result = seeds
        var queue = seeds.ids.filter { seeds[$0] != nil }
        var head = 0
        while head < queue.count {
            let node = queue[head]
            head += 1
            for next in reversedEdges.neighbors(of: node) where result[next] == nil {
                result[next] = result[node]
                queue.append(next)
            }
        }
        return result
    }
}
