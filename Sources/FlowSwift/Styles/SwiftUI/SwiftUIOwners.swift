import FlowModel
import FlowConfig

/// Building an owner of navigation state into a coordinator: a router's stack, a view's own stack, sheets and tabs.
extension SwiftUIStyle {
    /// A router object: a navigation coordinator whose first screen is the root of the stack a view binds its path to.
    static func router(_ type: TypeFacts, _ state: State, _ context: inout Context) -> Coordinator? {
        guard let binding = state.stacks[type.name] else { return presentingRouter(type, state, &context) }
        let index = context.recognizer.index
        var coordinator = context.coordinator(type, .swiftui, kind: Fact(.navigation, at: type.location))
        let root = shown(after: binding, in: names.stack, index).first ?? Located(binding.host, at: binding.location)
        setInitial(
            &coordinator, root, why: "the root of the stack `\(binding.host)` binds to `\(binding.holder ?? "").\(binding.property ?? "")`",
            state, &context)
        let others = (state.otherStacks[type.name] ?? []).filter { other in
            (shown(after: other, in: names.stack, index).first?.value ?? other.host) != root.value
        }
        if let other = others.first {
            context.notes.append(
                ExtractionNote(
                    .unrecognized,
                    "`\(type.name)` also runs the stack `\(other.host)` binds (\(others.count) more), whose root is another view: a spec "
                        + "gives it one first screen, `\(root.value)`",
                    at: other.location, coordinator: type.name))
            coordinator.markOpen()
        }
        let routes = pathProperties(of: type, index).first { $0.name == binding.property }?.routes
        let enums = routes.map { [$0] } ?? destinationEnums(in: index.types[binding.host])
        addStackRoutes(&coordinator, enums: enums, at: binding.location, state, &context)
        addValuesWithoutDestination(&coordinator, binding, state, &context)
        addRouterRoutes(&coordinator, state, &context)
        return coordinator
    }

    /// A router object with no stack whose items and flags views present (`.sheet(item: $model.searchData)`): a `view`
    /// coordinator whose first screen is the view that binds them.
    static func presentingRouter(_ type: TypeFacts, _ state: State, _ context: inout Context) -> Coordinator? {
        guard let host = state.presenterHosts[type.name], let hostType = context.recognizer.index.types[host] else { return nil }
        // Destinations it pushes (`navigationDestination(isPresented: $model.showsLogin)`) lie in the stack its view binds.
        let pushes = (state.presentations[type.name] ?? []).contains { isPush($0.kind) }
        var coordinator = context.coordinator(type, .swiftui, kind: Fact(pushes ? .navigation : .view, at: type.location))
        setInitial(
            &coordinator, Located(host, at: hostType.location), why: "the view that presents what `\(type.name)` holds", state, &context)
        addRouterRoutes(&coordinator, state, &context)
        return coordinator
    }

    /// What a router's coordinator shows besides its stack: what it presents, its links, the children it embeds,
    /// the routes made for them, and the routes it fires itself.
    private static func addRouterRoutes(_ coordinator: inout Coordinator, _ state: State, _ context: inout Context) {
        addPresentationRoutes(&coordinator, state, &context)
        addLinkRoutes(&coordinator, state, &context)
        addEmbedded(&coordinator, state, &context)
        addSynthesized(&coordinator, state, &context)
        addOwnTriggers(&coordinator, state, &context)
    }

    /// Routes a router's own methods fire (`searchData = …` in a method its screen calls through a protocol the reader
    /// does not follow) and no screen is read to trigger: the coordinator's own triggers, forward moves only — a
    /// close or a pop fired in any state would be judged where it never runs.
    static func addOwnTriggers(_ coordinator: inout Coordinator, _ state: State, _ context: inout Context) {
        let owner = coordinator.name
        let forward = Set(
            coordinator.routes.filter { route in
                guard let transition = route.transition?.value else { return false }
                return transition == .push || transition == .present || transition == .select
            }.map(\.name))
        var seen: Set<String> = []
        for trigger in state.ownTriggers[owner] ?? []
        where forward.contains(trigger.value) && !(state.triggered[owner]?.contains(trigger.value) ?? false) {
            guard seen.insert(trigger.value).inserted else { continue }
            let placed = context.put(
                Fact(trigger.value, at: trigger.location, .inferred("`\(owner)` runs it in its own code; no screen read calls it")),
                .coordinator(owner, .triggers, item: trigger.value))
            coordinator.triggers.append(RouteReference(coordinator: nil, route: placed.value, location: placed.location))
        }
    }

    /// A view that owns navigation state: its own stack (`navigation`), tabs (`tab`), or only presentations (`view`).
    static func owningView(_ type: TypeFacts, _ state: State, _ context: inout Context) -> Coordinator? {
        let index = context.recognizer.index
        let own = state.held.bindings(of: type).filter { $0.holder == nil || $0.kind == .tabs }
        let stack = own.first { $0.kind == .stack }
        // A `TabView` whose pages are no views of the app's (a carousel, a pager inside a router's stack) shows no flow.
        let tabs = own.first { $0.kind == .tabs && !tabViews($0, in: type, index).isEmpty }
        let pushes = (state.presentations[type.name] ?? []).contains { isPush($0.kind) }
        let kind: CoordinatorKind = tabs != nil ? .tab : stack != nil || pushes ? .navigation : .view
        var coordinator = context.coordinator(type, .swiftui, kind: Fact(kind, at: type.location))
        if let tabs {
            addTabs(&coordinator, tabs, of: type, state, &context)
        } else if let stack {
            let root = shown(after: stack, in: names.stack, index).first ?? Located(type.name, at: stack.location)
            setInitial(&coordinator, root, why: "the root of the stack it binds to its own `\(stack.property ?? "")`", state, &context)
            if let path = pathProperties(of: type, index).first(where: { $0.name == stack.property }) {
                addStackRoutes(
                    &coordinator, enums: path.routes.map { [$0] } ?? destinationEnums(in: type), at: stack.location, state, &context)
                addValuesWithoutDestination(&coordinator, stack, state, &context)
            } else {
                context.notes.append(
                    ExtractionNote(
                        .unrecognized,
                        "`\(type.name)` binds a stack to `\(stack.property ?? "")`, whose values the reader cannot tell: its pushes are "
                            + "not read",
                        at: stack.location, coordinator: type.name))
                coordinator.markOpen()
            }
        } else {
            let hosted = state.hostedRouters[type.name]
            setInitial(
                &coordinator, Located(hosted ?? type.name, at: type.location),
                why: hosted == nil ? "the view itself, under what it presents" : "the stack of the router it keeps", state, &context)
        }
        addPresentationRoutes(&coordinator, state, &context)
        addLinkRoutes(&coordinator, state, &context)
        addEmbedded(&coordinator, state, &context)
        addSynthesized(&coordinator, state, &context)
        // A view that is no screen of its own routes (tabs, a router's stack) fires its own routes as the coordinator.
        if coordinator.routes.first(where: { $0.name == rootRoute })?.destination?.value != .screen(type.name) {
            let names = Set(coordinator.routes.map(\.name))
            var seen: Set<String> = []
            for trigger in state.ownTriggers[type.name] ?? [] where names.contains(trigger.value) {
                guard seen.insert(trigger.value).inserted else { continue }
                let placed = context.put(
                    Fact(trigger.value, at: trigger.location, .inferred("`\(type.name)` runs it in its own body")),
                    .coordinator(type.name, .triggers, item: trigger.value))
                coordinator.triggers.append(RouteReference(coordinator: nil, route: placed.value, location: placed.location))
            }
        }
        return coordinator
    }

    /// The name of the route a stack or a view shows first.
    static let rootRoute = "root"

    /// The first route: the stack's root view (or what the view keeps), a screen or the coordinator it is.
    static func setInitial(_ coordinator: inout Coordinator, _ root: Located<String>, why: String, _ state: State, _ context: inout Context)
    {
        let owner = coordinator.name
        var route = Route(name: rootRoute, location: root.location)
        // The view that keeps the router and shows its stack is that stack's first screen, not a child of it.
        let destination: Destination =
            state.routers.contains(root.value)
            ? .coordinator(root.value)
            : state.hostedRouters[root.value] == owner ? .screen(root.value) : destination(of: root.value, owner: owner, state)
        route.destination = context.put(Fact(destination, at: root.location, .inferred(why)), .route(owner, rootRoute, destination.field))
        if destination.coordinatorName != nil { route.retain = Located(.hierarchy, at: root.location) }
        coordinator.initial = context.put(Fact(rootRoute, at: root.location), .coordinator(owner, .initial))
        coordinator.routes.append(route)
    }

    /// What a view shown by a route is: itself a coordinator (it owns navigation state), the router it makes and whose
    /// stack it shows, or a screen.
    static func destination(of view: String, owner: String, _ state: State) -> Destination {
        if view == owner { return .screen(view) }
        if state.views.contains(view) { return .coordinator(view) }
        if let router = state.hostedRouters[view], router != owner { return .coordinator(router) }
        return .screen(view)
    }

    /// The enums a view's `navigationDestination(for:)` calls map: a `NavigationPath`'s values.
    static func destinationEnums(in host: TypeFacts?) -> [String] {
        var found: [String] = []
        for method in host?.methods ?? [] {
            for call in method.calls where call.name == names.destination {
                guard
                    case .qualified(let routes, "self", nil)? = call.arguments.first(where: { $0.label == names.destinationLabel })?.value,
                    !found.contains(routes)
                else { continue }
                found.append(routes)
            }
        }
        return found
    }

    /// One `push` route per case of the path's enums that a `navigationDestination(for:)` shows a view for.
    static func addStackRoutes(
        _ coordinator: inout Coordinator, enums: [String], at location: SourceLocation, _ state: State, _ context: inout Context
    ) {
        let owner = coordinator.name
        if enums.isEmpty {
            context.notes.append(
                ExtractionNote(
                    .unrecognized,
                    "no `navigationDestination(for:)` of the values `\(owner)`'s stack holds was read: its pushes are not read",
                    at: location, coordinator: owner))
            coordinator.markOpen()
        }
        for routes in enums {
            guard let declared = context.recognizer.index.types[routes] else { continue }
            let views = state.destinations[routes]
            if views == nil || views?.unread == true {
                let what =
                    views == nil
                    ? "no `navigationDestination(for: \(routes).self)` was read"
                    : "the `navigationDestination(for: \(routes).self)` closure maps no case to a view the reader sees"
                context.notes.append(
                    ExtractionNote(
                        .unrecognized, "\(what): the pushes of `\(routes)` values are not read", at: views?.location ?? location,
                        coordinator: owner))
                coordinator.markOpen()
            }
            for item in declared.cases {
                guard let view = views?.views[item.name] ?? views?.views["default"] else { continue }
                guard !coordinator.routes.contains(where: { $0.name == item.name }) else {
                    context.notes.append(
                        ExtractionNote(
                            .unrecognized,
                            "`\(owner)` has two routes named `\(item.name)`: the push of `\(routes).\(item.name)` is left out",
                            at: item.location, coordinator: owner))
                    coordinator.markOpen()
                    continue
                }
                var route = Route(name: item.name, location: item.location)
                route.transition = Located(.push, at: item.location)
                show(view, on: &route, owner: owner, closing: .pop, state, &context)
                route.params = item.parameters.map { RouteParameter(name: $0.name, type: $0.type, location: item.location) }
                coordinator.routes.append(route)
            }
        }
    }

    /// A value the code pushes whose type no `navigationDestination(for:)` maps (`path.append(Receipt.scan)` with no
    /// destination for `Receipt`): a `push` route that shows nothing, which SwiftUI ignores with a console warning —
    /// `invalid-transition`. Said only when every destination the app registers is read and the stack's root carries
    /// no modifier the reader does not know; otherwise the stack is open.
    static func addValuesWithoutDestination(_ coordinator: inout Coordinator, _ binding: Binding, _ state: State, _ context: inout Context)
    {
        let owner = coordinator.name
        let index = context.recognizer.index
        let missing = (state.pushed[owner] ?? []).filter { value in
            state.destinations[value.type] == nil
                && index.types[value.type]?.cases.contains(where: { $0.name == value.route.value }) == true
        }
        guard !missing.isEmpty else { return }
        guard !state.unreadDestinations, knowsRootModifiers(binding, index) else {
            let first = missing[0]
            context.notes.append(
                ExtractionNote(
                    .unrecognized,
                    "`\(first.type).\(first.route.value)` is pushed, and no `navigationDestination(for: \(first.type).self)` is read, but "
                        + "one may be registered where the reader cannot see",
                    at: first.route.location, coordinator: owner))
            coordinator.markOpen()
            return
        }
        for value in missing.sorted(by: { $0.route.location < $1.route.location })
        where !coordinator.routes.contains(where: { $0.name == value.route.value }) {
            var route = Route(name: value.route.value, location: value.route.location)
            route.transition = Located(.push, at: value.route.location)
            context.unmapped.insert("\(owner).\(value.route.value)")
            coordinator.routes.append(route)
        }
    }

    /// Sets the route's destination to `view`, and when that view closes its own context, its trigger of `closing`.
    static func show(
        _ view: Located<String>, on route: inout Route, owner: String, closing: Transition, _ state: State, _ context: inout Context
    ) {
        let destination = destination(of: view.value, owner: owner, state)
        route.destination = context.put(Fact(destination, at: view.location), .route(owner, route.name, destination.field))
        // A coordinator whose first view closes its own context gets its way out once every route to it is read
        // (`linkSelfClosingChildren`).
        if destination.coordinatorName != nil { route.retain = Located(.hierarchy, at: view.location) }
        if case .screen(let screen) = destination, let closed = state.selfClosing[screen] {
            let name = closing == .pop ? "pop" : "dismiss"
            context.provenance.set(
                .route(owner, route.name, .triggers, item: name),
                .inferred("\(state.closes(screen)), which closes what shows it"))
            route.triggers.append(RouteReference(coordinator: nil, route: name, location: closed))
        } else if case .screen(let screen) = destination, state.unseenClosers.contains(screen), !route.isOpen {
            route.open = Located(true, at: view.location)
            context.provenance.set(
                .route(owner, route.name, .open),
                .inferred("`\(screen)` keeps `dismiss` of its environment, and where it is called is not read"))
        }
    }

    /// The routes the owner's calls and its screens' closing make, with no case behind them: `pop`, `popToRoot`,
    /// `dismiss`.
    static func addSynthesized(_ coordinator: inout Coordinator, _ state: State, _ context: inout Context) {
        var wanted: [Fact<String>] = state.calls[coordinator.name] ?? []
        for route in coordinator.routes {
            for trigger in route.triggers where trigger.coordinator == nil && synthesized[trigger.route] != nil {
                wanted.append(Fact(trigger.route, at: trigger.location))
            }
        }
        for (name, transition) in synthesized.sorted(by: { $0.key < $1.key }) {
            guard let first = wanted.filter({ $0.value == name }).min(by: { $0.location < $1.location }),
                !coordinator.routes.contains(where: { $0.name == name })
            else { continue }
            if transition != .dismiss, coordinator.kind?.value != .navigation { continue }
            var route = Route(name: name, location: first.location)
            context.provenance.set(.route(coordinator.name, name), .inferred("the code calls it on the owner's state"))
            route.transition = Located(transition, at: first.location)
            coordinator.routes.append(route)
        }
    }

    static let synthesized: [String: Transition] = ["pop": .pop, "popToRoot": .popToRoot, "dismiss": .dismiss]

    /// A representable whose `makeUIViewController` makes one of UIKit's controllers that close themselves
    /// (`SFSafariViewController`, with its Done button): the view closes what shows it, as a `dismiss()` would, where
    /// it makes that controller.
    static func wrapsSelfClosingController(_ type: TypeFacts) -> (at: SourceLocation, words: String)? {
        guard type.inherited.contains(where: { $0.base == "UIViewControllerRepresentable" }) else { return nil }
        let made = type.methods.first { $0.name == "makeUIViewController" }?.constructed ?? []
        for controller in made {
            guard let button = UIKitStyle.vocabulary.selfClosingControllers[controller.value] else { continue }
            return (controller.location, "`\(type.name)` shows UIKit's `\(controller.value)` and \(button)")
        }
        return nil
    }

    /// `@Environment(\.dismiss) var dismiss` called (`dismiss()`, or the older `presentationMode.wrappedValue.dismiss()`).
    static func selfClosingCall(_ type: TypeFacts) -> SourceLocation? {
        let closers = type.properties.filter(dismissProperty).map(\.name)
        guard !closers.isEmpty else { return nil }
        for method in type.methods {
            for call in method.calls {
                let receiver = plainReceiver(call.receiver)
                if (call.receiver == nil && closers.contains(call.name))
                    || (call.name == "dismiss" && closers.contains { receiver.hasPrefix($0) })
                {
                    return call.location
                }
            }
        }
        return nil
    }
}

extension SwiftUIStyle {
    /// A view closed through an object that keeps it (`picker.dismiss()` in the delegate a representable makes, whose
    /// `picker` property holds the view): the view calls its own `dismiss()` there.
    static func addClosingThroughHolders(_ selfClosing: inout [String: SourceLocation], _ index: ProjectIndex) {
        var closers: [String: Set<String>] = [:]
        for name in index.order where selfClosing[name] == nil {
            guard let type = index.types[name], isView(type) else { continue }
            let own = Set(type.properties.filter { dismissProperty($0) }.map(\.name))
            if !own.isEmpty { closers[name] = own }
        }
        guard !closers.isEmpty else { return }
        for name in index.order {
            guard let holder = index.types[name] else { continue }
            let held = Dictionary(
                holder.properties.compactMap { property in property.type.map { (property.name, $0.base) } }, uniquingKeysWith: { a, _ in a }
            )
            for method in holder.methods {
                for call in method.calls {
                    guard let receiver = call.receiver, let view = held[receiver], closers[view]?.contains(call.name) == true else {
                        continue
                    }
                    if selfClosing[view].map({ call.location < $0 }) ?? true { selfClosing[view] = call.location }
                }
            }
        }
    }

    /// `@Environment(\.dismiss) var dismiss` (or `presentationMode`).
    static func dismissProperty(_ property: PropertyFacts) -> Bool {
        property.attributes.contains {
            $0.name == names.environment && $0.arguments.contains { key in names.dismissKeys.contains { key == "\\.\($0)" } }
        }
    }

    /// The views owning navigation state a view's body builds, directly or inside plain views of the app's it builds (a
    /// row's sheet inside a list inside the screen), a few levels deep; each at the call in `type`'s own body that
    /// leads to it.
    static func embeddedOwners(of type: TypeFacts, _ state: State, _ index: ProjectIndex) -> [Located<String>] {
        var found: [Located<String>] = []
        var seen: Set<String> = [type.name]
        var level = state.held.embeddedViews(of: type).map { (view: $0.value, via: $0) }
        for _ in 0..<4 where !level.isEmpty {
            var next: [(view: String, via: Located<String>)] = []
            for (view, via) in level where seen.insert(view).inserted {
                if state.views.contains(view) || state.hostedRouters[view] != nil {
                    found.append(Located(view, at: via.location))
                } else if let plain = index.types[view], isView(plain) {
                    next += state.held.embeddedViews(of: plain).map { ($0.value, via) }
                }
            }
            level = next
        }
        return found
    }

    /// The views a view's body builds in place (not those its presenters, destinations, stacks, tabs or links show).
    static func embeddedViews(of type: TypeFacts) -> [Located<String>] {
        inPlaceViews(of: type, skipping: embeddedSkips)
    }

    /// What a body shows that is not built in place: what its presenters, destinations, stacks and tabs show.
    static let embeddedSkips = Set(names.presenters.keys).union([names.destination, names.stack, names.tabs])

    /// The views a body builds outside the closures `skipped` names, and not as what a link pushes. A method of the view
    /// handed by name to a call (`.sheet(item: $route, content: destination)`, an app's `themedPanel(content: panel)`)
    /// is a closure of that call, not the body: what it builds is shown there, not in place.
    static func inPlaceViews(of type: TypeFacts, skipping skipped: Set<String>) -> [Located<String>] {
        var found: [Located<String>] = []
        let methods = Set(type.methods.map(\.name))
        var handed: Set<String> = []
        for method in type.methods {
            for call in method.calls {
                for argument in call.arguments {
                    if case .reference(let name) = argument.value, methods.contains(name) { handed.insert(name) }
                }
            }
        }
        for method in type.methods where !handed.contains(method.name) {
            let linked = linkDestinations(in: method)
            for (position, call) in method.calls.enumerated() where call.receiver == nil && !call.closures.contains(where: skipped.contains)
            {
                guard call.name.first?.isUppercase == true, call.name != type.name, !linked.contains(position),
                    !found.contains(where: { $0.value == call.name })
                else { continue }
                found.append(Located(call.name, at: call.location))
            }
        }
        return found
    }

    /// A view that owns navigation state, built into the body of a screen the coordinator shows (`CardRow()` with its
    /// own sheet inside a list): an `embed` route of this coordinator, triggered by that screen — it is there whenever
    /// the screen is.
    static func addEmbedded(_ coordinator: inout Coordinator, _ state: State, _ context: inout Context) {
        let owner = coordinator.name
        let index = context.recognizer.index
        for position in coordinator.routes.indices {
            guard case .screen(let screen)? = coordinator.routes[position].destination?.value, let type = index.types[screen] else {
                continue
            }
            for call in embeddedOwners(of: type, state, index) {
                guard call.value != owner, call.value != screen else { continue }
                let name = call.value.lowercasedFirst
                if !coordinator.routes.contains(where: { $0.name == name }) {
                    var route = Route(name: name, location: call.location)
                    context.provenance.set(.route(owner, name), .inferred("`\(screen)` shows `\(call.value)` in its body"))
                    route.transition = Located(.embed, at: call.location)
                    show(call, on: &route, owner: owner, closing: .dismiss, state, &context)
                    coordinator.routes.append(route)
                }
                guard !coordinator.routes[position].triggers.contains(where: { $0.route == name && $0.coordinator == nil }) else {
                    continue
                }
                context.provenance.set(
                    .route(owner, coordinator.routes[position].name, .triggers, item: name), .inferred("`\(screen)` shows it in its body"))
                coordinator.routes[position].triggers.append(RouteReference(coordinator: nil, route: name, location: call.location))
            }
        }
    }
}
