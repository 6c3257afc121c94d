import FlowModel

/// A chain followed step by step from its `from` coordinator, as far as its steps are valid.
public struct ChainWalk: Sendable {
    public enum Failure: Sendable {
        /// The step names a route (or tab) the current coordinator does not have.
        case notInCoordinator(name: String, coordinator: CoordinatorID)
        /// The step needs another kind of coordinator (`select` on a navigation coordinator…).
        case wrongKind(needs: CoordinatorKind, coordinator: CoordinatorID)
        /// `X.route` where X is not active at that point of the chain.
        case notActive(qualifier: String, coordinator: CoordinatorID)
    }

    /// The routes the chain steps through, in order: reachable whenever `from` is.
    public private(set) var stepped: [RouteID] = []
    /// Where the chain leaves the user: its last route stepped through, after a `trigger` redirect and a `select`'s
    /// tab; nil when no route is stepped through or the last one's redirect does not resolve.
    public private(set) var landing: RouteID?
    /// The coordinators the chain runs in, each once, in the order first met: its `from`, the coordinators of
    /// its steps and of where their redirects land, and the children its steps start (through a selected tab too).
    public private(set) var passedCoordinators: [CoordinatorID] = []
    /// The index of the first invalid step and why, if any.
    public private(set) var failure: (step: Int, reason: Failure)?
    /// Steps that pop to a route that is not on the stack at that step, with the stack from the bottom. Judged
    /// only in navigation coordinators the chain itself started: their stack is then exactly their initial
    /// screen and what the chain did since. What was on screen before the chain is not known.
    public private(set) var popToMisses: [(step: Int, target: RouteID, stack: [RouteID])] = []
    /// The coordinators active after the steps taken so far, outermost first: `from` and the ancestors that always
    /// start it, then the coordinators the steps started and have not closed. Empty when `from` is not known.
    package private(set) var active: [CoordinatorID] = []
    /// Per open presentation, the depth of `active` that dismissing it returns to. Routing to an
    /// ancestor's route leaves presentations open, so a later dismiss may not change `active`.
    private var presentations: [Int] = []
    private var stacks = KnownStacks()

    /// Walks every chain. A chain starts with `from` and the coordinators active whenever `from` is: its
    /// dominators among all starts (starts of unreachable routes only add paths, so none is claimed wrongly).
    public static func walks(_ chains: [Chain], index: FlowIndex) -> [ChainWalk] {
        guard !chains.isEmpty else { return [] }
        let dominators = index.entry.map { DominatorTree(index.childStarts, root: $0) }
        return chains.map { ChainWalk($0, index: index, dominators: dominators) }
    }

    package init(_ chain: Chain, index: FlowIndex, dominators: DominatorTree<Coordinator>? = nil) {
        self.init(from: chain.from.flatMap { index.coordinator(named: $0.value) }, index: index, dominators: dominators)
        guard !active.isEmpty else { return }
        for (position, step) in chain.steps.enumerated() {
            guard take(step, at: position, index: index) else { return }
        }
    }

    /// A walk that has taken no step yet, for a caller that takes the steps one by one (`take(_:at:index:)`).
    /// `X.route` may name an ancestor that always starts `from` (the entry, a root switcher…): with `dominators`,
    /// those are active from the start.
    package init(from: CoordinatorID?, index: FlowIndex, dominators: DominatorTree<Coordinator>? = nil) {
        guard let from else { return }
        pass(from)
        var active = [from]
        var ancestor = dominators?.immediateDominator(of: from)
        while let above = ancestor, let dominators {
            active.append(above)
            ancestor = dominators.immediateDominator(of: above)
        }
        self.active = active.reversed()
    }

    /// Takes one step (the chain's step at `position`); `false`, with `failure` set, when the step is invalid.
    @discardableResult
    package mutating func take(_ step: ChainStep, at position: Int, index: FlowIndex) -> Bool {
        let current = active.last!
        let kind = index[coordinator: current].kind?.value
        switch step.action {
        case .route(let reference):
            var scope = current
            if let qualifier = reference.coordinator {
                guard let found = index.coordinator(named: qualifier), let depth = active.lastIndex(of: found) else {
                    failure = (position, .notActive(qualifier: qualifier, coordinator: current))
                    return false
                }
                active.removeSubrange((depth + 1)...)
                scope = found
            }
            guard let route = index.route(named: reference.route, in: scope) else {
                failure = (position, .notInCoordinator(name: reference.route, coordinator: scope))
                return false
            }
            record(route, index: index)
            pass(scope)
            // A `trigger` route lands where its redirect does, in an active coordinator; a `select` route on its
            // tab, whose coordinator the next step runs in.
            let landed = landing ?? route
            if index.transition(route) == .trigger, landing != nil {
                pass(index.owner(of: landed))
                if let depth = active.lastIndex(of: index.owner(of: landed)) {
                    active.removeSubrange((depth + 1)...)
                }
            }
            if index.transition(landed) == .present { presentations.append(active.count) }
            if let miss = stacks.apply(landed, index: index) { popToMisses.append((position, miss.target, miss.stack)) }
            start(index.child(of: landed))
        case .select(let tab):
            guard kind == .tab else {
                failure = (position, .wrongKind(needs: .tab, coordinator: current))
                return false
            }
            let tabs = index[coordinator: current].tabs?.map(\.value) ?? []
            guard tabs.contains(tab.value), let route = index.route(named: tab.value, in: current) else {
                failure = (position, .notInCoordinator(name: tab.value, coordinator: current))
                return false
            }
            record(route, index: index)
            start(index.child(of: route))
        case .popTo(let reference):
            guard kind == .navigation else {
                failure = (position, .wrongKind(needs: .navigation, coordinator: current))
                return false
            }
            guard reference.coordinator == nil || reference.coordinator == index[coordinator: current].name,
                let target = index.route(named: reference.route, in: current)
            else {
                failure = (position, .notInCoordinator(name: reference.route, coordinator: current))
                return false
            }
            if let miss = stacks.popTo(target, in: current) { popToMisses.append((position, target, miss)) }
        case .pop, .popToRoot:
            guard kind == .navigation else {
                failure = (position, .wrongKind(needs: .navigation, coordinator: current))
                return false
            }
            stacks.pop(in: current, toRoot: step.action == .popToRoot)
        case .dismiss:
            // Closes the top presentation, and with it the coordinators started inside it.
            if let depth = presentations.popLast(), depth < active.count { active.removeSubrange(depth...) }
        case .dismissToRoot:
            if let depth = presentations.first, depth < active.count { active.removeSubrange(depth...) }
            presentations.removeAll()
        }
        return true
    }

    /// Records a route stepped through and where it leaves the user.
    private mutating func record(_ route: RouteID, index: FlowIndex) {
        stepped.append(route)
        var landed = route
        if index.transition(route) == .trigger {
            landing = index.redirectEnd(of: route)
            guard let end = landing else { return }
            landed = end
        }
        if index.transition(landed) == .select, let tab = index.tab(of: landed) { landed = tab }
        landing = landed
    }

    private mutating func start(_ child: CoordinatorID?) {
        guard let child else { return }
        active.append(child)
        pass(child)
    }

    private mutating func pass(_ coordinator: CoordinatorID) {
        if !passedCoordinators.contains(coordinator) { passedCoordinators.append(coordinator) }
    }
}

/// The stacks a chain knows exactly: those of the navigation coordinators it started, by coordinator.
private struct KnownStacks {
    private var stacks: [CoordinatorID: [RouteID]] = [:]

    /// Applies a route the chain steps through (`landed`: where a `trigger` lands); a `popTo` route whose
    /// target is not on the known stack is returned as a miss.
    package mutating func apply(_ landed: RouteID, index: FlowIndex) -> (target: RouteID, stack: [RouteID])? {
        let owner = index.owner(of: landed)
        var miss: (target: RouteID, stack: [RouteID])?
        if stacks[owner] != nil {
            switch index.transition(landed) {
            case .push?:
                // A child pushing onto this stack makes it unknown from here on.
                if let child = index.child(of: landed), index.joinsParentStack[child] {
                    stacks[owner] = nil
                } else {
                    stacks[owner]!.append(landed)
                }
            case .pop?, .popToRoot?:
                pop(in: owner, toRoot: index.transition(landed) == .popToRoot)
            case .popTo?:
                if let target = index.target(of: landed) { miss = popTo(target, in: owner).map { (target, $0) } }
            case .setRoot?:
                stacks[owner] = [landed]
            default:
                break
            }
        }
        // A navigation coordinator the chain creates starts with its initial screen.
        if let child = index.child(of: landed) {
            let creates = [.push, .present, .setRoot].contains(index.transition(landed))
            let fresh = creates && index.kind[child] == .navigation && !index.joinsParentStack[child]
            stacks[child] = fresh ? index.initialRoute(of: child).map { [$0] } : nil
        }
        return miss
    }

    /// Pops to `target`; the known stack when `target` is not on it (the stack is unknown afterwards).
    package mutating func popTo(_ target: RouteID, in coordinator: CoordinatorID) -> [RouteID]? {
        guard let stack = stacks[coordinator] else { return nil }
        guard let depth = stack.lastIndex(of: target) else {
            stacks[coordinator] = nil
            return stack
        }
        stacks[coordinator] = Array(stack[...depth])
        return nil
    }

    package mutating func pop(in coordinator: CoordinatorID, toRoot: Bool) {
        guard let stack = stacks[coordinator], stack.count > 1 else { return }
        stacks[coordinator] = toRoot ? [stack[0]] : Array(stack.dropLast())
    }
}
