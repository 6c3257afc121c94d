import FlowModel

/// Helpers a base class gives every subclass (`SmartCoordinator.dismiss()`, `.pop()`): a route of the subclass only
/// when it uses them. One that nothing in the app runs on this subclass (no screen's trigger, no continuation, no
/// chain, no other coordinator's reference) is the base's tool, not a way through this flow: saying it is never reached,
/// and to remove it, would be wrong for the subclasses that use it.
extension UIKitStyle {
    /// Read once every coordinator's triggers are placed (the other arms of branching routes among them).
    static func droppingUnusedInheritedHelpers(_ coordinators: [Coordinator], _ context: Context) -> [Coordinator] {
        let index = context.recognizer.index
        var used: Set<String> = []
        func use(_ reference: RouteReference, in owner: String) { used.insert("\(reference.coordinator ?? owner).\(reference.route)") }
        for coordinator in coordinators {
            let owner = coordinator.name
            for reference in coordinator.triggers { use(reference, in: owner) }
            for initial in coordinator.initials { used.insert("\(owner).\(initial.value)") }
            for tab in coordinator.tabs ?? [] { used.insert("\(owner).\(tab.value)") }
            for route in coordinator.routes {
                for reference in route.triggers + route.then { use(reference, in: owner) }
                if let target = route.target { use(target, in: owner) }
            }
        }
        for chain in context.chains {
            for step in chain.steps {
                switch step.action {
                case .route(let reference), .popTo(let reference):
                    if let owner = reference.coordinator { used.insert("\(owner).\(reference.route)") }
                default: continue
                }
            }
        }
        return coordinators.map { coordinator in
            let owner = coordinator.name
            guard context.provenance.frameworks[owner] == .uikit, let type = index.types[owner] else { return coordinator }
            // What the superclasses declare, by where each method is written.
            let inherited = Set(
                type.inherited.compactMap { index.types[$0.base] }.filter { $0.keyword == .class }.flatMap { $0.methods.map(\.location) })
            guard !inherited.isEmpty else { return coordinator }
            var kept = coordinator
            kept.routes.removeAll { route in
                inherited.contains(route.location) && !used.contains("\(owner).\(route.name)")
                    && route.destination?.value.coordinatorName == nil
            }
            return kept
        }
    }
}
