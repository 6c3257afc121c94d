import FlowModel
import FlowConfig

/// The MVVM-C habit of Combine and RxSwift apps: a route method shows its screen and subscribes to what the screen's
/// view model sends, `viewModel.action.sink { action in switch action { case .profile: … } }`. Each `case` that
/// pushes, presents or starts a child is a route of its own, which the method's screen triggers.
extension UIKitStyle.CoordinatorReading {
    /// One case of a closure the method hands to a stream: its name and its calls, as the method would run them.
    private struct ActionArm {
        var name: String
        var calls: [CallFacts] = []
    }

    /// The routes of the cases of the closures each route method subscribes with, read as methods of their own and
    /// triggered by that method's screen. Calls in a closure inside the case (the child's completion) stay its own.
    mutating func readActionArms(_ state: inout UIKitStyle.State, _ context: inout Context) {
        for method in type.methods where routeMethods.contains(method.name) {
            // The method's own route shows the screen that sends the actions (or one the reader could not name).
            guard let owner = coordinator.routes.firstIndex(where: { $0.name == method.name }),
                coordinator.routes[owner].destination?.value.coordinatorName == nil
            else { continue }
            for arm in Self.actionArms(of: method) {
                let located = Set(arm.calls.map(\.location))
                var view = MethodFacts(name: arm.name, location: arm.calls[0].location)
                view.calls = arm.calls
                view.bindings = method.bindings
                view.constructed = method.constructed.filter { located.contains($0.location) }
                let navigates = view.calls.contains { UIKitStyle.transition(of: $0, mapping: mapping) != nil }
                guard navigates || UIKitStyle.childMadeNow(in: view, of: type, context) != nil else { continue }
                let name = UIKitStyle.unusedName(arm.name, in: coordinator)
                view.name = name
                var route = Route(name: name, location: view.location)
                UIKitStyle.read(
                    &route, view, inlined: [], type, made: nil, clearing: clearing.subtracting([method.name]), finishers: finishers, &state,
                    &context, &resolved)
                guard route.destination != nil || route.transition != nil else { continue }
                context.provenance.set(
                    .route(self.name, name), .inferred("`\(method.name)` handles `.\(arm.name)` from its screen's stream"))
                coordinator.routes.append(route)
                routeNames.insert(name)
                let placed = context.put(
                    Fact(name, at: view.location, .inferred("its screen sends `.\(arm.name)`, which `\(method.name)` handles")),
                    .route(self.name, method.name, .triggers, item: name))
                coordinator.routes[owner].triggers.append(RouteReference(coordinator: nil, route: placed.value, location: placed.location))
            }
        }
    }

    /// The `switch` cases inside one closure the method does not run itself (a `sink`, a `subscribe(onNext:)`), in
    /// order: the calls directly in each case, with that closure taken off, so they read as the method's own.
    private static func actionArms(of method: MethodFacts) -> [ActionArm] {
        var arms: [ActionArm] = []
        var index: [String: Int] = [:]
        for call in method.calls {
            let deferred = call.closures.filter { !UIKitStyle.ownClosures.contains($0) }
            guard deferred.count == 1, let label = deferred.first, let name = call.switchCase?.first, name != "default" else { continue }
            var own = call
            if let at = own.closures.firstIndex(of: label) { own.closures.remove(at: at) }
            let key = "\(label) \(name)"
            if let at = index[key] {
                arms[at].calls.append(own)
            } else {
                index[key] = arms.count
                arms.append(ActionArm(name: name, calls: [own]))
            }
        }
        return arms
    }
}
