import FlowModel
import FlowConfig

// Trigger: the routes a screen triggers, hung on the routes that show that screen.
extension Recognizer {
    /// Every route whose destination is a screen gets the routes that screen (or a type it makes) triggers; what
    /// it returns is the confidence of each trigger placed, for the provenance.
    static func fillTriggers(_ coordinator: inout Coordinator, context: Context, routes: [String: Set<String>]) -> [(FactPath, Confidence)]
    {
        var placed: [(FactPath, Confidence)] = []
        let names = Set(coordinator.routes.map(\.name))
        let isStinsen = context.provenance.frameworks[coordinator.name] == .stinsen
        for index in coordinator.routes.indices {
            guard let destination = coordinator.routes[index].destination, case .screen(let screen) = destination.value else { continue }
            var seen: Set<String> = []
            var triggers: [Fact<String>] = []
            for source in [screen] + (context.madeWith[screen] ?? []) {
                for trigger in context.triggers[source] ?? [] {
                    if trigger.owner == coordinator.name || trigger.owner == nil {
                        guard names.contains(trigger.route.value), seen.insert(trigger.route.value).inserted else { continue }
                        triggers.append(trigger.route)
                    } else if isStinsen, let owner = trigger.owner, routes[owner]?.contains(trigger.route.value) == true {
                        // SwiftUI hands `@EnvironmentObject` routers down the view tree: X.Router exists only below X.
                        let qualified = "\(owner).\(trigger.route.value)"
                        guard seen.insert(qualified).inserted else { continue }
                        triggers.append(
                            Fact(
                                qualified, at: trigger.route.location,
                                .inferred("an environment router of \(owner) is only there below \(owner)")))
                    }
                }
            }
            let route = coordinator.routes[index].name
            // Triggers a style read itself (an XCoordinator alert's actions) come first; the screen's follow.
            let own = coordinator.routes[index].triggers
            triggers.removeAll { trigger in own.contains { $0.text == trigger.value } }
            coordinator.routes[index].triggers =
                own
                + triggers.sorted { $0.value < $1.value }.map { trigger in
                    placed.append((.route(coordinator.name, route, .triggers, item: trigger.value), trigger.confidence))
                    return RouteReference(parsing: trigger.value, at: trigger.location)
                }
        }
        return placed
    }
}

extension Recognizer {
    /// What a builder makes beside the screen it returns: `static func build(router:) -> ProfileViewController` that
    /// makes the screen and its presenter (given the screen, or set on it) makes them together, so the presenter's
    /// `router.trigger(.x)` is the screen's, wherever a route shows that screen. Screen → those types, in
    /// declaration order; coordinators are never companions (they are children).
    func builderCompanions(isCoordinator: (String) -> Bool) -> [(screen: String, made: [String])] {
        var found: [(screen: String, made: [String])] = []
        for name in order {
            for method in types[name]?.methods ?? [] where !method.constructed.isEmpty {
                guard let screen = Self.builtScreen(of: method, types), !isCoordinator(screen) else { continue }
                var seen: Set<String> = [screen]
                let made = method.constructed.map(\.value).filter { types[$0] != nil && !isCoordinator($0) && seen.insert($0).inserted }
                if !made.isEmpty { found.append((screen, made)) }
            }
        }
        return found
    }

    /// The type a method makes and returns: its declared return type when that is a type of the app's (made there
    /// with `init` or a static maker such as `instantiate()`), else what its returned value was bound to
    /// (`let view = ProfileViewController(); …; return view` under `-> UIViewController`).
    private static func builtScreen(of method: MethodFacts, _ types: [String: TypeFacts]) -> String? {
        let made = Set(method.constructed.map(\.value))
        if let declared = method.returnType?.base, types[declared] != nil { return declared }
        guard method.returns.count == 1, let returned = method.returns.first else { return nil }
        let value = if case .reference(let name) = returned { method.bindings[name]?.last?.value } else { returned }
        return value?.constructedType.flatMap { made.contains($0) ? $0 : nil }
    }
}

/// A route a type triggers: `router.trigger(.x)`, `coordinator?.showX()`, `router.route(to: \.x)`.
struct Trigger: Sendable {
    /// The coordinator whose route it is, `nil` when only the route name is known.
    var owner: String?
    var route: Fact<String>
}
