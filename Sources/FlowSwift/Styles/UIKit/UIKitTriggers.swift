import FlowModel
import FlowConfig

/// What triggers a UIKit coordinator's routes: its screens' closures, delegates and view models.
extension UIKitStyle {
    /// `coordinator?.showX()` in screens that keep the coordinator (or a delegate protocol it conforms to),
    /// and closures set on a screen in the method that shows it (`vc.onNext = { self.showNext() }`).
    /// Returns the routes other coordinators ask for through a delegate: this coordinator's own triggers.
    static func collectTriggers(
        of coordinatorType: TypeFacts, coordinator: Coordinator, alerts: Set<String>,
        handlers: [EventHandler: [(MethodFacts, CallFacts)]], armOfCall: [SourceLocation: String] = [:], _ context: inout Context
    ) -> [Fact<String>] {
        var reading = TriggerReading(coordinatorType, coordinator, context)
        let (keepersByScreen, delegatesOfCoordinators) = reading.keepers(context)
        let requests = reading.requests(byCoordinators: delegatesOfCoordinators, context)
        reading.screenCalls(keepersByScreen, &context)
        reading.selectors(&context)
        reading.screensCallingTheirDelegate(&context)
        reading.events(handlers, &context)
        reading.closures(alerts: alerts, armOfCall: armOfCall, &context)
        // Whatever offers the alert offers its actions: UIKit closes the alert before an action's handler runs. Only
        // this call gives triggers of this coordinator's routes, so only the screens it touched are looked at.
        guard !alerts.isEmpty else { return requests }
        reading.alertActions(alerts, &context)
        return requests
    }

    /// What collecting one coordinator's triggers carries from step to step.
    struct TriggerReading {
        let coordinatorType: TypeFacts
        let coordinator: Coordinator
        let routes: Set<String>
        /// Method → the routes it runs in turn (`showAccount()` runs `showProfile()` or `showSignIn()`).
        let forwards: [String: [CallFacts]]
        /// The routes that finish the flow from a closure (`{ self.delegate?.didDismiss(in: self) }`).
        let closureRoutes: Set<String>
        /// The screen each route shows, by name ("" for none), looked up once per route.
        let screens: [String: String]
        /// Screen type → the methods that make it (routes, and lazy properties' bodies).
        let made: [String: [String]]
        /// Method name → its bodies (overloads share a name).
        let bodies: [String: [MethodFacts]]
        /// Alert route → the routes its actions run.
        var actions: [String: [Fact<String>]] = [:]
        /// The screens given triggers here.
        var touched: Set<String> = []

        init(_ coordinatorType: TypeFacts, _ coordinator: Coordinator, _ context: Context) {
            self.coordinatorType = coordinatorType
            self.coordinator = coordinator
            let routes = Set(coordinator.routes.map(\.name))
            self.routes = routes
            forwards = UIKitStyle.forwards(of: coordinatorType, routes: routes)
            closureRoutes = Set(coordinator.routes.filter { $0.transition?.value == .finish }.map(\.name))
            var screens: [String: String] = [:]
            for route in coordinator.routes where screens[route.name] == nil {
                if case .screen(let screen)? = route.destination?.value { screens[route.name] = screen } else { screens[route.name] = "" }
            }
            self.screens = screens
            // `UIBarButtonItem(…, selector: #selector(showOptions))` set on the screen where the route makes it, or in the
            // lazy property that makes it: a control of that screen runs the route.
            var made: [String: [String]] = [:]
            for (route, screen) in screens.sorted(by: { $0.key < $1.key }) where !screen.isEmpty { made[screen, default: []].append(route) }
            for property in coordinatorType.properties {
                guard let screen = Context.screenType(property), made[screen] != nil else { continue }
                made[screen, default: []].append(property.name)
            }
            for (maker, screen) in screenMakers(of: coordinatorType, coordinator).sorted(by: { $0.key < $1.key }) {
                made[screen, default: []].append(maker)
            }
            self.made = made
            var bodies: [String: [MethodFacts]] = [:]
            for method in coordinatorType.methods { bodies[method.name, default: []].append(method) }
            self.bodies = bodies
        }

        /// The screens that keep this coordinator (property names by screen), and the other coordinators that keep it
        /// behind a delegate protocol (`weak var delegate: DappBrowserCoordinatorDelegate?`).
        func keepers(_ context: Context) -> (byScreen: [String: Set<String>], byCoordinator: [String: Set<String>]) {
            // The type itself and the delegate protocols it conforms to; not the `Coordinator` protocol every coordinator shares.
            let roots = Set(context.recognizer.mapping.coordinators)
            // A base class it inherits counts: a screen that keeps a `ChatCoordinator?` may be given a subclass of it.
            let accepted = Set(
                [coordinatorType.name]
                    + coordinatorType.inherited.map(\.base).filter { supertype in
                        !roots.contains(supertype)
                            && (!isCoordinatorBase(supertype) || context.recognizer.types[supertype]?.keyword == .class)
                    })
            var keepersByScreen: [String: Set<String>] = [:]
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
            return (keepersByScreen, delegatesOfCoordinators)
        }

        /// `delegate.requestSignTransaction(…)` in another coordinator, handing no `self` over (that is a reaction to
        /// a child, read apart): the route runs whenever the other coordinator asks, on no screen of this one.
        func requests(byCoordinators delegatesOfCoordinators: [String: Set<String>], _ context: Context) -> [Fact<String>] {
            var requests: [Fact<String>] = []
            for name in delegatesOfCoordinators.keys.sorted() {
                guard let other = context.recognizer.types[name], let keepers = delegatesOfCoordinators[name] else { continue }
                for method in other.methods {
                    for call in method.calls where keepers.contains(plainReceiver(call.receiver)) && !passesSelf(call) {
                        let route = call.overloadName.flatMap { routes.contains($0) ? $0 : nil } ?? call.name
                        let at = "\(call.location.file.split(separator: "/").last ?? ""):\(call.location.line)"
                        if routes.contains(route) {
                            requests.append(
                                Fact(route, at: call.location, .inferred("`\(name)` asks for it through the delegate it keeps (\(at))")))
                        }
                        for forwarded in forwards[call.name] ?? [] {
                            requests.append(
                                Fact(
                                    forwarded.name, at: call.location,
                                    .inferred(
                                        "`\(name)` calls `\(call.name)` on the delegate it keeps (\(at)), which calls `\(forwarded.name)()`"
                                    )))
                        }
                    }
                }
            }
            return requests
        }

        /// The calls screens that keep the coordinator make on it (`coordinator?.showX()`, `delegate?.didPressCancel(in: self)`).
        mutating func screenCalls(_ keepersByScreen: [String: Set<String>], _ context: inout Context) {
            for name in keepersByScreen.keys.sorted() {
                guard let screen = context.recognizer.types[name], let keepers = keepersByScreen[name] else { continue }
                for method in screen.methods {
                    for call in method.calls where keepers.contains(plainReceiver(call.receiver)) {
                        // `delegate?.didPressCancel(in: self)`: the overload of that first label, when it is a route of its own.
                        if let overload = call.overloadName, routes.contains(overload) {
                            context.triggers[name, default: []].append(
                                Trigger(owner: coordinatorType.name, route: Fact(overload, at: call.location)))
                            touched.insert(name)
                        } else if routes.contains(call.name) {
                            context.triggers[name, default: []].append(
                                Trigger(owner: coordinatorType.name, route: Fact(call.name, at: call.location)))
                            touched.insert(name)
                        } else {
                            for forwarded in forwards[call.name] ?? [] {
                                touched.insert(name)
                                context.triggers[name, default: []].append(
                                    Trigger(
                                        owner: coordinatorType.name,
                                        route: Fact(
                                            forwarded.name, at: call.location, .inferred("`\(call.name)` calls `\(forwarded.name)()`"))
                                    ))
                            }
                        }
                    }
                }
            }
        }

        /// `#selector(showOptions)` given a control where a route or a lazy property makes its screen.
        mutating func selectors(_ context: inout Context) {
            for screen in made.keys.sorted() {
                for maker in made[screen] ?? [] {
                    for call in (bodies[maker] ?? []).flatMap(\.calls) {
                        for action in call.arguments.compactMap({ selectorName($0.value) }) where routes.contains(action) {
                            context.triggers[screen, default: []].append(
                                Trigger(
                                    owner: coordinatorType.name,
                                    route: Fact(
                                        action, at: call.location, .inferred("a control of the screen runs `\(action)` (`#selector`)"))))
                            touched.insert(screen)
                        }
                    }
                }
            }
        }

        /// `picker.delegate = self` where a route shows the picker, and another route that takes it as its first
        /// parameter (`imagePickerController(_ picker: UIImagePickerController, didFinishPickingMediaWithInfo:)`): a
        /// screen calls its delegate with itself, so it runs that route, UIKit's own screens (whose code is not read) too.
        mutating func screensCallingTheirDelegate(_ context: inout Context) {
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
                context.triggers[type, default: []].append(
                    Trigger(
                        owner: coordinatorType.name,
                        route: Fact(
                            route, at: method.location, .inferred("the `\(type)` it is the delegate of calls it with itself")
                        )))
                touched.insert(type)
            }
        }

        /// `stateMachine.tryEvent(.loginWithQR)` in a screen's callback runs what the handler of `.loginWithQR` calls.
        mutating func events(_ handlers: [EventHandler: [(MethodFacts, CallFacts)]], _ context: inout Context) {
            for method in coordinatorType.methods where routes.contains(method.name) {
                guard let screen = screens[method.name], !screen.isEmpty, !handlers.isEmpty else { continue }
                for call in method.calls where !call.closures.isEmpty {
                    guard let event = sentEvent(call, handlers) else { continue }
                    for (_, handled) in handlers[event] ?? []
                    where routes.contains(handled.name) && ["", "self"].contains(plainReceiver(handled.receiver)) {
                        context.triggers[screen, default: []].append(
                            Trigger(
                                owner: coordinatorType.name,
                                route: Fact(
                                    handled.name, at: call.location,
                                    .inferred("it sends `.\(event.event)`, whose handler runs `\(handled.name)()`"))))
                        touched.insert(screen)
                    }
                }
            }
        }

        /// `screen.onNext = { self?.showConfirmation() }`: a closure set on the screen runs a route of this coordinator.
        func runsRoute(_ call: CallFacts) -> Bool {
            guard !call.closures.isEmpty, routes.contains(call.name) else { return false }
            let receiver = plainReceiver(call.receiver)
            return receiver.isEmpty || receiver == "self"
                || (receiver.lowercased().hasSuffix("delegate") && closureRoutes.contains(call.name))
        }

        /// What a closure set on a screen runs: the route it calls, or the routes a method it calls picks among
        /// (`{ self?.showAccount() }`, where `showAccount()` runs `showProfile()` or `showSignIn()`).
        func closureRuns(_ call: CallFacts) -> [Fact<String>] {
            if runsRoute(call) { return [Fact(call.name, at: call.location)] }
            guard !call.closures.isEmpty, ["", "self"].contains(plainReceiver(call.receiver)), let forwarded = forwards[call.name] else {
                return []
            }
            return forwarded.map { Fact($0.name, at: call.location, .inferred("`\(call.name)` calls `\($0.name)()`")) }
        }

        /// The closures the coordinator sets on the screens its routes show, or an alert's actions.
        mutating func closures(alerts: Set<String>, armOfCall: [SourceLocation: String], _ context: inout Context) {
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
                        actions[method.name, default: []] += runs.map {
                            Fact($0.value, at: call.location, .inferred("an action of the alert `\(method.name)()` shows"))
                        }
                    } else {
                        context.triggers[screen, default: []] += runs.map { Trigger(owner: coordinatorType.name, route: $0) }
                        touched.insert(screen)
                    }
                }
            }
        }

        /// An alert's triggers are its actions' routes.
        mutating func alertActions(_ alerts: Set<String>, _ context: inout Context) {
            for screen in touched {
                guard context.triggers[screen]!.contains(where: { $0.owner == coordinatorType.name && alerts.contains($0.route.value) })
                else { continue }
                context.triggers[screen] = context.triggers[screen]!.flatMap { trigger -> [Trigger] in
                    guard trigger.owner == coordinatorType.name, alerts.contains(trigger.route.value) else { return [trigger] }
                    return (actions[trigger.route.value] ?? []).map { Trigger(owner: coordinatorType.name, route: $0) }
                }
            }
        }
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
            let returned =
                [method.returnType?.base]
                + method.returns.map { expression -> String? in
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
                } else if now, call.name != method.name, call.name != "start", methods.contains(call.name),
                    !systemCallbacks.contains(call.name)
                {
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
}
