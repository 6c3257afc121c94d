import FlowModel
import FlowConfig
import FlowAnalysis

/// XCoordinator: a `NavigationCoordinator<Route>` (or tab, split, page, view) subclass; its routes
/// are the cases of the `Route` enum and `prepareTransition` says what each does.
struct XCoordinatorStyle: CoordinatorStyle {
    /// What the coordinators read so far leave to be linked once every coordinator is read.
    private var pending = Pending()

    init() {}

    static func claims(_ type: TypeFacts, _ recognizer: Recognizer) -> Bool {
        kind(of: type) != nil
    }

    /// `router.trigger(.x)` of every type is read once, before the first coordinator is built.
    mutating func prepare(_ context: inout Context) {
        Self.collectTriggers(&context)
    }

    mutating func coordinator(_ type: TypeFacts, _ context: inout Context) -> Coordinator? {
        guard let kind = Self.kind(of: type) else { return nil }
        return Self.coordinator(type, kind: kind, context: &context, pending: &pending)
    }

    func forBuilding() -> Self { Self() }

    mutating func merge(_ built: Self) {
        pending.routerTriggers += built.pending.routerTriggers
        pending.initialUnread.formUnion(built.pending.initialUnread)
    }

    mutating func link(_ context: inout Context) {
        Self.linkHolds(&context)
        Self.linkRouterTriggers(pending, &context)
    }

    static let bases: [String: CoordinatorKind] = [
        "NavigationCoordinator": .navigation, "TabBarCoordinator": .tab, "SplitCoordinator": .split,
        "PageCoordinator": .page, "ViewCoordinator": .view,
    ]

    /// XCoordinator's classes are generic over the route (`NavigationCoordinator<AppRoute>`); an app's own
    /// `NavigationCoordinator` protocol, conformed to without one, is a classic coordinator.
    static func kind(of type: TypeFacts) -> CoordinatorKind? {
        guard type.keyword == .class else { return nil }
        return type.inherited.lazy.compactMap { $0.arguments.isEmpty ? nil : bases[$0.base] }.first
    }

    /// The route enum the coordinator is generic over: an argument of the nearest supertype that has any (the
    /// supertypes come nearest first, superclasses before protocols), so an app's own generic base
    /// (`ShopCoordinator: AppNavigationCoordinator<ShopRoute>`, over `NavigationCoordinator<R>`) gives its
    /// subclass's route, not its own parameter; of several arguments, the one the project declares as an enum.
    static func routeEnum(of type: TypeFacts, in types: [String: TypeFacts]) -> String? {
        guard let generic = type.inherited.first(where: { !$0.arguments.isEmpty }) else { return nil }
        return generic.arguments.first { types[$0]?.keyword == .enum } ?? generic.arguments.first
    }

    static func coordinator(_ type: TypeFacts, kind: CoordinatorKind, context: inout Context, pending: inout Pending) -> Coordinator {
        let base = type.inherited.first { bases[$0.base] != nil && !$0.arguments.isEmpty }!
        var coordinator = context.coordinator(type, .xcoordinator, kind: Fact(kind, at: type.location))
        let cases = routeEnum(of: type, in: context.recognizer.types).flatMap { context.recognizer.types[$0] }?.cases ?? []
        for routeCase in cases {
            var route = Route(name: routeCase.name, location: routeCase.location)
            route.params = routeCase.parameters.map { RouteParameter(name: $0.name, type: $0.type, location: routeCase.location) }
            coordinator.routes.append(route)
        }
        var resolved = true
        if let prepare = type.methods.first(where: { $0.name == "prepareTransition" }) {
            var variants: [Route] = []
            for index in coordinator.routes.indices {
                read(&coordinator.routes[index], coordinator: &resolved, prepare, type, &context, &pending, &variants)
            }
            coordinator.routes += variants
        } else {
            resolved = false
        }
        readInitials(&coordinator, type, &resolved, &context)
        if kind == .tab { readTabs(&coordinator, type, &resolved, &context) }
        if coordinator.initial == nil { pending.initialUnread.insert(type.name) }
        if coordinator.initial == nil, let first = coordinator.routes.first {
            let why = "no `initialRoute:` seen: the first case of `\(base.arguments.first ?? "Route")`"
            coordinator.initial = context.put(Fact(first.name, at: first.location, .inferred(why)), .coordinator(type.name, .initial))
        }
        readGestureTriggers(&coordinator, type, &context)
        if !resolved { coordinator.markOpen() }
        return coordinator
    }

    /// `super.init(tabs: [newsRouter, usersRouter], select: usersRouter)`: one route per tab, named after
    /// the property that keeps the tab's router; `.select(newsRouter)` selects it.
    private static func readTabs(_ coordinator: inout Coordinator, _ type: TypeFacts, _ resolved: inout Bool, _ context: inout Context) {
        for method in type.methods where method.name == "init" {
            for call in method.calls where call.name == "init" {
                guard let items = tabItems(call.arguments.first(where: { $0.label == "tabs" })?.value, in: method, at: call.location) else {
                    continue
                }
                var tabs: [Located<String>] = []
                for name in items.compactMap(tabRouter) {
                    guard
                        let destination = routerParameter(name, of: method, context.recognizer, at: call.location)
                            ?? context.destination(.reference(name), in: method, of: type, at: call.location)?.0,
                        destination.value.coordinatorName != nil
                    else {
                        resolved = false
                        continue
                    }
                    var route = Route(name: name, location: call.location)
                    route.destination = context.put(destination, .route(type.name, name, .coordinator))
                    let why = "XCoordinator keeps a tab's coordinator in the tab bar controller"
                    route.retain = context.put(Fact(.hierarchy, at: call.location, .inferred(why)), .route(type.name, name, .retain))
                    coordinator.routes.append(route)
                    tabs.append(Located(name, at: call.location))
                }
                coordinator.tabs = tabs
                if case .reference(let selected)? = call.arguments.first(where: { $0.label == "select" })?.value,
                    tabs.contains(where: { $0.value == selected })
                {
                    coordinator.initial = Located(selected, at: call.location)
                } else if let first = tabs.first {
                    coordinator.initial = first
                }
            }
        }
        let tabs = coordinator.tabs ?? []
        let tabNames = Set(tabs.map(\.value))
        for index in coordinator.routes.indices where coordinator.routes[index].transition?.value == .select {
            guard let tab = coordinator.routes[index].tab else { continue }
            // `.select(index: 1)`: the tab at that place.
            if tab.value.hasPrefix("#"), let place = Int(tab.value.dropFirst()) {
                coordinator.routes[index].tab = place < tabs.count ? Located(tabs[place].value, at: tab.location) : nil
            } else if !tabNames.contains(tab.value) {
                coordinator.routes[index].tab = nil
            }
        }
    }

    /// XCoordinator's transitions by name, from its vocabulary.
    static let transitions: [String: Transition] = vocabulary.verbs.mapValues(\.transition)

    /// XCoordinator's own transitions, then the team's (`extension Transition { static func fadePush(…) }`, named
    /// under `push`, `present` or `setRoot` in `.flowlint.yml` `extract:`, as for the other styles).
    static func transition(named name: String, _ mapping: ExtractMapping) -> Transition? {
        transitions[name] ?? mapping.transition(named: name)
    }

    /// The transition of one case of `prepareTransition`'s switch.
    private static func read(
        _ route: inout Route, coordinator allResolved: inout Bool,
        _ prepare: MethodFacts, _ type: TypeFacts, _ context: inout Context, _ pending: inout Pending, _ variants: inout [Route]
    ) {
        let name = route.name
        func path(_ field: RouteField) -> FactPath { .route(type.name, name, field) }
        func note(_ kind: ExtractionNote.Kind, _ message: String, at location: SourceLocation) {
            context.notes.append(ExtractionNote(kind, message, at: location, coordinator: type.name))
        }
        let calls = prepare.calls.filter { $0.switchCase?.contains(route.name) == true }
        let mapping = context.recognizer.mapping
        let index = context.recognizer.index
        func makesTransition(_ call: CallFacts) -> Bool {
            guard call.receiver == nil else { return false }
            if Self.transition(named: call.name, mapping) != nil || call.name == "multiple" || call.name == "deepLink" { return true }
            return Self.helper(named: call.name, index) != nil
        }
        guard var first = calls.first(where: makesTransition) else {
            // `.openSettingsApp()`: the app's own transition, built by hand: what it shows is not read.
            if let made = calls.first(where: {
                $0.receiver == nil && index.helpers[$0.name]?.contains { transitionTypes.contains($0.returnType?.base ?? "") } == true
            }) {
                note(
                    .unrecognized,
                    "`.\(made.name)(…)` is the app's own transition, built without one of XCoordinator's: what `\(type.name).\(name)` "
                        + "shows is not read", at: made.location)
            }
            allResolved = false
            return
        }
        if first.name == "multiple" || first.name == "deepLink" {
            guard chain(route.name, first, calls, type, &context) else {
                route.transition = context.put(Fact(.attach, at: first.location, .inferred(chainLeftOut)), path(.transition))
                allResolved = false
                return
            }
            let why = "`.\(first.name)(…)` runs several steps: see the chain `\(chainName(type.name, route.name))`"
            route.transition = context.put(Fact(.attach, at: first.location, .inferred(why)), path(.transition))
            return
        }
        // `case let .home(router): return .present(router)`: the case shows the coordinator it is triggered with, one
        // route per coordinator the code triggers it with; the case itself is what it shows otherwise (an alert).
        if let parameter = caseParameter(shown: first, calls, route, prepare, type) {
            let rest = readVariants(of: &route, shownBy: first, parameter, calls, prepare, type, &context)
            variants += rest.variants
            guard !rest.variants.isEmpty,
                let other = calls.first(where: {
                    makesTransition($0) && $0.location > first.location && caseParameter(shown: $0, calls, route, prepare, type) == nil
                })
            else {
                if rest.variants.isEmpty {
                    note(
                        .dynamicDestination,
                        "`\(type.name).\(name)` shows the coordinator it is triggered with, and no trigger the reader follows names one: "
                            + "route left out", at: first.location)
                }
                allResolved = false
                return
            }
            if rest.unread { allResolved = false }
            first = other
        }
        readTransition(of: &route, first, calls, coordinator: &allResolved, prepare, type, &context, &pending)
    }

    /// The transition the case's first call makes, its style, and what it shows, triggers, selects or attaches.
    private static func readTransition(
        of route: inout Route, _ first: CallFacts, _ calls: [CallFacts], coordinator allResolved: inout Bool,
        _ prepare: MethodFacts, _ type: TypeFacts, _ context: inout Context, _ pending: inout Pending
    ) {
        let mapping = context.recognizer.mapping
        let index = context.recognizer.index
        func path(_ field: RouteField) -> FactPath { .route(type.name, route.name, field) }
        // The app's own helper, read from its body, when no configuration names it.
        let appHelper = Self.transition(named: first.name, mapping) == nil ? Self.helper(named: first.name, index) : nil
        let transition = Self.transition(named: first.name, mapping) ?? appHelper!.transition
        route.transition = context.put(Fact(transition, at: first.location), path(.transition))
        let shown = appHelper.map { $0.shown(at: first, prepare: prepare) } ?? first.arguments.first.map { ($0.value, prepare) }
        if first.name == "presentFullScreen" || appHelper?.fullScreen == true
            || calls.contains(where: {
                $0.name == "=" && ($0.receiver ?? "").hasSuffix("modalPresentationStyle")
                    && vocabulary.isFullScreen($0.arguments.first?.value)
            })
        {
            route.style = context.put(Fact(.fullScreen, at: first.location), path(.style))
        }
        switch transition {
        case .trigger:
            readTrigger(&route, first, calls, prepare, type, &context, &pending, &allResolved)
        case .select:
            if case .reference(let tab)? = shown?.0 { route.tab = Located(tab, at: first.location) }
            // `.select(index: 1)`: placed once the tabs are read.
            if appHelper == nil, let place = first.arguments.first(where: { $0.label == "index" }), case .other(let digits) = place.value,
                Int(digits) != nil
            {
                route.tab = Located("#" + digits, at: first.location)
            }
        case .attach:
            readAttach(&route, calls, prepare, type, &context)
        case .push, .present, .setRoot, .show, .showDetail, .embed:
            readShown(&route, shown, first, calls, prepare, type, &context, &allResolved)
        default:
            break
        }
    }

    /// `.trigger(route)` of this coordinator, or `.trigger(MailSettingsRoute.accounts, on: settings)`: a route of the
    /// coordinator behind that router.
    private static func readTrigger(
        _ route: inout Route, _ first: CallFacts, _ calls: [CallFacts], _ prepare: MethodFacts, _ type: TypeFacts,
        _ context: inout Context, _ pending: inout Pending, _ allResolved: inout Bool
    ) {
        let name = route.name
        func path(_ field: RouteField) -> FactPath { .route(type.name, name, field) }
        let target: String?
        switch first.arguments.first?.value {
        case .member(let name, _)?, .qualified(_, let name, _)?: target = name
        default: target = nil
        }
        guard let target else { return }
        guard let router = first.arguments.first(where: { $0.label == "on" })?.value, router != .reference("self") else {
            route.target = RouteReference(coordinator: nil, route: target, location: first.location)
            return
        }
        // `.trigger(MailSettingsRoute.accounts, on: settings)`: a route of the coordinator behind that router.
        guard let (destination, _) = context.destination(router, in: prepare, of: type, at: first.location),
            let child = destination.value.coordinatorName
        else {
            allResolved = false
            return
        }
        if child == type.name {
            route.target = RouteReference(coordinator: nil, route: target, location: first.location)
            return
        }
        // The router of the coordinator that makes this one (a parent handing its router down): its route, as
        // a screen's `Parent.route` is written.
        if context.recognizer.types[child]?.methods.contains(where: { $0.constructed.contains { $0.value == type.name } }) == true {
            route.target = RouteReference(coordinator: child, route: target, location: first.location)
            return
        }
        let made = madeHere(router, in: prepare, at: first.location)
        pending.routerTriggers.append(
            .init(child: child, route: target, location: first.location, starts: made, by: "\(type.name).\(name)"))
        if made {
            // Made here: the route starts it, without a transition of its own (as `addChild` + `.none()`).
            route.transition = context.put(Fact(.attach, at: first.location), path(.transition))
            route.destination = context.put(destination, path(.coordinator))
            if case .reference(let local) = router,
                let add = calls.first(where: { $0.name == "addChild" && $0.arguments.first?.value == .reference(local) })
            {
                route.retain = Located(.hierarchy, at: add.location)
                context.attachedToParentStack.insert(child)
            } else {
                let why = "XCoordinator keeps a child in its view controller's hierarchy"
                route.retain = context.put(Fact(.hierarchy, at: first.location, .inferred(why)), path(.retain))
            }
        } else {
            let why = "it triggers `\(child).\(target)` on a router it keeps: a route \(child) fires while it is active"
            route.transition = context.put(Fact(.attach, at: first.location, .inferred(why)), path(.transition))
        }
    }

    /// `addChild(coordinator)` + `.none()`: attached without a transition, pushing onto this stack.
    private static func readAttach(
        _ route: inout Route, _ calls: [CallFacts], _ prepare: MethodFacts, _ type: TypeFacts, _ context: inout Context
    ) {
        let name = route.name
        func path(_ field: RouteField) -> FactPath { .route(type.name, name, field) }
        if let add = calls.first(where: { $0.name == "addChild" }), let child = add.arguments.first?.value,
            let (destination, _) = context.destination(child, in: prepare, of: type, at: add.location),
            destination.value.coordinatorName != nil
        {
            route.destination = context.put(destination, path(.coordinator))
            route.retain = Located(.hierarchy, at: add.location)
            context.attachedToParentStack.insert(destination.value.name)
        }
    }

    /// What a push, presentation or root shows, and how a child shown is kept.
    private static func readShown(
        _ route: inout Route, _ shown: (ExpressionFacts, MethodFacts)?, _ first: CallFacts, _ calls: [CallFacts], _ prepare: MethodFacts,
        _ type: TypeFacts, _ context: inout Context, _ allResolved: inout Bool
    ) {
        let name = route.name
        func path(_ field: RouteField) -> FactPath { .route(type.name, name, field) }
        guard let (argument, method) = shown,
            let (destination, _) = context.destination(
                argument, in: method, of: type, at: method.location == prepare.location ? first.location : method.location)
        else {
            allResolved = false
            return
        }
        route.destination = context.put(destination, path(destination.value.field))
        if destination.value.coordinatorName != nil {
            if let (place, assignment) = keptInProperty(argument, calls, type) {
                keep(&route, in: place, at: assignment, besides: calls, type, &context)
            } else {
                let why = "XCoordinator keeps a child in its view controller's hierarchy"
                route.retain = context.put(Fact(.hierarchy, at: first.location, .inferred(why)), path(.retain))
            }
        } else {
            for made in prepare.constructed
            where calls.contains(where: { $0.location == made.location }) && made.value != destination.value.name {
                context.madeWith[destination.value.name, default: []].append(made.value)
            }
        }
    }

    static func chainName(_ coordinator: String, _ route: String) -> String {
        "\(coordinator).\(route)"
    }

    /// `.multiple(.dismissToRoot(), .popToRoot(), …)` and `deepLink(.a, HomeRoute.b, …)` as a chain from this
    /// coordinator. A deep link's later routes name their route enum: the coordinator that runs each one is found
    /// when the chains are resolved (`resolve(_:scopes:coordinators:routeEnums:)`), after every route is known.
    /// Why a route that runs a chain has `none`, when the chain could not be written.
    static let chainLeftOut = "it runs several steps the reader could not follow into a chain (see the notes)"

    /// Returns `false` when the chain cannot be written (a note says why).
    private static func chain(_ route: String, _ call: CallFacts, _ calls: [CallFacts], _ type: TypeFacts, _ context: inout Context) -> Bool
    {
        var chain = Chain(name: chainName(type.name, route), location: call.location)
        chain.from = Located(type.name, at: call.location)
        var scopes: [Int: String] = [:]
        func routeStep(_ name: String, at location: SourceLocation) -> ChainStep {
            ChainStep(.route(RouteReference(coordinator: nil, route: name, location: location)), at: location)
        }
        // `AppRoute.home(HomePageCoordinator().strongRouter)`: the route of that case that shows that coordinator.
        func variant(_ name: String, _ arguments: [ExpressionFacts]) -> String {
            guard case .construct(let child, _)? = arguments.first, context.isCoordinatorType(child) else { return name }
            return variantName(name, child)
        }
        let inner = calls.filter { $0.location > call.location || $0.location == call.location }
        for step in inner where step.receiver == nil || step.receiver == "self" {
            switch step.name {
            case "dismiss": chain.steps.append(ChainStep(.dismiss, at: step.location))
            case "dismissToRoot", "dismissAll": chain.steps.append(ChainStep(.dismissToRoot, at: step.location))
            case "pop": chain.steps.append(ChainStep(.pop, at: step.location))
            case "popToRoot": chain.steps.append(ChainStep(.popToRoot, at: step.location))
            case "trigger":
                if case .member(let name, _)? = step.arguments.first?.value {
                    chain.steps.append(routeStep(name, at: step.location))
                }
            case "deepLink":
                // `deepLink(_ route: RouteType, _ remaining: Route...)`, or the remaining routes as one array.
                let routes = step.arguments.flatMap { argument -> [ExpressionFacts] in
                    if case .array(let items) = argument.value { return items }
                    return [argument.value]
                }
                for argument in routes {
                    switch argument {
                    case .member(let name, let arguments)
                    where chain.steps.allSatisfy({ if case .route = $0.action { false } else { true } }):
                        chain.steps.append(routeStep(variant(name, arguments), at: step.location))
                    case .qualified(let routeEnum, let name, let arguments):
                        scopes[chain.steps.count] = routeEnum
                        chain.steps.append(routeStep(variant(name, arguments ?? []), at: step.location))
                    default:
                        context.notes.append(
                            ExtractionNote(
                                .dynamicDestination, "the deep link of `\(chain.name)` routes to a value the code computes: chain left out",
                                at: step.location, coordinator: type.name))
                        return false
                    }
                }
            default: break
            }
        }
        guard !chain.steps.isEmpty else {
            context.notes.append(
                ExtractionNote(
                    .unrecognized, "`\(chain.name)` runs steps the reader does not recognize: chain left out", at: call.location,
                    coordinator: type.name))
            return false
        }
        context.chains.append(chain)
        if !scopes.isEmpty { context.chainScopes[chain.name] = scopes }
        return true
    }

    /// A chain's steps as a spec names them, or why it cannot be written. The steps run where XCoordinator runs
    /// them: `.multiple`'s steps and a deep link's first route on the chain's own coordinator, each later deep-link
    /// route on the last coordinator reached that routes its enum. A step that runs on the coordinator the chain
    /// has reached is written bare, one on an earlier coordinator as `Coordinator.route`, as the rules read it.
    /// Which coordinators the chain has reached is the rules' own `ChainWalk`, over `index`, the coordinators written.
    static func resolve(_ chain: Chain, scopes: [Int: String], index: FlowIndex, routeEnums: [String: String]) -> ChainResolution {
        let from = chain.from?.value ?? ""
        func failure(_ why: String, _ step: ChainStep) -> ChainResolution {
            .leftOut(
                ExtractionNote(.dynamicDestination, "chain `\(chain.name)` \(why): chain left out", at: step.location, coordinator: from))
        }
        guard let start = index.coordinator(named: from) else { return .steps(chain.steps) }
        var steps = chain.steps
        var walk = ChainWalk(from: start, index: index)
        for (position, step) in chain.steps.enumerated() {
            guard case .route(let reference) = step.action else {
                // `.multiple`'s pops and dismissals run on the chain's own coordinator: written only while it is current.
                guard walk.active.count == 1 else {
                    return failure(
                        "pops or dismisses on `\(from)` after routing into `\(index[coordinator: walk.active.last!].name)`", step)
                }
                // Pops leave the active coordinators as they are, and are judged by the rules on the written chain.
                if step.action == .dismiss || step.action == .dismissToRoot { walk.take(step, at: position, index: index) }
                continue
            }
            let name = reference.route
            var owner = start
            if let routeEnum = scopes[position] {
                guard let found = walk.active.last(where: { routeEnums[index[coordinator: $0].name] == routeEnum }) else {
                    return failure("routes to `\(routeEnum).\(name)`, and no coordinator it reached routes `\(routeEnum)`", step)
                }
                owner = found
            }
            let ownerName = index[coordinator: owner].name
            guard index.route(named: name, in: owner) != nil else {
                return failure("steps to `\(ownerName).\(name)`, which is not in the spec", step)
            }
            if owner != walk.active.last {
                steps[position].action = .route(RouteReference(coordinator: ownerName, route: name, location: reference.location))
            }
            walk.take(steps[position], at: position, index: index)
        }
        return .steps(steps)
    }

    enum ChainResolution {
        case steps([ChainStep])
        case leftOut(ExtractionNote)
    }

    /// `router.trigger(.x)` in any type that keeps a router (`UnownedRouter<R>`, `WeakRouter<R>`, `StrongRouter<R>`).
    static func collectTriggers(_ context: inout Context) {
        let owners = context.recognizer.routeEnumCoordinators.compactMapValues(\.first)  // route enum → coordinator
        // Every type's triggers side by side, put in the context in declaration order.
        let recognizer = context.recognizer
        let found = LargeStackThreads.map(Parallel.slices(of: recognizer.order)) { names in
            names.map { name -> [Trigger] in
                guard let type = recognizer.types[name] else { return [] }
                var routers: [String: String] = [:]  // property → route enum
                for property in type.properties {
                    guard let declared = property.type, declared.base.hasSuffix("Router"), let routes = declared.arguments.first else {
                        continue
                    }
                    routers[property.name] = routes
                }
                guard !routers.isEmpty else { return [] }
                var triggers: [Trigger] = []
                for method in type.methods {
                    for call in method.calls where ["trigger", "contextTrigger"].contains(call.name) {
                        // `router.rx.trigger(.x)`: XCoordinator's Rx extension.
                        var receiver = plainReceiver(call.receiver)
                        if receiver.hasSuffix(".rx") { receiver.removeLast(3) }
                        guard let routes = routers[receiver], case .member(let route, let arguments)? = call.arguments.first?.value else {
                            continue
                        }
                        triggers.append(Trigger(owner: owners[routes], route: Fact(route, at: call.location)))
                        // `.home(HomeTabCoordinator().strongRouter)`: also the route of that case that shows that coordinator,
                        // when the coordinator has one (the triggers of routes it lacks are dropped).
                        if case .construct(let child, _)? = arguments.first,
                            child.hasSuffix("Coordinator") || recognizer.types[child].map({ kind(of: $0) != nil }) == true
                        {
                            triggers.append(Trigger(owner: owners[routes], route: Fact(variantName(route, child), at: call.location)))
                        }
                    }
                }
                return triggers
            }
        }.joined()
        for (name, triggers) in zip(recognizer.order, found) where !triggers.isEmpty {
            context.triggers[name, default: []] += triggers
        }
    }

    /// The routers kept by the view models (or screens) a coordinator makes: `UnownedRouter<R>`, `WeakRouter<R>`
    /// or `StrongRouter<R>` properties → `holds: {R's coordinator: unowned | weak | strong}`, `Self` for the
    /// maker's own routes. A `StrongRouter` to the maker itself is XCoordinator's retain cycle.
    static func linkHolds(_ context: inout Context) {
        let strengths: [String: HoldStrength] = ["UnownedRouter": .unowned, "WeakRouter": .weak, "StrongRouter": .strong]
        let owners = context.recognizer.routeEnumCoordinators.compactMapValues(\.first)  // route enum → coordinator
        for maker in context.recognizer.names(claimedBy: Self.self) {
            guard let type = context.recognizer.types[maker], var coordinator = context.coordinators[maker] else { continue }
            for made in type.methods.flatMap(\.constructed) {
                guard let kept = context.recognizer.types[made.value], kind(of: kept) == nil else { continue }
                for property in kept.properties {
                    guard let declared = property.type, let strength = strengths[declared.base], let routes = declared.arguments.first,
                        let owner = owners[routes]
                    else { continue }
                    let target = owner == maker ? Hold.selfReference : owner
                    coordinator.holds.keepStrongest(target, strength, at: property.location)
                }
            }
            ClosureHolds.read(of: maker, &coordinator.holds, context)
            context.coordinators[maker] = coordinator
        }
    }
}
