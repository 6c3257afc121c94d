import FlowModel
import FlowConfig

/// What one route method does: its transition, destination, style and the child it starts and keeps.
extension UIKitStyle {
    /// One navigating method: its first navigation call and, when it starts a child, how the child is kept and let go.
    static func read(
        _ route: inout Route, _ method: MethodFacts, inlined: [MethodFacts], _ type: TypeFacts,
        made: (child: Located<String>, why: String)?,
        branch: Located<String>? = nil, clearing: Set<String>, finishers: Set<String>, _ state: inout State, _ context: inout Context,
        _ allResolved: inout Bool
    ) {
        let mapping = context.recognizer.mapping
        // `tabBarController.setViewControllers([], …)` empties a container: it shows nothing; given the tabs' stacks
        // mapped from a list, it is where a hub starts (read with the tabs).
        let direct = ([method] + inlined).flatMap {
            $0.calls.filter {
                transition(of: $0, mapping: mapping) != nil && $0.closures.allSatisfy(bodyClosures.contains)
                    && $0.arguments.first?.value != .array([])
                    && !givesMappedTabs($0)
            }
        }
        // `dismiss(animated: true) { present(login, …) }`: closing first, then showing in the completion, shows (as
        // popping and then pushing is the push).
        let navigations = direct + showingAfterClosing(direct, in: [method] + inlined, mapping)
        // A stack built and then presented (`setViewControllers` … `present(nav)`) is a presentation.
        let presented = navigations.first { transition(of: $0, mapping: mapping) == .present }
        // `popToRootViewController` then `pushViewController(chat)`: the route is the push, what the user sees.
        let showing = navigations.first { transition(of: $0, mapping: mapping)?.destinationRule == .required } ?? navigations.first
        // A screen pushed onto a stack that the method then presents (`modal.pushViewController(form)` …
        // `present(modal)`) is presented too.
        let navigation = showing.map { first in
            switch transition(of: first, mapping: mapping) {
            case .setRoot: presented ?? first
            case .push where presented.map({ fills($0, by: first, mapping) }) == true: presented ?? first
            default: first
            }
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
            readNavigation(
                navigation, kind: kind, among: navigations, &route, method, inlined: inlined, type, childKnown: child != nil, &context,
                &allResolved)
            if kind == .push { openOnHandedStack(navigation, &route, method, type, &context) }
        }
        guard let child else {
            openOnAppNavigation(&route, [method] + inlined, type, &context)
            return
        }
        readChild(
            child, childConfidence, shownBy: navigation, &route, method, inlined: inlined, type, branch: branch, clearing: clearing,
            finishers: finishers, &state, &context)
    }

    /// `modal.pushViewController(seal, …)` on a stack the method is handed: which stack that is (the coordinator's, or
    /// one a route presented) is the caller's to say, so the route is open.
    static func openOnHandedStack(
        _ push: CallFacts, _ route: inout Route, _ method: MethodFacts, _ type: TypeFacts, _ context: inout Context
    ) {
        let stack = plainReceiver(push.receiver)
        guard method.parameters.contains(where: { $0.name == stack }), !route.isOpen else { return }
        leaveOpen(
            &route, at: push.location,
            "`\(type.name).\(route.name)` pushes onto `\(stack)`, the stack it is handed: which stack that is is not read "
                + "(the route is open)",
            type, &context)
    }

    /// The calls that show a screen in the completion of a closing call the method makes directly, when every
    /// direct navigation closes: what the user sees once the closing is done.
    static func showingAfterClosing(_ direct: [CallFacts], in methods: [MethodFacts], _ mapping: ExtractMapping) -> [CallFacts] {
        guard !direct.isEmpty, direct.allSatisfy({ transition(of: $0, mapping: mapping)?.destinationRule == .forbidden }) else {
            return []
        }
        let completions = Set(direct.flatMap(\.givenClosures))
        return methods.flatMap { method in
            method.calls.filter { call in
                guard let opened = call.closureAt, completions.contains(opened),
                    transition(of: call, mapping: mapping)?.destinationRule == .required
                else { return false }
                // An alert after closing is a menu (UIKitAlerts), not what the route shows: the route stays the closing.
                let shown = shownArgument(of: call)
                let made = shown.flatMap { value -> String? in
                    if case .reference(let name) = value { return method.binding(name, before: call.location)?.constructedType }
                    return value.constructedType
                }
                return made != "UIAlertController"
            }
        }
    }

    /// Whether `push` pushes onto the stack that `presentation` presents (`modal.pushViewController(form)` before
    /// `present(modal)`).
    static func fills(_ presentation: CallFacts, by push: CallFacts, _ mapping: ExtractMapping) -> Bool {
        guard transition(of: push, mapping: mapping) == .push, push.location < presentation.location,
            case .reference(let presented)? = shownArgument(of: presentation)
        else { return false }
        return plainReceiver(push.receiver) == presented
    }

    /// `flow.finishPresentation()`: a method of another type of the app whose body presents, pushes or dismisses
    /// (`StorageEffects`' sibling in the recognizer, `navigatesByEffect`). The screen's route may navigate in ways the
    /// spec does not say, so it is open. (A child's route keeps what it read of the child's start: its retention is
    /// judged on that.)
    static func openOnAppNavigation(_ route: inout Route, _ methods: [MethodFacts], _ type: TypeFacts, _ context: inout Context) {
        let mapping = context.recognizer.mapping
        guard
            let wrapped = methods.flatMap(\.calls).first(where: { call in
                mapping.navigatesByEffect.contains(call.name) && !["", "self", "super"].contains(plainReceiver(call.receiver))
                    && transition(of: call, mapping: mapping) == nil
            })
        else { return }
        leaveOpen(
            &route, at: wrapped.location,
            "`\(type.name).\(route.name)` calls `\(plainReceiver(wrapped.receiver)).\(wrapped.name)()`, a method of the app that "
                + "navigates: what it shows or closes is not read (the route is open)", type, &context)
    }

    /// The route's transition and style from its navigation call, and what it shows unless it starts a child.
    static func readNavigation(
        _ navigation: CallFacts, kind: Transition, among navigations: [CallFacts], _ route: inout Route, _ method: MethodFacts,
        inlined: [MethodFacts],
        _ type: TypeFacts, childKnown: Bool, _ context: inout Context, _ allResolved: inout Bool
    ) {
        let name = route.name
        func path(_ field: RouteField, _ item: String? = nil) -> FactPath { .route(type.name, name, field, item: item) }
        if kind == .push, let takeover = pushTakesOver(in: [method] + inlined) {
            // `push(feed)` with its back button hidden, and the screens under it removed: the stack's new root.
            route.transition = context.put(
                Fact(
                    .setRoot, at: navigation.location,
                    .inferred(
                        "pushed with its back button hidden and the screens under it removed (`\(takeover)`): the stack's new root")),
                path(.transition))
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
        if kind == .present, route.style == nil, library == nil, !["", "self"].contains(plainReceiver(navigation.receiver)),
            case .type(let router, _, _) = context.recognizer.resolve(
                .reference(plainReceiver(navigation.receiver)), in: method, of: type, at: navigation.location),
            let fullScreen = context.recognizer.presentsInStyleGiven[router]
        {
            // `router.present(vc)`, where the router's `present` sets the style it was made with: full screen when
            // the app makes every such router full screen, else as the router's maker said, which is not followed
            // here: no swipe-down is assumed.
            readStyleGiven(navigation, fullScreen: fullScreen, &route, type, &context)
        }
        if kind == .present, route.style == nil, let (setter, detents) = sheetDetents(method) {
            route.detents = context.put(Fact(detents, at: setter.location), path(.detents))
        }
        if let library {
            // A floating panel or another library's controller presents itself as that library decides: no
            // swipe-down is assumed, and no full screen either (DESIGN's open world). It is the screen shown.
            leaveOpen(
                &route, at: navigation.location,
                "`\(type.name).\(name)` presents a `\(library)`, a controller of a library the reader does not know: its presentation "
                    + "style is not read (the route is open)", type, &context)
            if !childKnown {
                // What the panel holds, and so what its screens trigger, is handed to the library: not all read.
                route.destination = context.put(
                    Fact(.screen(library), at: navigation.location, .inferred("a controller of a library")), path(.screen))
                allResolved = false
            }
        } else if !childKnown, kind.destinationRule == .required {
            readDestination(of: navigation, kind: kind, among: navigations, &route, method, type, &context, &allResolved)
        }
    }

    /// The route is open: the reader sees it navigate at `location` but cannot say how, and `message` says why.
    static func leaveOpen(_ route: inout Route, at location: SourceLocation, _ message: String, _ type: TypeFacts, _ context: inout Context)
    {
        route.open = Located(true, at: location)
        context.notes.append(ExtractionNote(.unrecognized, message, at: location, coordinator: type.name))
    }

    /// A presentation through a router that applies the style it was made with: full screen when every such router
    /// the app makes is made full screen, else open with a note.
    static func readStyleGiven(_ navigation: CallFacts, fullScreen: Bool, _ route: inout Route, _ type: TypeFacts, _ context: inout Context)
    {
        let through = "`\(plainReceiver(navigation.receiver)).\(navigation.name)`"
        if fullScreen {
            let why =
                "presented through \(through), which applies the style it was made with, and the app makes every such router full screen"
            route.style = context.put(Fact(.fullScreen, at: navigation.location, .inferred(why)), .route(type.name, route.name, .style))
            return
        }
        leaveOpen(
            &route, at: navigation.location,
            "`\(type.name).\(route.name)` presents through \(through), which sets the presentation style it is given: the style is not "
                + "read (the route is open)", type, &context)
    }

    /// `sheet.detents = [.medium(), .large()]` (or `vc.sheetPresentationController?.detents = …`) in the method: the
    /// heights the presented sheet rests at, when each is a standard one.
    static func sheetDetents(_ method: MethodFacts) -> (CallFacts, [SheetDetent])? {
        for call in method.calls where call.name == "=" && plainReceiver(call.receiver).hasSuffix("detents") {
            guard case .array(let items)? = call.arguments.first?.value else { continue }
            let detents = items.compactMap { item -> SheetDetent? in
                switch item {
                case .member(let name, _), .qualified(type: _, member: let name, arguments: _): SheetDetent(rawValue: name)
                default: nil
                }
            }
            if !detents.isEmpty, detents.count == items.count { return (call, detents) }
        }
        return nil
    }

    /// The screen a navigation call shows, its presentation set in its `init`, and whether it closes itself.
    static func readDestination(
        of navigation: CallFacts, kind: Transition, among navigations: [CallFacts], _ route: inout Route, _ method: MethodFacts,
        _ type: TypeFacts,
        _ context: inout Context, _ allResolved: inout Bool
    ) {
        let mapping = context.recognizer.mapping
        let name = route.name
        func path(_ field: RouteField, _ item: String? = nil) -> FactPath { .route(type.name, name, field, item: item) }
        var shown = shownArgument(of: navigation)
        // `present(navigationController)` of a stack (or pages) filled by `setViewControllers([screen])` shows that screen.
        if case .type(let name, _, _)? = shown.map({ context.recognizer.resolve($0, in: method, of: type, at: navigation.location) }),
            name == "UINavigationController" || name == "UIPageViewController",
            let filled = navigations.first(where: { transition(of: $0, mapping: mapping) == .setRoot })
        {
            shown = shownArgument(of: filled)
        } else if kind == .present, let filled = navigations.first(where: { fills(navigation, by: $0, mapping) }) {
            shown = shownArgument(of: filled)
        }
        if let shown, let (destination, _) = context.destination(shown, in: method, of: type, at: navigation.location) {
            route.destination = context.put(destination, path(destination.value.field))
            if kind == .present, route.style == nil, case .screen(let screen) = destination.value,
                let setter = initializer(of: screen, context.recognizer.index, where: setsFullScreenItself)
            {
                let at = "\(setter.location.file.split(separator: "/").last ?? ""):\(setter.location.line)"
                route.style = context.put(
                    Fact(
                        .fullScreen, at: navigation.location,
                        .inferred("an `init` of `\(screen)` or a superclass (\(at)) makes it full screen")), path(.style))
            }
            if kind == .present, route.style == nil, route.dismissible == nil, case .screen(let screen) = destination.value,
                let setter = initializer(of: screen, context.recognizer.index, where: { modalInPresentationSetter($0) != nil })
            {
                let at = "\(setter.location.file.split(separator: "/").last ?? ""):\(setter.location.line)"
                route.dismissible = context.put(
                    Fact(
                        false, at: navigation.location,
                        .inferred("an `init` of `\(screen)` or a superclass (\(at)) sets `isModalInPresentation`")), path(.dismissible))
            }
            for made in method.constructed where made.value != destination.value.name {
                context.madeWith[destination.value.name, default: []].append(made.value)
            }
            if kind == .present, case .screen(let screen) = destination.value, let closing = closesItself(screen, context.recognizer.index)
            {
                // `self.dismiss(animated:)` in the screen or a base class: a way out no route of the spec names.
                leaveOpen(
                    &route, at: navigation.location,
                    "`\(type.name).\(name)` presents `\(screen)`, which dismisses itself (\(closing)): a way out the spec has no route "
                        + "for (the route is open)", type, &context)
            }
        } else {
            allResolved = false
        }
    }

    /// The child the route starts: whether it works on the parent's stack, and how it is kept.
    static func readChild(
        _ child: Located<String>, _ childConfidence: Confidence, shownBy navigation: CallFacts?, _ route: inout Route,
        _ method: MethodFacts,
        inlined: [MethodFacts], _ type: TypeFacts, branch: Located<String>?, clearing: Set<String>, finishers: Set<String>,
        _ state: inout State, _ context: inout Context
    ) {
        let mapping = context.recognizer.mapping
        let name = route.name
        func path(_ field: RouteField, _ item: String? = nil) -> FactPath { .route(type.name, name, field, item: item) }
        route.destination = context.put(Fact(.coordinator(child.value), at: child.location, childConfidence), path(.coordinator))
        // The parent pushes the child's first screen itself: the child works on the parent's stack.
        if let navigation, transition(of: navigation, mapping: mapping) == .push, let first = context.firstScreens[child.value],
            let pushed = navigation.arguments.first(where: { $0.label != "animated" })?.value
        {
            let pushesChildScreen = Context.childMember(pushed, in: method, before: navigation.location)?.child == child.value
            if pushesChildScreen
                || context.recognizer.resolve(pushed, in: method, of: type, at: navigation.location).typeName == first.value
            {
                context.attachedToParentStack.insert(child.value)
            }
        }
        if route.transition == nil {
            state.pendingChildRoutes.append((type.name, route.name))
        }
        let variable = method.variable(constructing: child.value)
        func keepsChild(_ call: CallFacts) -> Bool {
            guard let variable, call.name == "=" || isRetain(call, mapping) else { return false }
            return call.arguments.contains { $0.value == .reference(variable) }
                && (call.name != "=" || method.bindings[plainReceiver(call.receiver)] == nil)
        }
        // `picker = PickerCoordinator(…)`: the child made straight into a property of the parent's.
        func madeIntoStorage(_ call: CallFacts) -> Bool {
            guard call.name == "=", call.location == child.location || variable == nil,
                case .construct(let made, _)? = call.arguments.first?.value, made == child.value
            else { return false }
            let root = StorageEffects.root(of: call.receiver)
            return type.properties.contains { $0.name == root && $0.strength == .strong }
        }
        // The call that keeps the child itself (`preferencesFlow = flow`), before one that keeps something else
        // named like a coordinator (`coordinatorResult = result`).
        // A branch's child: after it is made (another branch keeps its own child in a variable of the same name).
        let keeping = branch == nil ? method.calls : method.calls.filter { $0.location >= child.location }
        if let retain = keeping.first(where: keepsChild) ?? keeping.first(where: madeIntoStorage)
            ?? keeping.first(where: { isRetain($0, mapping) })
        {
            readRetention(retain, of: child, &route, method, type, clearing: clearing, finishers: finishers, &state, &context)
        } else if let variable, let start = staysLocal(variable, child: child.value, in: [method] + inlined, context) {
            // `let viewer = ViewerCoordinator(…); viewer.start()`, and nothing else: nothing holds it once the method
            // returns, so its screens' callbacks reach no one.
            route.retain = context.put(
                Fact(
                    .unretained, at: start.location,
                    .inferred(
                        "`\(variable)` is started and then kept nowhere: not stored, passed on, captured or returned, and `\(child.value)` "
                            + "keeps no strong reference to itself"
                    )), path(.retain))
        } else {
            // Not seen kept does not mean not kept (a helper of another module, a router, a container may hold it):
            // retention unknown, said rather than guessed. The route is open, so leaked-child does not judge it.
            route.retain = nil
            if route.open == nil {
                route.open = context.put(
                    Fact(
                        true, at: child.location,
                        .inferred(
                            "\(Recognizer.notSeenKept) (retention unknown: leaked-child does not judge it)")), path(.open))
            }
        }
    }

    /// A child kept by `retain`: where, and the exits on which the code lets it go.
    static func readRetention(
        _ retain: CallFacts, of child: Located<String>, _ route: inout Route, _ method: MethodFacts, _ type: TypeFacts,
        clearing: Set<String>, finishers: Set<String>, _ state: inout State, _ context: inout Context
    ) {
        let name = route.name
        func path(_ field: RouteField, _ item: String? = nil) -> FactPath { .route(type.name, name, field, item: item) }
        route.retain = context.put(Fact(.parent, at: retain.location), path(.retain))
        var exits: [Fact<ExitKind>] = []
        let place = retain.name == "=" ? plainReceiver(retain.receiver) : ""
        if !place.isEmpty { state.slots[type.name, default: [:]][route.name] = place }
        exits += releaseExits(of: child, in: method, place: place, type, clearing: clearing, finishers: finishers, context)
        let (released, tied) = releasesOnDismissal(of: place, in: method, handlers: state.handlers)
        exits += released
        let mapping = context.recognizer.mapping
        if mapping.keptByEffect[retain.name] == true, !mapping.retain.contains(retain.name) {
            // `coordinate(to:)` storing the child and freeing it when the child's start stream ends: the release
            // is certain, the exits that end the stream are the child's to say.
            if let streamExits = exitsEndingStream(of: child.value, keptBy: retain, context) {
                exits += streamExits
                state.finishedByStream[child.value] = min(state.finishedByStream[child.value] ?? retain.location, retain.location)
            } else {
                leaveOpen(
                    &route, at: retain.location,
                    "`\(type.name).\(name)` hands `\(child.value)` to `\(retain.name)`, which keeps it and lets it go in a callback it "
                        + "installs: the exits that run it are not read (the route is open)", type, &context)
            }
        }
        // The list sits where the child is kept: a finding about what it lacks points there, each release at its own line.
        route.releaseOn = Located(exits.map { context.put($0, path(.releaseOn, $0.value.rawValue)) }, at: retain.location)
        openOnUntiedRelease(&route, keptIn: place, of: type, besides: method, state.releasesByPlace[place] ?? [], tied: tied, &context)
    }

    /// The exits on which a child that `retain` lets go when its start stream ends is let go: its finish, and back,
    /// dismissal and replacement when the stream also ends as the child's screen goes away (`ResultStreams`);
    /// `nil` when the child's start was not read.
    static func exitsEndingStream(of child: String, keptBy retain: CallFacts, _ context: Context) -> [Fact<ExitKind>]? {
        guard let type = context.recognizer.types[child],
            let goes = context.recognizer.resultStreams.endsAsScreenGoes(startOf: type)
        else { return nil }
        let finish = Fact(
            ExitKind.finish, at: retain.location,
            .inferred(
                "`\(retain.name)` lets `\(child)` go when the stream its `start()` returns ends, which its finish does"))
        guard goes else { return [finish] }
        let why = Confidence.inferred("`\(child)`'s start stream also ends as its screen goes away")
        return [finish] + [ExitKind.back, .dismiss, .replaced].map { Fact($0, at: retain.location, why) }
    }

    /// The releases of a kept child in the closures the method sets: a closure may release through a method of the
    /// parent that lets every child go (`self?.showAuth()`, whose body starts with `childCoordinators.removeAll()`).
    /// Emptying the very place the child is kept in (`self?.readerFlow = nil`) is a release whatever the place is called.
    static func releaseExits(
        of child: Located<String>, in method: MethodFacts, place: String, _ type: TypeFacts, clearing: Set<String>, finishers: Set<String>,
        _ context: Context
    ) -> [Fact<ExitKind>] {
        let mapping = context.recognizer.mapping
        var exits: [Fact<ExitKind>] = []
        for release in method.calls {
            let direct = isRelease(release, mapping) || (!place.isEmpty && releasedPlace(release) == place)
            let receiver = plainReceiver(release.receiver)
            guard let label = release.closures.first else { continue }
            // `confirm.didCompleted = { self?.delegate?.didFinish(result, in: self) }`: once the child is done, this
            // coordinator ends its own flow, and the child goes with it.
            if !direct, !ownClosures.contains(label), context.isClosureProperty(label, of: child.value),
                endsOwnFlow(release, finishers: finishers, reactions: context.releasingReactions)
            {
                exits.append(
                    Fact(
                        .finish, at: release.location,
                        .inferred("the `\(label)` closure ends `\(type.name)`'s own flow: the child goes with it")))
                continue
            }
            guard direct || ((receiver.isEmpty || receiver == "self") && clearing.contains(release.name)) else { continue }
            let through: Confidence? = direct ? nil : .inferred("`\(release.name)()` lets every child go")
            if label == "onDismissed" {
                exits.append(
                    Fact(
                        .back, at: release.location,
                        through ?? .inferred("`onDismissed` runs when the router pops the child's first screen")))
            } else if isDismissalCallback(label) {
                exits.append(Fact(.dismiss, at: release.location, through ?? .certain))
            } else {
                exits.append(
                    Fact(
                        .finish, at: release.location,
                        through ?? (namesFinish(label) ? .certain : .inferred("released in the `\(label)` closure"))))
            }
            // `case .complete: self?.flow = nil` in the child's action stream, where the child sends `.complete` as its
            // first screen is popped or its sheet is closed.
            for event in release.switchCase ?? [] {
                exits += exitsReported(by: child.value, sending: event, releasedAt: release.location, context)
            }
        }
        return exits
    }

    /// A push that leaves no way back: the pushed screen's back button hidden (`navigationItem.hidesBackButton = true`,
    /// which also turns off the edge swipe) and the screens under it removed (`viewControllers.remove(at: 0)`,
    /// `removeFirst`). The text of the removal, or `nil`.
    static func pushTakesOver(in methods: [MethodFacts]) -> String? {
        let calls = methods.flatMap(\.calls)
        guard
            calls.contains(where: {
                $0.name == "=" && plainReceiver($0.receiver).hasSuffix("navigationItem.hidesBackButton")
                    && $0.arguments.first?.value == .other("true")
            }),
            let removal = calls.first(where: {
                ["remove", "removeFirst", "removeSubrange"].contains($0.name) && plainReceiver($0.receiver).hasSuffix("viewControllers")
            })
        else { return nil }
        return "\(plainReceiver(removal.receiver)).\(removal.name)"
    }

    /// The `start()` of a child that lives only in the local `variable`: every mention of it is a call on it
    /// outside closures (`viewer.start()`, `viewer.delegate = self`), never an argument, an assigned value, a
    /// capture, a returned value or a list element; and the child's own code keeps no strong reference to itself
    /// (a screen's strong `coordinator` property, `self` handed to another object or captured by a closure it sets).
    /// `nil` when anything may keep it: then it is kept elsewhere, as far as the reader can tell.
    static func staysLocal(_ variable: String, child: String, in methods: [MethodFacts], _ context: Context) -> CallFacts? {
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
    static func keepsItself(_ name: String, _ context: Context) -> Bool {
        let types = context.recognizer.types
        if (context.keepers[name] ?? []).contains(where: { keeper in
            keeper.type != name && types[keeper.type]?.properties.first(where: { $0.name == keeper.property })?.strength == .strong
        }) {
            return true
        }
        for method in types[name]?.methods ?? [] {
            for call in method.calls {
                if !call.closures.isEmpty,
                    ["", "self"].contains(plainReceiver(call.receiver))
                        || call.arguments.contains(where: { $0.value == .reference("self") })
                {
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
    static func weakTarget(_ call: CallFacts, in method: MethodFacts, _ context: Context) -> Bool? {
        let parts = plainReceiver(call.receiver).split(separator: ".")
        guard parts.count == 2, let made = method.binding(String(parts[0]), before: call.location)?.constructedType,
            let property = context.recognizer.types[made]?.properties.first(where: { $0.name == parts[1] })
        else { return nil }
        return property.strength != .strong
    }
}
