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
    public private(set) var steppedRoutes: [Int] = []
    /// The index of the first invalid step and why, if any.
    public private(set) var failure: (step: Int, reason: Failure)?

    /// Walks every chain. A chain starts with `from` and the coordinators active whenever `from` is: its
    /// dominators among all starts (starts of unreachable routes only add paths, so none is claimed wrongly).
    public static func walks(_ chains: [Chain], index: FlowIndex) -> [ChainWalk] {
        guard !chains.isEmpty else { return [] }
        let dominators = index.entry.map { Dominators(index.childStarts, root: $0) }
        return chains.map { ChainWalk($0, index: index, dominators: dominators) }
    }

    init(_ chain: Chain, index: FlowIndex, dominators: Dominators? = nil) {
        var stepped: [Int] = []
        defer { steppedRoutes = stepped }
        guard let from = chain.from.flatMap({ index.coordinatorID($0.value) }) else { return }
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
                // A `trigger` route lands where its redirect does, in an active coordinator.
                var landed = route
                if index.transition(route) == .trigger, index.redirect[route] >= 0 {
                    landed = Int(index.redirect[route])
                    if let depth = active.lastIndex(of: Int(index.owner[landed])) {
                        active.removeSubrange((depth + 1)...)
                    }
                }
                // A `select` route lands on its tab, whose coordinator the next step runs in.
                if index.transition(landed) == .select, index.tab[landed] >= 0 { landed = Int(index.tab[landed]) }
                if index.transition(landed) == .present { presentations.append(active.count) }
                if index.child[landed] >= 0 { active.append(Int(index.child[landed])) }
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
                if index.child[route] >= 0 { active.append(Int(index.child[route])) }
            case .popTo(let reference):
                guard kind == .navigation else {
                    failure = (position, .wrongKind(needs: .navigation, coordinator: current))
                    return
                }
                guard reference.coordinator == nil || reference.coordinator == index[coordinator: current].name,
                      index.routeID(reference.route, in: current) != nil else {
                    failure = (position, .notInCoordinator(name: reference.route, coordinator: current))
                    return
                }
            case .pop, .popToRoot:
                guard kind == .navigation else {
                    failure = (position, .wrongKind(needs: .navigation, coordinator: current))
                    return
                }
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
