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

    init(_ chain: Chain, index: FlowIndex) {
        var stepped: [Int] = []
        defer { steppedRoutes = stepped }
        guard let from = chain.from.flatMap({ index.coordinatorID($0.value) }) else { return }
        var active = [from]
        for (position, step) in chain.steps.enumerated() {
            let current = active.last!
            let kind = index.coordinator(current).kind?.value
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
                if index.child[route] >= 0 { active.append(Int(index.child[route])) }
            case .select(let tab):
                guard kind == .tab else {
                    failure = (position, .wrongKind(needs: .tab, coordinator: current))
                    return
                }
                let tabs = index.coordinator(current).tabs?.map(\.value) ?? []
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
                guard reference.coordinator == nil || reference.coordinator == index.coordinator(current).name,
                      index.routeID(reference.route, in: current) != nil else {
                    failure = (position, .notInCoordinator(name: reference.route, coordinator: current))
                    return
                }
            case .pop, .popToRoot:
                guard kind == .navigation else {
                    failure = (position, .wrongKind(needs: .navigation, coordinator: current))
                    return
                }
            case .dismiss, .dismissToRoot:
                continue
            }
        }
    }
}
