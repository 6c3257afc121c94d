import FlowModel

/// How a child owner whose first view closes itself (`dismiss()` of its environment) is left: read once every route
/// to it is built, since what that `dismiss()` closes is decided by how its parents show it.
extension SwiftUIStyle {
    /// A child shown only by presentations gets a `dismiss` route its first screen triggers: the `dismiss()` closes
    /// the presentation that shows it, which is what a spec's `dismiss` from that screen closes. A child only pushed
    /// is popped by it, the back exit its push already gives. A child only embedded (in the parent's view, or as a tab)
    /// closes what shows its parent: the parent closes itself, read the same way one level up. A child shown in ways
    /// that mix these closes a context the spec cannot name from the child alone: each route to it is open.
    static func linkSelfClosingChildren(_ state: State, _ context: inout Context) {
        guard !state.selfClosing.isEmpty else { return }
        // Router → the views that make and keep it, or present what it holds.
        var hosts: [String: [String]] = [:]
        for (view, router) in state.hostedRouters { hosts[router, default: []].append(view) }
        for (router, view) in state.presenterHosts { hosts[router, default: []].append(view) }
        for router in hosts.keys { hosts[router]?.sort() }
        var starts: [String: [(owner: String, route: Int)]] = [:]
        for owner in context.coordinators.keys.sorted() where context.provenance.frameworks[owner] == .swiftui {
            guard let routes = context.coordinators[owner]?.routes else { continue }
            for (index, route) in routes.enumerated() where route.retain?.value == .hierarchy {
                guard let child = route.destination?.value.coordinatorName else { continue }
                starts[child, default: []].append((owner, index))
            }
        }
        // Parents an embedded child closes: what their own view closes, where the child's view does it.
        var closedThroughChild: [String: (screen: String, at: SourceLocation)] = [:]
        var pending = starts.keys.sorted()
        var done: Set<String> = []
        // Each child is settled once; a parent an embedded child closes is settled after it (a cycle stops there).
        var next = 0
        while next < pending.count {
            let child = pending[next]
            next += 1
            guard !done.contains(child), let routes = starts[child],
                let (screen, closed) = closedThroughChild[child] ?? closer(of: child, hosts: hosts, state, context)
            else { continue }
            done.insert(child)
            let transitions = Set(routes.map { context.coordinators[$0.owner]?.routes[$0.route].transition?.value })
            if transitions == [.present], addDismiss(to: child, closes: state.closes(screen), closedAt: closed, &context) { continue }
            if transitions == [.push] { continue }
            if transitions.isSubset(of: [nil, .embed]) {
                for owner in Set(routes.map(\.owner)) where closedThroughChild[owner] == nil && !done.contains(owner) {
                    closedThroughChild[owner] = (screen, closed)
                    pending.append(owner)
                }
                continue
            }
            for (owner, index) in routes {
                guard let route = context.coordinators[owner]?.routes[index], !route.isOpen else { continue }
                let at = route.retain?.location ?? route.location
                context.coordinators[owner]?.routes[index].open = Located(true, at: at)
                context.provenance.set(
                    .route(owner, route.name, .open),
                    .inferred("\(state.closes(screen)), which closes what shows it"))
            }
        }
    }

    /// The view of the child that calls `dismiss()` (its first screen, or the view that makes and shows it) and where
    /// it calls it (or a view it shows does).
    private static func closer(of child: String, hosts: [String: [String]], _ state: State, _ context: Context) -> (
        screen: String, at: SourceLocation
    )? {
        guard let coordinator = context.coordinators[child], let initial = coordinator.initial?.value,
            case .screen(let screen)? = coordinator.routes.first(where: { $0.name == initial })?.destination?.value
        else { return nil }
        for view in [screen] + (hosts[child] ?? []) {
            if let closed = state.selfClosing[view] { return (view, closed) }
        }
        return nil
    }

    /// Adds the child's `dismiss` and its first screen's trigger of it; false when the child already has a route of
    /// that name that does something else.
    private static func addDismiss(to child: String, closes: String, closedAt closed: SourceLocation, _ context: inout Context)
        -> Bool
    {
        guard var coordinator = context.coordinators[child], let initial = coordinator.initial?.value,
            let first = coordinator.routes.firstIndex(where: { $0.name == initial })
        else { return false }
        if let existing = coordinator.routes.first(where: { $0.name == "dismiss" }) {
            guard existing.transition?.value == .dismiss else { return false }
        } else {
            var route = Route(name: "dismiss", location: closed)
            context.provenance.set(
                .route(child, "dismiss"),
                .inferred("\(closes), which closes the presentation that shows `\(child)`"))
            route.transition = Located(.dismiss, at: closed)
            coordinator.routes.append(route)
        }
        if !coordinator.routes[first].triggers.contains(where: { $0.coordinator == nil && $0.route == "dismiss" }) {
            context.provenance.set(
                .route(child, initial, .triggers, item: "dismiss"), .inferred(closes))
            coordinator.routes[first].triggers.append(RouteReference(coordinator: nil, route: "dismiss", location: closed))
        }
        context.coordinators[child] = coordinator
        return true
    }
}
