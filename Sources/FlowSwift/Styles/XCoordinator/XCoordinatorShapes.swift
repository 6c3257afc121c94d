import FlowModel
import FlowConfig

/// The XCoordinator shapes production apps write beyond the framework's own: the app's own
/// transitions in `extension Transition`, `initial` lists, tabs grown under conditions or selected by position,
/// children kept in properties, `.trigger(_:on:)` on another router, a case that shows the coordinator it is
/// triggered with, gestures that fire routes.
extension XCoordinatorStyle {
    /// A route of another coordinator that a route triggers on that coordinator's router
    /// (`.trigger(MailSettingsRoute.accounts, on: settings)`), and the coordinators whose first route `init` leaves to
    /// others (`initialRoute: nil`, or none read).
    struct Pending {
        struct RouterTrigger {
            var child: String
            var route: String
            var location: SourceLocation
            /// The route makes the child itself (`let settings = MailSettingsCoordinator(…)`): it starts it.
            var starts: Bool
            /// `Parent.route`, for the notes and the provenance.
            var by: String
        }
        var routerTriggers: [RouterTrigger] = []
        var initialUnread: Set<String> = []
    }

    /// A route triggered on a child's router: the child's first route when the route makes the child and nothing else
    /// says what the child shows first; otherwise a route the child fires while it is active (its coordinator
    /// `triggers`, inferred), except a route that closes or pops, which would be judged in states it never runs in.
    static func linkRouterTriggers(_ pending: Pending, _ context: inout Context) {
        var replaced: Set<String> = []
        for trigger in pending.routerTriggers {
            guard var child = context.coordinators[trigger.child], let route = child.routes.first(where: { $0.name == trigger.route })
            else { continue }
            if trigger.starts, pending.initialUnread.contains(child.name) {
                if replaced.insert(child.name).inserted { child.initials = [] }
                if !child.initials.contains(where: { $0.value == trigger.route }) {
                    let why = "`\(trigger.by)` makes \(child.name) and triggers it first"
                    child.initials.append(
                        context.put(Fact(trigger.route, at: trigger.location, .inferred(why)), .coordinator(child.name, .initial)))
                }
            } else if let transition = route.transition?.value,
                [.dismiss, .dismissToRoot, .pop, .popToRoot, .popTo, .finish].contains(transition)
            {
                child.markOpen()
                context.notes.append(
                    ExtractionNote(
                        .unrecognized,
                        "`\(trigger.by)` triggers `\(child.name).\(trigger.route)` on its router, a route that closes: not written as one "
                            + "\(child.name) fires itself (the coordinator is open)",
                        at: trigger.location, coordinator: child.name))
            } else if !child.triggers.contains(where: { $0.route == trigger.route }) {
                let why = "`\(trigger.by)` triggers it on \(child.name)'s router"
                let placed = context.put(
                    Fact(trigger.route, at: trigger.location, .inferred(why)), .coordinator(child.name, .triggers, item: trigger.route))
                child.triggers.append(RouteReference(coordinator: nil, route: placed.value, location: placed.location))
            }
            context.coordinators[child.name] = child
        }
    }

    /// `registerInteractiveTransition(for: .randomColor, triggeredBy: gesture, …)` and `registerPeek(for:route:)`: a route
    /// the coordinator's own gesture or preview fires, on no screen's call: the coordinator's `triggers`.
    static func readGestureTriggers(_ coordinator: inout Coordinator, _ type: TypeFacts, _ context: inout Context) {
        let labels = ["registerInteractiveTransition": "for", "registerPeek": "route"]
        for method in type.methods {
            for call in method.calls where ["", "self"].contains(plainReceiver(call.receiver)) {
                guard let label = labels[call.name], case .member(let name, _)? = call.arguments.first(where: { $0.label == label })?.value,
                    coordinator.routes.contains(where: { $0.name == name }), !coordinator.triggers.contains(where: { $0.route == name })
                else { continue }
                let why = "`\(call.name)` lets a gesture fire it, on no screen's call"
                let placed = context.put(Fact(name, at: call.location, .inferred(why)), .coordinator(type.name, .triggers, item: name))
                coordinator.triggers.append(RouteReference(coordinator: nil, route: placed.value, location: placed.location))
            }
        }
    }

    /// `super.init(initialRoute: .x)` or `init(rootViewController:initialRoute:)`, once per branch of `init` (an `initial`
    /// list); a route a property or static function of the type returns (`initialRoute: Self.startRoute`), each value
    /// it may return; `initialRoute: nil` and then `trigger(.x)` in `init`, that route. A value the reader cannot follow
    /// (the caller's parameter) is a note, and the coordinator is open.
    static func readInitials(_ coordinator: inout Coordinator, _ type: TypeFacts, _ resolved: inout Bool, _ context: inout Context) {
        let routes = Set(coordinator.routes.map(\.name))
        var initials: [Located<String>] = []
        func add(_ name: String, at location: SourceLocation) {
            if routes.contains(name), !initials.contains(where: { $0.value == name }) { initials.append(Located(name, at: location)) }
        }
        for method in type.methods where method.name == "init" {
            for call in method.calls where call.name == "init" && call.closures.isEmpty {
                guard let argument = call.arguments.first(where: { $0.label == "initialRoute" })?.value else { continue }
                switch argument {
                case .member(let name, _):
                    add(name, at: call.location)
                case .other("nil"):
                    // Nothing shown at `init`: the routes `init` triggers itself next.
                    for trigger in method.calls
                    where trigger.name == "trigger" && trigger.closures.isEmpty && trigger.location > call.location
                        && (trigger.receiver == nil || trigger.receiver == "self")
                    {
                        if case .member(let name, _)? = trigger.arguments.first?.value { add(name, at: trigger.location) }
                    }
                case .other(let text) where ternaryMembers(text) != nil:
                    // `initialRoute: session.isLoggedIn ? .home : .login`: either.
                    for name in ternaryMembers(text)! { add(name, at: call.location) }
                default:
                    // A property or static function of the type that returns the route, each value it may return.
                    var maker: MethodFacts?
                    if case .reference(let name) = argument { maker = type.methods.first { $0.name == name } }
                    if case .qualified(let owner, let name, _) = argument, owner == "Self" || owner == type.name {
                        maker = type.methods.first { $0.name == name }
                    }
                    let returned: [String] =
                        maker?.returns.compactMap { value -> String? in
                            if case .member(let route, _) = value, routes.contains(route) { return route }
                            return nil
                        } ?? []
                    if let maker, !returned.isEmpty, returned.count == maker.returns.count {
                        for route in returned { add(route, at: maker.location) }
                    } else {
                        resolved = false
                        context.notes.append(
                            ExtractionNote(
                                .dynamicDestination, "the first route `\(argument.summary)` is computed at run time: `initial` is not read",
                                at: call.location, coordinator: type.name))
                    }
                }
            }
        }
        if !initials.isEmpty { coordinator.initials = initials }
    }

    /// `flag ? .home : .login` → `home`, `login`: the two implicit members a conditional picks between.
    static func ternaryMembers(_ text: String) -> [String]? {
        // One conditional: nothing before its `?` has a `:` of another.
        guard let question = text.lastIndex(of: "?"), !text[..<question].contains(":") else { return nil }
        let sides = text[text.index(after: question)...].split(separator: ":", omittingEmptySubsequences: false).map {
            String($0.filter { !$0.isWhitespace })
        }
        guard sides.count == 2 else { return nil }
        let names = sides.compactMap { side -> String? in
            guard side.hasPrefix("."), side.dropFirst().allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }), side.count > 1 else {
                return nil
            }
            return String(side.dropFirst())
        }
        return names.count == 2 ? names : nil
    }

    /// `init(…, detailsRouter: StrongRouter<DetailRoute>)`: a router parameter of the method, the one coordinator that
    /// routes its enum.
    static func routerParameter(_ name: String, of method: MethodFacts, _ recognizer: Recognizer, at location: SourceLocation) -> Fact<
        Destination
    >? {
        guard method.binding(name, before: location) == nil, let declared = method.parameters.first(where: { $0.name == name })?.type,
            declared.contains("Router<"), let open = declared.firstIndex(of: "<"), let close = declared.lastIndex(of: ">"), open < close
        else { return nil }
        let routes = String(declared[declared.index(after: open)..<close])
        guard let owner = recognizer.routerOwners[routes] else { return nil }
        return Fact(.coordinator(owner), at: location, .inferred("the one coordinator that routes `\(routes)`"))
    }

    /// The router property a tab is: `newsRouter`, or `newsRouter.viewController` / `.strongRouter`.
    static func tabRouter(_ item: ExpressionFacts) -> String? {
        switch item {
        case .reference(let name): return name
        case .other(let text):
            let parts = text.split(separator: ".")
            guard parts.count == 2, ["viewController", "strongRouter", "rootViewController"].contains(parts[1]),
                parts[0].allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" })
            else { return nil }
            return String(parts[0])
        default: return nil
        }
    }

    /// The tabs given to `super.init(tabs:)`: an array literal, or a local array grown before the call under conditions
    /// (`var tabs = [feed, search]; if flags.profile { tabs += [profile] }; tabs.append(admin)`), every element of it.
    static func tabItems(_ value: ExpressionFacts?, in method: MethodFacts, at location: SourceLocation) -> [ExpressionFacts]? {
        if case .array(let items)? = value { return items }
        guard case .reference(let local)? = value, case .array(var items)? = method.binding(local, before: location) else { return nil }
        for call in method.calls where call.location < location && call.closures.isEmpty && plainReceiver(call.receiver) == local {
            guard let argument = call.arguments.first, call.name == "+=" || call.name == "append" else { continue }
            if case .array(let more) = argument.value, call.name == "+=" || argument.label == "contentsOf" {
                items += more
            } else if call.name == "append" {
                items.append(argument.value)
            }
        }
        return items
    }

    /// The types an app extends with its own transitions (`extension Transition where RootViewController == …`).
    static let transitionTypes: Set<String> = [
        "Transition", "NavigationTransition", "TabBarTransition", "SplitTransition", "PageTransition", "ViewTransition",
    ]

    /// A transition the app builds from one of XCoordinator's in `extension Transition`
    /// (`static func alertTransition(title:message:) -> Transition { …; return .present(alert) }`), read from its body.
    struct TransitionHelper {
        var transition: Transition
        var method: MethodFacts
        /// What the helper's own transition shows (`alert`, or its parameter `presentable`).
        var shown: ExpressionFacts?
        /// The helper sets `modalPresentationStyle` to a full-screen style.
        var fullScreen: Bool

        /// What a use of the helper shows: the argument given for the parameter it shows, or what it makes itself.
        func shown(at use: CallFacts, prepare: MethodFacts) -> (ExpressionFacts, MethodFacts)? {
            guard let shown else { return nil }
            if case .reference(let name) = shown, let position = method.parameters.firstIndex(where: { $0.name == name }) {
                // A defaulted parameter left out before it would shift the arguments: only the first, or all given.
                let given = use.arguments.filter { $0.label != "{}" }
                guard position < given.count, position == 0 || given.count == method.parameters.count else { return nil }
                return (given[position].value, prepare)
            }
            return (shown, method)
        }
    }

    /// The app's transition helper of this name, when every value its body returns is one XCoordinator transition
    /// that shows something, selects or closes (not a hand-built `Transition(presentables:…) { … }`).
    static func helper(named name: String, _ index: ProjectIndex) -> TransitionHelper? {
        guard transitions[name] == nil, let candidates = index.helpers[name] else { return nil }
        let made = candidates.filter { transitionTypes.contains($0.returnType?.base ?? "") }
        guard made.count == 1, let method = made.first, !method.returns.isEmpty else { return nil }
        var found: (name: String, arguments: [ExpressionFacts])?
        for returned in method.returns {
            guard case .member(let name, let arguments) = returned, transitions[name] != nil, name != "trigger",
                found == nil || found?.name == name
            else { return nil }
            found = found ?? (name, arguments)
        }
        guard let found, let transition = transitions[found.name] else { return nil }
        let fullScreen =
            found.name == "presentFullScreen"
            || method.calls.contains {
                $0.name == "=" && ($0.receiver ?? "").hasSuffix("modalPresentationStyle")
                    && vocabulary.isFullScreen($0.arguments.first?.value)
            }
        return TransitionHelper(transition: transition, method: method, shown: found.arguments.first, fullScreen: fullScreen)
    }

    /// The case's own associated value that a transition shows (`case let .home(router): … .present(router)`): a name
    /// the method does not bind before the call and the coordinator has no property of, in a case with values.
    static func caseParameter(shown call: CallFacts, _ calls: [CallFacts], _ route: Route, _ prepare: MethodFacts, _ type: TypeFacts)
        -> String?
    {
        guard !route.params.isEmpty, transitions[call.name] != nil, case .reference(let name)? = call.arguments.first?.value,
            name != "self", !type.properties.contains(where: { $0.name == name })
        else { return nil }
        if prepare.bindings[name]?.contains(where: { $0.location < call.location }) == true { return nil }
        return name
    }

    /// The variants of a route that shows the coordinator it is triggered with: for each coordinator type the code
    /// triggers the route with (`self.trigger(.home(HomeTabCoordinator().strongRouter))`, a deep link's
    /// `AppRoute.home(HomePageCoordinator().strongRouter)`), a route `home` + that type, with the case's transition. The
    /// triggers run by the case's own closures (an alert's actions) are the route's `triggers`; a value the reader
    /// cannot follow is a note (`unread`).
    static func readVariants(
        of route: inout Route, shownBy call: CallFacts, _ parameter: String, _ calls: [CallFacts], _ prepare: MethodFacts,
        _ type: TypeFacts,
        _ context: inout Context
    ) -> (variants: [Route], unread: Bool) {
        let name = route.name
        let routeEnum = routeEnum(of: type, in: context.recognizer.types)
        var found: [(child: String, site: SourceLocation)] = []
        var offered: [(child: String, site: SourceLocation)] = []
        var unread = false
        // The case's span: the closures it sets up (an alert's actions) lie between its first and last calls.
        let span = (calls.first?.location ?? call.location)...(calls.last?.location ?? call.location)
        func value(of argument: ExpressionFacts?) -> ExpressionFacts?? {
            switch argument {
            case .member(name, let arguments)?: return .some(arguments.first)
            case .qualified(let owner, name, let arguments)? where owner == routeEnum: return .some(arguments?.first)
            default: return nil
            }
        }
        func take(_ given: ExpressionFacts?, at site: SourceLocation, offeredHere: Bool) {
            switch given {
            case .other("nil")?: return
            case .construct(let child, _)? where context.isCoordinatorType(child):
                if !found.contains(where: { $0.child == child }) { found.append((child, site)) }
                if offeredHere, !offered.contains(where: { $0.child == child }) { offered.append((child, site)) }
            default:
                if offeredHere { unread = true }
                context.notes.append(
                    ExtractionNote(
                        .dynamicDestination,
                        "`\(type.name).\(name)` is triggered with a coordinator the code computes (`\(given?.summary ?? "?")`): that start "
                            + "is not read",
                        at: site, coordinator: type.name))
            }
        }
        for method in type.methods {
            for trigger in method.calls {
                if trigger.name == "trigger", trigger.receiver == nil || plainReceiver(trigger.receiver) == "self",
                    let given = value(of: trigger.arguments.first?.value)
                {
                    take(given, at: trigger.location, offeredHere: method.location == prepare.location && span.contains(trigger.location))
                } else if trigger.name == "deepLink", let given = value(of: trigger.arguments.first?.value) {
                    take(given, at: trigger.location, offeredHere: false)
                }
            }
        }
        var variants: [Route] = []
        for (child, site) in found {
            var variant = Route(name: variantName(name, child), location: route.location)
            func path(_ field: RouteField) -> FactPath { .route(type.name, variant.name, field) }
            variant.transition = context.put(Fact(transitions[call.name]!, at: call.location), path(.transition))
            if call.name == "presentFullScreen" {
                variant.style = context.put(Fact(.fullScreen, at: call.location), path(.style))
            }
            let why = "`\(name)` shows the `\(parameter)` it is triggered with, here a `\(child)`"
            variant.destination = context.put(Fact(.coordinator(child), at: site, .inferred(why)), path(.coordinator))
            let held = "XCoordinator keeps a child in its view controller's hierarchy"
            variant.retain = context.put(Fact(.hierarchy, at: call.location, .inferred(held)), path(.retain))
            variants.append(variant)
        }
        for (child, site) in offered {
            let placed = context.put(
                Fact(variantName(name, child), at: site), .route(type.name, name, .triggers, item: variantName(name, child)))
            route.triggers.append(RouteReference(coordinator: nil, route: placed.value, location: placed.location))
        }
        if unread { route.open = context.put(Fact(true, at: call.location), .route(type.name, name, .open)) }
        return (variants, unread)
    }

    /// The route of a case triggered with a coordinator: `home` with a `HomeTabCoordinator` → `homeHomeTabCoordinator`.
    static func variantName(_ route: String, _ coordinator: String) -> String {
        route + coordinator
    }

    /// The router is a coordinator the case makes (`let settings = X(…)`, `X().strongRouter`), not one kept elsewhere.
    static func madeHere(_ router: ExpressionFacts, in prepare: MethodFacts, at use: SourceLocation) -> Bool {
        switch router {
        case .construct: true
        case .reference(let local): prepare.binding(local, before: use)?.constructedType != nil
        default: false
        }
    }

    /// `editCoordinator = editor` (or `self.…`) in the case that shows `editor`: the child is kept in a stored property
    /// of the coordinator as well as by XCoordinator.
    static func keptInProperty(_ shown: ExpressionFacts, _ calls: [CallFacts], _ type: TypeFacts) -> (String, CallFacts)? {
        guard case .reference(let local) = shown else { return nil }
        for call in calls where call.name == "=" && call.closures.isEmpty {
            guard case .reference(local)? = call.arguments.first?.value else { continue }
            let place = plainReceiver(call.receiver)
            // A `weak` or `unowned` property keeps nothing.
            if type.properties.contains(where: { $0.name == place && $0.strength == .strong }) { return (place, call) }
        }
        return nil
    }

    /// A child kept in a property: `retain: parent`. A property nothing else assigns keeps the child until the route
    /// runs again (no exit releases it); one set to `nil` or assigned elsewhere lets it go on an event the reader does
    /// not tie to an exit: the route is open, its `releaseOn` a lower bound, never a leak on a guess.
    static func keep(
        _ route: inout Route, in place: String, at assignment: CallFacts, besides calls: [CallFacts], _ type: TypeFacts,
        _ context: inout Context
    ) {
        func path(_ field: RouteField) -> FactPath { .route(type.name, route.name, field) }
        route.retain = context.put(Fact(.parent, at: assignment.location), path(.retain))
        route.releaseOn = Located([], at: assignment.location)
        for method in type.methods {
            for call in method.calls where call.name == "=" && call.location != assignment.location && plainReceiver(call.receiver) == place
            {
                route.open = context.put(Fact(true, at: call.location), path(.open))
                let site = method.name == "prepareTransition" ? call.switchCase?.first.map { "the route `\($0)`" } : nil
                let what = call.arguments.first?.value == .other("nil") ? "lets go" : "replaces"
                let why =
                    "`\(type.name).\(route.name)` keeps its child in `\(place)`, which \(site ?? "`\(method.name)`") \(what) on an event "
                    + "the reader does not tie to an exit: its releases are not all read (the route is open)"
                context.notes.append(ExtractionNote(.unrecognized, why, at: call.location, coordinator: type.name))
                return
            }
        }
    }
}
