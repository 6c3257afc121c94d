import FlowModel
import FlowRules

/// The classic UIKit pattern: a type conforming to / inheriting a `*Coordinator` protocol or base class;
/// its routes are the methods that navigate or start a child, its children are kept in
/// `childCoordinators` / dependencies / dictionaries / properties and removed on the exits the code shows.
struct UIKitStyle: CoordinatorStyle {
    /// What the UIKit coordinators teach the reader on the way, for the links made once all are built.
    struct State {
        /// Coordinator → the transition and style of its `start()` (lifted to the route that starts it).
        var startTransitions: [String: Fact<Transition>?] = [:]
        var startStyles: [String: Fact<PresentationStyle>?] = [:]
        var startDismissible: [String: Fact<Bool>?] = [:]
        /// Coordinators whose `start()` presents a controller of a library the reader does not know: style unread.
        var unreadStartStyles: Set<String> = []
        /// Child routes whose transition comes from the child's `start()`: (parent, route).
        var pendingChildRoutes: [(String, String)] = []
        /// Of the coordinator being read: property → the `property = nil` its methods make, looked up once per
        /// coordinator rather than once per route.
        var releasesByPlace: [String: [(method: MethodFacts, call: CallFacts)]] = [:]
        /// Of the coordinator being read: its event handlers (`eventHandlers(of:)`), found once for every pass that asks.
        var handlers: [EventHandler: [(MethodFacts, CallFacts)]] = [:]
        /// Coordinator → route → the one place the route keeps its child in (`authFlow = flow`, `children[.auth] = flow`):
        /// the next run of the route puts its new child there, letting the one before go.
        var slots: [String: [String: String]] = [:]
    }

    private var state = State()

    init() {}

    static func claims(_ type: TypeFacts, _ recognizer: Recognizer) -> Bool {
        isCoordinator(type, recognizer: recognizer)
    }

    mutating func prepare(_ context: inout Context) {}

    func forBuilding() -> Self { Self() }

    mutating func merge(_ built: Self) {
        state.startTransitions.merge(built.state.startTransitions) { _, new in new }
        state.startStyles.merge(built.state.startStyles) { _, new in new }
        state.startDismissible.merge(built.state.startDismissible) { _, new in new }
        state.unreadStartStyles.formUnion(built.state.unreadStartStyles)
        state.pendingChildRoutes += built.state.pendingChildRoutes
        state.slots.merge(built.state.slots) { _, new in new }
    }

    mutating func coordinator(_ type: TypeFacts, _ context: inout Context) -> Coordinator? {
        // A base class of other coordinators (`BaseCoordinator`) is not a flow of its own, unless the app makes one.
        guard !context.baseClasses.contains(type.name) || context.recognizer.index.constructed.contains(type.name) else { return nil }
        return Self.coordinator(type, state: &state, context: &context)
    }

    mutating func link(_ context: inout Context) {
        Self.linkChildren(&state, &context)
    }

    static func isCoordinator(_ type: TypeFacts, recognizer: Recognizer) -> Bool {
        guard type.keyword == .class || type.keyword == .struct, !type.name.hasPrefix("UI") else { return false }
        if type.inherited.contains(where: { isCoordinatorBase($0.base) }) { return true }
        if !recognizer.mapping.coordinators.isEmpty && recognizer.index.conforms(type, toAnyOf: Set(recognizer.mapping.coordinators)) { return true }
        return isCoordinatorByName(type, recognizer.mapping)
    }

    /// A class named `…Coordinator` that conforms to no coordinator type (`final class HomeCoordinator: NSObject`,
    /// `class SettingsCoordinator: ENStateHandlerUpdating`) and navigates or starts a child itself: read as one,
    /// inferred. Not a controller (UIKit's classes), not a type of a protocol the app names for its coordinators
    /// without making it a root (`final class ProfileScreenCoordinator: CoordinatorProtocol`: the app's own word
    /// for what it is), and not at all when the team names its roots in `extract: { coordinators: […] }`.
    static func isCoordinatorByName(_ type: TypeFacts, _ mapping: ExtractMapping) -> Bool {
        guard mapping.coordinators.isEmpty, type.keyword == .class, isCoordinatorBase(type.name),
              !type.inherited.contains(where: { ($0.base.hasPrefix("UI") && !$0.base.hasSuffix("Delegate")) || $0.base.contains("Coordinator") })
        else { return false }
        return type.methods.contains { method in
            method.calls.contains { transition(of: $0, mapping: mapping) != nil } || method.constructed.contains { isCoordinatorBase($0.value) && $0.value != type.name }
        }
    }

    static func isCoordinatorBase(_ name: String) -> Bool {
        name.hasSuffix("Coordinator") || name.hasSuffix("Coordinating") || name.hasSuffix("CoordinatorType")
    }

    /// What a call does to navigation, when it is a navigation call.
    static func transition(of call: CallFacts, mapping: ExtractMapping) -> Transition? {
        // The receiver is read only for the names that need it: every call of the project comes here.
        if call.name == "=" {
            let receiver = plainReceiver(call.receiver)
            if receiver.hasSuffix("rootViewController") { return .setRoot }
            // `navigationController.viewControllers = [tokens]`: the stack replaced by the screens listed.
            if receiver.hasSuffix("viewControllers"), receiver.lowercased().contains("navigation"), case .array(let items)? = call.arguments.first?.value, !items.isEmpty {
                return .setRoot
            }
            return nil
        }
        if mapping.push.contains(call.name) || mapping.present.contains(call.name) || mapping.setRoot.contains(call.name) {
            // `setSheetCoordinator(nil)`: the team's presenter given nothing closes what it shows, it shows no screen.
            if call.arguments.first(where: { $0.label != "animated" })?.value == .other("nil") {
                return mapping.present.contains(call.name) ? .dismiss : nil
            }
            return mapping.push.contains(call.name) ? .push : mapping.present.contains(call.name) ? .present : .setRoot
        }
        switch call.name {
        case "pushViewController", "pushModule": return .push
        case "setViewControllers", "setRootModule", "setRootViewController", "setRootController", "setRootCoordinator":
            return call.arguments.first?.value == .other("nil") ? nil : .setRoot
        // Navigation coordinators that wrap SwiftUI's presentations (`setSheetCoordinator(stack)`); `nil` closes it.
        case "setSheetCoordinator", "setFullScreenCoverCoordinator":
            return call.arguments.first?.value == .other("nil") ? .dismiss : .present
        case "popViewController", "popModule": return .pop
        case "popToRootViewController", "popToRootModule", "popToRoot": return .popToRoot
        case "dismissModule": return .dismiss
        case "dismiss" where call.closures.isEmpty: return .dismiss
        case "present" where !call.arguments.isEmpty: return .present
        case "push" where foldedReceiver(call).contains("router") || foldedReceiver(call).contains("navigation"): return .push
        // A split view controller's columns: `showDetailViewController`, `show`, `setViewController(_:for:)`.
        case "showDetailViewController" where foldedReceiver(call).contains("split"): return .showDetail
        case "show" where foldedReceiver(call).contains("split"): return .show
        case "setViewController" where foldedReceiver(call).contains("split"):
            guard case .member(let column, _)? = call.arguments.first(where: { $0.label == "for" })?.value else { return nil }
            return column == "secondary" ? .showDetail : .show
        default: return nil
        }
    }

    static let retainCalls: Set<String> = ["addDependency", "addChild", "addChildCoordinator", "addChildDependency", "addCoordinator", "store"]
    static let releaseCalls: Set<String> = [
        "removeDependency", "removeChild", "removeChildCoordinator", "removeChildDependency", "removeCoordinator",
        "childDidFinish", "free", "removeAll",
    ]

    static func isRetain(_ call: CallFacts, _ mapping: ExtractMapping) -> Bool {
        if mapping.retain.contains(call.name) { return true }
        // Combine's `.store(in: &cancellables)` keeps a subscription, not a child.
        if retainCalls.contains(call.name) { return call.name != "store" || call.arguments.first?.label != "in" }
        if call.name == "append" || call.name == "insert" { return holdsChildren(foldedReceiver(call)) }
        if call.name == "=" {
            guard case .reference(let value)? = call.arguments.first?.value, value != "self" else { return false }
            // `children[key] = child`, `self.avatarCoordinator = child`; not `coordinator.delegate = self`.
            let place = foldedReceiver(call)
            return (place.contains("coordinator") || place.contains("child")) && !place.hasSuffix("delegate")
        }
        return false
    }

    /// The receiver without `?`, `!` and `self.`, lowercased: for the calls whose name says the receiver matters.
    private static func foldedReceiver(_ call: CallFacts) -> String {
        plainReceiver(call.receiver).lowercased()
    }

    /// `childCoordinators`, `children` (lowercased).
    private static func holdsChildren(_ place: String) -> Bool {
        place.hasSuffix("coordinators") || place.hasSuffix("children")
    }

    /// `childCoordinators.removeAll()` or `children = []` run by the method itself: every child is let go.
    static func clearsChildren(_ call: CallFacts) -> Bool {
        guard call.closures.isEmpty else { return false }
        if call.name == "removeAll" { return call.arguments.isEmpty && holdsChildren(foldedReceiver(call)) }
        if call.name == "=", case .array(let items)? = call.arguments.first?.value { return items.isEmpty && holdsChildren(foldedReceiver(call)) }
        return false
    }

    static func isRelease(_ call: CallFacts, _ mapping: ExtractMapping) -> Bool {
        if mapping.release.contains(call.name) || call.name.hasPrefix("removeFromParent") { return true }
        if releaseCalls.contains(call.name) {
            return call.name != "removeAll" || holdsChildren(foldedReceiver(call))
        }
        if call.name == "remove" || call.name == "removeValue" { return holdsChildren(foldedReceiver(call)) }
        if call.name == "=", case .other("nil")? = call.arguments.first?.value {
            let receiver = foldedReceiver(call)
            return receiver.contains("coordinator") || receiver.contains("children") || receiver.contains("child")
        }
        return false
    }

    static func coordinator(_ type: TypeFacts, state: inout State, context: inout Context) -> Coordinator? {
        let mapping = context.recognizer.mapping
        let name = type.name
        var coordinator = context.coordinator(type, .uikit, kind: Fact(kind(of: type, context.recognizer.index), at: type.location, .inferred("a UIKit coordinator's kind is read from the controllers it keeps")))
        if !type.inherited.contains(where: { isCoordinatorBase($0.base) }), isCoordinatorByName(type, mapping) {
            context.provenance.set(.coordinator(name), .inferred("named `…Coordinator` and navigates, though it conforms to no coordinator type"))
        }
        var resolved = true
        let finishers = selfReleasingMethods(of: type.name, context)
        // Per method (by where it is declared): the child it gets from a factory object, looked up once.
        var factoryProducts: [SourceLocation: Context.FactoryProduct] = [:]
        for method in type.methods { factoryProducts[method.location] = context.factoryProduct(in: method, of: type) }
        // The methods that let every child go (`childCoordinators.removeAll()`): a closure may release through them.
        let clearing = Set(type.methods.filter { $0.calls.contains(where: clearsChildren) }.map(\.name))
        state.handlers = eventHandlers(of: type)
        state.releasesByPlace = [:]
        for method in type.methods {
            for call in method.calls {
                if let place = releasedPlace(call) { state.releasesByPlace[place, default: []].append((method, call)) }
            }
        }
        let helpers = startHelpers(of: type, context)
        // A hub whose tabs' flows were made elsewhere (`init`, `makeTabs()`): the method that hands the tab bar their
        // stacks mapped from a list (`tabs.map(\.navigationController)`) is where it starts.
        let isHub = coordinator.kind?.value == .tab
        let routeMethods = Set(type.methods.filter { method in
            if isHub, method.calls.contains(where: givesMappedTabs) { return true }
            guard !helpers.contains(method.name), !systemCallbacks.contains(method.name),
                  !context.isReaction(method, of: type.name) || isRequest(method, of: type, context) else { return false }
            return method.calls.contains { transition(of: $0, mapping: mapping) != nil && $0.closures.allSatisfy(bodyClosures.contains) }
                || childMadeNow(in: method, of: type, context) != nil
                || factoryProducts[method.location]?.child != nil
                || (method.name != "start" && finishCall(in: method, finishers: finishers, reactions: context.releasingReactions) != nil)
        }.map(\.name))
        // The names of the routes so far: searching the routes for each method was quadratic (issue 24).
        var routeNames = Set(coordinator.routes.map(\.name))
        // The children `start()` begins with in its other branches, each a route of its own.
        var branches: [Route] = []
        // The calls of a branching method's later arms → the arm's route (what their closures trigger is its screen's).
        var armOfCall: [SourceLocation: String] = [:]
        var firstArmCalls: Set<SourceLocation> = []
        for method in type.methods where routeMethods.contains(method.name) {
            // An overload (`show(nonFungibleToken:)` beside `show(fungibleToken:)`) is a route of its own, named with its
            // first label (`showFungibleToken`); one the label cannot tell apart is the first's.
            var routeName = method.name
            if routeNames.contains(routeName), let label = method.firstLabel, !method.name.hasSuffix(label.capitalizedFirst) {
                routeName = method.name + label.capitalizedFirst
            }
            guard routeNames.insert(routeName).inserted else { continue }
            // A method whose `if` arms or `switch` cases navigate differently is one route per arm (BranchingRoutes).
            let arms = method.name == "start" ? [] : BranchingRoutes.arms(of: method, routes: routeMethods, mapping: mapping) {
                $0 != type.name && context.isCoordinatorType($0)
            }
            let whole = method
            var armRoutes: [Route] = []
            for arm in arms.isEmpty ? [nil] : arms.filter(\.navigates).map(Optional.some) {
                let method = arm?.view ?? whole
                let made = arm == nil ? factoryProducts[method.location]?.child : context.factoryProduct(in: method, of: type)?.child
                var routeName = routeName
                if !armRoutes.isEmpty, let arm {
                    // Named after its case or what it shows, read once aside; an arm showing what another shows is that route.
                    // Aside means in a context without the output so far, so the reading costs what the arm does.
                    var (probeState, probeContext, probeResolved) = (state, context.forBuilding(), resolved)
                    var probe = Route(name: routeName, location: arm.location)
                    read(&probe, method, inlined: [], type, made: made, clearing: clearing.subtracting([whole.name]), finishers: finishers, &probeState, &probeContext, &probeResolved)
                    if finishCall(in: method, finishers: finishers, reactions: context.releasingReactions) != nil { probe.transition = Located(.finish, at: arm.location); probe.destination = nil }
                    guard !armRoutes.contains(where: { $0.transition?.value == probe.transition?.value && $0.destination?.value == probe.destination?.value }) else { continue }
                    routeName = BranchingRoutes.name(of: probe, method: routeName, caseNames: arm.caseNames, first: armRoutes[0])
                    let base = routeName
                    var suffix = 1
                    while routeNames.contains(routeName) || routeMethods.contains(routeName) {
                        suffix += 1
                        routeName = "\(base)\(suffix)"
                    }
                    routeNames.insert(routeName)
                    for call in method.calls where !firstArmCalls.contains(call.location) { armOfCall[call.location] = routeName }
                } else if arm != nil {
                    firstArmCalls = Set(method.calls.map(\.location))
                }
                var route = Route(name: routeName, location: armRoutes.isEmpty ? whole.location : arm?.location ?? whole.location)
                route.params = method.parameters.filter { !["animated", "completion"].contains($0.name) }.map {
                    RouteParameter(name: $0.name, type: $0.type, location: method.location)
                }
                let inlined = method.name == "start" ? type.methods.filter { helpers.contains($0.name) } : []
                read(&route, method, inlined: inlined, type, made: made, clearing: clearing.subtracting([method.name]), finishers: finishers, &state, &context, &resolved)
                if method.name == "start", let first = route.destination?.value.coordinatorName {
                    for child in otherStartedChildren(in: method, of: type, besides: first, context) {
                        // `startEnterPassword` for `EnterPasswordCoordinator`.
                        let base = child.value.hasSuffix("Coordinator") ? String(child.value.dropLast("Coordinator".count)) : child.value
                        guard routeNames.insert("start" + base).inserted else { continue }
                        var branch = Route(name: "start" + base, location: child.location)
                        read(&branch, method, inlined: [], type, made: nil, branch: child, clearing: clearing.subtracting([method.name]), finishers: finishers, &state, &context, &resolved)
                        branches.append(branch)
                    }
                }
                if route.destination?.value.coordinatorName != nil {
                    route.then = continuations(in: method, routes: routeMethods).map { next in
                        let placed = context.put(next, .route(name, route.name, .then, item: next.value))
                        return RouteReference(coordinator: nil, route: placed.value, location: placed.location)
                    }
                }
                if method.name != "start", let finish = finishCall(in: method, finishers: finishers, reactions: context.releasingReactions) {
                    // A child started on the way out has no route to be written on: said, and the coordinator is open.
                    if let child = route.destination?.value.coordinatorName {
                        context.notes.append(ExtractionNote(.unrecognized, "`\(name).\(route.name)` starts `\(child)` and ends its own flow: written as its `finish`, the start left out", at: route.location, coordinator: name))
                        coordinator.markOpen()
                    }
                    route.transition = context.put(Fact(.finish, at: finish.location), .route(name, route.name, .transition))
                    route.removeDestination()
                } else if let transition = route.transition, transition.value == .dismiss, method.name.lowercased().hasPrefix("finish") {
                    route.transition = context.put(Fact(.finish, at: transition.location, .inferred("`\(method.name)()` ends the flow by its name")), .route(name, route.name, .transition))
                }
                armRoutes.append(route)
            }
            coordinator.routes += armRoutes
            // Every reference to the method reaches its other arms, and the routes an arm runs instead of navigating.
            let others = armRoutes.dropFirst().map(\.name) + arms.flatMap(\.routeCalls).map(\.name).filter { $0 != routeName }
            if !others.isEmpty, let first = armRoutes.first?.name {
                var seen: Set<String> = [first]
                context.alternatives[name, default: [:]][first] = others.filter { seen.insert($0).inserted }
            }
        }
        coordinator.routes += branches
        for (route, method) in keptChildren(of: type, besides: coordinator.routes, &context) {
            guard routeNames.insert(route.name).inserted else { continue }
            var route = route
            openOnUntiedRelease(&route, keptIn: route.name, of: type, besides: method, state.releasesByPlace[route.name] ?? [], &context)
            state.pendingChildRoutes.append((type.name, route.name))
            coordinator.routes.append(route)
        }
        for method in type.methods where !routeMethods.contains(method.name) {
            if case .ambiguous(let location, let why)? = factoryProducts[method.location] {
                context.notes.append(ExtractionNote(.unresolvedFactory, why, at: location, coordinator: type.name))
                resolved = false
            }
        }
        // No `start()`, and a parent that makes it with the screen it is given to (`chat.coordinator = coordinator`
        // before the parent shows `chat`): that screen is its first, the route its screens' triggers hang on.
        let screenFirst = routeMethods.contains("start") ? nil : context.firstScreens[type.name]
        if let screenFirst {
            var route = Route(name: unusedName(screenFirst.value.lowercasedFirst, in: coordinator), location: screenFirst.location)
            route.destination = context.put(Fact(.screen(screenFirst.value), at: screenFirst.location, screenFirst.confidence), .route(name, route.name, .screen))
            coordinator.routes.insert(route, at: 0)
            routeNames.insert(route.name)
        }
        if !resolved { coordinator.markOpen() }
        guard !coordinator.routes.isEmpty else { return nil }
        // A finish callback called from a screen's closure (`form.onDone = { self?.finishFlow?() }`) is a route, and so
        // is telling the delegate a parent reaction that lets it go (`{ self.delegate?.didDismiss(in: self) }`).
        for method in type.methods where routeMethods.contains(method.name) {
            // Not one in a closure that runs as part of the method (`Task { … }`, a `completion:`), nor one the method
            // itself finishes by (`delegate.coordinator(self, didResolve: …)` in a branch and in a `sink`): that is the method's own.
            let ownFinish = finishCall(in: method, finishers: finishers, reactions: context.releasingReactions)?.name
            for call in method.calls where !call.closures.allSatisfy(ownClosures.contains) && !routeNames.contains(call.name) && call.name != ownFinish {
                let receiver = plainReceiver(call.receiver)
                let finishes = (receiver.isEmpty || receiver == "self") && (namesFinish(call.name) || finishers.contains(call.name))
                let tellsParent = receiver.lowercased().hasSuffix("delegate") && context.releasingReactions.contains(call.name)
                    && passesSelf(call)
                guard finishes || tellsParent else { continue }
                var route = Route(name: call.name, location: call.location)
                context.provenance.set(.route(name, call.name), .inferred("a screen's closure calls `\(call.name)`"))
                route.transition = Located(.finish, at: call.location)
                coordinator.routes.append(route)
                routeNames.insert(call.name)
                // `confirmation.onCompleted = { … self.delegate?.didFinish(receipt, in: self) }`: the closure is the
                // child's, so this coordinator finishes once that child is done (its `then`).
                if let label = call.closures.first, let starting = coordinator.routes.firstIndex(where: { $0.name == method.name }),
                   let child = coordinator.routes[starting].destination?.value.coordinatorName,
                   context.isClosureProperty(label, of: child) {
                    let placed = context.put(Fact(call.name, at: call.location, .inferred("`\(child)`'s `\(label)` closure runs it once the child is done")),
                                             .route(name, method.name, .then, item: call.name))
                    coordinator.routes[starting].then.append(RouteReference(coordinator: nil, route: placed.value, location: placed.location))
                }
            }
        }
        let runs = ownRuns(of: type, routes: Dictionary(coordinator.routes.map { ($0.name, $0.location) }, uniquingKeysWith: { first, _ in first }),
                           makers: Set(screenMakers(of: type, coordinator).keys), handlers: state.handlers, context)
        // `start()` is the initial route; a start that only calls other routes makes the first of them initial.
        if screenFirst != nil {
            let first = coordinator.routes[0]
            coordinator.initial = context.put(Fact(first.name, at: first.location, .inferred("the screen its parent shows with it")), .coordinator(name, .initial))
        } else if let start = coordinator.routes.firstIndex(where: { $0.name == "start" }) {
            if let method = type.methods.first(where: { $0.name == "start" }), let picked = pickedOnAppState(method, routes: routeMethods, atLeast: 1) {
                // A start that navigates in one branch and runs other routes in the others may begin with any of them.
                coordinator.initials = [Located("start", at: coordinator.routes[start].location)] + picked.map { call in
                    context.put(Fact(call.name, at: call.location, .inferred("`start()` picks it \(caseText(call))")), .coordinator(name, .initial, item: call.name))
                }
            } else if !branches.isEmpty {
                coordinator.initials = [Located("start", at: coordinator.routes[start].location)] + branches.map { branch in
                    context.put(Fact(branch.name, at: branch.location, .inferred("`start()` starts its child in another branch")), .coordinator(name, .initial, item: branch.name))
                }
            } else {
                coordinator.initial = Located("start", at: coordinator.routes[start].location)
            }
            liftStart(of: &coordinator, at: start, &state, &context)
        } else if let start = type.methods.first(where: { $0.name == "start" }), let picked = handedOverPicks(start, of: type, routes: routeMethods, context) {
            // `start() { application.start() }`, whose `start` calls `navigation?.showActiveWallet()` or `…showCreateWallet()`.
            coordinator.initials = picked.map { call, owner in
                context.put(Fact(call.name, at: call.location, .inferred("`start()` hands over to `\(owner)`, which calls it")), .coordinator(name, .initial, item: call.name))
            }
        } else if let start = type.methods.first(where: { $0.name == "start" }), let picked = pickedOnAppState(start, routes: routeMethods) {
            // `switch state { case .onboarding: runOnboarding() case .auth: runAuth() … }`: each is where it may start.
            coordinator.initials = picked.map { call in
                context.put(Fact(call.name, at: call.location, .inferred("`start()` picks it \(caseText(call))")), .coordinator(name, .initial, item: call.name))
            }
        } else if let start = type.methods.first(where: { $0.name == "start" }),
                  let call = start.calls.first(where: { $0.receiver == nil || $0.receiver == "self" ? routeMethods.contains($0.name) : false }) {
            coordinator.initial = context.put(Fact(call.name, at: call.location, .inferred("`start()` calls `\(call.name)()`")), .coordinator(name, .initial))
            if let index = coordinator.routes.firstIndex(where: { $0.name == call.name }) {
                liftStart(of: &coordinator, at: index, &state, &context)
            }
        } else if let only = runs.atStart.first, runs.atStart.count == 1, let index = coordinator.routes.firstIndex(where: { $0.name == only.value }) {
            // `start() { machine.send(.begin) }`, whose handler starts the child `init` made: where it begins.
            coordinator.initial = context.put(only, .coordinator(name, .initial))
            liftStart(of: &coordinator, at: index, checksStyle: false, &state, &context)
        } else if !runs.atStart.isEmpty {
            // Several at once (the tabs' flows and an onboarding): each is where it may be when the user first looks.
            coordinator.initials = runs.atStart.map { context.put($0, .coordinator(name, .initial, item: $0.value)) }
        } else {
            let first = coordinator.routes[0]
            coordinator.initial = context.put(Fact(first.name, at: first.location, .inferred("no `start()` that navigates: the first navigating method")), .coordinator(name, .initial))
            coordinator.routes[0].transition = nil
            coordinator.routes[0].style = nil
        }
        // A finish closure that calls `start()` again continues with whatever the start picks.
        if !coordinator.routes.contains(where: { $0.name == "start" }) {
            for index in coordinator.routes.indices {
                guard let again = coordinator.routes[index].then.first(where: { $0.route == "start" }) else { continue }
                let route = coordinator.routes[index].name
                coordinator.routes[index].then.removeAll { $0.route == "start" }
                for initial in coordinator.initials where !coordinator.routes[index].then.contains(where: { $0.route == initial.value }) {
                    let placed = context.put(Fact(initial.value, at: again.location, .inferred("the finish closure calls `start()`, which may pick it")), .route(name, route, .then, item: initial.value))
                    coordinator.routes[index].then.append(RouteReference(coordinator: nil, route: placed.value, location: placed.location))
                }
            }
        }
        if coordinator.kind?.value == .tab { readTabs(&coordinator, type, &state, &context) }
        // A tab, split or page coordinator has no stack of its own: a push or pop it makes works on a child's stack
        // (`(chatsTab as? UINavigationController)?.pushViewController(…)`,
        // `send.navigationController.popToRootViewController(…)`), which a spec cannot name.
        if let kind = coordinator.kind?.value, kind != .navigation {
            let stackOperations: Set<Transition> = [.push, .pop, .popToRoot, .popTo]
            let foreign = coordinator.routes.filter { $0.transition.map { stackOperations.contains($0.value) } ?? false }
            for route in foreign {
                let operation = route.transition!.value == .push ? "pushes onto" : "pops"
                context.notes.append(ExtractionNote(.foreignStack, "`\(name).\(route.name)` \(operation) the stack of another coordinator (`\(name)` is a \(kind.rawValue) coordinator, with no stack of its own): route left out", at: route.transition!.location, coordinator: name))
            }
            if !foreign.isEmpty {
                coordinator.routes.removeAll { $0.transition.map { stackOperations.contains($0.value) } ?? false }
                coordinator.markOpen()
            }
        }
        let alerts = alertRoutes(of: coordinator)
        let requests = collectTriggers(of: type, coordinator: coordinator, alerts: alerts, handlers: state.handlers, armOfCall: armOfCall, &context)
        coordinator.routes.removeAll { alerts.contains($0.name) }
        // What `start()` shows first, and the tabs (the tab bar reaches them), are not its triggers; what else it
        // runs as it starts (`checkDevice()`, `promptBackup.start()` beside the tabs) is the coordinator's own doing.
        let first = Set(coordinator.initials.map(\.value) + (coordinator.tabs ?? []).map(\.value) + ["start"])
        var seen: Set<String> = []
        let fired = (runs.later + runs.atStart.filter { early in !runs.later.contains { $0.value == early.value } } + requests).filter { seen.insert($0.value).inserted }
        coordinator.triggers = fired.filter { !first.contains($0.value) && routeNames.contains($0.value) && !alerts.contains($0.value) }.map { fact in
            let placed = context.put(fact, .coordinator(name, .triggers, item: fact.value))
            return RouteReference(coordinator: nil, route: placed.value, location: placed.location)
        }
        coordinator.holds = holds(of: coordinator, &context)
        return coordinator
    }

    /// A tab bar coordinator: `tabBarController.viewControllers = [feed.navigationController, …]` (or
    /// `setViewControllers`) over child coordinators made in the same method → one tab route per child, named
    /// after its variable; `selectedIndex = n` → a `select` of the n-th tab. Any element that is not a child's
    /// controller leaves the tabs unread (the coordinator is then left out with a note, never half-written).
    private static func readTabs(_ coordinator: inout Coordinator, _ type: TypeFacts, _ state: inout State, _ context: inout Context) {
        let mapping = context.recognizer.mapping
        for method in type.methods {
            guard let call = method.calls.first(where: fillsTabBar), let list = tabItems(call, in: method, of: type), !list.items.isEmpty else { continue }
            var tabs: [Route] = []
            var skipped = false
            defer { install(tabs, builtBy: method.name, skipped: skipped, &coordinator, type, &state, &context) }
            for item in list.items {
                guard let (name, child, maker) = tab(item, in: list.maker, of: type, at: list.before ?? call.location, citingBindings: list.before != nil, context) else {
                    context.notes.append(ExtractionNote(.unrecognized, "a tab of `\(type.name)`, `\(item.summary)`, is not the controller of a child coordinator the reader can follow: left out of the tabs", at: call.location, coordinator: type.name))
                    skipped = true
                    continue
                }
                guard !tabs.contains(where: { $0.name == name }) else { continue }
                if type.properties.contains(where: { $0.name == name }) { state.slots[type.name, default: [:]][name] = name }
                var route = Route(name: name, location: call.location)
                route.destination = Located(.coordinator(child.value), at: child.location)
                if let retain = maker.calls.first(where: { isRetain($0, mapping) && $0.arguments.contains { $0.value == .reference(child.variable) } }) {
                    route.retain = context.put(Fact(.parent, at: retain.location), .route(type.name, name, .retain))
                } else {
                    route.retain = context.put(Fact(.hierarchy, at: call.location, .inferred("kept by the tab bar controller")), .route(type.name, name, .retain))
                }
                tabs.append(route)
            }
            return
        }
        install(selectedFlows(of: coordinator, type, context), builtBy: nil, skipped: false, &coordinator, type, &state, &context)
    }

    /// `tabBarController.viewControllers = …` or `tabBarController.setViewControllers(…)`: where a hub's tabs are given.
    private static func fillsTabBar(_ call: CallFacts) -> Bool {
        (call.name == "=" && plainReceiver(call.receiver).hasSuffix("viewControllers"))
            || (call.name == "setViewControllers" && plainReceiver(call.receiver).lowercased().contains("tabbar"))
    }

    /// `tabBarController.viewControllers = tabs.map(\.navigationController)`: the tabs' stacks mapped from a list.
    private static func givesMappedTabs(_ call: CallFacts) -> Bool {
        guard case .mapped? = call.arguments.first?.value else { return false }
        return fillsTabBar(call)
    }

    /// Tabs a storyboard builds, whose flows start when the tab bar reports a tab
    /// (`tabbarView.onItemFlowSelect = runItemFlow()`, or `= { [weak self] in self?.runItemFlow($0) }`): the
    /// routes so run that start a child, in the order `start()` hands them over.
    private static func selectedFlows(of coordinator: Coordinator, _ type: TypeFacts, _ context: Context) -> [Route] {
        guard let start = type.methods.first(where: { $0.name == "start" }) else { return [] }
        let bars = Set(type.properties.filter { property in
            controllers(property, context.recognizer.index).contains { $0.hasSuffix("TabBarController") }
        }.map(\.name))
        var tabs: [Route] = []
        for assignment in start.calls where assignment.name == "=" && assignment.closures.isEmpty {
            let place = plainReceiver(assignment.receiver).split(separator: ".")
            guard place.count == 2, bars.contains(String(place[0])) else { continue }
            var names: [String] = []
            if case .factory(let name)? = assignment.arguments.first?.value { names.append(name) }
            names += start.calls.filter { $0.closures.first == String(place[1]) && (plainReceiver($0.receiver).isEmpty || plainReceiver($0.receiver) == "self") }.map(\.name)
            for name in names where !tabs.contains(where: { $0.name == name }) {
                guard var route = coordinator.routes.first(where: { $0.name == name }), route.destination?.value.coordinatorName != nil else { continue }
                // The tab bar hands the flow its stack: no transition of its own, no argument a user gives.
                route.transition = nil
                route.style = nil
                route.params = []
                tabs.append(route)
            }
        }
        return tabs
    }

    /// The tabs read, in place of the routes of the same names and of the method that built them (a tab takes
    /// no transition); the first is the initial; `selectedIndex = n` elsewhere selects the n-th.
    private static func install(
        _ tabs: [Route], builtBy builder: String?, skipped: Bool,
        _ coordinator: inout Coordinator, _ type: TypeFacts, _ state: inout State, _ context: inout Context
    ) {
        guard !tabs.isEmpty else { return }
        if skipped { coordinator.markOpen() }
        // The method that builds the tabs is the start, not a route of its own; a tab takes no transition.
        let tabNames = Set(tabs.map(\.name))
        coordinator.routes.removeAll { $0.name == builder || tabNames.contains($0.name) }
        state.pendingChildRoutes.removeAll { $0.0 == type.name && tabNames.contains($0.1) }
        // A `start()` that only hands a tab its flow does not show anything by the tab's navigation.
        if let initial = coordinator.initial?.value, tabs.contains(where: { $0.name == initial }) {
            state.startTransitions[type.name] = nil
            state.startStyles[type.name] = nil
            state.startDismissible[type.name] = nil
        }
        coordinator.routes.insert(contentsOf: tabs, at: 0)
        coordinator.tabs = tabs.map { Located($0.name, at: $0.location) }
        coordinator.initial = context.put(Fact(tabs[0].name, at: tabs[0].location, .inferred("the first tab")), .coordinator(type.name, .initial))
        for other in type.methods {
            for select in other.calls where select.name == "=" && plainReceiver(select.receiver).hasSuffix("selectedIndex") {
                // With a tab left out, a position no longer names the tab it selects.
                guard !skipped, case .other(let literal)? = select.arguments.first?.value, let position = Int(literal), tabs.indices.contains(position),
                      let index = coordinator.routes.firstIndex(where: { $0.name == other.name }) ?? appendRoute(other, to: &coordinator)
                else { continue }
                coordinator.routes[index].transition = context.put(Fact(.select, at: select.location), .route(type.name, other.name, .transition))
                coordinator.routes[index].tab = Located(tabs[position].name, at: select.location)
                coordinator.routes[index].removeDestination()
            }
        }
    }

    /// The controllers a tab bar is given: an array literal, or a local array filled by `append` before it is
    /// assigned (the elements of every branch: the spec lists every tab the code can show), or each element's member
    /// of a list looked up elsewhere (`tabs.map(\.navigationController)`, see `mappedList`). The items are read in
    /// `maker`, whose locals they name as they stand before `before` (`nil`: where the tab bar is given them).
    private static func tabItems(
        _ call: CallFacts, in method: MethodFacts, of type: TypeFacts
    ) -> (items: [ExpressionFacts], maker: MethodFacts, before: SourceLocation?)? {
        switch call.arguments.first?.value {
        case .array(let items):
            return (items, method, nil)
        case .reference(let local):
            return (arrayItems(local, in: method, before: call.location), method, nil)
        case .mapped(let list, let member)?:
            guard let (items, maker, before) = mappedList(list, in: method, of: type, before: call.location) else { return nil }
            return (items.map { item in
                switch item {
                case .reference(let name): .other(name + "." + member)
                case .other(let text): .other(text + "." + member)
                default: item
                }
            }, maker, before)
        default:
            return nil
        }
    }

    /// The elements a local array holds before `location`: its literal and what is appended to it.
    private static func arrayItems(_ local: String, in method: MethodFacts, before location: SourceLocation) -> [ExpressionFacts] {
        var items: [ExpressionFacts] = []
        if case .array(let literal)? = method.binding(local, before: location) { items = literal }
        for append in method.calls where append.name == "append" && plainReceiver(append.receiver) == local && append.location < location {
            if let item = append.arguments.first?.value { items.append(item) }
        }
        return items
    }

    /// The list a tab bar maps (`tabs.map { $0.navigationController }`), where it is written: a local, a stored
    /// property set by its initializer, a lazy closure or `init` (`tabs = [home, inbox]`), or what a method of the type
    /// returns (`makeTabs()`). Its elements, the method they are read in, and where in it they stand.
    private static func mappedList(
        _ list: ExpressionFacts, in method: MethodFacts, of type: TypeFacts, before location: SourceLocation
    ) -> (items: [ExpressionFacts], maker: MethodFacts, before: SourceLocation)? {
        var expression = list
        var maker = method
        var before = location
        /// The end of a body: every local of it is bound there.
        func end(of body: MethodFacts) -> SourceLocation { SourceLocation(file: body.location.file, line: .max, column: 0) }
        for _ in 0..<4 {
            switch expression {
            case .array(let items):
                return (items, maker, before)
            case .reference(let name):
                if let bound = maker.binding(name, before: before) {
                    if case .array = bound { return (arrayItems(name, in: maker, before: before), maker, before) }
                    expression = bound
                    continue
                }
                guard maker.location == method.location, let property = type.properties.first(where: { $0.name == name }) else { return nil }
                // `lazy var tabs: [TabCoordinator] = { …; return [home, inbox] }()`, or `= [HomeCoordinator(), …]`.
                if let body = type.methods.first(where: { $0.name == name && $0.location == property.location }) {
                    guard body.returns.count == 1 else { return nil }
                    maker = body
                    before = end(of: body)
                    expression = body.returns[0]
                    continue
                }
                if let initial = property.initializer {
                    expression = initial
                    continue
                }
                // `init(…) { let home = HomeCoordinator(…); …; tabs = [home, inbox] }`: the one assignment `init` makes.
                let assignments = type.methods.filter { $0.name == "init" }.flatMap { initializer in
                    initializer.calls.filter { $0.name == "=" && plainReceiver($0.receiver) == name && $0.closures.isEmpty }.map { (initializer, $0) }
                }
                guard assignments.count == 1, let (initializer, assignment) = assignments.first, let value = assignment.arguments.first?.value else { return nil }
                maker = initializer
                before = assignment.location
                expression = value
            case .factory(let call):
                // `makeTabs()` of this type: what its one `return` gives.
                let parts = call.split(separator: ".")
                guard parts.count == 1 || (parts.count == 2 && parts[0] == "self"),
                      let body = type.methods.first(where: { $0.name == parts.last.map(String.init) }), body.returns.count == 1 else { return nil }
                maker = body
                before = end(of: body)
                expression = body.returns[0]
            default:
                return nil
            }
        }
        return nil
    }

    /// One element of a tab bar's controllers and the child coordinator behind it: `feed.navigationController` of a
    /// child made in the same method (the tab is named after the variable), or a property or method that makes the
    /// child and gives back its controller (`lazy var chatsTab: UIViewController = { … }()`, named after it).
    private static func tab(
        _ item: ExpressionFacts, in method: MethodFacts, of type: TypeFacts, at location: SourceLocation, citingBindings: Bool = false,
        _ context: Context
    ) -> (name: String, child: (value: String, variable: String, location: SourceLocation), maker: MethodFacts)? {
        switch item {
        case .other(let text):
            // `feed.navigationController`, where `feed` is made here or by a method of the type (`createFeed()`).
            guard let dot = text.firstIndex(of: ".") else { return nil }
            var variable = String(text[..<dot])
            while variable.last == "?" || variable.last == "!" { variable.removeLast() }
            if method.binding(variable, before: location) == nil {
                if let kept = keptChild(in: variable, of: type, context) {
                    // `homeCoordinator?.rootViewController`, a property some method of the type fills with the child it makes.
                    return (variable, (kept.child, kept.variable, kept.call.location), kept.maker)
                }
                // `lazy var home = HomeCoordinator(…)` mapped with the other tabs: the property that makes the child.
                if type.properties.contains(where: { $0.name == variable }) {
                    return tab(.reference(variable), in: method, of: type, at: location, context)
                }
            }
            guard let bound = method.binding(variable, before: location),
                  case .type(let child, _, _) = context.recognizer.resolve(bound, in: method, of: type, at: location),
                  context.isCoordinatorType(child) else { return nil }
            // Cited where the variable is bound when the list is built in another method (`makeTabs()`, `init`).
            let at = citingBindings ? method.bindings[variable]?.last { $0.location < location }?.location ?? location : location
            if case .factory(let call) = bound, let maker = type.methods.first(where: { $0.name == call }) {
                return (variable, (child, maker.variable(constructing: child) ?? "", at), maker)
            }
            return (variable, (child, variable, at), method)
        case .reference(let name), .factory(let name):
            let children = type.methods.first { $0.name == name }.map { maker in
                maker.constructed.filter { context.isCoordinatorType($0.value) && $0.value != type.name }.map { (maker, $0) }
            } ?? []
            guard children.count == 1, let (maker, made) = children.first else { return nil }
            return (name, (made.value, maker.variable(constructing: made.value) ?? "", made.location), maker)
        case .construct(let child, nil) where context.isCoordinatorType(child) && child != type.name:
            // `[HomeCoordinator(…), InboxCoordinator(…)]` mapped to their controllers: named after the type (`home`).
            let base = child.hasSuffix("Coordinator") ? String(child.dropLast("Coordinator".count)) : child
            let made = method.constructed.first { $0.value == child }?.location ?? location
            return (base.isEmpty ? child.lowercasedFirst : base.lowercasedFirst, (child, "", made), method)
        default:
            return nil
        }
    }

    /// The child coordinator a stored property of the type holds (`var diaryCoordinator: DiaryCoordinator?`), and the
    /// method that makes it and keeps it there (`self.diaryCoordinator = diaryCoordinator`).
    private static func keptChild(
        in property: String, of type: TypeFacts, _ context: Context
    ) -> (child: String, variable: String, maker: MethodFacts, call: CallFacts)? {
        guard let declared = type.properties.first(where: { $0.name == property })?.type?.base, context.isCoordinatorType(declared),
              let kept = Context.childAssignments(in: type).first(where: { $0.place == property && $0.child == declared }) else { return nil }
        return (declared, kept.variable, kept.maker, kept.call)
    }

    /// Whether the method sets a new root itself (not in a callback): what lets a child go on `replaced`.
    static func setsNewRoot(_ method: MethodFacts, _ mapping: ExtractMapping) -> Bool {
        method.calls.contains { $0.closures.isEmpty && transition(of: $0, mapping: mapping) == .setRoot }
    }

    /// UIKit's callbacks a coordinator implements as a delegate: what they do is an exit's effect, not a route.
    static let systemCallbacks: Set<String> = [
        "init", "deinit", "presentationControllerDidDismiss", "presentationControllerWillDismiss", "presentationControllerDidAttemptToDismiss",
        "navigationController", "didMove",
    ]

    /// The type's own methods that a navigating `start()` calls and nothing else in the project does
    /// (`start() { setViewControllers([profile]); presentStack() }`): part of the start, not routes of their own.
    private static func startHelpers(of type: TypeFacts, _ context: Context) -> Set<String> {
        let mapping = context.recognizer.mapping
        guard let start = type.methods.first(where: { $0.name == "start" }),
              start.calls.contains(where: { transition(of: $0, mapping: mapping) != nil && $0.closures.isEmpty }) else { return [] }
        let own = start.calls.filter { call in
            (call.receiver == nil || plainReceiver(call.receiver) == "self") && call.name != "start" && call.closures.isEmpty
                && type.methods.contains { $0.name == call.name }
        }
        return Set(own.map(\.name).filter { name in context.recognizer.index.callCounts[name] == own.filter { $0.name == name }.count })
    }

    /// The route a coordinator starts with shows what its parent's route shows: its transition, style and
    /// `dismissible` are the parent's to write (`linkChildren` lifts them onto the route that starts the child).
    private static func liftStart(
        of coordinator: inout Coordinator, at index: Int, checksStyle: Bool = true, _ state: inout State, _ context: inout Context
    ) {
        let route = coordinator.routes[index]
        state.startTransitions[coordinator.name] = context.fact(route.transition, .route(coordinator.name, route.name, .transition))
        state.startStyles[coordinator.name] = context.fact(route.style, .route(coordinator.name, route.name, .style))
        state.startDismissible[coordinator.name] = context.fact(route.dismissible, .route(coordinator.name, route.name, .dismissible))
        if checksStyle, route.isOpen || showsAlert(route) { state.unreadStartStyles.insert(coordinator.name) }
        coordinator.routes[index].transition = nil
        coordinator.routes[index].style = nil
        coordinator.routes[index].dismissible = nil
    }

    /// `in `case .onboarding``, or `in a `switch` case` when the pattern names no member (`case (.swap(let p), .real)`).
    private static func caseText(_ call: CallFacts) -> String {
        if call.switchCase == nil, call.ifArm != nil { return "in one arm of an `if`" }
        guard let names = call.switchCase, !names.isEmpty else { return "in a `switch` case" }
        return "in `case .\(names.joined(separator: ", ."))`"
    }

    /// The routes a `start()` that is no route itself calls in the cases of a `switch` (on app state, a launch
    /// option), or else in the arms of one `if`: one call per route, in order, when there are at least `atLeast`
    /// (two, unless `start()` navigates itself in another branch).
    private static func pickedOnAppState(_ start: MethodFacts, routes: Set<String>, atLeast: Int = 2) -> [CallFacts]? {
        let runs = start.calls.filter { call in
            (call.receiver == nil || plainReceiver(call.receiver) == "self") && call.closures.isEmpty && routes.contains(call.name)
        }
        var seen: Set<String> = []
        let picked = runs.filter { $0.switchCase != nil && seen.insert($0.name).inserted }
        if picked.count >= atLeast { return picked }
        // `if settings.hasSource { showFeed() } else { showSetup() }`: the first route each arm of one `if` runs.
        guard let statement = runs.first(where: { $0.ifArm != nil })?.ifArm?.statement else { return nil }
        var arms: Set<Int> = []
        seen = []
        let armed = runs.filter { call in
            guard let arm = call.ifArm, arm.statement == statement else { return false }
            return arms.insert(arm.arm).inserted && seen.insert(call.name).inserted
        }
        return armed.count >= atLeast ? armed : nil
    }

    /// A `start()` that is no route and hands over to an object it keeps (`application.start(launchOptions:)`): the
    /// coordinator's routes that method calls back, outside closures, through a property holding the coordinator
    /// or a protocol it conforms to (`navigation?.showActiveWallet(wallet:)`). They are where it may start.
    private static func handedOverPicks(
        _ start: MethodFacts, of type: TypeFacts, routes: Set<String>, _ context: Context
    ) -> [(call: CallFacts, owner: String)]? {
        let accepted = Set([type.name] + type.inherited.map(\.base))
        var picked: [(call: CallFacts, owner: String)] = []
        for handOver in start.calls where handOver.closures.isEmpty {
            let receiver = plainReceiver(handOver.receiver)
            guard !receiver.isEmpty, !receiver.contains("."), let declared = type.properties.first(where: { $0.name == receiver })?.type else { continue }
            let candidates = context.recognizer.index.concreteTypes(declared.base)
            guard candidates.count == 1, let helper = context.recognizer.types[candidates[0]], !context.isCoordinatorType(helper.name),
                  let method = helper.methods.first(where: { $0.name == handOver.name }) else { continue }
            let back = Set(helper.properties.filter { $0.type.map { accepted.contains($0.base) } ?? false }.map(\.name))
            for call in method.calls where call.closures.isEmpty && routes.contains(call.name) && back.contains(plainReceiver(call.receiver))
                && !picked.contains(where: { $0.call.name == call.name }) {
                picked.append((call, helper.name))
            }
        }
        return picked.isEmpty ? nil : picked
    }

    /// `name`, or `name2`, `name3`… when a route of the coordinator already has it.
    private static func unusedName(_ name: String, in coordinator: Coordinator) -> String {
        var candidate = name
        var suffix = 1
        while coordinator.routes.contains(where: { $0.name == candidate }) {
            suffix += 1
            candidate = "\(name)\(suffix)"
        }
        return candidate
    }

    private static func appendRoute(_ method: MethodFacts, to coordinator: inout Coordinator) -> Int? {
        guard method.name != "start", method.name != "init" else { return nil }
        coordinator.routes.append(Route(name: method.name, location: method.location))
        return coordinator.routes.count - 1
    }

    /// The coordinators its screens keep in a property (`weak var coordinator: ShelfCoordinator?`): `Self` for
    /// itself. A screen held by the navigation controller that keeps a strong reference back is the classic
    /// retain cycle. Per coordinator held, the strongest reference any screen keeps.
    private static func holds(of coordinator: Coordinator, _ context: inout Context) -> [Hold] {
        var strongest: [String: Located<HoldStrength>] = [:]
        var order: [String] = []
        for route in coordinator.routes {
            guard case .screen(let screen)? = route.destination?.value, let type = context.recognizer.types[screen] else { continue }
            for property in type.properties {
                guard let held = property.type?.base, context.recognizer.types[held].map({ $0.keyword != .protocol }) == true,
                      context.isCoordinatorType(held) else { continue }
                let target = held == coordinator.name ? Hold.selfReference : held
                if strongest[target] == nil { order.append(target) }
                if strongest[target].map({ $0.value != .strong && property.strength == .strong }) ?? true {
                    strongest[target] = Located(property.strength, at: property.location)
                }
            }
        }
        return order.map { Hold(target: $0, strength: strongest[$0]!, location: strongest[$0]!.location) }
    }

    private static func kind(of type: TypeFacts, _ index: ProjectIndex) -> CoordinatorKind {
        let names = type.inherited.map(\.base) + type.properties.flatMap { controllers($0, index) }
        if names.contains(where: { $0.hasSuffix("TabBarController") }) { return .tab }
        if names.contains(where: { $0.hasSuffix("SplitViewController") }) { return .split }
        if names.contains(where: { $0.hasSuffix("PageViewController") }) { return .page }
        return .navigation
    }

    /// The controller types a property may hold: its declared or constructed type, and the supertypes of the app's
    /// one implementation of a protocol it is declared as (`let tabbarView: TabbarView`, which a
    /// `UITabBarController` subclass implements).
    private static func controllers(_ property: PropertyFacts, _ index: ProjectIndex) -> [String] {
        var names: [String] = []
        if let declared = property.type?.base {
            names.append(declared)
            let concrete = index.types[declared]?.keyword == .protocol ? index.concreteTypes(declared) : []
            // Only its controller classes: a delegate protocol its coordinator implements is no controller it keeps.
            if concrete.count == 1 { names += index.types[concrete[0]]?.inherited.map(\.base).filter { $0.hasSuffix("Controller") } ?? [] }
        }
        if case .construct(let made, _)? = property.initializer { names.append(made) }
        return names
    }

    /// One navigating method: its first navigation call and, when it starts a child, how the child is kept and let go.
    private static func read(
        _ route: inout Route, _ method: MethodFacts, inlined: [MethodFacts], _ type: TypeFacts, made: (child: Located<String>, why: String)?,
        branch: Located<String>? = nil, clearing: Set<String>, finishers: Set<String>, _ state: inout State, _ context: inout Context,
        _ allResolved: inout Bool
    ) {
        let mapping = context.recognizer.mapping
        let name = route.name
        func path(_ field: RouteField, _ item: String? = nil) -> FactPath { .route(type.name, name, field, item: item) }
        // `tabBarController.setViewControllers([], …)` empties a container: it shows nothing; given the tabs' stacks
        // mapped from a list, it is where a hub starts (read with the tabs).
        let navigations = ([method] + inlined).flatMap { $0.calls.filter {
            transition(of: $0, mapping: mapping) != nil && $0.closures.allSatisfy(bodyClosures.contains) && $0.arguments.first?.value != .array([])
                && !givesMappedTabs($0)
        } }
        // A stack built and then presented (`setViewControllers` … `present(nav)`) is a presentation.
        let presented = navigations.first { transition(of: $0, mapping: mapping) == .present }
        // `popToRootViewController` then `pushViewController(chat)`: the route is the push, what the user sees.
        let showing = navigations.first { transition(of: $0, mapping: mapping)?.destinationRule == .required } ?? navigations.first
        let navigation = showing.map { first in
            transition(of: first, mapping: mapping) == .setRoot ? (presented ?? first) : first
        }
        var child = branch ?? childMadeNow(in: method, of: type, context)
        var childConfidence = Confidence.certain
        if child == nil, let made {
            child = made.child
            childConfidence = .inferred(made.why)
        }
        // `scanner.dismiss(animated: true) { … checkin.start() }`: closing first, then starting a child, shows the
        // child, as popping and then pushing is the push. The route takes the child's start.
        let closesFirst = child != nil && navigation.flatMap { transition(of: $0, mapping: mapping)?.destinationRule } == .forbidden
        if !closesFirst, let navigation, let kind = transition(of: navigation, mapping: mapping) {
            if kind == .push, let takeover = pushTakesOver(in: [method] + inlined) {
                // `push(feed)` with its back button hidden, and the screens under it removed: the stack's new root.
                route.transition = context.put(Fact(.setRoot, at: navigation.location, .inferred(
                    "pushed with its back button hidden and the screens under it removed (`\(takeover)`): the stack's new root")), path(.transition))
            } else {
                route.transition = context.put(Fact(kind, at: navigation.location), path(.transition))
            }
            var library: String?
            if kind == .present, navigation.name == "setFullScreenCoverCoordinator" || setsFullScreen(method, context.recognizer.index) {
                route.style = context.put(Fact(.fullScreen, at: navigation.location), path(.style))
            } else if kind == .present, let shown = navigation.arguments.first(where: { $0.label != "animated" })?.value {
                library = libraryController(shown, in: method, of: type, at: navigation.location, context)
            }
            if kind == .present, route.style == nil, let setter = modalInPresentationSetter(method, context.recognizer.index) {
                // `isModalInPresentation = true`: a sheet no swipe closes, so no `dismiss` exit is assumed.
                route.dismissible = context.put(Fact(false, at: setter.location), path(.dismissible))
            }
            if let library {
                // A floating panel or another library's controller presents itself as that library decides: no
                // swipe-down is assumed, and no full screen either (DESIGN's open world). It is the screen shown.
                route.open = Located(true, at: navigation.location)
                context.notes.append(ExtractionNote(.unrecognized, "`\(type.name).\(name)` presents a `\(library)`, a controller of a library the reader does not know: its presentation style is not read (the route is open)", at: navigation.location, coordinator: type.name))
                if child == nil {
                    // What the panel holds, and so what its screens trigger, is handed to the library: not all read.
                    route.destination = context.put(Fact(.screen(library), at: navigation.location, .inferred("a controller of a library")), path(.screen))
                    allResolved = false
                }
            } else if child == nil, kind.destinationRule == .required {
                func argument(_ call: CallFacts) -> ExpressionFacts? {
                    call.name == "=" ? call.arguments.first?.value : call.arguments.first(where: { $0.label != "animated" })?.value
                }
                var shown = argument(navigation)
                // `present(navigationController)` of a stack (or pages) filled by `setViewControllers([screen])` shows that screen.
                if case .type(let name, _, _)? = shown.map({ context.recognizer.resolve($0, in: method, of: type, at: navigation.location) }),
                   name == "UINavigationController" || name == "UIPageViewController", let filled = navigations.first(where: { transition(of: $0, mapping: mapping) == .setRoot }) {
                    shown = argument(filled)
                }
                if let shown, let (destination, _) = context.destination(shown, in: method, of: type, at: navigation.location) {
                    route.destination = context.put(destination, path(destination.value.field))
                    if kind == .present, route.style == nil, case .screen(let screen) = destination.value,
                       let setter = initializer(of: screen, context.recognizer.index, where: setsFullScreenItself) {
                        let at = "\(setter.location.file.split(separator: "/").last ?? ""):\(setter.location.line)"
                        route.style = context.put(Fact(.fullScreen, at: navigation.location, .inferred("an `init` of `\(screen)` or a superclass (\(at)) makes it full screen")), path(.style))
                    }
                    if kind == .present, route.style == nil, route.dismissible == nil, case .screen(let screen) = destination.value,
                       let setter = initializer(of: screen, context.recognizer.index, where: { modalInPresentationSetter($0) != nil }) {
                        let at = "\(setter.location.file.split(separator: "/").last ?? ""):\(setter.location.line)"
                        route.dismissible = context.put(Fact(false, at: navigation.location, .inferred("an `init` of `\(screen)` or a superclass (\(at)) sets `isModalInPresentation`")), path(.dismissible))
                    }
                    for made in method.constructed where made.value != destination.value.name {
                        context.madeWith[destination.value.name, default: []].append(made.value)
                    }
                    if kind == .present, case .screen(let screen) = destination.value, let closing = closesItself(screen, context.recognizer.index) {
                        // `self.dismiss(animated:)` in the screen or a base class: a way out no route of the spec names.
                        route.open = Located(true, at: navigation.location)
                        context.notes.append(ExtractionNote(.unrecognized, "`\(type.name).\(name)` presents `\(screen)`, which dismisses itself (\(closing)): a way out the spec has no route for (the route is open)", at: navigation.location, coordinator: type.name))
                    }
                } else {
                    allResolved = false
                }
            }
        }
        guard let child else { return }
        route.destination = context.put(Fact(.coordinator(child.value), at: child.location, childConfidence), path(.coordinator))
        // The parent pushes the child's first screen itself: the child works on the parent's stack.
        if let navigation, transition(of: navigation, mapping: mapping) == .push, let first = context.firstScreens[child.value],
           let pushed = navigation.arguments.first(where: { $0.label != "animated" })?.value {
            let pushesChildScreen = Context.childMember(pushed, in: method, before: navigation.location)?.child == child.value
            if pushesChildScreen || context.recognizer.resolve(pushed, in: method, of: type, at: navigation.location).typeName == first.value {
                context.attachedToParentStack.insert(child.value)
            }
        }
        if route.transition == nil {
            state.pendingChildRoutes.append((type.name, route.name))
        }
        let variable = method.variable(constructing: child.value)
        func keepsChild(_ call: CallFacts) -> Bool {
            guard let variable, call.name == "=" || isRetain(call, mapping) else { return false }
            return call.arguments.contains { $0.value == .reference(variable) } && (call.name != "=" || method.bindings[plainReceiver(call.receiver)] == nil)
        }
        // The call that keeps the child itself (`preferencesFlow = flow`), before one that keeps something else
        // named like a coordinator (`coordinatorResult = result`).
        // A branch's child: after it is made (another branch keeps its own child in a variable of the same name).
        let keeping = branch == nil ? method.calls : method.calls.filter { $0.location > child.location }
        if let retain = keeping.first(where: keepsChild) ?? keeping.first(where: { isRetain($0, mapping) }) {
            route.retain = context.put(Fact(.parent, at: retain.location), path(.retain))
            var exits: [Fact<ExitKind>] = []
            let place = retain.name == "=" ? plainReceiver(retain.receiver) : ""
            if !place.isEmpty { state.slots[type.name, default: [:]][route.name] = place }
            // A closure may release through a method of the parent that lets every child go (`self?.showAuth()`,
            // whose body starts with `childCoordinators.removeAll()`). Emptying the very place the child is kept in
            // (`self?.readerFlow = nil`) is a release whatever the place is called.
            for release in method.calls {
                let direct = isRelease(release, mapping) || (!place.isEmpty && releasedPlace(release) == place)
                let receiver = plainReceiver(release.receiver)
                guard let label = release.closures.first else { continue }
                // `confirm.didCompleted = { self?.delegate?.didFinish(result, in: self) }`: once the child is done, this
                // coordinator ends its own flow, and the child goes with it.
                if !direct, !ownClosures.contains(label), context.isClosureProperty(label, of: child.value),
                   endsOwnFlow(release, finishers: finishers, reactions: context.releasingReactions) {
                    exits.append(Fact(.finish, at: release.location, .inferred("the `\(label)` closure ends `\(type.name)`'s own flow: the child goes with it")))
                    continue
                }
                guard direct || ((receiver.isEmpty || receiver == "self") && clearing.contains(release.name)) else { continue }
                let through: Confidence? = direct ? nil : .inferred("`\(release.name)()` lets every child go")
                if label == "onDismissed" {
                    exits.append(Fact(.back, at: release.location, through ?? .inferred("`onDismissed` runs when the router pops the child's first screen")))
                } else if isDismissalCallback(label) {
                    exits.append(Fact(.dismiss, at: release.location, through ?? .certain))
                } else {
                    exits.append(Fact(.finish, at: release.location, through ?? (namesFinish(label) ? .certain : .inferred("released in the `\(label)` closure"))))
                }
                // `case .complete: self?.flow = nil` in the child's action stream, where the child sends `.complete` as its
                // first screen is popped or its sheet is closed.
                for event in release.switchCase ?? [] {
                    exits += exitsReported(by: child.value, sending: event, releasedAt: release.location, context)
                }
            }
            let (released, tied) = releasesOnDismissal(of: place, in: method, handlers: state.handlers)
            exits += released
            // The list sits where the child is kept: a finding about what it lacks points there, each release at its own line.
            route.releaseOn = Located(exits.map { context.put($0, path(.releaseOn, $0.value.rawValue)) }, at: retain.location)
            openOnUntiedRelease(&route, keptIn: place, of: type, besides: method, state.releasesByPlace[place] ?? [], tied: tied, &context)
        } else if let variable, let start = staysLocal(variable, child: child.value, in: [method] + inlined, context) {
            // `let viewer = ViewerCoordinator(…); viewer.start()`, and nothing else: nothing holds it once the method
            // returns, so its screens' callbacks reach no one.
            route.retain = context.put(Fact(.unretained, at: start.location, .inferred(
                "`\(variable)` is started and then kept nowhere: not stored, passed on, captured or returned, and `\(child.value)` keeps no strong reference to itself")), path(.retain))
        } else {
            // Not seen kept does not mean not kept (a helper method, a router, a container may hold it): `none`
            // would fail the extracted spec with unretained-child on a guess. `hierarchy` (kept elsewhere) gives
            // no finding, and the comment says what to check.
            route.retain = context.put(Fact(.hierarchy, at: child.location, .inferred(
                "not seen kept in childCoordinators, a dependency list or a stored property: assumed kept elsewhere; write `parent` or `none` if you know")), path(.retain))
        }
    }

    /// A push that leaves no way back: the pushed screen's back button hidden (`navigationItem.hidesBackButton = true`,
    /// which also turns off the edge swipe) and the screens under it removed (`viewControllers.remove(at: 0)`,
    /// `removeFirst`). The text of the removal, or `nil`.
    private static func pushTakesOver(in methods: [MethodFacts]) -> String? {
        let calls = methods.flatMap(\.calls)
        guard calls.contains(where: { $0.name == "=" && plainReceiver($0.receiver).hasSuffix("navigationItem.hidesBackButton") && $0.arguments.first?.value == .other("true") }),
              let removal = calls.first(where: { ["remove", "removeFirst", "removeSubrange"].contains($0.name) && plainReceiver($0.receiver).hasSuffix("viewControllers") })
        else { return nil }
        return "\(plainReceiver(removal.receiver)).\(removal.name)"
    }

    /// The `start()` of a child that lives only in the local `variable`: every mention of it is a call on it
    /// outside closures (`viewer.start()`, `viewer.delegate = self`), never an argument, an assigned value, a
    /// capture, a returned value or a list element; and the child's own code keeps no strong reference to itself
    /// (a screen's strong `coordinator` property, `self` handed to another object or captured by a closure it sets).
    /// `nil` when anything may keep it: then it is kept elsewhere, as far as the reader can tell.
    private static func staysLocal(_ variable: String, child: String, in methods: [MethodFacts], _ context: Context) -> CallFacts? {
        func mentions(_ expression: ExpressionFacts) -> Bool {
            switch expression {
            case .reference(let name): name == variable
            case .other(let text), .factory(let text): text == variable || text.hasPrefix(variable + ".") || text.hasPrefix(variable + "?")
            case .array(let items): items.contains(where: mentions)
            case .mapped(let list, _): mentions(list)
            case .member(_, let arguments): arguments.contains(where: mentions)
            case .qualified(_, _, let arguments): arguments?.contains(where: mentions) ?? false
            case .construct(_, let wrapped): wrapped.map(mentions) ?? false
            default: false
            }
        }
        var start: CallFacts?
        for method in methods {
            guard !method.returns.contains(where: mentions) else { return nil }
            for call in method.calls {
                let receiver = plainReceiver(call.receiver)
                let onIt = receiver == variable || receiver.hasPrefix(variable + ".")
                if call.arguments.contains(where: { mentions($0.value) }) || (onIt && !call.closures.isEmpty) { return nil }
                if onIt, call.name == "start", start == nil { start = call }
            }
        }
        guard let start, !keepsItself(child, context) else { return nil }
        return start
    }

    /// Whether the coordinator's own code may keep it alive: a property of its type held strongly by another type
    /// (`var coordinator: ViewerCoordinator` in its screen), `self` handed to another object (other than as a weak
    /// delegate), or a closure it sets that uses `self` (its capture list is not read).
    private static func keepsItself(_ name: String, _ context: Context) -> Bool {
        let types = context.recognizer.types
        if (context.keepers[name] ?? []).contains(where: { keeper in
            keeper.type != name && types[keeper.type]?.properties.first(where: { $0.name == keeper.property })?.strength == .strong
        }) { return true }
        for method in types[name]?.methods ?? [] {
            for call in method.calls {
                if !call.closures.isEmpty, ["", "self"].contains(plainReceiver(call.receiver)) || call.arguments.contains(where: { $0.value == .reference("self") }) {
                    return true
                }
                guard call.arguments.contains(where: { $0.value == .reference("self") }) else { continue }
                // `screen.coordinator = self` into a weak property, `x.delegate = self`: no reference kept.
                if call.name == "=", plainReceiver(call.receiver).lowercased().hasSuffix("delegate") { continue }
                if call.name == "=", let weak = weakTarget(call, in: method, context), weak { continue }
                return true
            }
        }
        return false
    }

    /// `screen.coordinator = self`: whether the assigned property (of the type `screen` is made as) is weak; `nil`
    /// when the reader cannot tell.
    private static func weakTarget(_ call: CallFacts, in method: MethodFacts, _ context: Context) -> Bool? {
        let parts = plainReceiver(call.receiver).split(separator: ".")
        guard parts.count == 2, let made = method.binding(String(parts[0]), before: call.location)?.constructedType,
              let property = context.recognizer.types[made]?.properties.first(where: { $0.name == parts[1] }) else { return nil }
        return property.strength != .strong
    }

    /// Children `init` makes and keeps in a stored property (`chatsFlow = ChatsFlowCoordinator(…)`) and some
    /// method starts later (`chatsFlow.start()`, a state machine's handler): one route each, named after the
    /// property and cited at the start, with the `init` that made it. A child some route already starts is left to it.
    private static func keptChildren(of type: TypeFacts, besides routes: [Route], _ context: inout Context) -> [(Route, MethodFacts)] {
        let started = Set(routes.compactMap { $0.destination?.value.coordinatorName })
        let properties = Set(type.properties.map(\.name))
        // Where each property's child is first started (`chatsFlow.start()`), looked up once.
        var starts: [String: (MethodFacts, CallFacts)] = [:]
        for method in type.methods {
            for call in method.calls where call.name == "start" {
                let place = plainReceiver(call.receiver)
                if starts[place] == nil { starts[place] = (method, call) }
            }
        }
        var found: [(Route, MethodFacts)] = []
        var named: Set<String> = []
        for initializer in type.methods where initializer.name == "init" {
            for assignment in initializer.calls where assignment.name == "=" && assignment.closures.isEmpty {
                let place = plainReceiver(assignment.receiver)
                guard !place.isEmpty, !place.contains("."), !place.contains("["), properties.contains(place),
                      let value = assignment.arguments.first?.value else { continue }
                var child = value.constructedType
                var why = "`init` makes it and keeps it in `\(place)`"
                if child == nil, case .reference(let local) = value {
                    child = initializer.binding(local, before: assignment.location)?.constructedType
                    // `init(coordinator: ScanQRCodeCoordinator)` keeping the child its maker hands it.
                    if child == nil, let given = initializer.parameters.first(where: { $0.name == local })?.type {
                        child = String(given.filter { $0 != "?" && $0 != "!" })
                        why = "`init` is given it and keeps it in `\(place)`"
                    }
                }
                guard let child, child != type.name, context.isCoordinatorType(child), !started.contains(child),
                      !named.contains(place) else { continue }
                guard let (method, start) = starts[place] else { continue }
                var route = Route(name: place, location: start.location)
                route.destination = context.put(Fact(.coordinator(child), at: assignment.location, .inferred(why)), .route(type.name, place, .coordinator))
                route.retain = context.put(Fact(.parent, at: assignment.location), .route(type.name, place, .retain))
                route.releaseOn = Located([], at: assignment.location)
                // Made once and kept for the coordinator's life: what ends it, if anything does before the coordinator
                // goes, is not in the code the reader follows (the route is open, its `releaseOn` a lower bound).
                route.open = context.put(Fact(true, at: assignment.location, .inferred("made once in `init` and kept for the coordinator's life")), .route(type.name, place, .open))
                found.append((route, method))
                named.insert(place)
            }
        }
        return found
    }

    /// `authFlow = nil` in a delegate method or a state machine's handler: a release on an event the reader does not
    /// tie to an exit. The route's `releaseOn` is then a lower bound (the route is open), never a leak on a guess.
    /// Releases `linkChildren` reads as exits are tied: in the parent's reactions to its children, UIKit's
    /// callbacks (a swipe-down, a pop) and its finish methods; so are those `tied` (a dismissal callback's event).
    private static func openOnUntiedRelease(
        _ route: inout Route, keptIn place: String, of type: TypeFacts, besides method: MethodFacts,
        _ releases: [(method: MethodFacts, call: CallFacts)], tied: Set<SourceLocation> = [], _ context: inout Context
    ) {
        let mapping = context.recognizer.mapping
        guard !place.isEmpty, !place.contains("["), let elsewhere = releases.first(where: { release in
            release.method.location != method.location && !tied.contains(release.call.location) && !context.isReaction(release.method, of: type.name)
                && !systemCallbacks.contains(release.method.name) && !namesFinish(release.method.name)
                // Emptied as the method sets a new root: the child's `replaced` (`linkChildren`).
                && !setsNewRoot(release.method, mapping)
        }) else { return }
        route.open = Located(true, at: elsewhere.call.location)
        context.notes.append(ExtractionNote(.unrecognized, "`\(type.name).\(route.name)` keeps its child in `\(place)`, which `\(elsewhere.method.name)` lets go on an event the reader does not tie to an exit: its releases are not all read (the route is open)", at: elsewhere.call.location, coordinator: type.name))
    }

    /// The exits on which the child sends `event` (`actionsSubject.send(.complete)`) from the closure of its own
    /// navigation call that runs when the user leaves: a push's closure (routers and navigation coordinators run it
    /// when the screen is popped: `back`) or a sheet's dismissal callback (`dismiss`).
    private static func exitsReported(by child: String, sending event: String, releasedAt location: SourceLocation, _ context: Context) -> [Fact<ExitKind>] {
        var exits: [Fact<ExitKind>] = []
        for method in context.recognizer.types[child]?.methods ?? [] {
            for call in method.calls where call.arguments.contains(where: { if case .member(event, _) = $0.value { true } else { false } }) {
                guard let label = call.closures.first else { continue }
                let exit: ExitKind
                if ["push", "pushViewController", "pushModule"].contains(label) || context.recognizer.mapping.push.contains(label) {
                    exit = .back
                } else if isDismissalCallback(label) {
                    exit = .dismiss
                } else {
                    continue
                }
                guard !exits.contains(where: { $0.value == exit }) else { continue }
                exits.append(Fact(exit, at: location, .inferred("`\(child)` sends `.\(event)` from the `\(label)` closure, which runs as the user leaves it")))
            }
        }
        return exits
    }

    /// The first child coordinator the method makes as it runs: not one made in a closure that runs later (a state
    /// machine's handler, a screen's callback), which is that event's, not this method's.
    private static func childMadeNow(in method: MethodFacts, of type: TypeFacts, _ context: Context) -> Located<String>? {
        let made = childrenMadeNow(in: method, of: type, context)
        guard made.count > 1 else { return made.first }
        // `let scanner = ScanQRCodeCoordinator(…)` handed to `QRCodeResolutionCoordinator(coordinator: scanner)`, the
        // one started here: the child is the coordinator the method starts.
        return made.first { started($0, in: method) } ?? made.first
    }

    private static func childrenMadeNow(in method: MethodFacts, of type: TypeFacts, _ context: Context) -> [Located<String>] {
        method.constructed.filter { made in
            guard made.value != type.name, context.isCoordinatorType(made.value) else { return false }
            let call = method.calls.first { $0.location == made.location && $0.name == made.value }
            return call.map { $0.closures.allSatisfy(ownClosures.contains) } ?? true
        }
    }

    /// Whether the method calls `start` on the variable the child is bound to, after making it.
    private static func started(_ child: Located<String>, in method: MethodFacts) -> Bool {
        guard let variable = method.variable(constructing: child.value) else { return false }
        return method.calls.contains { $0.name == "start" && plainReceiver($0.receiver) == variable && child.location < $0.location }
    }

    /// `start() { if account.isHD { let coordinator = BackupSeedPhraseCoordinator(…); …start() } else { let coordinator =
    /// EnterPasswordCoordinator(…); …start() } }`: the children after the first that `start()` makes and starts, each of
    /// another type. Bound to the same name as the first, they are in other branches (Swift lets no scope declare a name
    /// twice); children bound to names of their own start together (a tab hub's).
    private static func otherStartedChildren(in method: MethodFacts, of type: TypeFacts, besides first: String, _ context: Context) -> [Located<String>] {
        guard let variable = method.variable(constructing: first) else { return [] }
        var seen: Set<String> = [first]
        return childrenMadeNow(in: method, of: type, context).filter { child in
            method.variable(constructing: child.value) == variable && started(child, in: method) && seen.insert(child.value).inserted
        }
    }

    /// A closure that runs as a presentation is closed: `onDismiss:`, `dismissalCallback:`, or the trailing closure
    /// of a navigation coordinator's `setSheetCoordinator(_:)` (not UIKit's `present(_:animated:completion:)`, whose
    /// completion runs once the presentation is shown).
    private static func isDismissalCallback(_ label: String) -> Bool {
        label.lowercased().contains("dismiss") || label == "setSheetCoordinator" || label == "setFullScreenCoverCoordinator"
    }

    /// The place `place = nil` empties.
    static func releasedPlace(_ call: CallFacts) -> String? {
        call.name == "=" && call.arguments.first?.value == .other("nil") ? plainReceiver(call.receiver) : nil
    }

    /// `presenter.setSheetCoordinator(stack) { self?.machine.send(.preferencesClosed) }`, where the handler of
    /// `.preferencesClosed` sets `preferencesFlow = nil`: the dismissal callback lets the child kept in `place` go,
    /// on `dismiss`. The releases so tied, and where they are.
    private static func releasesOnDismissal(
        of place: String, in method: MethodFacts, handlers: [EventHandler: [(MethodFacts, CallFacts)]]
    ) -> ([Fact<ExitKind>], Set<SourceLocation>) {
        let senders = method.calls.filter { call in
            call.closures.first.map(isDismissalCallback) == true && call.arguments.contains { if case .member = $0.value { true } else { false } }
        }
        guard !place.isEmpty, !senders.isEmpty else { return ([], []) }
        var exits: [Fact<ExitKind>] = []
        var tied: Set<SourceLocation> = []
        for sender in senders {
            guard let event = sentEvent(sender, handlers) else { continue }
            for (_, release) in handlers[event] ?? [] where releasedPlace(release) == place && tied.insert(release.location).inserted {
                exits.append(Fact(.dismiss, at: release.location, .inferred("the dismissal callback sends `.\(event.event)`, whose handler lets it go")))
            }
        }
        return (exits, tied)
    }

    /// What the parent does once the child finishes: its own routes that the child's finish closure calls
    /// (`auth.finishFlow = { [weak self] in self?.showMain() }` → `then: showMain`), also from inside a dispatch.
    private static func continuations(in method: MethodFacts, routes: Set<String>) -> [Fact<String>] {
        var seen: Set<String> = []
        return method.calls.compactMap { call in
            // `self?.start()` runs the start again: `then` is what it picks (resolved once the initial routes are known).
            guard routes.contains(call.name) || call.name == "start" else { return nil }
            let receiver = plainReceiver(call.receiver)
            guard receiver.isEmpty || receiver == "self",
                  let finish = call.closures.firstIndex(where: { namesFinish($0) }),
                  call.closures[..<finish].allSatisfy(ownClosures.contains),
                  seen.insert(call.name).inserted else { return nil }
            return Fact(call.name, at: call.location)
        }
    }

    /// `vc.modalPresentationStyle = .fullScreen` in the method, or in a helper it calls that an extension of a
    /// UIKit class declares (`navigationController.makePresentationFullScreenForiOS13Migration()`).
    private static func setsFullScreen(_ method: MethodFacts, _ index: ProjectIndex) -> Bool {
        setsFullScreenItself(method) || method.calls.contains { call in index.helpers[call.name]?.contains(where: setsFullScreenItself) ?? false }
    }

    private static func setsFullScreenItself(_ method: MethodFacts) -> Bool {
        method.calls.contains { $0.name == "=" && plainReceiver($0.receiver).hasSuffix("modalPresentationStyle") && isFullScreen($0.arguments.first?.value) }
    }

    /// The type of a presented controller that neither the app nor UIKit declares (`FloatingPanelController`, kept
    /// in a property or made in place).
    private static func libraryController(
        _ shown: ExpressionFacts, in method: MethodFacts, of type: TypeFacts, at location: SourceLocation, _ context: Context
    ) -> String? {
        func isLibrary(_ name: String) -> Bool {
            context.recognizer.types[name] == nil && !name.hasPrefix("UI") && name.first?.isUppercase == true
        }
        if case .type(let name, _, _) = context.recognizer.resolve(shown, in: method, of: type, at: method.location), isLibrary(name) { return name }
        if case .reference(let name) = shown, method.binding(name, before: method.location) == nil,
           let declared = type.properties.first(where: { $0.name == name })?.type?.base, isLibrary(declared) {
            return declared
        }
        // `present(scanner.readerController)`: the screen a child made here keeps (screen-first).
        if let (child, member) = Context.childMember(shown, in: method, before: location),
           let childType = context.recognizer.types[child], let property = childType.properties.first(where: { $0.name == member }),
           let screen = Context.screenType(property, of: childType), isLibrary(screen) {
            return screen
        }
        return nil
    }

    /// `vc.isModalInPresentation = true` in the method, or in a helper of an extension of a UIKit class it calls.
    private static func modalInPresentationSetter(_ method: MethodFacts, _ index: ProjectIndex) -> CallFacts? {
        if let own = modalInPresentationSetter(method) { return own }
        for call in method.calls {
            if index.helpers[call.name]?.contains(where: { modalInPresentationSetter($0) != nil }) == true { return call }
        }
        return nil
    }

    private static func modalInPresentationSetter(_ method: MethodFacts) -> CallFacts? {
        method.calls.first {
            guard $0.name == "=", plainReceiver($0.receiver).hasSuffix("isModalInPresentation"), case .other("true")? = $0.arguments.first?.value else { return false }
            return true
        }
    }

    /// The `init` of the screen's class or of a superclass that sets its presentation
    /// (`class ModalViewController: UIViewController { init(…) { …; modalPresentationStyle = .overFullScreen } }`).
    private static func initializer(of screen: String, _ index: ProjectIndex, where sets: (MethodFacts) -> Bool) -> MethodFacts? {
        for name in [screen] + (index.types[screen]?.inherited.map(\.base) ?? []) {
            guard let type = index.types[name], type.keyword == .class else { continue }
            if let initializer = type.methods.first(where: { $0.name == "init" && sets($0) }) { return initializer }
        }
        return nil
    }

    private static func isFullScreen(_ value: ExpressionFacts?) -> Bool {
        guard case .member(let name, _)? = value else { return false }
        return ["fullScreen", "overFullScreen", "overCurrentContext", "currentContext", "custom"].contains(name)
    }

    /// After every coordinator is known: a child route without its own transition takes the child's
    /// `start()` transition; releases in delegate methods of the parent and in the child itself.
    static func linkChildren(_ state: inout State, _ context: inout Context) {
        let mapping = context.recognizer.mapping
        // Each route is set in place, found through an index of its parent's route names: copying the parent, or
        // searching its routes, per child was quadratic (issue 24: 26,000 children of one coordinator took 66 s).
        var positions: [String: [String: Int]] = [:]
        var leftOut: [String: Set<Int>] = [:]
        for (parent, routeName) in state.pendingChildRoutes {
            // No copy of the parent is held: one would make each write below copy its routes.
            guard context.coordinators[parent] != nil else { continue }
            if positions[parent] == nil {
                let names = context.coordinators[parent]!.routes.map(\.name)
                positions[parent] = Dictionary(names.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
            }
            guard let index = positions[parent]?[routeName], leftOut[parent]?.contains(index) != true,
                  let child = context.coordinators[parent]!.routes[index].destination?.value.name else { continue }
            let location = context.coordinators[parent]!.routes[index].location
            let kind = context.coordinators[parent]!.kind?.value
            let transitionPath = FactPath.route(parent, routeName, .transition)
            if let start = state.startTransitions[child] ?? nil {
                let transition: Transition = start.value == .present ? .present : (start.value == .setRoot ? .setRoot : .push)
                // A tab, split or page coordinator has no stack: a child that pushes or sets a root on the stack it
                // is given works on another coordinator's, which a spec cannot name.
                if let kind, kind != .navigation, transition != .present {
                    context.notes.append(ExtractionNote(.foreignStack, "`\(parent).\(routeName)` starts `\(child)`, whose start() does `\(start.value)` on a stack that is not `\(parent)`'s (a \(kind.rawValue) coordinator): route left out", at: location, coordinator: parent))
                    leftOut[parent, default: []].insert(index)
                    context.coordinators[parent]?.markOpen()
                    continue
                }
                // Its own reason goes with it: `setRoot` that is a push taking the stack over says so.
                let why = "the child's start() does `\(start.value)`" + (start.confidence.reason.map { ", \($0)" } ?? "")
                let fact = context.put(Fact(transition, at: start.location, .inferred(why)), transitionPath)
                context.coordinators[parent]?.routes[index].transition = fact
                if transition != .present { context.attachedToParentStack.insert(child) }
                if transition == .present, state.unreadStartStyles.contains(child) {
                    context.coordinators[parent]?.routes[index].open = Located(true, at: start.location)
                }
                if transition == .present, let style = state.startStyles[child] ?? nil {
                    let fact = context.put(Fact(style.value, at: style.location, .inferred("the child's start() presents it so")), .route(parent, routeName, .style))
                    context.coordinators[parent]?.routes[index].style = fact
                }
                if transition == .present, let dismissible = state.startDismissible[child] ?? nil {
                    let fact = context.put(Fact(dismissible.value, at: dismissible.location, .inferred("the child's start() presents it so")), .route(parent, routeName, .dismissible))
                    context.coordinators[parent]?.routes[index].dismissible = fact
                }
            } else {
                let fact = context.put(Fact(Transition.attach, at: location, .inferred("neither the method nor the child's start() navigates")), transitionPath)
                context.coordinators[parent]?.routes[index].transition = fact
            }
        }
        for (parent, indexes) in leftOut {
            guard let routes = context.coordinators[parent]?.routes else { continue }
            context.coordinators[parent]?.routes = routes.enumerated().filter { !indexes.contains($0.offset) }.map(\.element)
        }
        // Methods a screen calls as it goes away (`deinit`, `didMove(toParent:)`): a popped first screen runs them.
        // And the methods the app's navigation controller calls on the controller it pops (`override func
        // popViewController` … `viewController.didPopViewController(animated:)`): a popped screen runs its own.
        var goingAway = GoingAway()
        for name in context.recognizer.order {
            guard let type = context.recognizer.types[name] else { continue }
            let notifiesPops = type.keyword == .class && type.inherited.contains { $0.base == "UINavigationController" }
            for method in type.methods {
                if method.name == "deinit" || method.name == "didMove" {
                    goingAway.called.formUnion(method.calls.map(\.name))
                } else if notifiesPops, method.name.hasPrefix("pop") {
                    goingAway.popNotifications.formUnion(method.calls.filter { !["", "self", "super"].contains(plainReceiver($0.receiver)) }.map(\.name))
                }
            }
        }
        for (name, var coordinator) in context.coordinators where context.provenance.frameworks[name] == .uikit {
            guard let type = context.recognizer.types[name] else { continue }
            var parentExits: [Fact<ExitKind>] = []
            var finishReleases: Set<String> = []  // the parent's methods that release a child when it finishes
            let ownFinishers = selfReleasingMethods(of: name, context)
            // Places a method empties as it sets a new root (`homeCoordinator = nil` in `showOnboarding()`).
            var emptiedOnReplace: [String: (method: String, call: CallFacts)] = [:]
            for method in type.methods where setsNewRoot(method, mapping) {
                for call in method.calls where call.closures.isEmpty {
                    if let place = releasedPlace(call), emptiedOnReplace[place] == nil { emptiedOnReplace[place] = (method.name, call) }
                }
            }
            for method in type.methods {
                // A method that lets every child go and sets a new root releases them on `replaced`.
                if let clear = method.calls.first(where: clearsChildren),
                   setsNewRoot(method, mapping) {
                    parentExits.append(Fact(.replaced, at: clear.location, .inferred("`\(method.name)()` lets every child go as it sets a new root")))
                }
                guard let release = method.calls.first(where: { isRelease($0, mapping) && $0.closures.isEmpty }) else { continue }
                if method.name == "presentationControllerDidDismiss" {
                    parentExits.append(Fact(.dismiss, at: release.location))
                } else if method.name == "navigationController" || method.name == "didMove" || method.name == "deinit" {
                    parentExits.append(Fact(.back, at: release.location, .inferred("released when a screen is popped")))
                } else if namesFinish(method.name) {
                    // A reaction to one kind of child (`didFinish(in coordinator: CardEditorCoordinator)`) releases that
                    // child only: each route gets it from its own reactions below, cited at its own line.
                    if !context.isReaction(method, of: name) { parentExits.append(Fact(.finish, at: release.location)) }
                    finishReleases.insert(method.name)
                }
            }
            // Routes a child asks for and goes on (`didTapSwap(…, in: tokensCoordinator)` running `swapToken`): no
            // `then` (the child is not done), but the parent's own doing, on an event of the child's.
            var asked: [Fact<String>] = []
            for index in coordinator.routes.indices where coordinator.routes[index].retain?.value == .parent {
                let route = coordinator.routes[index]
                func path(_ exit: ExitKind) -> FactPath { .route(name, route.name, .releaseOn, item: exit.rawValue) }
                var exits = (route.releaseOn?.value ?? []).compactMap { context.fact($0, path($0.value)) }
                exits += parentExits
                if let child = coordinator.routes[index].destination?.value.name, let finish = selfRelease(of: child, context) {
                    exits.append(finish)
                }
                // The parent's reactions to the child that let it go: by removing it, or by ending the parent's own
                // flow with it (`func didCancel(in coordinator: SendCoordinator) { delegate?.didCancel(in: self) }`),
                // when the child goes with the parent.
                let letsGo = (coordinator.routes[index].destination?.value.name).map { child in
                    context.reactions(of: name, to: child).compactMap { reaction -> (Context.Reaction, Fact<ExitKind>)? in
                        if let release = reaction.release {
                            // `didFinish(in:)` says what it is for; `didClose(in:)` is read as the child finishing.
                            let named = namesFinish(reaction.method.name)
                            return (reaction, Fact(.finish, at: release.location, named ? .certain : .inferred("`\(child)` finishes by calling the parent's `\(reaction.method.name)`, which removes it")))
                        }
                        guard let own = finishCall(in: reaction.method, finishers: ownFinishers, reactions: context.releasingReactions) else { return nil }
                        return (reaction, Fact(.finish, at: own.location, .inferred("`\(child)` finishes by calling the parent's `\(reaction.method.name)`, which ends `\(name)`'s own flow: the child goes with it")))
                    }
                } ?? []
                if let child = coordinator.routes[index].destination?.value.name,
                   let told = tellsParentWhenAScreenGoes(child, finishReleases.union(letsGo.map(\.0.method.name)), goingAway, context) {
                    exits.append(told)
                }
                exits += letsGo.map(\.1)
                if let child = coordinator.routes[index].destination?.value.name {
                    for reaction in context.reactions(of: name, to: child) {
                        var then = Set(coordinator.routes[index].then.map(\.route))
                        let done = reaction.release != nil || endsFlow(reaction.method.name)
                        if !done, let own = coordinator.routes.first(where: { $0.location == reaction.method.location }) {
                            asked.append(Fact(own.name, at: own.location, .inferred("`\(child)` asks for it through the parent's `\(reaction.method.name)`")))
                        }
                        for next in reaction.continuations where coordinator.routes.contains(where: { $0.name == next.name }) {
                            guard done else {
                                asked.append(Fact(next.name, at: next.location, .inferred("`\(child)` asks for it through the parent's `\(reaction.method.name)` and goes on")))
                                continue
                            }
                            guard then.insert(next.name).inserted else { continue }
                            let placed = context.put(Fact(next.name, at: next.location, .inferred("the parent's `\(reaction.method.name)` runs it once `\(child)` is done")), .route(name, route.name, .then, item: next.name))
                            coordinator.routes[index].then.append(RouteReference(coordinator: nil, route: placed.value, location: placed.location))
                        }
                    }
                }
                if exits.contains(where: { $0.value == .finish }), let child = coordinator.routes[index].destination?.value.name {
                    exits += finishesOnItsOwnExits(child, context)
                }
                // A route that sets the root and keeps its child in one place: run again, it replaces the root and the
                // child before it alike (`authenticationFlow = flow` on every sign-out).
                if let place = state.slots[name]?[route.name], let emptied = emptiedOnReplace[place] {
                    exits.append(Fact(.replaced, at: emptied.call.location, .inferred("`\(emptied.method)()` empties `\(place)` as it sets a new root")))
                }
                if route.transition?.value == .setRoot, let place = state.slots[name]?[route.name], let kept = route.retain {
                    exits.append(Fact(.replaced, at: kept.location, .inferred("the next `\(route.name)` keeps its child in `\(place)`, letting this one go")))
                }
                var seen: Set<ExitKind> = []
                let released = exits.filter { seen.insert($0.value).inserted }.sorted { $0.value < $1.value }.map { context.put($0, path($0.value)) }
                coordinator.routes[index].releaseOn = Located(released, at: route.retain?.location ?? route.location)
            }
            var fired = Set(coordinator.triggers.map(\.route) + coordinator.initials.map(\.value) + (coordinator.tabs ?? []).map(\.value))
            for fact in asked where fired.insert(fact.value).inserted {
                let placed = context.put(fact, .coordinator(name, .triggers, item: fact.value))
                coordinator.triggers.append(RouteReference(coordinator: nil, route: placed.value, location: placed.location))
            }
            context.coordinators[name] = coordinator
        }
    }

    /// A parent's reaction to a child that neither lets the child go nor says it is done by its name
    /// (`didTapAddAlert(for:in:)`), and shows a screen or starts a child itself: the child asks the parent for it
    /// and goes on. It is a route, run whenever the child asks.
    private static func isRequest(_ method: MethodFacts, of type: TypeFacts, _ context: Context) -> Bool {
        guard let reaction = context.reactions(of: type.name).first(where: { $0.method.location == method.location }),
              reaction.release == nil, !endsFlow(method.name) else { return false }
        let mapping = context.recognizer.mapping
        return childMadeNow(in: method, of: type, context) != nil
            || method.calls.contains { $0.closures.isEmpty && transition(of: $0, mapping: mapping)?.destinationRule == .required }
    }

    /// A parent's reaction whose name says the child is done (`didFinish(in:)`, `didCancel(in:)`, `didClose`).
    private static func endsFlow(_ name: String) -> Bool {
        // By word: `didSendTransaction` does not end anything.
        var words: [String] = []
        for character in name {
            if character.isUppercase || words.isEmpty { words.append("") }
            words[words.count - 1].append(character.lowercased())
        }
        return words.contains { word in
            ["finish", "cancel", "close", "done", "complet", "dismiss", "end", "exit", "fail"].contains { word.hasPrefix($0) }
        }
    }

    /// A child (or its base class) that ends its own flow when the user leaves it: its
    /// `presentationControllerDidDismiss` (a swipe-down) or `navigationController(_:didShow:)` pop handler calls its
    /// finish. Where the parent releases it on finish, it is released on those exits too.
    private static func finishesOnItsOwnExits(_ child: String, _ context: Context) -> [Fact<ExitKind>] {
        let finishers = selfReleasingMethods(of: child, context)
        return (context.recognizer.types[child]?.methods ?? []).compactMap { method in
            let exit: ExitKind
            switch method.name {
            case "presentationControllerDidDismiss": exit = .dismiss
            case "navigationController", "didMove": exit = .back
            default: return nil
            }
            guard let call = finishCall(in: method, finishers: finishers, reactions: context.releasingReactions) else { return nil }
            return Fact(exit, at: call.location, .inferred("`\(child).\(method.name)` ends the flow with `\(call.name)()`, on which the parent releases it"))
        }
    }

    /// A child whose method, run when one of its screens goes away, tells the parent it finished: the child's own
    /// (`deinit { delegate?.screenDismissed() }` calling the child's `screenDismissed`), or one a screen the child shows
    /// relays to it (`func didPopViewController(animated:) { delegate?.didClose(in: self) }` calling the child's
    /// `didClose(in:)`). When that method calls a parent method that releases the child
    /// (`delegate?.aboutCoordinatorDidFinish()`, `delegate?.didClose(in: self)`), the child is released when its
    /// first screen is popped too: `back`.
    private static func tellsParentWhenAScreenGoes(
        _ child: String, _ parentReleases: Set<String>, _ goingAway: GoingAway, _ context: Context
    ) -> Fact<ExitKind>? {
        guard !parentReleases.isEmpty, let type = context.recognizer.types[child] else { return nil }
        var relayed: [String: String] = [:]  // the child's method → the screen method that calls it as the screen goes
        for route in context.coordinators[child]?.routes ?? [] {
            guard case .screen(let screen)? = route.destination?.value else { continue }
            for method in context.recognizer.types[screen]?.methods ?? [] where goingAway.popNotifications.contains(method.name) {
                for call in method.calls where relayed[call.name] == nil { relayed[call.name] = "\(screen).\(method.name)" }
            }
        }
        for method in type.methods {
            let why: String
            if goingAway.called.contains(method.name) {
                why = "a screen going away (`deinit`) runs `\(child).\(method.name)()`, which tells the parent it finished"
            } else if let screen = relayed[method.name] {
                why = "`\(screen)`, run as the screen is popped, calls `\(child).\(method.name)()`, which tells the parent it finished"
            } else {
                continue
            }
            if let call = method.calls.first(where: { parentReleases.contains($0.name) && $0.closures.isEmpty }) {
                return Fact(.back, at: call.location, .inferred(why))
            }
        }
        return nil
    }

    /// What runs as a screen goes away.
    private struct GoingAway {
        /// Methods called from a `deinit` or `didMove(toParent:)`.
        var called: Set<String> = []
        /// Methods the app's `UINavigationController` subclass calls on the controller it pops.
        var popNotifications: Set<String> = []
    }

    /// The call that ends this coordinator's flow: one of its own methods that removes it from its parent
    /// (`leave()`), a finish callback (`finishFlow?()`, `onFinish()`), or a delegate told `…DidFinish(self)`.
    /// A call in a closure the method hands to a screen (`form.onDone = { self?.finishFlow?() }`) is not the
    /// method's own: it runs later, when the user acts (collectTriggers and the closure routes take it). A
    /// completion of the method's own navigation (`dismiss(animated:) { self.leave() }`) or a dispatch is.
    static func finishCall(in method: MethodFacts, finishers: Set<String>, reactions: Set<String> = []) -> CallFacts? {
        method.calls.first { call in
            call.closures.allSatisfy({ ownClosures.contains($0) }) && endsOwnFlow(call, finishers: finishers, reactions: reactions)
        }
    }

    /// Whether the name says `finish` in any case (`finishFlow`, `didFinish`, `coordinatorDidFinish`), read in place:
    /// every call the recognizer looks at is asked.
    static func namesFinish(_ name: String) -> Bool {
        let bytes = Array(name.utf8)
        let word = Array("inish".utf8)
        guard bytes.count >= 6 else { return false }
        for start in 0...(bytes.count - 6) where bytes[start] | 0x20 == UInt8(ascii: "f") {
            if (0..<5).allSatisfy({ bytes[start + 1 + $0] | 0x20 == word[$0] }) { return true }
        }
        return false
    }

    /// Whether the call ends the flow of the coordinator making it: `finish()`, `finishFlow?()`, or telling its
    /// parent it is done (`delegate?.didFinish(result, in: self)`).
    static func endsOwnFlow(_ call: CallFacts, finishers: Set<String>, reactions: Set<String>) -> Bool {
        // The name first: the receiver is read only for calls that may finish.
        let named = namesFinish(call.name)
        guard named || finishers.contains(call.name) || reactions.contains(call.name) else { return false }
        let receiver = plainReceiver(call.receiver)
        if receiver.isEmpty || receiver == "self" {
            return finishers.contains(call.name) || named
        }
        // `delegate?.didCancel(in: self)`, where a parent's `didCancel(in:)` lets this coordinator go.
        guard named || reactions.contains(call.name) else { return false }
        // `delegate?.settingsCoordinatorDidFinish(self)`, or without `self` on the coordinator's own delegate.
        let ownDelegate = !receiver.contains(".") && (receiver.lowercased().hasSuffix("delegate") || receiver == "parent" || receiver == "parentCoordinator")
        return (receiver.lowercased().contains("delegate") || receiver.lowercased().contains("parent"))
            && (ownDelegate || passesSelf(call))
    }

    /// Closures that are the method's body, run a little later: `Task { … }`, `DispatchQueue.main.async { … }`, and
    /// `{ … }()`. A navigation in one is the method's own.
    static let bodyClosures: Set<String> = ["Task", "async", ExpressionFacts.closureRunInPlace]

    /// Closures that run as part of the method: completions of its navigation calls and dispatches, and PromiseKit's
    /// `firstly { … }` and the steps of the promise it makes (`.then`, `.get`, `.done`).
    static let ownClosures: Set<String> = [
        "completion", "dismiss", "present", "pushViewController", "popViewController", "popToRootViewController",
        "setViewControllers", "dismissModule", "popModule", "async", "asyncAfter", "sync", "perform", "animate", "Task",
        "firstly", "then", "get", "done",
        ExpressionFacts.closureRunInPlace,
    ]

    /// Methods of the type, its base classes and protocol extensions that remove `self` from the parent, and the closure
    /// properties a parent sets to let it go (`Context.finishingClosures`).
    static func selfReleasingMethods(of name: String, _ context: Context) -> Set<String> {
        let methods = context.recognizer.types[name]?.methods ?? []
        return Set(methods.filter { $0.calls.contains { isRelease($0, context.recognizer.mapping) && passesSelf($0) } }.map(\.name))
            .union(context.finishingClosures[name] ?? [])
    }

    /// Whether the call hands the caller over (`delegate?.didCancel(in: self)`, `in: strongSelf`), or removes it from its parent.
    static func passesSelf(_ call: CallFacts) -> Bool {
        call.arguments.contains { if case .reference(let name) = $0.value { plainReceiver(name) == "self" } else { false } }
            || call.name.hasPrefix("removeFromParent")
    }

    /// A child (or its base class) that removes itself from its parent: `parentCoordinator?.childDidFinish(self)`.
    private static func selfRelease(of child: String, _ context: Context) -> Fact<ExitKind>? {
        for method in context.recognizer.types[child]?.methods ?? [] {
            for call in method.calls where isRelease(call, context.recognizer.mapping) && passesSelf(call) {
                return Fact(.finish, at: call.location, .inferred("the child removes itself in `\(method.name)()`"))
            }
        }
        return nil
    }

    /// `coordinator?.showX()` in screens that keep the coordinator (or a delegate protocol it conforms to),
    /// and closures set on a screen in the method that shows it (`vc.onNext = { self.showNext() }`).
    /// Returns the routes other coordinators ask for through a delegate: this coordinator's own triggers.
    private static func collectTriggers(
        of coordinatorType: TypeFacts, coordinator: Coordinator, alerts: Set<String>,
        handlers: [EventHandler: [(MethodFacts, CallFacts)]], armOfCall: [SourceLocation: String] = [:], _ context: inout Context
    ) -> [Fact<String>] {
        let routes = Set(coordinator.routes.map(\.name))
        var actions: [String: [Fact<String>]] = [:]  // alert route → the routes its actions run
        var touched: Set<String> = []  // the screens given triggers here
        // The type itself and the delegate protocols it conforms to; not the `Coordinator` protocol every coordinator shares.
        let roots = Set(context.recognizer.mapping.coordinators)
        // A base class it inherits counts: a screen that keeps a `ChatCoordinator?` may be given a subclass of it.
        let accepted = Set([coordinatorType.name] + coordinatorType.inherited.map(\.base).filter { supertype in
            !roots.contains(supertype) && (!isCoordinatorBase(supertype) || context.recognizer.types[supertype]?.keyword == .class)
        })
        let forwards = Self.forwards(of: coordinatorType, routes: routes)
        var keepersByScreen: [String: Set<String>] = [:]
        // Another coordinator keeping this one behind a delegate protocol (`weak var delegate: DappBrowserCoordinatorDelegate?`).
        var delegatesOfCoordinators: [String: Set<String>] = [:]
        for name in accepted.sorted() {
            let isProtocol = context.recognizer.types[name]?.keyword == .protocol
            for keeper in context.keepers[name] ?? [] where keeper.type != coordinatorType.name {
                if context.recognizer.types[keeper.type].map({ context.recognizer.claimed($0) }) == true {
                    if isProtocol { delegatesOfCoordinators[keeper.type, default: []].insert(keeper.property) }
                } else {
                    keepersByScreen[keeper.type, default: []].insert(keeper.property)
                }
            }
        }
        // `delegate.requestSignTransaction(…)` there, handing no `self` over (that is a reaction to a child, read
        // apart): the route runs whenever the other coordinator asks, on no screen of this one.
        var requests: [Fact<String>] = []
        for name in delegatesOfCoordinators.keys.sorted() {
            guard let other = context.recognizer.types[name], let keepers = delegatesOfCoordinators[name] else { continue }
            for method in other.methods {
                for call in method.calls where keepers.contains(plainReceiver(call.receiver)) && !passesSelf(call) {
                    let route = call.overloadName.flatMap { routes.contains($0) ? $0 : nil } ?? call.name
                    let at = "\(call.location.file.split(separator: "/").last ?? ""):\(call.location.line)"
                    if routes.contains(route) {
                        requests.append(Fact(route, at: call.location, .inferred("`\(name)` asks for it through the delegate it keeps (\(at))")))
                    }
                    for forwarded in forwards[call.name] ?? [] {
                        requests.append(Fact(forwarded.name, at: call.location, .inferred("`\(name)` calls `\(call.name)` on the delegate it keeps (\(at)), which calls `\(forwarded.name)()`")))
                    }
                }
            }
        }
        for name in keepersByScreen.keys.sorted() {
            guard let screen = context.recognizer.types[name], let keepers = keepersByScreen[name] else { continue }
            for method in screen.methods {
                for call in method.calls where keepers.contains(plainReceiver(call.receiver)) {
                    // `delegate?.didPressCancel(in: self)`: the overload of that first label, when it is a route of its own.
                    if let overload = call.overloadName, routes.contains(overload) {
                        context.triggers[name, default: []].append(Trigger(owner: coordinatorType.name, route: Fact(overload, at: call.location)))
                        touched.insert(name)
                    } else if routes.contains(call.name) {
                        context.triggers[name, default: []].append(Trigger(owner: coordinatorType.name, route: Fact(call.name, at: call.location)))
                        touched.insert(name)
                    } else {
                        for forwarded in forwards[call.name] ?? [] {
                            touched.insert(name)
                            context.triggers[name, default: []].append(Trigger(
                                owner: coordinatorType.name,
                                route: Fact(forwarded.name, at: call.location, .inferred("`\(call.name)` calls `\(forwarded.name)()`"))
                            ))
                        }
                    }
                }
            }
        }
        // `{ self?.showNext() }`, or `{ self.delegate?.didDismiss(in: self) }` that ends the flow (a closure route).
        let closureRoutes = Set(coordinator.routes.filter { $0.transition?.value == .finish }.map(\.name))
        // The screen each route shows, by name: searching the routes for each method was quadratic (issue 24).
        var screens: [String: String] = [:]
        for route in coordinator.routes where screens[route.name] == nil {
            if case .screen(let screen)? = route.destination?.value { screens[route.name] = screen } else { screens[route.name] = "" }
        }
        // `UIBarButtonItem(…, selector: #selector(showOptions))` set on the screen where the route makes it, or in the
        // lazy property that makes it: a control of that screen runs the route.
        var made: [String: [String]] = [:]  // screen type → the methods that make it (routes, and lazy properties' bodies)
        for (route, screen) in screens.sorted(by: { $0.key < $1.key }) where !screen.isEmpty { made[screen, default: []].append(route) }
        for property in coordinatorType.properties {
            guard let screen = Context.screenType(property), made[screen] != nil else { continue }
            made[screen, default: []].append(property.name)
        }
        for (maker, screen) in screenMakers(of: coordinatorType, coordinator).sorted(by: { $0.key < $1.key }) {
            made[screen, default: []].append(maker)
        }
        var bodies: [String: [MethodFacts]] = [:]
        for method in coordinatorType.methods { bodies[method.name, default: []].append(method) }
        for screen in made.keys.sorted() {
            for maker in made[screen] ?? [] {
                for call in (bodies[maker] ?? []).flatMap(\.calls) {
                    for action in call.arguments.compactMap({ selectorName($0.value) }) where routes.contains(action) {
                        context.triggers[screen, default: []].append(Trigger(owner: coordinatorType.name, route: Fact(action, at: call.location, .inferred("a control of the screen runs `\(action)` (`#selector`)"))))
                        touched.insert(screen)
                    }
                }
            }
        }
        // `picker.delegate = self` where a route shows the picker, and another route that takes it as its first
        // parameter (`imagePickerController(_ picker: UIImagePickerController, didFinishPickingMediaWithInfo:)`): a
        // screen calls its delegate with itself, so it runs that route, UIKit's own screens (whose code is not read) too.
        // Routes by the method they are: overloads are routes of other names (`didPressCancel(in:)` twice).
        var routeAt: [SourceLocation: String] = [:]
        for route in coordinator.routes where routeAt[route.location] == nil { routeAt[route.location] = route.name }
        var delegating: Set<String> = []  // the screens a route shows and makes this coordinator the delegate of
        for method in coordinatorType.methods {
            guard let route = routeAt[method.location], let screen = screens[route], !screen.isEmpty else { continue }
            let setsDelegate = method.calls.contains { call in
                call.name == "=" && call.receiver?.hasSuffix(".delegate") == true && call.arguments.first?.value == .reference("self")
            }
            if setsDelegate { delegating.insert(screen) }
        }
        for method in coordinatorType.methods {
            guard let route = routeAt[method.location], let written = method.parameters.first?.type else { continue }
            let type = String(written.reversed().drop { $0 == "?" || $0 == "!" }.reversed())
            guard delegating.contains(type), screens[route] != type else { continue }
            context.triggers[type, default: []].append(Trigger(owner: coordinatorType.name, route: Fact(
                route, at: method.location, .inferred("the `\(type)` it is the delegate of calls it with itself")
            )))
            touched.insert(type)
        }
        // `stateMachine.tryEvent(.loginWithQR)` in a screen's callback runs what the handler of `.loginWithQR` calls.
        for method in coordinatorType.methods where routes.contains(method.name) {
            guard let screen = screens[method.name], !screen.isEmpty, !handlers.isEmpty else { continue }
            for call in method.calls where !call.closures.isEmpty {
                guard let event = sentEvent(call, handlers) else { continue }
                for (_, handled) in handlers[event] ?? [] where routes.contains(handled.name) && ["", "self"].contains(plainReceiver(handled.receiver)) {
                    context.triggers[screen, default: []].append(Trigger(owner: coordinatorType.name, route: Fact(handled.name, at: call.location, .inferred("it sends `.\(event.event)`, whose handler runs `\(handled.name)()`"))))
                    touched.insert(screen)
                }
            }
        }
        /// `screen.onNext = { self?.showConfirmation() }`: a closure set on the screen runs a route of this coordinator.
        func runsRoute(_ call: CallFacts) -> Bool {
            guard !call.closures.isEmpty, routes.contains(call.name) else { return false }
            let receiver = plainReceiver(call.receiver)
            return receiver.isEmpty || receiver == "self" || (receiver.lowercased().hasSuffix("delegate") && closureRoutes.contains(call.name))
        }
        /// What a closure set on a screen runs: the route it calls, or the routes a method it calls picks among
        /// (`{ self?.showAccount() }`, where `showAccount()` runs `showProfile()` or `showSignIn()`).
        func closureRuns(_ call: CallFacts) -> [Fact<String>] {
            if runsRoute(call) { return [Fact(call.name, at: call.location)] }
            guard !call.closures.isEmpty, ["", "self"].contains(plainReceiver(call.receiver)), let forwarded = forwards[call.name] else { return [] }
            return forwarded.map { Fact($0.name, at: call.location, .inferred("`\(call.name)` calls `\($0.name)()`")) }
        }
        // The lazy property that makes the screen (`lazy var form: AmountViewController = { … }()`), or a method that
        // makes it and gives it back, sets its closures too.
        for screen in made.keys.sorted() {
            for maker in made[screen] ?? [] where !routes.contains(maker) {
                for call in (bodies[maker] ?? []).flatMap(\.calls) {
                    for run in closureRuns(call) {
                        context.triggers[screen, default: []].append(Trigger(owner: coordinatorType.name, route: run))
                        touched.insert(screen)
                    }
                }
            }
        }
        for method in coordinatorType.methods where routes.contains(method.name) {
            for call in method.calls {
                let runs = closureRuns(call)
                // In a branching method, a closure an arm sets is on that arm's screen.
                guard !runs.isEmpty, let screen = screens[armOfCall[call.location] ?? method.name], !screen.isEmpty else { continue }
                if alerts.contains(method.name) {
                    actions[method.name, default: []] += runs.map { Fact($0.value, at: call.location, .inferred("an action of the alert `\(method.name)()` shows")) }
                } else {
                    context.triggers[screen, default: []] += runs.map { Trigger(owner: coordinatorType.name, route: $0) }
                    touched.insert(screen)
                }
            }
        }
        // Whatever offers the alert offers its actions: UIKit closes the alert before an action's handler runs. Only
        // this call gives triggers of this coordinator's routes, so only the screens it touched are looked at.
        guard !alerts.isEmpty else { return requests }
        for screen in touched {
            guard context.triggers[screen]!.contains(where: { $0.owner == coordinatorType.name && alerts.contains($0.route.value) }) else { continue }
            context.triggers[screen] = context.triggers[screen]!.flatMap { trigger -> [Trigger] in
                guard trigger.owner == coordinatorType.name, alerts.contains(trigger.route.value) else { return [trigger] }
                return (actions[trigger.route.value] ?? []).map { Trigger(owner: coordinatorType.name, route: $0) }
            }
        }
        return requests
    }

    /// The coordinator's methods, not routes, that make a screen and give it back to the route that shows it
    /// (`start() { setViewControllers([makeShelf()]) }`, `func makeShelf() -> ShelfScreen { …; shelf.onSelect = { … };
    /// return shelf }`): method name → the screen. The closures they set are that screen's callbacks, as a route's own
    /// are. Only a maker the route calls counts: a container type many screens share (`TopBottomContainerViewController`)
    /// made by a helper that some unread path shows is not the one a route of that type shows.
    static func screenMakers(of type: TypeFacts, _ coordinator: Coordinator) -> [String: String] {
        var screens: [String: String] = [:]  // route → the screen it shows
        for route in coordinator.routes {
            if case .screen(let screen)? = route.destination?.value, screens[route.name] == nil { screens[route.name] = screen }
        }
        let routes = Set(coordinator.routes.map(\.name))
        var candidates: [String: String] = [:]
        let shown = Set(screens.values)
        for method in type.methods where !routes.contains(method.name) && candidates[method.name] == nil {
            let end = SourceLocation(file: method.location.file, line: Int.max, column: 0)
            let returned = [method.returnType?.base] + method.returns.map { expression -> String? in
                if case .reference(let name) = expression { return method.binding(name, before: end)?.constructedType }
                return expression.constructedType
            }
            if let screen = returned.compactMap({ $0 }).first(where: shown.contains) { candidates[method.name] = screen }
        }
        guard !candidates.isEmpty else { return [:] }
        var makers: [String: String] = [:]
        for method in type.methods {
            guard let screen = screens[method.name] else { continue }
            for call in method.calls where ["", "self"].contains(plainReceiver(call.receiver)) && candidates[call.name] == screen {
                makers[call.name] = screen
            }
        }
        return makers
    }

    /// A non-route method of the coordinator that calls routes stands for them (a delegate method a screen calls): the
    /// route calls it makes, directly or through other such methods (`didPressImportWallet` → `pushImportWallet()` →
    /// `importMainWallet()`), at most `forwardDepth` methods deep, each route once.
    static func forwards(of type: TypeFacts, routes: Set<String>) -> [String: [CallFacts]] {
        // The method's own route calls; past the first method, only those it makes as it runs (not in a closure that
        // runs later, such as a state machine's handler `init` registers), through methods that are not `init`/`start`.
        var direct: [String: [CallFacts]] = [:]
        var runsNow: [String: [CallFacts]] = [:]
        var through: [String: [String]] = [:]
        let methods = Set(type.methods.map(\.name))
        for method in type.methods where !routes.contains(method.name) {
            for call in method.calls where call.receiver == nil || plainReceiver(call.receiver) == "self" {
                let now = call.handles == nil && call.closures.allSatisfy(ownClosures.contains)
                if routes.contains(call.name) {
                    direct[method.name, default: []].append(call)
                    if now { runsNow[method.name, default: []].append(call) }
                } else if now, call.name != method.name, call.name != "start", methods.contains(call.name), !systemCallbacks.contains(call.name) {
                    through[method.name, default: []].append(call.name)
                }
            }
        }
        var forwards: [String: [CallFacts]] = [:]
        for name in Set(direct.keys).union(through.keys) {
            var seen: Set<String> = [name]
            var calls = direct[name] ?? []
            var named = Set(calls.map(\.name))
            var level = through[name] ?? []
            for _ in 1..<forwardDepth where !level.isEmpty {
                level = level.filter { seen.insert($0).inserted }
                calls += level.flatMap { runsNow[$0] ?? [] }.filter { named.insert($0.name).inserted }
                level = level.flatMap { through[$0] ?? [] }
            }
            if !calls.isEmpty { forwards[name] = calls }
        }
        return forwards
    }

    /// How many methods deep a forwarding chain is followed: each method's chain stops there, so what one method costs
    /// is bounded by the methods it reaches in that many steps, not by the whole coordinator's chains.
    static let forwardDepth = 4

    /// What the coordinator's own code runs, found by following `init`, `start()` and the methods they call:
    /// - `atStart`: the routes `start()` runs itself, directly or through an event it sends its state machine
    ///   (`start() { machine.send(.begin) }`, `machine.on(.begin) { self?.inbox.start() }`);
    /// - `later`: routes it runs on events no screen shows (DESIGN §1, coordinator `triggers`): in a closure that
    ///   runs later (an observer's `sink`, a notification, a handler of an event no read code sends), or in a method
    ///   another coordinator or the app delegate calls on it (`protectionCoordinator.applicationDidBecomeActive()`).
    /// A child kept in a property (a route of that name: a lazy one, or one `init` makes) counts where it is used.
    struct OwnRuns {
        var atStart: [Fact<String>] = []
        var later: [Fact<String>] = []
    }

    private static func ownRuns(
        of type: TypeFacts, routes routeLocations: [String: SourceLocation], makers: Set<String>, handlers: [EventHandler: [(MethodFacts, CallFacts)]],
        _ context: Context
    ) -> OwnRuns {
        let routes = Set(routeLocations.keys)
        var methods: [String: [MethodFacts]] = [:]
        for method in type.methods { methods[method.name, default: []].append(method) }
        let calls = type.methods.flatMap { method in method.calls.map { (method, $0) } }
        func key(_ handler: EventHandler) -> EventHandler { EventHandler(receiver: plainReceiver(handler.receiver), event: handler.event) }
        func sent(_ call: CallFacts) -> EventHandler? { sentEvent(call, handlers) }
        let sentEvents = Set(calls.compactMap { sent($0.1) })
        // A route's own body is followed outside its closures (those are its screen's callbacks, `collectTriggers`'),
        // for the routes and kept children it runs itself (`showTabBar()` starting `promptBackup`).
        enum Step: Hashable { case method(String), route(String), handler(EventHandler) }
        var runs = OwnRuns()
        var seenRoutes: Set<String> = []
        var seenLater: Set<String> = []
        // `init` only prepares: what it runs as it goes is not where the flow begins (`start()` is).
        func run(_ route: String, at location: SourceLocation, live: Bool, inInit: Bool = false, _ why: String) {
            if live {
                guard seenLater.insert(route).inserted else { return }
                runs.later.append(Fact(route, at: location, .inferred(why)))
            } else if !inInit, seenRoutes.insert(route).inserted {
                runs.atStart.append(Fact(route, at: location, .inferred(why)))
            }
        }
        // (step, live, inInit): live when it runs on an event, not as part of `init` or `start()` themselves.
        var queue: [(Step, Bool, Bool)] = [(.method("init"), false, true)]
        if !routes.contains("start") { queue.append((.method("start"), false, false)) }
        let relayed = context.relayed.union(serviceCalls(on: type, context))
        // Routes by their names (an overload's includes its label), other methods by theirs.
        for name in routes.union(methods.keys).sorted() where relayed.contains(name) && name != "start" && name != "init" {
            if let location = routeLocations[name] {
                run(name, at: location, live: true, "another coordinator, the app delegate or a service calls `\(name)` on it")
                queue.append((.route(name), true, false))
            } else if !systemCallbacks.contains(name) {
                queue.append((.method(name), true, false))
            }
        }
        // A navigating `start()` is a route, whose closures are its screen's: only the methods it calls are followed.
        if routes.contains("start") {
            for call in methods["start"]?.flatMap(\.calls) ?? [] where ["", "self"].contains(plainReceiver(call.receiver))
                && !routes.contains(call.name) && methods[call.name] != nil {
                queue.append((.method(call.name), call.closures.contains { !ownClosures.contains($0) }, false))
            }
        }
        let properties = Set(type.properties.map(\.name))
        var seen: Set<String> = []
        var next = 0
        while next < queue.count {
            let (step, live, inInit) = queue[next]
            next += 1
            let body: [(MethodFacts, CallFacts)]
            let origin: String
            switch step {
            case .method(let name):
                guard seen.insert("\(name) \(live) \(inInit)").inserted else { continue }
                // A handler of an event that read code sends runs where it is sent, not where it is registered.
                body = (methods[name] ?? []).flatMap { method in
                    method.calls.filter { call in call.handles.map { !sentEvents.contains(key($0)) } ?? true }.map { (method, $0) }
                }
                origin = "`\(name)`"
            case .route(let name):
                guard seen.insert("route \(name) \(live) \(inInit)").inserted else { continue }
                body = (methods[name] ?? []).flatMap { method in
                    method.calls.filter { $0.closures.allSatisfy(ownClosures.contains) && $0.handles == nil }.map { (method, $0) }
                }
                origin = "`\(name)`"
            case .handler(let handler):
                guard seen.insert("\(handler.receiver).\(handler.event) \(live) \(inInit)").inserted else { continue }
                body = handlers[handler] ?? []
                origin = "the handler of `.\(handler.event)`"
            }
            for (method, call) in body {
                // In a handler, only the closures inside it defer a call: the handler's own runs where the event is sent.
                let enclosing = if case .handler = step { call.closures.prefix(call.handlerDepth) } else { call.closures[...] }
                let later = live || enclosing.contains { !ownClosures.contains($0) }
                // A closure a method sets on the screen it makes and gives back: the routes it calls are that screen's
                // triggers (`collectTriggers`); what they run in turn is still followed here.
                let screenCallback = enclosing.contains { !ownClosures.contains($0) } && {
                    if case .method(let name) = step { makers.contains(name) } else { false }
                }()
                // `button.addTarget(self, action: #selector(swapSelected), for: .touchUpInside)`: a control it set up runs it.
                for action in call.arguments.compactMap({ selectorName($0.value) }) where routes.contains(action) {
                    run(action, at: call.location, live: true, "\(origin) makes it the action of a control (`#selector`)")
                }
                let receiver = plainReceiver(call.receiver)
                let through = origin == "`start`" ? "" : " (through \(origin))"
                let why = later ? "\(origin) runs it on an event no screen shows" : "`start()` runs it as it starts\(through)"
                if receiver.isEmpty || receiver == "self" {
                    if routes.contains(call.name) {
                        if !screenCallback { run(call.name, at: call.location, live: later, inInit: inInit, why) }
                        queue.append((.route(call.name), later, inInit))
                    } else if methods[call.name] != nil, !systemCallbacks.contains(call.name) {
                        queue.append((.method(call.name), later, inInit))
                    }
                } else if let event = sent(call) {
                    queue.append((.handler(event), later, inInit))
                } else if call.name != "=", let held = receiver.split(separator: ".").first.map(String.init), routes.contains(held),
                          !receiver.contains("("), method.bindings[held] == nil, properties.contains(held) {
                    run(held, at: call.location, live: later, inInit: inInit, later ? "\(origin) uses the child it keeps in `\(held)`" : "`start()` uses the child it keeps in `\(held)`\(through)")
                }
            }
        }
        return runs
    }

    /// The methods of the coordinator that objects other than screens call on it through a property that keeps it
    /// or a protocol it conforms to (`UniversalLinkService`'s `navigation?.showImportMagicLink(…)`): events they
    /// relay (a link opened, a push notification), none a screen shows. Screens and view models are left to
    /// `collectTriggers`, which makes their calls the triggers of the screens they are.
    private static func serviceCalls(on type: TypeFacts, _ context: Context) -> Set<String> {
        // The type and the protocols only it and its kind conform to; not the `Coordinator` protocol all share.
        let roots = Set(context.recognizer.mapping.coordinators)
        let own = Set([type.name] + type.inherited.map(\.base).filter { supertype in
            !roots.contains(supertype) && (!isCoordinatorBase(supertype) || context.recognizer.types[supertype]?.keyword == .class)
        })
        var names: Set<String> = []
        for name in own.sorted() {
            for keeper in context.keepers[name] ?? [] where keeper.type != type.name {
                guard let service = context.recognizer.types[keeper.type], !isScreenLike(service), !context.isCoordinatorType(service.name) else { continue }
                for method in service.methods {
                    for call in method.calls where plainReceiver(call.receiver) == keeper.property {
                        names.insert(call.name)
                        if let overload = call.overloadName { names.insert(overload) }
                    }
                }
            }
        }
        return names
    }

    /// How a presented screen dismisses itself, when it does: the method of it (or of a base class it inherits) that
    /// calls `self.dismiss(animated:)` (`in \`cancel\``), or the button of UIKit's own controller that closes it.
    private static func closesItself(_ screen: String, _ index: ProjectIndex) -> String? {
        if let button = selfClosingSystemScreens[screen] { return "with \(button)" }
        guard let type = index.types[screen], type.keyword == .class else { return nil }
        return type.methods.first { method in
            method.calls.contains { $0.name == "dismiss" && ["", "self"].contains(plainReceiver($0.receiver)) }
        }.map { "in `\($0.name)`" }
    }

    /// The system's controllers that close themselves with a control of their own, whatever their delegate does.
    static let selfClosingSystemScreens: [String: String] = [
        "SFSafariViewController": "its Done button", "UIActivityViewController": "its Cancel button and its actions",
        "UIDocumentPickerViewController": "its Cancel button", "QLPreviewController": "its Done button",
        "CNContactPickerViewController": "its Cancel button",
    ]

    /// `#selector(swapSelected(_:))` → `swapSelected`.
    private static func selectorName(_ value: ExpressionFacts) -> String? {
        guard case .other(let text) = value, text.hasPrefix("#selector(") else { return nil }
        let name = text.dropFirst("#selector(".count).prefix { $0.isLetter || $0.isNumber || $0 == "_" }
        return name.isEmpty ? nil : String(name)
    }

    /// A view controller, a view, or a view model: what the user sees, and what sees the user act.
    private static func isScreenLike(_ type: TypeFacts) -> Bool {
        let suffixes = ["Controller", "View", "ViewModel", "Screen", "Cell"]
        return ([type.name] + type.inherited.map(\.base)).contains { name in
            suffixes.contains { name.hasSuffix($0) } || (name.hasPrefix("UI") && name != "UIApplicationDelegate")
        }
    }

    /// The type's event handlers (`machine.on(.begin) { … }`) by receiver (as `plainReceiver` gives it) and event:
    /// the calls each runs, with the method that registers it.
    static func eventHandlers(of type: TypeFacts) -> [EventHandler: [(MethodFacts, CallFacts)]] {
        var handlers: [EventHandler: [(MethodFacts, CallFacts)]] = [:]
        for method in type.methods {
            for call in method.calls {
                guard let handler = call.handles else { continue }
                handlers[EventHandler(receiver: plainReceiver(handler.receiver), event: handler.event), default: []].append((method, call))
            }
        }
        return handlers
    }

    /// The event a call sends to a receiver that has handlers for it (`machine.send(.begin)`,
    /// `stateMachine.tryEvent(.dismissedSettings)`); not the registration itself, which hands over a closure.
    static func sentEvent(_ call: CallFacts, _ handlers: [EventHandler: [(MethodFacts, CallFacts)]]) -> EventHandler? {
        guard !handlers.isEmpty, call.name != "=", !call.arguments.contains(where: { argument in
            if argument.label == "{}" { return true }
            if case .other(let text) = argument.value { return text.hasPrefix("{") }
            return false
        }) else { return nil }
        for argument in call.arguments {
            guard case .member(let event, _) = argument.value else { continue }
            let key = EventHandler(receiver: plainReceiver(call.receiver), event: event)
            return handlers[key] != nil ? key : nil
        }
        return nil
    }

    /// A start that presents an alert or an action sheet: only its actions close it, no swipe does, and what they run
    /// is the child's; the parent's route is open rather than a sheet assumed swipe-dismissible.
    private static func showsAlert(_ route: Route) -> Bool {
        route.destination?.value == .screen("UIAlertController")
    }

    /// Routes that only present an alert or an action sheet (`UIAlertController`): not navigation a spec follows, but
    /// a menu of the routes its actions run. The initial route stays.
    private static func alertRoutes(of coordinator: Coordinator) -> Set<String> {
        Set(coordinator.routes.filter { route in
            route.transition?.value == .present && route.destination?.value == .screen("UIAlertController") && route.name != coordinator.initial?.value
        }.map(\.name))
    }
}
