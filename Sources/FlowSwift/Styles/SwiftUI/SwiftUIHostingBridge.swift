import FlowModel

/// The bridges between SwiftUI owners and the coordinators of the other styles, read both ways, so that a mixed app
/// is one graph:
/// - a screen another style's coordinator shows whose content is a SwiftUI owner (`UIHostingController(rootView:
///   LedgerView())`, the view keeping a sheet flag or a router of its own), or builds one in its body: the owner is an
///   `embed` route of that coordinator, triggered by the screen, there as long as the screen is;
/// - a view a SwiftUI owner shows that makes another style's coordinator (a representable whose
///   `makeUIViewController` starts a UIKit flow on the stack it returns): that coordinator is an `embed` route of the
///   owner, triggered by the view's route.
/// The screen stays the route's destination: what the other style read of it (its triggers, its exits) is kept.
extension SwiftUIStyle {
    static func linkBridges(_ state: State, _ context: inout Context) {
        let index = context.recognizer.index
        // Router → the view whose stack or presenters show it, for a router the hosted view is handed, not makes.
        var shownRouters: [String: [String]] = [:]
        for (router, binding) in state.stacks.sorted(by: { $0.key < $1.key }) { shownRouters[binding.host, default: []].append(router) }
        for (router, host) in state.presenterHosts.sorted(by: { $0.key < $1.key }) where state.stacks[router] == nil {
            shownRouters[host, default: []].append(router)
        }
        for owner in context.coordinators.keys.sorted() {
            guard let routes = context.coordinators[owner]?.routes else { continue }
            let fromSwiftUI = context.provenance.frameworks[owner] == .swiftui
            for (position, route) in routes.enumerated() {
                guard case .screen(let screen)? = route.destination?.value, screen != owner, let type = index.types[screen] else {
                    continue
                }
                let shown =
                    fromSwiftUI
                    ? otherStylesMade(by: type, context)
                    : hostedOwners(of: type, at: route.destination?.location ?? route.location, shownRouters, state, index)
                for child in shown where child.value != owner {
                    addBridge(child, from: screen, on: owner, route: position, &context)
                }
            }
        }
    }

    /// The SwiftUI owners a screen of another style shows: the screen's view itself when it owns navigation state, the
    /// router it makes and keeps or whose stack or presenters it binds, and the owners its body builds.
    private static func hostedOwners(
        of type: TypeFacts, at location: SourceLocation, _ shownRouters: [String: [String]], _ state: State, _ index: ProjectIndex
    ) -> [Located<String>] {
        guard isView(type) else { return [] }
        var found: [Located<String>] = []
        if state.views.contains(type.name) {
            found.append(Located(type.name, at: location))
        } else if let router = state.hostedRouters[type.name] {
            found.append(Located(router, at: location))
        } else {
            found += (shownRouters[type.name] ?? []).map { Located($0, at: location) }
        }
        for call in embeddedOwners(of: type, state, index) {
            let shown = destination(of: call.value, owner: type.name, state).coordinatorName ?? call.value
            if !found.contains(where: { $0.value == shown }) { found.append(Located(shown, at: call.location)) }
        }
        return found
    }

    /// The coordinators of the other styles a view of a SwiftUI owner makes (a representable starting a UIKit flow).
    private static func otherStylesMade(by type: TypeFacts, _ context: Context) -> [Located<String>] {
        var found: [Located<String>] = []
        for method in type.methods {
            for made in method.constructed where made.value != type.name && !found.contains(where: { $0.value == made.value }) {
                guard context.coordinators[made.value] != nil, context.provenance.frameworks[made.value] != .swiftui else { continue }
                found.append(made)
            }
        }
        return found
    }

    /// An `embed` route of `owner` to `child` (once), triggered by the route that shows `screen`.
    private static func addBridge(
        _ child: Located<String>, from screen: String, on owner: String, route position: Int, _ context: inout Context
    ) {
        guard var coordinator = context.coordinators[owner] else { return }
        let name = child.value.lowercasedFirst
        if let existing = coordinator.routes.first(where: { $0.name == name }) {
            guard existing.destination?.value.coordinatorName == child.value else { return }
        } else {
            var route = Route(name: name, location: child.location)
            context.provenance.set(.route(owner, name), .inferred("`\(screen)` shows `\(child.value)`, which navigates on its own"))
            route.transition = Located(.embed, at: child.location)
            let destination = Destination.coordinator(child.value)
            route.destination = context.put(Fact(destination, at: child.location), .route(owner, name, destination.field))
            route.retain = Located(.hierarchy, at: child.location)
            coordinator.routes.append(route)
        }
        let shower = coordinator.routes[position]
        if !shower.triggers.contains(where: { $0.route == name && $0.coordinator == nil }) {
            context.provenance.set(.route(owner, shower.name, .triggers, item: name), .inferred("`\(screen)` shows it"))
            coordinator.routes[position].triggers.append(RouteReference(coordinator: nil, route: name, location: child.location))
        }
        context.coordinators[owner] = coordinator
    }
}
