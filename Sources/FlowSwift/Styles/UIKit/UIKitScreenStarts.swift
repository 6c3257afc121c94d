import FlowModel
import FlowConfig

/// Coordinators a screen starts: a view controller, or a view or view model it makes, that makes a coordinator
/// (`lazy var coordinator = OrdersCoordinator(…)`, `let flow = CheckoutCoordinator(…); flow.start()`). The
/// coordinator that shows the screen starts that child through it: a route of its own, triggered by the screen.
/// Screens the screen makes in turn (the tabs a tab bar controller builds, what a screen pushes by itself) are
/// followed a few levels, up to a screen that a coordinator's route shows (that one's starts are its coordinator's).
extension UIKitStyle {
    /// How many levels of screens made by screens are followed.
    static let screenDepthLimit = 3
    /// How many types one screen's reading may visit: a bound, not a guess about apps.
    static let screenBudgetLimit = 64

    /// A start a screen makes: the child, where it is made, the type that makes it, and whether that type keeps it
    /// in a stored property (its lifetime then is the screen's).
    struct ScreenStart {
        let child: String
        let location: SourceLocation
        let maker: String
        let kept: Bool
    }

    /// Once every coordinator is built: each route that shows a screen gains a route per child that screen (or a
    /// screen it makes) makes, unless the coordinator already starts that child, and the screen triggers it.
    static func addScreenStarts(_ state: inout State, _ context: inout Context) {
        let shownByRoutes = Set(context.coordinators.values.flatMap { $0.routes.compactMap { screen(of: $0) } })
        var reading = ScreenStartReading(context, shownByRoutes: shownByRoutes)
        for parent in context.coordinators.keys.sorted() where context.provenance.frameworks[parent] == .uikit {
            guard var coordinator = context.coordinators[parent] else { continue }
            var started = Set(coordinator.routes.compactMap { $0.destination?.value.coordinatorName })
            for index in coordinator.routes.indices {
                guard let screen = screen(of: coordinator.routes[index]) else { continue }
                for start in reading.starts(under: screen) where start.child != parent && started.insert(start.child).inserted {
                    let name = unusedName("start" + start.child.capitalizedFirst, in: coordinator)
                    let shows = state.startTransitions[start.child].flatMap { $0 }
                    coordinator.routes.append(route(name, start, shownBy: screen, of: parent, startShows: shows, &context))
                    context.provenance.set(
                        .route(parent, coordinator.routes[index].name, .triggers, item: name),
                        .inferred("`\(start.maker)` makes `\(start.child)`"))
                    coordinator.routes[index].triggers.append(RouteReference(coordinator: nil, route: name, location: start.location))
                }
            }
            context.coordinators[parent] = coordinator
        }
    }

    private static func screen(of route: Route) -> String? {
        if case .screen(let name)? = route.destination?.value { name } else { nil }
    }

    /// The route by which `parent` starts a child through the screen that makes it. The parent does no transition of
    /// its own: the child presents from the screen, or shows itself on what the
    /// screen gives it (its own stack, a tab), never on the parent's stack.
    private static func route(
        _ name: String, _ start: ScreenStart, shownBy screen: String, of parent: String, startShows: Fact<Transition>?,
        _ context: inout Context
    ) -> Route {
        var route = Route(name: name, location: start.location)
        let transition: Fact<Transition> =
            if let shows = startShows, shows.value == .present {
                Fact(.present, at: shows.location, .inferred("the child's start() presents it from the screen"))
            } else {
                Fact(.attach, at: start.location, .inferred("the child shows itself on what the screen gives it"))
            }
        route.transition = context.put(transition, .route(parent, name, .transition))
        let via = start.maker == screen ? "`\(screen)`" : "`\(start.maker)` (made under `\(screen)`)"
        route.destination = context.put(
            Fact(.coordinator(start.child), at: start.location, .inferred("\(via) makes it")), .route(parent, name, .coordinator))
        if start.kept {
            route.retain = context.put(
                Fact(
                    .hierarchy, at: start.location,
                    .inferred("`\(start.maker)` keeps it in a stored property: it lives as long as that screen")),
                .route(parent, name, .retain))
        } else {
            route.open = context.put(
                Fact(
                    true, at: start.location,
                    .inferred("\(Recognizer.notSeenKept): \(via) makes it (retention unknown: leaked-child does not judge it)")),
                .route(parent, name, .open))
        }
        return route
    }
}

/// The coordinators each screen starts, through the screens it makes, read once per screen.
struct ScreenStartReading {
    private let context: Context
    private let shownByRoutes: Set<String>
    private var made: [String: [String]] = [:]
    private var own: [String: [UIKitStyle.ScreenStart]] = [:]
    private var under: [String: [UIKitStyle.ScreenStart]] = [:]

    init(_ context: Context, shownByRoutes: Set<String>) {
        self.context = context
        self.shownByRoutes = shownByRoutes
    }

    /// The starts of `screen` and of the screens it makes, a few levels deep, in the order they are met.
    mutating func starts(under screen: String) -> [UIKitStyle.ScreenStart] {
        if let known = under[screen] { return known }
        var found: [UIKitStyle.ScreenStart] = []
        var seen: Set<String> = [screen]
        var level = [screen]
        for depth in 0...UIKitStyle.screenDepthLimit where !level.isEmpty && seen.count < UIKitStyle.screenBudgetLimit {
            var next: [String] = []
            for type in level {
                found += starts(of: type)
                // What the screen makes besides screens (its view model) may start a child too, but is not followed.
                for maker in madeTypes(of: type) where !isScreen(maker) && seen.insert(maker).inserted {
                    found += starts(of: maker)
                }
                guard depth < UIKitStyle.screenDepthLimit else { continue }
                for child in madeTypes(of: type) where isScreen(child) && !shownByRoutes.contains(child) {
                    if seen.insert(child).inserted { next.append(child) }
                }
            }
            level = next
        }
        under[screen] = found
        return found
    }

    /// The app types a type makes: in its methods and its properties' initializers, coordinators left out.
    private mutating func madeTypes(of name: String) -> [String] {
        if let known = made[name] { return known }
        var result: [String] = []
        var seen: Set<String> = [name]
        if let type = context.recognizer.types[name] {
            let made = type.properties.compactMap { $0.initializer?.constructedType } + type.methods.flatMap { $0.constructed.map(\.value) }
            for candidate in made where context.recognizer.types[candidate] != nil && !context.isCoordinatorType(candidate) {
                if seen.insert(candidate).inserted { result.append(candidate) }
            }
        }
        made[name] = result
        return result
    }

    /// The coordinators a type makes itself, and whether it keeps each in a stored property.
    private mutating func starts(of name: String) -> [UIKitStyle.ScreenStart] {
        if let known = own[name] { return known }
        var result: [UIKitStyle.ScreenStart] = []
        if let type = context.recognizer.types[name], !context.isCoordinatorType(name) {
            let kept = Set(
                type.properties.filter { $0.strength == .strong }.compactMap { property in
                    property.initializer?.constructedType ?? property.type.map { context.recognizer.index.resolved($0).base }
                })
            var seen: Set<String> = []
            let made =
                type.properties.compactMap { property in property.initializer?.constructedType.map { ($0, property.location) } }
                + type.methods.flatMap { $0.constructed.map { ($0.value, $0.location) } }
            for (child, location) in made where context.isCoordinatorType(child) && seen.insert(child).inserted {
                result.append(UIKitStyle.ScreenStart(child: child, location: location, maker: name, kept: kept.contains(child)))
            }
        }
        own[name] = result
        return result
    }

    /// A UIKit controller (UIKit's class or one of the app's inheriting from it) or a SwiftUI view.
    private func isScreen(_ name: String) -> Bool {
        UIKitStyle.isController(name, kind: "Controller", context.recognizer.index)
            || context.recognizer.types[name].map(SwiftUIStyle.isView) == true
    }
}
