import FlowModel

/// A chain followed step by step from its `from` coordinator, as far as its steps are valid.
public struct ChainWalk: Sendable {
    public enum Failure: Sendable {
        /// The step names a route (or tab) the current coordinator does not have.
        case notInCoordinator(name: String, coordinator: Int)
        /// The step needs another kind of coordinator (`select` on a navigation coordinator…).
        case wrongKind(needs: CoordinatorKind, coordinator: Int)
        /// `X.route` where X is not active at that point of the chain.
        case notActive(qualifier: String, coordinator: Int)
    }

    /// The routes the chain steps through, in order: reachable whenever `from` is.
    public var stepped: [RouteID] { steppedRoutes.map(RouteID.init) }
    private(set) var steppedRoutes: [Int] = []
    /// The coordinators the chain runs in, each once, in the order first met: its `from`, the coordinators of
    /// its steps and of where their redirects land, and the children its steps start (through a selected tab too).
    public private(set) var passedCoordinators: [CoordinatorID] = []
    /// The index of the first invalid step and why, if any.
    public private(set) var failure: (step: Int, reason: Failure)?
    /// Steps that pop to a route that is not on the stack at that step, with the stack from the bottom. Judged
    /// only in navigation coordinators the chain itself started: their stack is then exactly their initial
    /// screen and what the chain did since. What was on screen before the chain is not known.
    public private(set) var popToMisses: [(step: Int, target: Int, stack: [Int])] = []

    /// Walks every chain. A chain starts with `from` and the coordinators active whenever `from` is: its
    /// dominators among all starts (starts of unreachable routes only add paths, so none is claimed wrongly).
    public static func walks(_ chains: [Chain], index: FlowIndex) -> [ChainWalk] {
        guard !chains.isEmpty else { return [] }
        let dominators = index.entry.map { Dominators(index.childStarts, root: $0) }
        return chains.map { ChainWalk($0, index: index, dominators: dominators) }
    }

    init(_ chain: Chain, index: FlowIndex, dominators: Dominators? = nil) {
        var stepped: [Int] = []
        var passed: [Int] = []
        defer {
            steppedRoutes = stepped
            var seen: Set<Int> = []
            passedCoordinators = passed.filter { seen.insert($0).inserted }.map(CoordinatorID.init)
        }
        guard let from = chain.from.flatMap({ index.coordinatorID($0.value) }) else { return }
        passed.append(from)
        // `X.route` may name an ancestor that always starts `from` (the entry, a root switcher…).
        var active = [from]
        var ancestor = dominators.map { Int($0.immediateDominator[from]) } ?? -1
        while ancestor >= 0, let dominators {
            active.append(ancestor)
            ancestor = Int(dominators.immediateDominator[ancestor])
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
                    guard let found = index.coordinatorID(qualifier), let depth = active.lastIndex(of: found) else {
                        failure = (position, .notActive(qualifier: qualifier, coordinator: current))
                        return
                    }
                    active.removeSubrange((depth + 1)...)
                    scope = found
                }
                guard let route = index.routeID(reference.route, in: scope) else {
                    failure = (position, .notInCoordinator(name: reference.route, coordinator: scope))
                    return
                }
                stepped.append(route)
                passed.append(scope)
                // A `trigger` route lands where its redirect does, in an active coordinator.
                var landed = route
                if index.transition(route) == .trigger, index.redirect[route] >= 0 {
                    landed = Int(index.redirect[route])
                    passed.append(Int(index.owner[landed]))
                    if let depth = active.lastIndex(of: Int(index.owner[landed])) {
                        active.removeSubrange((depth + 1)...)
                    }
                }
                // A `select` route lands on its tab, whose coordinator the next step runs in.
                if index.transition(landed) == .select, index.tab[landed] >= 0 { landed = Int(index.tab[landed]) }
                if index.transition(landed) == .present { presentations.append(active.count) }
                if let miss = stacks.apply(landed, index: index) { popToMisses.append((position, miss.target, miss.stack)) }
                if index.child[landed] >= 0 {
                    active.append(Int(index.child[landed]))
                    passed.append(Int(index.child[landed]))
                }
            case .select(let tab):
                guard kind == .tab else {
                    failure = (position, .wrongKind(needs: .tab, coordinator: current))
                    return
                }
                let tabs = index[coordinator: current].tabs?.map(\.value) ?? []
                guard tabs.contains(tab.value), let route = index.routeID(tab.value, in: current) else {
                    failure = (position, .notInCoordinator(name: tab.value, coordinator: current))
                    return
                }
                stepped.append(route)
                if index.child[route] >= 0 {
                    active.append(Int(index.child[route]))
                    passed.append(Int(index.child[route]))
                }
            case .popTo(let reference):
                guard kind == .navigation else {
                    failure = (position, .wrongKind(needs: .navigation, coordinator: current))
                    return
                }
                guard reference.coordinator == nil || reference.coordinator == index[coordinator: current].name,
                      let target = index.routeID(reference.route, in: current) else {
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
    private var stacks: [Int: [Int]] = [:]

    /// Applies a route the chain steps through (`landed`: where a `trigger` lands); a `popTo` route whose
    /// target is not on the known stack is returned as a miss.
    mutating func apply(_ landed: Int, index: FlowIndex) -> (target: Int, stack: [Int])? {
        let owner = Int(index.owner[landed])
        var miss: (target: Int, stack: [Int])?
        if stacks[owner] != nil {
            switch index.transition(landed) {
            case .push?:
                // A child pushing onto this stack makes it unknown from here on.
                let child = Int(index.child[landed])
                if child >= 0 && index.joinsParentStack[child] { stacks[owner] = nil } else { stacks[owner]!.append(landed) }
            case .pop?, .popToRoot?:
                pop(in: owner, toRoot: index.transition(landed) == .popToRoot)
            case .popTo? where index.target[landed] >= 0:
                miss = popTo(Int(index.target[landed]), in: owner).map { (Int(index.target[landed]), $0) }
            case .setRoot?:
                stacks[owner] = [landed]
            default:
                break
            }
        }
        // A navigation coordinator the chain creates starts with its initial screen.
        let child = Int(index.child[landed])
        if child >= 0 {
            let creates = [.push, .present, .setRoot].contains(index.transition(landed))
            let fresh = creates && index.kind[child] == .navigation && !index.joinsParentStack[child] && index.initial[child] >= 0
            stacks[child] = fresh ? [Int(index.initial[child])] : nil
        }
        return miss
    }

    /// Pops to `target`; the known stack when `target` is not on it (the stack is unknown afterwards).
    mutating func popTo(_ target: Int, in coordinator: Int) -> [Int]? {
        guard let stack = stacks[coordinator] else { return nil }
        guard let depth = stack.lastIndex(of: target) else {
            stacks[coordinator] = nil
            return stack
        }
        stacks[coordinator] = Array(stack[...depth])
        return nil
    }

    mutating func pop(in coordinator: Int, toRoot: Bool) {
        guard let stack = stacks[coordinator], stack.count > 1 else { return }
        stacks[coordinator] = toRoot ? [stack[0]] : Array(stack.dropLast())
    }
}
