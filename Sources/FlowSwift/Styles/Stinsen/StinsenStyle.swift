import FlowModel
import FlowConfig

/// Stinsen: `NavigationCoordinatable` / `TabCoordinatable` / `ViewWrapperCoordinatable` types whose
/// routes are `@Root` and `@Route(…)` properties naming `make…` functions.
struct StinsenStyle: CoordinatorStyle {
    /// What Stinsen's coordinators teach the reader on the way, for the links made once all are built.
    struct State {
        /// Coordinator → the `popToRoot()` / `popLast()` / `pop()` / `dismissCoordinator()` calls its screens make.
        var calls: [String: [Trigger]] = [:]
        /// Routes that push a coordinator without a navigation view of its own: (owner, route, child).
        var barePushes: [(owner: String, route: String, child: String)] = []
        /// Coordinators started wrapped in a `NavigationViewCoordinator` somewhere.
        var startedWithOwnStack: Set<String> = []
    }

    private var state = State()

    init() {}

    static func claims(_ type: TypeFacts, _ recognizer: Recognizer) -> Bool {
        kind(of: type) != nil
    }

    /// The routers' calls of every type are read once, before the first coordinator is built.
    mutating func prepare(_ context: inout Context) {
        Self.collectTriggers(&state, &context)
    }

    mutating func coordinator(_ type: TypeFacts, _ context: inout Context) -> Coordinator? {
        guard let kind = Self.kind(of: type) else { return nil }
        return Self.coordinator(type, kind: kind, state: &state, context: &context)
    }

    func forBuilding() -> Self {
        var style = self
        style.state.barePushes = []
        style.state.startedWithOwnStack = []
        return style
    }

    mutating func merge(_ built: Self) {
        state.barePushes += built.state.barePushes
        state.startedWithOwnStack.formUnion(built.state.startedWithOwnStack)
    }

    mutating func link(_ context: inout Context) {
        Self.linkHolds(&context)
        Self.keepOneStack(state, &context)
    }

    /// A coordinator pushed bare in one place and wrapped in its own navigation view in another has two stacks; a
    /// spec gives it one. It keeps its own, and the bare pushes are left out with a note.
    private static func keepOneStack(_ state: State, _ context: inout Context) {
        for (owner, route, child) in state.barePushes where state.startedWithOwnStack.contains(child) {
            context.attachedToParentStack.remove(child)
            guard var coordinator = context.coordinators[owner], let index = coordinator.routes.firstIndex(where: { $0.name == route })
            else { continue }
            context.notes.append(
                ExtractionNote(
                    .unrecognized,
                    "`\(owner).\(route)` pushes `\(child)` onto this stack, which elsewhere runs in its own navigation view: a spec gives "
                        + "it one stack, so this route is left out",
                    at: coordinator.routes[index].location, coordinator: owner))
            coordinator.routes.remove(at: index)
            coordinator.markOpen()
            context.coordinators[owner] = coordinator
        }
    }

    static let protocols: [String: CoordinatorKind] = [
        "NavigationCoordinatable": .navigation, "TabCoordinatable": .tab, "ViewWrapperCoordinatable": .view,
    ]

    /// Stinsen's router classes, generic over their coordinator.
    static let routerTypes: Set<String> = ["NavigationRouter", "TabRouter", "ViewRouter"]

    static func kind(of type: TypeFacts) -> CoordinatorKind? {
        type.inherited.lazy.compactMap { protocols[$0.base] }.first
    }

    static func coordinator(_ type: TypeFacts, kind: CoordinatorKind, state: inout State, context: inout Context) -> Coordinator {
        var coordinator = context.coordinator(type, .stinsen, kind: Fact(kind, at: type.location))
        var resolved = true
        var initial: String?
        var tabs: [String] = []
        for property in type.properties {
            if property.name == "stack", case .construct(_, let wrapped)? = property.initializer, case .keyPath(let name)? = wrapped {
                initial = name
                coordinator.initial = Located(name, at: property.location)
            }
            if property.name == "child", case .construct(_, let wrapped)? = property.initializer, case .array(let items)? = wrapped {
                for case .keyPath(let name) in items { tabs.append(name) }
            }
        }
        for property in type.properties {
            guard let attribute = property.attributes.first(where: { $0.name == "Root" || $0.name == "Route" }),
                let route = declaredRoute(property, attribute, type, initial: initial, tabs: tabs, &state, &context, &resolved)
            else { continue }
            coordinator.routes.append(route)
        }
        readInitials(of: type, &coordinator, &context)
        readOwnTriggers(of: type, &coordinator, &context)
        if kind == .tab {
            let tabRoutes = tabs.compactMap { name in coordinator.routes.first { $0.name == name } }
            coordinator.tabs = tabRoutes.map { Located($0.name, at: $0.location) }
            if coordinator.initial == nil, let first = coordinator.tabs?.first { coordinator.initial = first }
        }
        if coordinator.initial == nil, coordinator.initials.isEmpty,
            let first = coordinator.routes.first(where: { $0.transition == nil || $0.transition?.value == .setRoot })
        {
            coordinator.initial = context.put(
                Fact(first.name, at: first.location, .inferred("the first `@Root`")), .coordinator(type.name, .initial))
            if let index = coordinator.routes.firstIndex(where: { $0.name == first.name }) { coordinator.routes[index].transition = nil }
        }
        addSynthesizedRoutes(of: type, &coordinator, state, &context)
        if !resolved { coordinator.markOpen() }
        return coordinator
    }

    /// The route an `@Root` or `@Route` property declares; nil for a transition the reader does not know.
    static func declaredRoute(
        _ property: PropertyFacts, _ attribute: AttributeFacts, _ type: TypeFacts, initial: String?, tabs: [String],
        _ state: inout State, _ context: inout Context, _ resolved: inout Bool
    ) -> Route? {
        var route = Route(name: property.name, location: property.location)
        let isTab = tabs.contains(property.name) || attribute.arguments.contains { $0.hasPrefix("tabItem:") }
        if attribute.name == "Root" {
            if property.name != initial { route.transition = Located(.setRoot, at: property.location) }
        } else if !isTab {
            switch attribute.arguments.first {
            case ".push": route.transition = Located(.push, at: property.location)
            case ".modal": route.transition = Located(.present, at: property.location)
            case ".fullScreen":
                route.transition = Located(.present, at: property.location)
                route.style = Located(.fullScreen, at: property.location)
            default:
                resolved = false
                return nil
            }
        }
        if case .reference(let maker)? = property.initializer, let factory = type.methods.first(where: { $0.name == maker }) {
            route.params = factory.parameters.map { RouteParameter(name: $0.name, type: $0.type, location: factory.location) }
            let product =
                factory.returns.first
                ?? factory.returnType.map { .construct($0.base, wrapped: $0.arguments.first.map { .construct($0, wrapped: nil) }) }
            if let product, let (destination, ownStack) = context.destination(product, in: factory, of: type, at: property.location) {
                route.destination = context.put(destination, .route(type.name, route.name, destination.value.field))
                if destination.value.coordinatorName != nil {
                    route.retain = Located(.hierarchy, at: property.location)
                    if !ownStack, route.transition?.value == .push {
                        context.attachedToParentStack.insert(destination.value.name)
                        state.barePushes.append((type.name, route.name, destination.value.name))
                    } else if ownStack {
                        state.startedWithOwnStack.insert(destination.value.name)
                    }
                } else {
                    for made in factory.constructed where made.value != destination.value.name {
                        context.madeWith[destination.value.name, default: []].append(made.value)
                    }
                }
            } else {
                resolved = false
            }
        } else {
            resolved = false
        }
        return route
    }

    /// `init() { switch status { case .authenticated(let user): stack = NavigationStack(initial: \.authenticated, user) … } }`:
    /// each root it may begin with is an `initial` of the list.
    static func readInitials(of type: TypeFacts, _ coordinator: inout Coordinator, _ context: inout Context) {
        var picked: [Fact<String>] = []
        for initializer in type.methods where initializer.name == "init" {
            for call in initializer.calls where call.name == "=" && plainReceiver(call.receiver) == "stack" {
                guard case .construct(_, let wrapped)? = call.arguments.first?.value, case .keyPath(let name)? = wrapped,
                    coordinator.routes.contains(where: { $0.name == name }), !picked.contains(where: { $0.value == name })
                else { continue }
                picked.append(Fact(name, at: call.location, .inferred("`init` begins with it on the app's state")))
            }
        }
        if picked.count >= 2, coordinator.initial == nil {
            coordinator.initials = picked.map { context.put($0, .coordinator(type.name, .initial, item: $0.value)) }
            for index in coordinator.routes.indices where picked.contains(where: { $0.value == coordinator.routes[index].name }) {
                coordinator.routes[index].transition = Located(.setRoot, at: coordinator.routes[index].location)
            }
        } else if let only = picked.first, coordinator.initial == nil {
            coordinator.initial = context.put(only, .coordinator(type.name, .initial))
        }
    }

    /// `self.root(\.authenticated)` in the coordinator's own code (`customize`, a publisher it observes): routes it
    /// fires itself, on events no screen shows.
    static func readOwnTriggers(of type: TypeFacts, _ coordinator: inout Coordinator, _ context: inout Context) {
        var fired: [Fact<String>] = []
        for method in type.methods where method.name != "init" {
            for call in method.calls where call.name == "root" && ["", "self"].contains(plainReceiver(call.receiver)) {
                guard case .keyPath(let name)? = call.arguments.first?.value, coordinator.routes.contains(where: { $0.name == name }),
                    !fired.contains(where: { $0.value == name })
                else { continue }
                fired.append(Fact(name, at: call.location, .inferred("`\(method.name)` switches to it on an event no screen shows")))
            }
        }
        coordinator.triggers = fired.map { fact in
            let placed = context.put(fact, .coordinator(type.name, .triggers, item: fact.value))
            return RouteReference(coordinator: nil, route: placed.value, location: placed.location)
        }
    }

    /// The router's `popToRoot()`, `popLast()`, `pop()` (the screen's own) and `dismissCoordinator()` called by a
    /// screen: routes of their own.
    static func addSynthesizedRoutes(of type: TypeFacts, _ coordinator: inout Coordinator, _ state: State, _ context: inout Context) {
        for (name, transition) in Self.synthesized {
            let calls = state.calls[type.name]?.filter { $0.route.value == name } ?? []
            if let first = calls.min(by: { $0.route.location < $1.route.location }),
                !coordinator.routes.contains(where: { $0.name == name })
            {
                var route = Route(name: name, location: first.route.location)
                context.provenance.set(.route(type.name, name), .inferred("a screen calls `\(name)()`"))
                route.transition = Located(transition, at: first.route.location)
                coordinator.routes.append(route)
            }
        }
    }

    /// `router.route(to: \.x)`, `router.root(\.x)`, `router.popToRoot()`, `router.dismissCoordinator()` in
    /// types that keep a `X.Router` (`@EnvironmentObject var router: TodosCoordinator.Router`).
    static func collectTriggers(_ state: inout State, _ context: inout Context) {
        // Every type's calls side by side, put in the context in declaration order.
        let recognizer = context.recognizer
        let mapping = recognizer.mapping
        let stinsen = Set(recognizer.names(claimedBy: Self.self))
        let found = LargeStackThreads.map(Parallel.slices(of: recognizer.order)) { names in
            names.map { name -> [(trigger: Trigger, isCall: Bool)] in
                guard let type = recognizer.types[name] else { return [] }
                var routers: [String: String] = [:]
                for property in type.properties {
                    guard let declared = property.type else { continue }
                    if declared.base.hasSuffix(".Router") {
                        routers[property.name] = String(declared.base.dropLast(".Router".count))
                    } else if routerTypes.contains(declared.base), let owner = declared.arguments.first {
                        routers[property.name] = owner  // `@RouterObject var router: NavigationRouter<X>?`
                    } else if stinsen.contains(declared.base) {
                        routers[property.name] = declared.base  // a view model given the coordinator itself
                    }
                }
                guard !routers.isEmpty else { return [] }
                var found: [(trigger: Trigger, isCall: Bool)] = []
                for method in type.methods {
                    for call in method.calls {
                        let receiver = plainReceiver(call.receiver)
                        guard let owner = routers[receiver] ?? routers[String(receiver.split(separator: ".").first ?? "")] else { continue }
                        switch routerCall(call.name, mapping) {
                        case .trigger?:
                            guard case .keyPath(let route)? = call.arguments.first?.value else { continue }
                            found.append((Trigger(owner: owner, route: Fact(route, at: call.location)), false))
                        case .some:
                            found.append((Trigger(owner: owner, route: Fact(call.name, at: call.location)), true))
                        case nil: break
                        }
                    }
                }
                return found
            }
        }.joined()
        for (name, found) in zip(recognizer.order, found) {
            for (trigger, isCall) in found {
                context.triggers[name, default: []].append(trigger)
                if isCall, let owner = trigger.owner { state.calls[owner, default: []].append(trigger) }
            }
        }
    }

    /// What the screens of each route (and the view models made with them) keep of a coordinator: an
    /// `@EnvironmentObject var r: X.Router` or `@RouterObject var r: NavigationRouter<X>?` is weak (Stinsen's
    /// routers keep their coordinator in a weak reference); a property of a coordinator's own type has its
    /// declared strength. A strong one back to a coordinator whose stack keeps the view is a retain cycle.
    static func linkHolds(_ context: inout Context) {
        for name in context.recognizer.order {
            guard var coordinator = context.coordinators[name], context.provenance.frameworks[name] == .stinsen else { continue }
            var holds: [Hold] = []
            for route in coordinator.routes {
                guard case .screen(let screen)? = route.destination?.value else { continue }
                for keeper in [screen] + (context.madeWith[screen] ?? []) {
                    for property in context.recognizer.types[keeper]?.properties ?? [] {
                        guard let declared = property.type else { continue }
                        let held: String
                        var strength = property.strength
                        if declared.base.hasSuffix(".Router") {
                            held = String(declared.base.dropLast(".Router".count))
                            strength = .weak
                        } else if routerTypes.contains(declared.base), let argument = declared.arguments.first {
                            held = argument
                            strength = .weak
                        } else if context.coordinators[declared.base] != nil
                            || context.recognizer.types[declared.base].map({
                                $0.keyword != .protocol && context.isCoordinatorType(declared.base)
                            }) == true
                        {
                            held = declared.base
                        } else {
                            continue
                        }
                        guard context.coordinators[held] != nil || held == name else { continue }
                        let target = held == name ? Hold.selfReference : held
                        holds.keepStrongest(target, strength, at: property.location)
                    }
                }
            }
            ClosureHolds.read(of: name, &holds, context)
            coordinator.holds = holds
            context.coordinators[name] = coordinator
        }
    }
}
