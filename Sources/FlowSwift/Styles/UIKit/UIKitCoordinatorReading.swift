import FlowModel
import FlowConfig

/// The steps of reading one UIKit coordinator (`UIKitStyle.coordinator`), each a method over what the steps share.
extension UIKitStyle {
    /// What reading one UIKit coordinator carries from step to step.
    struct CoordinatorReading {
        let type: TypeFacts
        let name: String
        let mapping: ExtractMapping
        /// The methods that release the coordinator itself (its finish).
        let finishers: Set<String>
        /// The closures its parent hands it that it runs once it is done, each with the parameter `init` takes it from
        /// (`UIKitHandedBack`).
        let handedBack: HandBacks
        /// Per method (by where it is declared): the child it gets from a factory object, looked up once.
        let factoryProducts: [SourceLocation: Context.FactoryProduct]
        /// The methods that let every child go (`childCoordinators.removeAll()`): a closure may release through them.
        let clearing: Set<String>
        /// The helpers `start()` calls, read as part of it.
        let helpers: Set<String>
        /// The methods that are routes.
        let routeMethods: Set<String>
        var coordinator: Coordinator
        var resolved = true
        /// The names of the routes so far, a set beside the list so that each method looks its name up once.
        var routeNames: Set<String>
        /// The children `start()` begins with in its other branches, each a route of its own.
        var branches: [Route] = []
        /// The calls of a branching method's later arms → the arm's route (what their closures trigger is its screen's).
        var armOfCall: [SourceLocation: String] = [:]
        var firstArmCalls: Set<SourceLocation> = []

        init(_ type: TypeFacts, _ state: inout State, _ context: inout Context) {
            let mapping = context.recognizer.mapping
            let name = type.name
            let kind = kind(of: type, context.recognizer.index)
            let why =
                kind != .tab
                ? "a UIKit coordinator's kind is read from the controllers it keeps"
                : type.inherited.contains(where: { $0.base.hasSuffix("TabBarController") })
                    ? "it is a tab bar controller" : "it gives a tab bar controller its tabs"
            let coordinator = context.coordinator(type, .uikit, kind: Fact(kind, at: type.location, .inferred(why)))
            if !type.inherited.contains(where: { isCoordinatorBase($0.base) }), isCoordinatorByName(type, mapping) {
                context.provenance.set(
                    .coordinator(name), .inferred("named `…Coordinator` and navigates, though it conforms to no coordinator type"))
            }
            let finishers = selfReleasingMethods(of: type.name, context)
            var factoryProducts: [SourceLocation: Context.FactoryProduct] = [:]
            for method in type.methods { factoryProducts[method.location] = context.factoryProduct(in: method, of: type) }
            let clearing = Set(type.methods.filter { $0.calls.contains { clearsChildren($0, mapping) } }.map(\.name))
            state.handlers = eventHandlers(of: type)
            state.releasesByPlace = [:]
            for method in type.methods {
                for call in method.calls {
                    if let place = releasedPlace(call) { state.releasesByPlace[place, default: []].append((method, call)) }
                }
            }
            // A hub's `start()` is its tabs: only the helpers that set them up are part of it; another (a welcome shown
            // over the tabs) is a route of its own, which the start runs beside them.
            let started = startHelpers(of: type, hub: coordinator.kind.map { $0.value != .navigation } ?? false, context)
            let helpers = coordinator.kind?.value == .tab ? started.intersection(tabSetUpMethods(of: type, context)) : started
            self.type = type
            self.name = name
            self.mapping = mapping
            self.finishers = finishers
            self.handedBack = handedBackClosures(of: type, context)
            if !handedBack.isEmpty { state.handBacks[name] = handedBack }
            self.factoryProducts = factoryProducts
            self.clearing = clearing
            self.helpers = helpers
            self.routeMethods = Self.methodsThatAreRoutes(
                of: type, coordinator, helpers: helpers, finishers: finishers, factoryProducts, context)
            self.coordinator = coordinator
            self.routeNames = Set(coordinator.routes.map(\.name))
        }

        /// The methods that navigate, start a child, or finish. A hub whose tabs' flows were made elsewhere (`init`,
        /// `makeTabs()`): the method that hands the tab bar their stacks mapped from a list
        /// (`tabs.map(\.navigationController)`) is where it starts.
        private static func methodsThatAreRoutes(
            of type: TypeFacts, _ coordinator: Coordinator, helpers: Set<String>, finishers: Set<String>,
            _ factoryProducts: [SourceLocation: Context.FactoryProduct], _ context: Context
        ) -> Set<String> {
            let mapping = context.recognizer.mapping
            let isHub = coordinator.kind?.value == .tab
            return Set(
                type.methods.filter { method in
                    if isHub, method.calls.contains(where: givesMappedTabs) { return true }
                    guard !helpers.contains(method.name), !systemCallbacks.contains(method.name),
                        !context.isReaction(method, of: type.name) || isRequest(method, of: type, context)
                    else { return false }
                    return method.calls.contains { call in
                        transition(of: call, mapping: mapping) != nil && call.closures.allSatisfy(bodyClosures.contains)
                            && !(method.name == "start" && putsUpEmptyStack(call, in: method, of: type, context))
                    }
                        || childMadeNow(in: method, of: type, context) != nil
                        || factoryProducts[method.location]?.child != nil
                        || (method.name != "start"
                            && finishCall(in: method, finishers: finishers, reactions: context.releasingReactions) != nil)
                }.map(\.name))
        }

        /// The routes of one route method: one, or one per arm whose navigation differs.
        mutating func readRoutes(of method: MethodFacts, _ state: inout State, _ context: inout Context) {
            // An overload (`show(nonFungibleToken:)` beside `show(fungibleToken:)`) is a route of its own, named with its
            // first label (`showFungibleToken`); one the label cannot tell apart is the first's.
            var routeName = method.name
            if routeNames.contains(routeName), let label = method.firstLabel, !method.name.hasSuffix(label.capitalizedFirst) {
                routeName = method.name + label.capitalizedFirst
            }
            guard routeNames.insert(routeName).inserted else { return }
            // A method whose `if` arms or `switch` cases navigate differently is one route per arm (BranchingRoutes).
            let arms =
                method.name == "start"
                ? []
                : BranchingRoutes.arms(of: method, routes: routeMethods, mapping: mapping) {
                    $0 != type.name && context.isCoordinatorType($0)
                }
            var armRoutes: [Route] = []
            for arm in arms.isEmpty ? [nil] : arms.filter(\.navigates).map(Optional.some) {
                if let route = readArm(arm, of: method, named: routeName, after: armRoutes, &state, &context) { armRoutes.append(route) }
            }
            coordinator.routes += armRoutes
            // Every reference to the method reaches its other arms, and the routes an arm runs instead of navigating.
            let others = armRoutes.dropFirst().map(\.name) + arms.flatMap(\.routeCalls).map(\.name).filter { $0 != routeName }
            if !others.isEmpty, let first = armRoutes.first?.name {
                var seen: Set<String> = [first]
                context.alternatives[name, default: [:]][first] = others.filter { seen.insert($0).inserted }
            }
        }

        /// The route of one arm of `whole` (of the whole method when `arm` is nil); nil for an arm that shows what an
        /// earlier arm shows.
        private mutating func readArm(
            _ arm: RouteArm?, of whole: MethodFacts, named routeName: String, after armRoutes: [Route], _ state: inout State,
            _ context: inout Context
        ) -> Route? {
            let method = arm?.view ?? whole
            let made = arm == nil ? factoryProducts[method.location]?.child : context.factoryProduct(in: method, of: type)?.child
            var routeName = routeName
            if !armRoutes.isEmpty, let arm {
                guard let named = armName(arm, method, whole: whole, made: made, routeName, after: armRoutes, state, context) else {
                    return nil
                }
                routeName = named
            } else if arm != nil {
                firstArmCalls = Set(method.calls.map(\.location))
            }
            var route = Route(name: routeName, location: armRoutes.isEmpty ? whole.location : arm?.location ?? whole.location)
            route.params = method.parameters.filter { !["animated", "completion"].contains($0.name) }.map {
                RouteParameter(name: $0.name, type: $0.type, location: method.location)
            }
            let inlined = method.name == "start" ? type.methods.filter { helpers.contains($0.name) } : []
            read(
                &route, method, inlined: inlined, type, made: made, clearing: clearing.subtracting([method.name]), finishers: finishers,
                &state, &context, &resolved)
            if method.name == "start", let first = route.destination?.value.coordinatorName {
                for child in otherStartedChildren(in: method, of: type, besides: first, context) {
                    // `startEnterPassword` for `EnterPasswordCoordinator`.
                    let base = child.value.hasSuffix("Coordinator") ? String(child.value.dropLast("Coordinator".count)) : child.value
                    guard routeNames.insert("start" + base).inserted else { continue }
                    var branch = Route(name: "start" + base, location: child.location)
                    read(
                        &branch, method, inlined: [], type, made: nil, branch: child, clearing: clearing.subtracting([method.name]),
                        finishers: finishers, &state, &context, &resolved)
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
                    context.notes.append(
                        ExtractionNote(
                            .unrecognized,
                            "`\(name).\(route.name)` starts `\(child)` and ends its own flow: written as its `finish`, the start left out",
                            at: route.location, coordinator: name))
                    coordinator.markOpen()
                }
                route.transition = context.put(Fact(.finish, at: finish.location), .route(name, route.name, .transition))
                route.removeDestination()
            } else if let transition = route.transition, transition.value == .dismiss, method.name.lowercased().hasPrefix("finish") {
                route.transition = context.put(
                    Fact(.finish, at: transition.location, .inferred("`\(method.name)()` ends the flow by its name")),
                    .route(name, route.name, .transition))
            }
            return route
        }

        /// A later arm's route name: after its case or what it shows, read once aside (in a context without the
        /// output so far, so the reading costs what the arm does); nil when an earlier arm shows the same.
        private mutating func armName(
            _ arm: RouteArm, _ method: MethodFacts, whole: MethodFacts, made: (child: Located<String>, why: String)?, _ routeName: String,
            after armRoutes: [Route], _ state: State, _ context: Context
        ) -> String? {
            var (probeState, probeContext, probeResolved) = (state, context.forBuilding(), resolved)
            var probe = Route(name: routeName, location: arm.location)
            read(
                &probe, method, inlined: [], type, made: made, clearing: clearing.subtracting([whole.name]), finishers: finishers,
                &probeState, &probeContext, &probeResolved)
            if finishCall(in: method, finishers: finishers, reactions: context.releasingReactions) != nil {
                probe.transition = Located(.finish, at: arm.location); probe.destination = nil
            }
            guard
                !armRoutes.contains(where: {
                    $0.transition?.value == probe.transition?.value && $0.destination?.value == probe.destination?.value
                })
            else { return nil }
            var routeName = BranchingRoutes.name(of: probe, method: routeName, caseNames: arm.caseNames, first: armRoutes[0])
            let base = routeName
            var suffix = 1
            while routeNames.contains(routeName) || routeMethods.contains(routeName) {
                suffix += 1
                routeName = "\(base)\(suffix)"
            }
            routeNames.insert(routeName)
            for call in method.calls where !firstArmCalls.contains(call.location) { armOfCall[call.location] = routeName }
            return routeName
        }

        /// The children kept outside the routes (`authFlow = flow`), each a route of its own, released as the code shows.
        mutating func addKeptChildren(_ state: inout State, _ context: inout Context) {
            for (route, method) in keptChildren(of: type, besides: coordinator.routes, &context) {
                guard routeNames.insert(route.name).inserted else { continue }
                var route = route
                openOnUntiedRelease(
                    &route, keptIn: route.name, of: type, besides: method, state.releasesByPlace[route.name] ?? [], &context)
                state.pendingChildRoutes.append((type.name, route.name))
                coordinator.routes.append(route)
            }
        }

        /// A factory whose product cannot be told is said, and leaves the coordinator open.
        mutating func noteAmbiguousFactories(_ context: inout Context) {
            for method in type.methods where !routeMethods.contains(method.name) {
                if case .ambiguous(let location, let why)? = factoryProducts[method.location] {
                    context.notes.append(ExtractionNote(.unresolvedFactory, why, at: location, coordinator: type.name))
                    resolved = false
                }
            }
        }

        /// No `start()`, and a parent that makes it with the screen it is given to (`chat.coordinator = coordinator`
        /// before the parent shows `chat`): that screen is its first, the route its screens' triggers hang on.
        mutating func addScreenFirstRoute(_ context: inout Context) -> Fact<String>? {
            let screenFirst = routeMethods.contains("start") ? nil : context.firstScreens[type.name]
            if let screenFirst {
                var route = Route(name: unusedName(screenFirst.value.lowercasedFirst, in: coordinator), location: screenFirst.location)
                route.destination = context.put(
                    Fact(.screen(screenFirst.value), at: screenFirst.location, screenFirst.confidence), .route(name, route.name, .screen))
                coordinator.routes.insert(route, at: 0)
                routeNames.insert(route.name)
            }
            return screenFirst
        }

        /// A finish callback called from a screen's closure (`form.onDone = { self?.finishFlow?() }`) is a route, and so
        /// is telling the delegate a parent reaction that lets it go (`{ self.delegate?.didDismiss(in: self) }`).
        mutating func addFinishRoutes(_ context: inout Context) {
            // A `start()` that is no route is read for the closures it hands back only, run on an event it waits for
            // (`dispatchGroup.notify { self?.handleResponse() }`): where its flow ends.
            for method in type.methods where routeMethods.contains(method.name) || (method.name == "start" && !handedBack.isEmpty) {
                let onlyHandedBack = !routeMethods.contains(method.name)
                // Not one in a closure that runs as part of the method (`Task { … }`, a `completion:`), nor one the method
                // itself finishes by (`delegate.coordinator(self, didResolve: …)` in a branch and in a `sink`): that is the method's own.
                let ownFinish = finishCall(in: method, finishers: finishers, reactions: context.releasingReactions)?.name
                // A closure handed to a child where it is made (`completion: { self?.completion() }`) runs once that child is
                // done, whatever its label: a closure this coordinator was handed, run there, ends its flow then.
                let handedOn = handedBack.isEmpty ? [] : closuresHandedOn(in: method)
                for call in method.calls where !routeNames.contains(call.name) && call.name != ownFinish {
                    if onlyHandedBack, !handedBack.runs(call.name) { continue }
                    let inScreenClosure = !call.closures.allSatisfy(ownClosures.contains)
                    let handedBackLater =
                        !inScreenClosure && handedBack.runs(call.name) && call.closures.last.map(handedOn.contains) == true
                    guard inScreenClosure || handedBackLater else { continue }
                    let receiver = plainReceiver(call.receiver)
                    let finishes =
                        (receiver.isEmpty || receiver == "self")
                        && (namesFinish(call.name) || finishers.contains(call.name) || handedBack.runs(call.name))
                    let tellsParent =
                        receiver.lowercased().hasSuffix("delegate") && context.releasingReactions.contains(call.name)
                        && passesSelf(call)
                    guard finishes || tellsParent else { continue }
                    let why =
                        handedBackLater
                        ? "the closure it hands a child runs `\(call.name)`, the closure its own parent handed it"
                        : "a screen's closure calls `\(call.name)`"
                    context.provenance.set(.route(name, call.name), .inferred(why))
                    if handedBack.runs(call.name) {
                        insertHandedBackFinish(call.name, at: call.location)
                    } else {
                        var route = Route(name: call.name, location: call.location)
                        route.transition = Located(.finish, at: call.location)
                        coordinator.routes.append(route)
                        routeNames.insert(call.name)
                    }
                    // `confirmation.onCompleted = { … self.delegate?.didFinish(receipt, in: self) }`: the closure is the
                    // child's, so this coordinator finishes once that child is done (its `then`).
                    if let label = call.closures.first, let starting = coordinator.routes.firstIndex(where: { $0.name == method.name }),
                        let child = coordinator.routes[starting].destination?.value.coordinatorName,
                        handedBackLater || context.isClosureProperty(label, of: child)
                    {
                        let placed = context.put(
                            Fact(call.name, at: call.location, .inferred("`\(child)`'s `\(label)` closure runs it once the child is done")),
                            .route(name, method.name, .then, item: call.name))
                        coordinator.routes[starting].then.append(
                            RouteReference(coordinator: nil, route: placed.value, location: placed.location))
                    }
                }
            }
        }

        /// `start()` is the initial route; a start that only calls other routes makes the first of them initial.
        mutating func pickInitial(screenFirst: Fact<String>?, runs: OwnRuns, _ state: inout State, _ context: inout Context) {
            let name = name
            /// One of the routes the coordinator may begin with, inferred for `why`.
            func initial(_ route: String, at location: SourceLocation, _ why: String) -> Located<String> {
                context.put(Fact(route, at: location, .inferred(why)), .coordinator(name, .initial, item: route))
            }
            if screenFirst != nil {
                let first = coordinator.routes[0]
                coordinator.initial = context.put(
                    Fact(first.name, at: first.location, .inferred("the screen its parent shows with it")), .coordinator(name, .initial))
            } else if let start = coordinator.routes.firstIndex(where: { $0.name == "start" }) {
                if let method = type.methods.first(where: { $0.name == "start" }),
                    let picked = pickedOnAppState(method, routes: routeMethods, atLeast: 1)
                {
                    // A start that navigates in one branch and runs other routes in the others may begin with any of them.
                    coordinator.initials =
                        [Located("start", at: coordinator.routes[start].location)]
                        + picked.map { initial($0.name, at: $0.location, "`start()` picks it \(caseText($0))") }
                } else if !branches.isEmpty {
                    coordinator.initials =
                        [Located("start", at: coordinator.routes[start].location)]
                        + branches.map { initial($0.name, at: $0.location, "`start()` starts its child in another branch") }
                } else {
                    coordinator.initial = Located("start", at: coordinator.routes[start].location)
                }
                liftStart(of: &coordinator, at: start, &state, &context)
            } else if let start = type.methods.first(where: { $0.name == "start" }),
                let picked = handedOverPicks(start, of: type, routes: routeMethods, context)
            {
                // `start() { application.start() }`, whose `start` calls `navigation?.showActiveWallet()` or `…showCreateWallet()`.
                coordinator.initials = picked.map { call, owner in
                    initial(call.name, at: call.location, "`start()` hands over to `\(owner)`, which calls it")
                }
            } else if let start = type.methods.first(where: { $0.name == "start" }),
                let picked = pickedOnAppState(start, routes: routeMethods)
            {
                // `switch state { case .onboarding: runOnboarding() case .auth: runAuth() … }`: each is where it may start.
                coordinator.initials = picked.map { initial($0.name, at: $0.location, "`start()` picks it \(caseText($0))") }
            } else if let start = type.methods.first(where: { $0.name == "start" }),
                let call = start.calls.first(where: { $0.receiver == nil || $0.receiver == "self" ? routeMethods.contains($0.name) : false }
                )
            {
                coordinator.initial = context.put(
                    Fact(call.name, at: call.location, .inferred("`start()` calls `\(call.name)()`")), .coordinator(name, .initial))
                if let index = coordinator.routes.firstIndex(where: { $0.name == call.name }) {
                    liftStart(of: &coordinator, at: index, &state, &context)
                }
            } else if let only = runs.atStart.first, runs.atStart.count == 1,
                let index = coordinator.routes.firstIndex(where: { $0.name == only.value })
            {
                // `start() { machine.send(.begin) }`, whose handler starts the child `init` made: where it begins.
                coordinator.initial = context.put(only, .coordinator(name, .initial))
                liftStart(of: &coordinator, at: index, checksStyle: false, &state, &context)
            } else if !runs.atStart.isEmpty {
                // Several at once (the tabs' flows and an onboarding): each is where it may be when the user first looks.
                coordinator.initials = runs.atStart.map { context.put($0, .coordinator(name, .initial, item: $0.value)) }
            } else {
                let first = coordinator.routes[0]
                coordinator.initial = context.put(
                    Fact(first.name, at: first.location, .inferred("no `start()` that navigates: the first navigating method")),
                    .coordinator(name, .initial))
                // A first screen the coordinator presents is a presentation it owns, not the root of a stack.
                if first.transition?.value != .present {
                    coordinator.routes[0].transition = nil
                    coordinator.routes[0].style = nil
                }
            }
        }

        /// A finish closure that calls `start()` again continues with whatever the start picks.
        mutating func continueAfterRestart(_ context: inout Context) {
            if !coordinator.routes.contains(where: { $0.name == "start" }) {
                for index in coordinator.routes.indices {
                    guard let again = coordinator.routes[index].then.first(where: { $0.route == "start" }) else { continue }
                    let route = coordinator.routes[index].name
                    coordinator.routes[index].then.removeAll { $0.route == "start" }
                    for initial in coordinator.initials where !coordinator.routes[index].then.contains(where: { $0.route == initial.value })
                    {
                        let placed = context.put(
                            Fact(initial.value, at: again.location, .inferred("the finish closure calls `start()`, which may pick it")),
                            .route(name, route, .then, item: initial.value))
                        coordinator.routes[index].then.append(
                            RouteReference(coordinator: nil, route: placed.value, location: placed.location))
                    }
                }
            }
        }

        /// A tab, split or page coordinator has no stack of its own: a push or pop it makes works on a child's stack
        /// (`(chatsTab as? UINavigationController)?.pushViewController(…)`,
        /// `send.navigationController.popToRootViewController(…)`), which a spec cannot name.
        mutating func leaveOutForeignStacks(_ context: inout Context) {
            if let kind = coordinator.kind?.value, kind != .navigation {
                let stackOperations: Set<Transition> = [.push, .pop, .popToRoot, .popTo]
                let foreign = coordinator.routes.filter { $0.transition.map { stackOperations.contains($0.value) } ?? false }
                for route in foreign {
                    let operation = route.transition!.value == .push ? "pushes onto" : "pops"
                    context.notes.append(
                        ExtractionNote(
                            .foreignStack,
                            "`\(name).\(route.name)` \(operation) the stack of another coordinator (`\(name)` is a \(kind.rawValue) "
                                + "coordinator, with no stack of its own): route left out",
                            at: route.transition!.location, coordinator: name))
                }
                if !foreign.isEmpty {
                    coordinator.routes.removeAll { $0.transition.map { stackOperations.contains($0.value) } ?? false }
                    coordinator.markOpen()
                }
            }
        }

        /// The routes a hub's `start()` runs as it hands the tab bar its tabs (`welcome()` beside them): with the start
        /// read as the tabs, nothing else runs them.
        private func besideTabs() -> [Fact<String>] {
            guard coordinator.tabs != nil, !coordinator.routes.contains(where: { $0.name == "start" }),
                let start = type.methods.first(where: { $0.name == "start" })
            else { return [] }
            return start.calls.filter { call in
                ["", "self"].contains(plainReceiver(call.receiver)) && call.closures.allSatisfy(ownClosures.contains)
                    && coordinator.routes.contains { $0.name == call.name }
            }.map { Fact($0.name, at: $0.location, .inferred("`start()` runs it beside the tabs")) }
        }

        /// Routes that implement a requirement of a protocol the sources do not declare (`extension LoginFlow:
        /// ParentCoordinator { func didRegainFocus(fromChild:) … }`, the protocol a package's coordinator framework
        /// calls): code the reader does not have may run them, so they are the coordinator's own doing, not dead code.
        func calledByLibraries(_ context: Context) -> [Fact<String>] {
            type.methods.compactMap { method in
                guard routeNames.contains(method.name),
                    let library = method.conformances.first(where: { context.recognizer.types[$0] == nil && !$0.hasPrefix("UI") })
                else { return nil }
                return Fact(
                    method.name, at: method.location,
                    .inferred("it implements `\(library)`, declared outside the sources, whose owner may call it"))
            }
        }

        /// What the coordinator's screens and its own handlers trigger; alert routes become menus of the routes their
        /// actions run.
        mutating func readTriggers(runs: OwnRuns, handlers: [EventHandler: [(MethodFacts, CallFacts)]], _ context: inout Context) {
            let alerts = alertRoutes(of: coordinator)
            let requests = collectTriggers(
                of: type, coordinator: coordinator, alerts: alerts, handlers: handlers, armOfCall: armOfCall, &context)
            coordinator.routes.removeAll { alerts.contains($0.name) }
            // What `start()` shows first, and the tabs (the tab bar reaches them), are not its triggers; what else it
            // runs as it starts (`checkDevice()`, `promptBackup.start()` beside the tabs) is the coordinator's own doing.
            let first = Set(coordinator.initials.map(\.value) + (coordinator.tabs ?? []).map(\.value) + ["start"])
            var seen: Set<String> = []
            let fired =
                (besideTabs() + runs.later + runs.atStart.filter { early in !runs.later.contains { $0.value == early.value } } + requests
                + calledByLibraries(context)).filter { seen.insert($0.value).inserted }
            coordinator.triggers = fired.filter { !first.contains($0.value) && routeNames.contains($0.value) && !alerts.contains($0.value) }
                .map { fact in
                    let placed = context.put(fact, .coordinator(name, .triggers, item: fact.value))
                    return RouteReference(coordinator: nil, route: placed.value, location: placed.location)
                }
        }
    }
}
