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
    /// The coordinators the chain runs in, each once, in the order first met: its `from`, the coordinators of
    /// its steps and of where their redirects land, and the children its steps start (through a selected tab too).
    public private(set) var passedCoordinators: [CoordinatorID] = []
    /// The index of the first invalid step and why, if any.
    public private(set) var failure: (step: Int, reason: Failure)?
    /// Steps that pop to a route that is not on the stack at that step, with the stack from the bottom. Judged
    /// only in navigation coordinators the chain itself started: their stack is then exactly their initial
    /// screen and what the chain did since. What was on screen before the chain is not known.
    public private(set) var popToMisses: [(step: Int, target: RouteID, stack: [RouteID])] = []

    /// Walks every chain. A chain starts with `from` and the coordinators active whenever `from` is: its
    /// dominators among all starts (starts of unreachable routes only add paths, so none is claimed wrongly).
    public static func walks(_ chains: [Chain], index: FlowIndex) -> [ChainWalk] {
        guard !chains.isEmpty else { return [] }
        let dominators = index.entry.map { DominatorTree(index.childStarts, root: $0) }
        return chains.map { ChainWalk($0, index: index, dominators: dominators) }
    }

    package init(_ chain: Chain, index: FlowIndex, dominators: DominatorTree<Coordinator>? = nil) {
        var passed: [CoordinatorID] = []
        defer {
            var seen: Set<CoordinatorID> = []
            passedCoordinators = passed.filter { seen.insert($0).inserted }
        }
        guard let from = chain.from.flatMap({ index.coordinator(named: $0.value) }) else { return }
        passed.append(from)
        // `X.route` may name an ancestor that always starts `from` (the entry, a root switcher…).
        var active = [from]
        var ancestor = dominators?.immediateDominator(of: from)
        while let above = ancestor, let dominators {
            active.append(above)
            ancestor = dominators.immediateDominator(of: above)
        }
        active.reverse()
        // Per open presentation, the depth of `active` that dismissing it returns to. Routing to an
        // ancestor's route leaves presentations open, so a later dismiss may not change `active`.
        var presentations: [Int] = []
        var stacks = KnownStacks()
        for (position, step) in chain.steps.enumerated() {
            let current = active.last!
            let kind = index[coordinator: current].kind?.value
            switch step.action {
            case .route(let reference):
                var scope = current
                if let qualifier = reference.coordinator {
                    guard let found = index.coordinator(named: qualifier), let depth = active.lastIndex(of: found) else {
                        failure = (position, .notActive(qualifier: qualifier, coordinator: current))
                        return
                    }
                    active.removeSubrange((depth + 1)...)
                    scope = found
                }
                guard let route = index.route(named: reference.route, in: scope) else {
                    failure = (position, .notInCoordinator(name: reference.route, coordinator: scope))
                    return
                }
                stepped.append(route)
                passed.append(scope)
                // A `trigger` route lands where its redirect does, in an active coordinator.
                var landed = route
                if index.transition(route) == .trigger, let end = index.redirectEnd(of: route) {
                    landed = end
                    passed.append(index.owner(of: landed))
                    if let depth = active.lastIndex(of: index.owner(of: landed)) {
                        active.removeSubrange((depth + 1)...)
                    }
                }
                // A `select` route lands on its tab, whose coordinator the next step runs in.
                if index.transition(landed) == .select, let tab = index.tab(of: landed) { landed = tab }
                if index.transition(landed) == .present { presentations.append(active.count) }
                if let miss = stacks.apply(landed, index: index) { popToMisses.append((position, miss.target, miss.stack)) }
                if let child = index.child(of: landed) {
                    active.append(child)
                    passed.append(child)
                }
            case .select(let tab):
                guard kind == .tab else {
                    failure = (position, .wrongKind(needs: .tab, coordinator: current))
                    return
                }
                let tabs = index[coordinator: current].tabs?.map(\.value) ?? []
                guard tabs.contains(tab.value), let route = index.route(named: tab.value, in: current) else {
                    failure = (position, .notInCoordinator(name: tab.value, coordinator: current))
                    return
                }
                stepped.append(route)
                if let child = index.child(of: route) {
                    active.append(child)
                    passed.append(child)
                }
            case .popTo(let reference):
                guard kind == .navigation else {
                    failure = (position, .wrongKind(needs: .navigation, coordinator: current))
                    return
                }
                guard reference.coordinator == nil || reference.coordinator == index[coordinator: current].name,
                    let target = index.route(named: reference.route, in: current)
                else {
                    failure = (position, .notInCoordinator(name: reference.route, coordinator: current))
                    return
                }
                if let miss = stacks.popTo(target, in: current) { popToMisses.append((position, target, miss)) }
            case .pop, .popToRoot:
                guard kind == .navigation else {
                    failure = (position, .wrongKind(needs: .navigation, coordinator: current))
                    return
                }
                stacks.pop(in: current, toRoot: step.action == .popToRoot)
            case .dismiss:
                // Closes the top presentation, and with it the coordinators started inside it.
                if let depth = presentations.popLast(), depth < active.count { active.removeSubrange(depth...) }
            case .dismissToRoot:
                if let depth = presentations.first, depth < active.count { active.removeSubrange(depth...) }
                presentations.removeAll()
            }
        }
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
