import FlowModel
import FlowConfig

/// An app router that takes a destination of an app enum and hands it on to a handler (`navigator.show(.preferences)`,
/// whose `show` calls `delegate?.navigator(self, wants: destination)`): the coordinator's handler switches over the
/// destination, one route per case (BranchingRoutes). Each call of the router is followed into that switch: the case
/// it passes is the route it runs, triggered by the screen that calls it (DESIGN §5, the one-navigator shape).
extension UIKitStyle.CoordinatorReading {
    /// The handler's case routes the coordinator's screens run through the router, as their triggers; when every call
    /// of the router is read, those routes are no longer the coordinator's own triggers (fired from anywhere).
    mutating func addDispatchedTriggers(_ routerMethods: [UIKitStyle.RouterKey: Set<String>], _ context: inout Context) {
        guard !routerMethods.isEmpty else { return }
        let index = context.recognizer.index
        for handler in type.methods where handler.hasBody && handler.calls.contains(where: { $0.switchCase != nil }) {
            guard
                let (parameter, destinations) = handler.parameters.lazy.compactMap({ parameter -> (ParameterFacts, TypeFacts)? in
                    guard let declared = parameter.type, let enumType = index.types[declared], enumType.keyword == .enum,
                        !enumType.cases.isEmpty
                    else { return nil }
                    return (parameter, enumType)
                }).first
            else { continue }
            let routers = routerMethods[UIKitStyle.RouterKey(destinations: destinations.name, handler: handler.name)] ?? []
            guard !routers.isEmpty else { continue }
            let routeOfCase = caseRoutes(of: handler, switchingOver: parameter.name, context)
            guard !routeOfCase.isEmpty else { continue }
            var complete = true
            var fired: [String: [(trigger: RouteReference, passed: String)]] = [:]
            for name in index.order {
                guard let caller = index.types[name] else { continue }
                for method in caller.methods {
                    for call in method.calls where routers.contains(call.name) {
                        guard let chosen = call.arguments.first?.value.caseName, let route = routeOfCase[chosen] else {
                            complete = false
                            continue
                        }
                        fired[name, default: []].append((RouteReference(coordinator: nil, route: route, location: call.location), chosen))
                    }
                }
            }
            for position in coordinator.routes.indices {
                guard case .screen(let screen)? = coordinator.routes[position].destination?.value else { continue }
                for (trigger, passed) in fired[screen] ?? []
                where !coordinator.routes[position].triggers.contains(where: { $0.route == trigger.route }) {
                    let route = coordinator.routes[position].name
                    context.provenance.set(
                        .route(name, route, .triggers, item: trigger.route),
                        .inferred("`\(screen)` passes `.\(passed)` to the router, which hands it to `\(handler.name)`"))
                    coordinator.routes[position].triggers.append(trigger)
                }
            }
            // Every call read, and each placed on a screen of this coordinator: the handler's routes are no longer fired
            // from anywhere.
            let callers = Set(fired.keys)
            let screens = Set(
                coordinator.routes.compactMap { route -> String? in
                    if case .screen(let screen)? = route.destination?.value { screen } else { nil }
                })
            if complete, callers.isSubset(of: screens) {
                let own = Set(routeOfCase.values)
                coordinator.triggers.removeAll { own.contains($0.route) }
                for route in own { context.alternatives[name]?[route] = nil }
            }
        }
    }

    /// Case → the route of the arm that handles it: the route whose navigation is the call under that case.
    private func caseRoutes(of handler: MethodFacts, switchingOver parameter: String, _ context: Context) -> [String: String] {
        var routes: [String: String] = [:]
        for call in handler.calls {
            guard let cases = call.switchCase, UIKitStyle.transition(of: call, mapping: mapping) != nil,
                let route = coordinator.routes.first(where: { $0.transition?.location == call.location })
            else { continue }
            for item in cases where routes[item] == nil { routes[item] = route.name }
        }
        return routes
    }
}

extension UIKitStyle.CoordinatorReading {
    /// Per (enum, handler): the methods of the app's types (no coordinators) that take a value of the enum and hand it
    /// to a call of the handler (`func show(_ destination: Destination) { delegate?.navigator(self, wants: destination) }`).
    /// One pass over the project's methods.
    static func routerMethods(_ index: ProjectIndex) -> [UIKitStyle.RouterKey: Set<String>] {
        var found: [UIKitStyle.RouterKey: Set<String>] = [:]
        for name in index.order {
            guard let type = index.types[name], type.keyword == .class || type.keyword == .struct, !name.hasSuffix("Coordinator") else {
                continue
            }
            for method in type.methods {
                for parameter in method.parameters {
                    guard let declared = parameter.type, index.types[declared]?.keyword == .enum else { continue }
                    for call in method.calls where call.arguments.contains(where: { $0.value == .reference(parameter.name) }) {
                        found[UIKitStyle.RouterKey(destinations: declared, handler: call.name), default: []].insert(method.name)
                    }
                }
            }
        }
        return found
    }
}
