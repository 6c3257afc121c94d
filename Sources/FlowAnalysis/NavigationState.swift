import FlowModel

/// Facts about what is on screen (DESIGN §4), computed once over the route graph without enumerating
/// states: each pass is a breadth-first search or one dominator tree, linear in the project.
public struct NavigationState: Sendable {
    /// Routes that some path from the entry reaches with no presentation open: no `present` crossed.
    /// A screen marked here is, on that path, inside no presentation.
    public let reachedUnpresented: PerRoute<Bool>
    /// Per coordinator: the navigation coordinator whose stack its screens are pushed on (itself when it owns
    /// its stack, the starter's stack for `stack: parent`); none without a stack, or with starters on different stacks.
    public let stackOwner: OptionalIDs<Coordinator, Coordinator>
    /// Per coordinator that is not a navigation one (`page`, `tab`, `split`, `view`): the stack every reachable start
    /// pushes it onto (or sets it as the root of), which its screens are shown on top of; none otherwise.
    public let hostStack: OptionalIDs<Coordinator, Coordinator>
    /// Per coordinator: started, and every reachable route that starts it presents it.
    public let alwaysPresented: PerCoordinator<Bool>
    /// Per coordinator: a presentation above it can be open (it or a child it starts can present).
    public let canPresentAbove: PerCoordinator<Bool>
    /// The push graph over route positions with one extra node, `root` (= route count), pushing every stack's bottom screen.
    private let stackGraph: Adjacency
    /// Dominators of `stackGraph` from `root`: X dominates S when X is below S on its stack on every path.
    private let below: Dominators
    private var root: Int { stackGraph.nodeCount - 1 }

    /// The push or pop a route performs.
    public struct StackChange: Sendable {
        /// The stack pushed or popped; nil when it is not known.
        public let stack: CoordinatorID?
    }

    package init(index: FlowIndex, reachability: Reachability, pushGraph: PushGraph) {
        // Chains are left out: a deep link may open while anything is presented.
        reachedUnpresented = Reachability(index: index, crossing: { $0 != .present }).reachedRoute
        let (owners, hosts, presented, canPresent) = Self.coordinatorFacts(index: index, reachability: reachability)
        stackOwner = owners
        hostStack = hosts
        alwaysPresented = presented
        canPresentAbove = canPresent

        let root = Int32(index.routeCount)
        var edges: [(from: Int32, to: Int32)] = []
        for screen in index.routeIDs {
            for next in pushGraph.pushes.neighbors(of: screen) { edges.append((screen.raw, next.raw)) }
        }
        // Every route of an `initial` list may be the bottom of the stack: `start()` picks one.
        for c in index.coordinatorIDs
        where reachability.startedCoordinator[c] && index.kind[c] == .navigation
            && !index.joinsParentStack[c]
        {
            for start in index.starts.neighbors(of: c) {
                if let bottom = Self.bottomScreen(of: start, index: index) { edges.append((root, bottom.raw)) }
            }
        }
        stackGraph = Adjacency(nodeCount: index.routeCount + 1, edges: edges)
        below = Dominators(stackGraph, root: Int(root))
    }

    /// Whether `screen` is on a stack some path from the entry builds by pushes.
    public func isStacked(_ screen: RouteID) -> Bool { below.dominates(root, screen.position) }

    /// Whether `route` is below `screen` on its stack on every path that pushes `screen` (a screen is below itself).
    public func isAlwaysBelow(_ route: RouteID, _ screen: RouteID) -> Bool { below.dominates(route.position, screen.position) }

    /// The screen `route` puts on a stack that pushes reach (a `stack: parent` child's first screen for a
    /// route that attaches one), or nil.
    public func stackedScreen(of route: RouteID, index: FlowIndex) -> RouteID? {
        Self.bottomScreen(of: route, index: index).flatMap { isStacked($0) ? $0 : nil }
    }

    /// A path of pushes from a stack's bottom to `screen` on which `avoided` is not below it, if there is one.
    public func stackPath(to screen: RouteID, avoiding avoided: RouteID) -> [RouteID]? {
        stackGraph.shortestPath(from: root, avoiding: avoided.position) { $0 == screen.position }.map { $0.dropFirst().map(RouteID.init) }
    }

    /// The stack `screen` is shown on top of: its coordinator's (none for a presented screen, which has no stack of its own).
    public func visibleStack(of screen: RouteID, index: FlowIndex) -> CoordinatorID? {
        index.transition(screen) == .present ? nil : shownStack(of: index.owner(of: screen))
    }

    /// The stack the screens of `coordinator` are shown on top of: the one it pushes onto, or, for a container, the
    /// stack its starts put it on (a `page` coordinator pushed onto its parent's stack). What `covered-stack` and
    /// `paths` both ask.
    public func shownStack(of coordinator: CoordinatorID) -> CoordinatorID? {
        stackOwner[coordinator] ?? hostStack[coordinator]
    }

    /// The push or pop `route` performs after its `trigger` redirects; nil when it neither pushes nor pops.
    public func stackChange(by route: RouteID, index: FlowIndex) -> StackChange? {
        guard let acting = index.redirectEnd(of: route) else { return nil }
        switch index.transition(acting) {
        case .push?, .pop?, .popToRoot?, .popTo?: return StackChange(stack: stackOwner[index.owner(of: acting)])
        default: return nil
        }
    }

    /// The target of a `popTo` that `trigger` performs on `screen`'s stack, when it is not below `screen` on every
    /// path. A target no push reaches (a `setRoot` screen…) is not judged: its place on the stack is not known.
    package func popToMiss(of trigger: RouteID, from screen: RouteID, index: FlowIndex) -> RouteID? {
        guard let stack = stackOwner[index.owner(of: screen)], let popTo = index.redirectEnd(of: trigger),
            index.transition(popTo) == .popTo, let popped = index.target(of: popTo),
            stackOwner[index.owner(of: popTo)] == stack
        else { return nil }
        // A route that attaches a `stack: parent` child stands for the child's first screen.
        guard let target = stackedScreen(of: popped, index: index),
            target != screen, !isAlwaysBelow(target, screen)
        else { return nil }
        return target
    }

    /// The screen at the bottom of a stack whose initial route is `route`: the route itself, or the first
    /// screen of a `stack: parent` child it attaches.
    private static func bottomScreen(of route: RouteID, index: FlowIndex) -> RouteID? {
        index.showsScreen(route) ? route : index.joinedScreen(of: route)
    }

    private static func coordinatorFacts(index: FlowIndex, reachability: Reachability)
        -> (
            owners: OptionalIDs<Coordinator, Coordinator>, hosts: OptionalIDs<Coordinator, Coordinator>,
            presented: PerCoordinator<Bool>, canPresent: PerCoordinator<Bool>
        )
    {
        let count = index.coordinatorCount
        var presented = reachability.startedCoordinator
        var presents = PerCoordinator(repeating: false, count: count)
        var startEdges: [(from: Int32, to: Int32)] = []
        var shownOnStarter: [(child: CoordinatorID, starter: CoordinatorID)] = []
        for route in index.routeIDs where reachability.reachedRoute[route] {
            let owner = index.owner(of: route)
            let transition = index.transition(route)
            if transition == .present { presents[owner] = true }
            guard let child = index.child(of: route) else { continue }
            startEdges.append((child.raw, owner.raw))
            if transition != .present { presented[child] = false }
            // A container pushed, or set as the root, sits on its starter's stack (DESIGN §4).
            if index.kind[child] != .navigation, index.kind[owner] == .navigation,
                transition == .push || transition == .setRoot
            {
                shownOnStarter.append((child, owner))
            } else if index.kind[child] != .navigation {
                shownOnStarter.append((child, child))
            }
        }
        let starters = IDAdjacency<Coordinator, Coordinator>(count: count, edges: startEdges)
        let owners = stackOwners(index: index, starters: starters)
        // Where every start of a container puts it on one stack, its screens are shown on top of that stack.
        var hosts = OptionalIDs<Coordinator, Coordinator>(count: count)
        var hostless = PerCoordinator(repeating: false, count: count)
        for (child, starter) in shownOnStarter where !hostless[child] {
            let stack = starter == child ? nil : owners[starter]
            if stack == nil || (hosts[child] != nil && hosts[child] != stack) {
                (hosts[child], hostless[child]) = (nil, true)
            } else {
                hosts[child] = stack
            }
        }
        // A coordinator can have a presentation above it when it, or any coordinator it starts, presents.
        let canPresent = starters.reachable(from: index.coordinatorIDs.filter { presents[$0] })
        return (owners, hosts, presented, canPresent)
    }

    /// The stack each coordinator pushes onto: its own for a navigation coordinator that owns one; for a `stack: parent`
    /// one, the stack every reachable start puts it on, through chains of `stack: parent` starters (DESIGN §4). Two
    /// starters on one stack agree (a child pushed from its parent and from a sibling on the parent's stack); starters on
    /// different stacks, or one with no stack, leave it none. A fixed point over the starts, each coordinator changing
    /// at most twice (unknown → one stack → none): linear.
    private static func stackOwners(index: FlowIndex, starters: IDAdjacency<Coordinator, Coordinator>) -> OptionalIDs<
        Coordinator, Coordinator
    > {
        let count = index.coordinatorCount
        var owners = OptionalIDs<Coordinator, Coordinator>(count: count)
        for c in index.coordinatorIDs where index.kind[c] == .navigation && !index.joinsParentStack[c] { owners[c] = c }
        // For joiners: the stack agreed so far (`owners`), and whether the starters disagree or have none.
        var conflicting = PerCoordinator(repeating: false, count: count)
        var dependentEdges: [(from: Int32, to: Int32)] = []
        for c in index.coordinatorIDs where index.joinsParentStack[c] {
            for starter in starters.neighbors(of: c) where index.joinsParentStack[starter] { dependentEdges.append((starter.raw, c.raw)) }
        }
        let dependents = IDAdjacency<Coordinator, Coordinator>(count: count, edges: dependentEdges)
        var pending = index.coordinatorIDs.filter { index.joinsParentStack[$0] }
        var queued = PerCoordinator(repeating: false, count: count)
        for c in pending { queued[c] = true }
        while let c = pending.popLast() {
            queued[c] = false
            guard !conflicting[c] else { continue }
            var agreed: CoordinatorID?
            var conflict = false
            for starter in starters.neighbors(of: c) where starter != c {
                let joiner = index.joinsParentStack[starter]
                // A joining starter not resolved yet says nothing; one in conflict, or a starter without a stack, spoils it.
                if joiner, owners[starter] == nil, !conflicting[starter] { continue }
                guard let stack = owners[starter], !(joiner && conflicting[starter]) else { conflict = true; break }
                if let agreed, agreed != stack { conflict = true; break }
                agreed = stack
            }
            let changed = conflict != conflicting[c] || (!conflict && agreed != owners[c])
            guard changed else { continue }
            if conflict { (owners[c], conflicting[c]) = (nil, true) } else { owners[c] = agreed }
            for dependent in dependents.neighbors(of: c) where !queued[dependent] && !conflicting[dependent] {
                queued[dependent] = true
                pending.append(dependent)
            }
        }
        return owners
    }
}
