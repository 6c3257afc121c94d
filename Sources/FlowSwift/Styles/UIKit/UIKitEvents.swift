import FlowModel
import FlowConfig

/// The routes a coordinator runs on its own: event handlers, services, and screens that close themselves.
extension UIKitStyle {
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

    static func ownRuns(
        of type: TypeFacts, routes routeLocations: [String: SourceLocation], makers: Set<String>,
        handlers: [EventHandler: [(MethodFacts, CallFacts)]],
        _ context: Context
    ) -> OwnRuns {
        var walk = RunWalk(type, routeLocations, makers: makers, handlers: handlers, mapping: context.recognizer.mapping)
        walk.enqueueOthersCalls(relayed: context.relayed.union(serviceCalls(on: type, context)))
        walk.follow()
        return walk.runs
    }

    /// A walk of the coordinator's own calls from `init`, `start()` and the methods others call on it. A route's own
    /// body is followed outside its closures (those are its screen's callbacks, `collectTriggers`'), for the routes
    /// and kept children it runs itself (`showTabBar()` starting `promptBackup`).
    struct RunWalk {
        enum Step: Hashable { case method(String), route(String), handler(EventHandler) }
        let routes: Set<String>
        let routeLocations: [String: SourceLocation]
        let methods: [String: [MethodFacts]]
        let handlers: [EventHandler: [(MethodFacts, CallFacts)]]
        /// The events the coordinator's own code sends.
        let sentEvents: Set<EventHandler>
        let makers: Set<String>
        let properties: Set<String>
        let mapping: ExtractMapping
        var runs = OwnRuns()
        var seenRoutes: Set<String> = []
        var seenLater: Set<String> = []
        /// (step, live, inInit): live when it runs on an event, not as part of `init` or `start()` themselves.
        var queue: [(Step, Bool, Bool)] = [(.method("init"), false, true)]
        var seen: Set<String> = []

        init(
            _ type: TypeFacts, _ routeLocations: [String: SourceLocation], makers: Set<String>,
            handlers: [EventHandler: [(MethodFacts, CallFacts)]],
            mapping: ExtractMapping
        ) {
            self.routeLocations = routeLocations
            self.mapping = mapping
            routes = Set(routeLocations.keys)
            var methods: [String: [MethodFacts]] = [:]
            for method in type.methods { methods[method.name, default: []].append(method) }
            self.methods = methods
            self.handlers = handlers
            self.makers = makers
            let calls = type.methods.flatMap { method in method.calls.map { (method, $0) } }
            sentEvents = Set(calls.compactMap { sentEvent($0.1, handlers) })
            properties = Set(type.properties.map(\.name))
            if !routes.contains("start") { queue.append((.method("start"), false, false)) }
        }

        /// The property whose child a call hands to a helper that keeps it (`start(tabCoordinator, url: link)`,
        /// `addChild(flow)`), when a route is named after it.
        func startedHeldChild(_ call: CallFacts) -> String? {
            guard !routes.contains(call.name), isRetain(call, mapping), case .reference(let name)? = call.arguments.first?.value else {
                return nil
            }
            let held = plainReceiver(name)
            return routes.contains(held) && properties.contains(held) ? held : nil
        }

        func key(_ handler: EventHandler) -> EventHandler { EventHandler(receiver: plainReceiver(handler.receiver), event: handler.event) }
        func sent(_ call: CallFacts) -> EventHandler? { sentEvent(call, handlers) }

        /// `init` only prepares: what it runs as it goes is not where the flow begins (`start()` is).
        mutating func run(_ route: String, at location: SourceLocation, live: Bool, inInit: Bool = false, _ why: String) {
            if live {
                guard seenLater.insert(route).inserted else { return }
                runs.later.append(Fact(route, at: location, .inferred(why)))
            } else if !inInit, seenRoutes.insert(route).inserted {
                runs.atStart.append(Fact(route, at: location, .inferred(why)))
            }
        }

        /// The methods others call on the coordinator, and what a navigating `start()` calls.
        mutating func enqueueOthersCalls(relayed: Set<String>) {
            // Routes by their names (an overload's includes its label), other methods by theirs.
            for name in routes.union(methods.keys).sorted() where relayed.contains(name) && name != "start" && name != "init" {
                if let location = routeLocations[name] {
                    run(name, at: location, live: true, "another coordinator, the app delegate or a service calls `\(name)` on it")
                    queue.append((.route(name), true, false))
                } else if !systemCallbacks.contains(name) {
                    queue.append((.method(name), true, false))
                }
            }
            // A navigating `start()` is a route, whose closures are its screen's: only the methods it calls are followed,
            // and the routes it runs itself (`window.rootViewController = stack; showMain()`) run as it starts.
            if routes.contains("start") {
                for call in methods["start"]?.flatMap(\.calls) ?? []
                where ["", "self"].contains(plainReceiver(call.receiver)) && methods[call.name] != nil {
                    let inClosure = call.closures.contains { !ownClosures.contains($0) }
                    if !routes.contains(call.name) {
                        queue.append((.method(call.name), inClosure, false))
                    } else if call.closures.isEmpty, call.name != "start", let location = routeLocations[call.name] {
                        run(call.name, at: location, live: false, "`start()` runs it as it starts")
                    }
                }
            }
        }

        mutating func follow() {
            var next = 0
            while next < queue.count {
                let (step, live, inInit) = queue[next]
                next += 1
                guard let (body, origin) = stepBody(of: step, live: live, inInit: inInit) else { continue }
                for (method, call) in body { visit(call, in: method, step, origin: origin, live: live, inInit: inInit) }
            }
        }

        /// The calls a step runs, and how a reason names it; nil for a step already taken.
        mutating func stepBody(of step: Step, live: Bool, inInit: Bool) -> ([(MethodFacts, CallFacts)], String)? {
            let body: [(MethodFacts, CallFacts)]
            let origin: String
            switch step {
            case .method(let name):
                guard seen.insert("\(name) \(live) \(inInit)").inserted else { return nil }
                // A handler of an event that read code sends runs where it is sent, not where it is registered.
                body = (methods[name] ?? []).flatMap { method in
                    method.calls.filter { call in call.handles.map { !sentEvents.contains(key($0)) } ?? true }.map { (method, $0) }
                }
                origin = "`\(name)`"
            case .route(let name):
                guard seen.insert("route \(name) \(live) \(inInit)").inserted else { return nil }
                body = (methods[name] ?? []).flatMap { method in
                    method.calls.filter { $0.closures.allSatisfy(ownClosures.contains) && $0.handles == nil }.map { (method, $0) }
                }
                origin = "`\(name)`"
            case .handler(let handler):
                guard seen.insert("\(handler.receiver).\(handler.event) \(live) \(inInit)").inserted else { return nil }
                body = handlers[handler] ?? []
                origin = "the handler of `.\(handler.event)`"
            }
            return (body, origin)
        }

        mutating func visit(_ call: CallFacts, in method: MethodFacts, _ step: Step, origin: String, live: Bool, inInit: Bool) {
            // In a handler, only the closures inside it defer a call: the handler's own runs where the event is sent.
            let enclosing = if case .handler = step { call.closures.prefix(call.handlerDepth) } else { call.closures[...] }
            let later = live || enclosing.contains { !ownClosures.contains($0) }
            // A closure a method sets on the screen it makes and gives back: the routes it calls are that screen's
            // triggers (`collectTriggers`); what they run in turn is still followed here.
            let screenCallback =
                enclosing.contains { !ownClosures.contains($0) }
                && {
                    if case .method(let name) = step { makers.contains(name) } else { false }
                }()
            // `button.addTarget(self, action: #selector(swapSelected), for: .touchUpInside)`: a control it set up runs it.
            for action in call.arguments.compactMap({ selectorName($0.value) }) where routes.contains(action) {
                run(action, at: call.location, live: true, "\(origin) makes it the action of a control (`#selector`)")
            }
            // A property made in place that the call hands on (`welcome(viewModel: welcomeModel)`, where `lazy var
            // welcomeModel = { WelcomeModel(onDone: { self?.signIn() }) }()`): its body runs here, as it is first used.
            for argument in call.arguments {
                guard case .reference(let written) = argument.value else { continue }
                let property = plainReceiver(written)
                guard properties.contains(property), !routes.contains(property), methods[property] != nil,
                    property != written || method.bindings[property] == nil
                else { continue }
                queue.append((.method(property), later, inInit))
            }
            let receiver = plainReceiver(call.receiver)
            let through = origin == "`start`" ? "" : " (through \(origin))"
            let why = later ? "\(origin) runs it on an event no screen shows" : "`start()` runs it as it starts\(through)"
            if receiver.isEmpty || receiver == "self", let held = startedHeldChild(call) {
                // `start(tabCoordinator, url: link)`: a helper that keeps and starts the child a property holds.
                run(
                    held, at: call.location, live: later, inInit: inInit,
                    later ? "\(origin) uses the child it keeps in `\(held)`" : "`start()` uses the child it keeps in `\(held)`\(through)")
            } else if receiver.isEmpty || receiver == "self" {
                if routes.contains(call.name) {
                    if !screenCallback { run(call.name, at: call.location, live: later, inInit: inInit, why) }
                    queue.append((.route(call.name), later, inInit))
                } else if methods[call.name] != nil, !systemCallbacks.contains(call.name) {
                    queue.append((.method(call.name), later, inInit))
                }
            } else if let event = sent(call) {
                queue.append((.handler(event), later, inInit))
            } else if call.name != "=", let held = receiver.split(separator: ".").first.map(String.init), routes.contains(held),
                !receiver.contains("("), method.bindings[held] == nil, properties.contains(held)
            {
                run(
                    held, at: call.location, live: later, inInit: inInit,
                    later ? "\(origin) uses the child it keeps in `\(held)`" : "`start()` uses the child it keeps in `\(held)`\(through)")
            }
        }
    }

    /// The methods of the coordinator that objects other than screens call on it through a property that keeps it
    /// or a protocol it conforms to (`UniversalLinkService`'s `navigation?.showImportMagicLink(…)`): events they
    /// relay (a link opened, a push notification), none a screen shows. Screens and view models are left to
    /// `collectTriggers`, which makes their calls the triggers of the screens they are.
    static func serviceCalls(on type: TypeFacts, _ context: Context) -> Set<String> {
        // The type and the protocols only it and its kind conform to; not the `Coordinator` protocol all share.
        let roots = Set(context.recognizer.mapping.coordinators)
        let own = Set(
            [type.name]
                + type.inherited.map(\.base).filter { supertype in
                    !roots.contains(supertype) && (!isCoordinatorBase(supertype) || context.recognizer.types[supertype]?.keyword == .class)
                })
        var names: Set<String> = []
        for name in own.sorted() {
            for keeper in context.keepers[name] ?? [] where keeper.type != type.name {
                guard let service = context.recognizer.types[keeper.type], !isScreenLike(service), !context.isCoordinatorType(service.name)
                else { continue }
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
    static func closesItself(_ screen: String, _ index: ProjectIndex) -> String? {
        if let button = vocabulary.selfClosingControllers[screen] { return "with \(button)" }
        guard let type = index.types[screen], type.keyword == .class else { return nil }
        return type.methods.first { method in
            method.calls.contains { $0.name == "dismiss" && ["", "self"].contains(plainReceiver($0.receiver)) }
        }.map { "in `\($0.name)`" }
    }

    /// `#selector(swapSelected(_:))` → `swapSelected`.
    static func selectorName(_ value: ExpressionFacts) -> String? {
        guard case .other(let text) = value, text.hasPrefix("#selector(") else { return nil }
        let name = text.dropFirst("#selector(".count).prefix { $0.isLetter || $0.isNumber || $0 == "_" }
        return name.isEmpty ? nil : String(name)
    }

    /// A view controller, a view, or a view model: what the user sees, and what sees the user act.
    static func isScreenLike(_ type: TypeFacts) -> Bool {
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
        guard !handlers.isEmpty, call.name != "=",
            !call.arguments.contains(where: { argument in
                if argument.label == "{}" { return true }
                if case .other(let text) = argument.value { return text.hasPrefix("{") }
                return false
            })
        else { return nil }
        for argument in call.arguments {
            guard case .member(let event, _) = argument.value else { continue }
            let key = EventHandler(receiver: plainReceiver(call.receiver), event: event)
            return handlers[key] != nil ? key : nil
        }
        return nil
    }
}
