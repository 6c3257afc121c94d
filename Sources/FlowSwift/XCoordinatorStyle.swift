import FlowExtract
import FlowModel

/// XCoordinator: a `NavigationCoordinator<Route>` (or tab, split, page, view) subclass; its routes
/// are the cases of the `Route` enum and `prepareTransition` says what each does.
enum XCoordinatorStyle {
    static let bases: [String: CoordinatorKind] = [
        "NavigationCoordinator": .navigation, "TabBarCoordinator": .tab, "SplitCoordinator": .split,
        "PageCoordinator": .page, "ViewCoordinator": .view,
    ]

    static func kind(of type: TypeFacts) -> CoordinatorKind? {
        guard type.keyword == .class else { return nil }
        return type.inherited.lazy.compactMap { bases[$0.base] }.first
    }

    static func routeEnum(of type: TypeFacts) -> String? {
        type.inherited.first { bases[$0.base] != nil }?.arguments.first
    }

    static func coordinator(_ type: TypeFacts, kind: CoordinatorKind, context: inout Context) -> ExtractedCoordinator {
        collectTriggers(&context)
        let base = type.inherited.first { bases[$0.base] != nil }!
        var coordinator = ExtractedCoordinator(
            name: type.name, location: type.location, style: .xcoordinator,
            kind: Fact(kind, at: type.location)
        )
        let cases = routeEnum(of: type).flatMap { context.recognizer.types[$0] }?.cases ?? []
        for routeCase in cases {
            var route = ExtractedRoute(name: routeCase.name, location: routeCase.location)
            route.params = routeCase.parameters.map { Fact($0, at: routeCase.location) }
            coordinator.routes.append(route)
        }
        if let prepare = type.methods.first(where: { $0.name == "prepareTransition" }) {
            for index in coordinator.routes.indices {
                read(&coordinator.routes[index], coordinator: &coordinator.allSitesResolved, prepare, type, &context)
            }
        } else {
            coordinator.allSitesResolved = false
        }
        // `super.init(initialRoute: .x)` or `init(rootViewController:initialRoute:)`.
        for method in type.methods where method.name == "init" {
            for call in method.calls where call.name == "init" {
                for argument in call.arguments where argument.label == "initialRoute" {
                    if case .member(let name, _) = argument.value, coordinator.route(named: name) != nil {
                        coordinator.initial = Fact(name, at: call.location)
                    }
                }
            }
        }
        if kind == .tab { readTabs(&coordinator, type, &context) }
        if coordinator.initial == nil, let first = coordinator.routes.first {
            coordinator.initial = Fact(first.name, at: first.location, .inferred("no `initialRoute:` seen: the first case of `\(base.arguments.first ?? "Route")`"))
        }
        return coordinator
    }

    /// `super.init(tabs: [newsRouter, usersRouter], select: usersRouter)`: one route per tab, named after
    /// the property that keeps the tab's router; `.select(newsRouter)` selects it.
    private static func readTabs(_ coordinator: inout ExtractedCoordinator, _ type: TypeFacts, _ context: inout Context) {
        for method in type.methods where method.name == "init" {
            for call in method.calls where call.name == "init" {
                guard case .array(let items)? = call.arguments.first(where: { $0.label == "tabs" })?.value else { continue }
                var tabs: [Fact<String>] = []
                for case .reference(let name) in items {
                    guard let (destination, _) = context.destination(.reference(name), in: method, of: type, at: call.location),
                          destination.value.kind == .coordinator else {
                        coordinator.allSitesResolved = false
                        continue
                    }
                    var route = ExtractedRoute(name: name, location: call.location)
                    route.destination = destination
                    route.retain = Fact(.hierarchy, at: call.location, .inferred("XCoordinator keeps a tab's coordinator in the tab bar controller"))
                    coordinator.routes.append(route)
                    tabs.append(Fact(name, at: call.location))
                }
                coordinator.tabs = tabs
                if case .reference(let selected)? = call.arguments.first(where: { $0.label == "select" })?.value,
                   tabs.contains(where: { $0.value == selected }) {
                    coordinator.initial = Fact(selected, at: call.location)
                } else if let first = tabs.first {
                    coordinator.initial = first
                }
            }
        }
        let tabNames = Set(coordinator.tabs.map(\.value))
        for index in coordinator.routes.indices where coordinator.routes[index].transition?.value == .select {
            if let tab = coordinator.routes[index].tab, !tabNames.contains(tab.value) { coordinator.routes[index].tab = nil }
        }
    }

    static let transitions: [String: Transition] = [
        "push": .push, "present": .present, "presentFullScreen": .present, "dismiss": .dismiss,
        "dismissToRoot": .dismissToRoot, "dismissAll": .dismissToRoot, "pop": .pop, "popToRoot": .popToRoot,
        "set": .setRoot, "select": .select, "show": .show, "showDetail": .showDetail, "trigger": .trigger,
        "none": .none, "embed": .embed,
    ]

    /// The transition of one case of `prepareTransition`'s switch.
    private static func read(
        _ route: inout ExtractedRoute, coordinator allResolved: inout Bool,
        _ prepare: MethodFacts, _ type: TypeFacts, _ context: inout Context
    ) {
        let calls = prepare.calls.filter { $0.switchCase?.contains(route.name) == true }
        guard let first = calls.first(where: { $0.receiver == nil && (transitions[$0.name] != nil || $0.name == "multiple" || $0.name == "deepLink") }) else {
            allResolved = false
            return
        }
        if first.name == "multiple" || first.name == "deepLink" {
            chain(route.name, first, calls, type, &context)
            route.transition = Fact(.none, at: first.location, .inferred("`.\(first.name)(…)` runs several steps: see the chain `\(chainName(type.name, route.name))`"))
            return
        }
        let transition = transitions[first.name]!
        route.transition = Fact(transition, at: first.location)
        if first.name == "presentFullScreen"
            || calls.contains(where: { $0.name == "=" && ($0.receiver ?? "").hasSuffix("modalPresentationStyle") && isFullScreen($0.arguments.first?.value) }) {
            route.style = Fact(.fullScreen, at: first.location)
        }
        switch transition {
        case .trigger:
            if case .member(let name, _)? = first.arguments.first?.value { route.target = Fact(name, at: first.location) }
        case .select:
            if case .reference(let name)? = first.arguments.first?.value { route.tab = Fact(name, at: first.location) }
        case .none:
            // `addChild(coordinator)` + `.none()`: attached without a transition, pushing onto this stack.
            if let add = calls.first(where: { $0.name == "addChild" }), let child = add.arguments.first?.value,
               let (destination, _) = context.destination(child, in: prepare, of: type, at: add.location),
               destination.value.kind == .coordinator {
                route.destination = destination
                route.retain = Fact(.hierarchy, at: add.location)
                context.attachedToParentStack.insert(destination.value.name)
            }
        case .push, .present, .setRoot, .show, .showDetail, .embed:
            guard let argument = first.arguments.first?.value,
                  let (destination, _) = context.destination(argument, in: prepare, of: type, at: first.location) else {
                allResolved = false
                return
            }
            route.destination = destination
            if destination.value.kind == .coordinator {
                route.retain = Fact(.hierarchy, at: first.location, .inferred("XCoordinator keeps a child in its view controller's hierarchy"))
            } else {
                for made in prepare.constructed where calls.contains(where: { $0.location == made.location }) && made.value != destination.value.name {
                    context.madeWith[destination.value.name, default: []].append(made.value)
                }
            }
        default:
            break
        }
    }

    private static func isFullScreen(_ value: ExpressionFacts?) -> Bool {
        guard case .member(let name, _)? = value else { return false }
        return ["fullScreen", "overFullScreen", "overCurrentContext", "currentContext", "custom"].contains(name)
    }

    static func chainName(_ coordinator: String, _ route: String) -> String {
        "\(coordinator).\(route)"
    }

    /// `.multiple(.dismissToRoot(), .popToRoot(), …)` and `deepLink(.a, .b)` as a chain from this coordinator.
    private static func chain(_ route: String, _ call: CallFacts, _ calls: [CallFacts], _ type: TypeFacts, _ context: inout Context) {
        var chain = ExtractedChain(name: chainName(type.name, route), location: call.location, from: type.name)
        let inner = calls.filter { $0.location > call.location || $0.location == call.location }
        for step in inner where step.receiver == nil {
            switch step.name {
            case "dismiss": chain.steps.append(ExtractedChainStep(.dismiss, at: step.location))
            case "dismissToRoot", "dismissAll": chain.steps.append(ExtractedChainStep(.dismissToRoot, at: step.location))
            case "pop": chain.steps.append(ExtractedChainStep(.pop, at: step.location))
            case "popToRoot": chain.steps.append(ExtractedChainStep(.popToRoot, at: step.location))
            case "deepLink", "trigger":
                for argument in step.arguments {
                    if case .member(let name, _) = argument.value {
                        chain.steps.append(ExtractedChainStep(.route, target: name, at: step.location))
                    }
                }
            default: break
            }
        }
        guard !chain.steps.isEmpty else { return }
        context.chains.append(chain)
    }

    /// `router.trigger(.x)` in any type that keeps a router (`UnownedRouter<R>`, `WeakRouter<R>`, `StrongRouter<R>`).
    static func collectTriggers(_ context: inout Context) {
        guard !context.xcoordinatorTriggersCollected else { return }
        context.xcoordinatorTriggersCollected = true
        var owners: [String: String] = [:]  // route enum → coordinator
        for name in context.recognizer.order {
            guard let type = context.recognizer.types[name], kind(of: type) != nil, let routes = routeEnum(of: type) else { continue }
            owners[routes] = owners[routes] ?? name
        }
        for name in context.recognizer.order {
            guard let type = context.recognizer.types[name] else { continue }
            var routers: [String: String] = [:]  // property → route enum
            for property in type.properties {
                guard let declared = property.type, declared.base.hasSuffix("Router"), let routes = declared.arguments.first else { continue }
                routers[property.name] = routes
            }
            guard !routers.isEmpty else { continue }
            for method in type.methods {
                for call in method.calls where ["trigger", "contextTrigger"].contains(call.name) {
                    let receiver = plainReceiver(call.receiver)
                    guard let routes = routers[receiver], case .member(let route, _)? = call.arguments.first?.value else { continue }
                    context.triggers[name, default: []].append(Trigger(owner: owners[routes], route: Fact(route, at: call.location)))
                }
            }
        }
    }

    /// The routers kept by the view models (or screens) a coordinator makes: `UnownedRouter<R>`, `WeakRouter<R>`
    /// or `StrongRouter<R>` properties → `holds: {R's coordinator: unowned | weak | strong}`, `Self` for the
    /// maker's own routes. A `StrongRouter` to the maker itself is XCoordinator's retain cycle.
    static func linkHolds(_ context: inout Context) {
        let strengths: [String: HoldStrength] = ["UnownedRouter": .unowned, "WeakRouter": .weak, "StrongRouter": .strong]
        var owners: [String: String] = [:]  // route enum → coordinator
        for name in context.recognizer.order {
            guard let type = context.recognizer.types[name], kind(of: type) != nil, let routes = routeEnum(of: type) else { continue }
            owners[routes] = owners[routes] ?? name
        }
        for maker in context.recognizer.order {
            guard let type = context.recognizer.types[maker], kind(of: type) != nil, var coordinator = context.coordinators[maker] else { continue }
            for made in type.methods.flatMap(\.constructed) {
                guard let kept = context.recognizer.types[made.value], kind(of: kept) == nil else { continue }
                for property in kept.properties {
                    guard let declared = property.type, let strength = strengths[declared.base], let routes = declared.arguments.first,
                          let owner = owners[routes] else { continue }
                    let target = owner == maker ? "Self" : owner
                    if let index = coordinator.holds.firstIndex(where: { $0.target == target }) {
                        if strength == .strong, coordinator.holds[index].strength.value != .strong {
                            coordinator.holds[index].strength = Fact(strength, at: property.location)
                        }
                    } else {
                        coordinator.holds.append(ExtractedHold(target: target, strength: Fact(strength, at: property.location)))
                    }
                }
            }
            context.coordinators[maker] = coordinator
        }
    }
}
