import FlowModel
import FlowRules

// Trigger: the routes a screen triggers, hung on the routes that show that screen.
extension Recognizer {
    /// Every route whose destination is a screen gets the routes that screen (or a type it makes) triggers; what
    /// it returns is the confidence of each trigger placed, for the provenance.
    static func fillTriggers(_ coordinator: inout Coordinator, context: Context, routes: [String: Set<String>]) -> [(FactPath, Confidence)] {
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
                        triggers.append(Fact(qualified, at: trigger.route.location, .inferred("an environment router of \(owner) is only there below \(owner)")))
                    }
                }
            }
            let route = coordinator.routes[index].name
            // Triggers a style read itself (an XCoordinator alert's actions) come first; the screen's follow.
            let own = coordinator.routes[index].triggers
            triggers.removeAll { trigger in own.contains { $0.text == trigger.value } }
            coordinator.routes[index].triggers = own + triggers.sorted { $0.value < $1.value }.map { trigger in
                placed.append((.route(coordinator.name, route, .triggers, item: trigger.value), trigger.confidence))
                return RouteReference(parsing: trigger.value, at: trigger.location)
            }
        }
        return placed
    }
}

/// A route a type triggers: `router.trigger(.x)`, `coordinator?.showX()`, `router.route(to: \.x)`.
struct Trigger: Sendable {
    /// The coordinator whose route it is, `nil` when only the route name is known.
    var owner: String?
    var route: Fact<String>
}
