import FlowModel
import FlowConfig

/// Once every coordinator is built: a child's start lifted into its parent's route, and what releases it.
extension UIKitStyle {
    /// After every coordinator is known: a child route without its own transition takes the child's
    /// `start()` transition; releases in delegate methods of the parent and in the child itself.
    static func linkChildren(_ state: inout State, _ context: inout Context) {
        liftChildStarts(state, &context)
        let goingAway = readGoingAway(context)
        for (name, var coordinator) in context.coordinators where context.provenance.frameworks[name] == .uikit {
            guard let type = context.recognizer.types[name] else { continue }
            var linking = ReleaseLinking(name, type, goingAway, slots: state.slots[name] ?? [:], handBacks: state.handBacks, context)
            for index in coordinator.routes.indices where coordinator.routes[index].retain?.value == .parent {
                linking.link(index, of: &coordinator, &context)
            }
            var fired = Set(coordinator.triggers.map(\.route) + coordinator.initials.map(\.value) + (coordinator.tabs ?? []).map(\.value))
            for fact in linking.asked where fired.insert(fact.value).inserted {
                let placed = context.put(fact, .coordinator(name, .triggers, item: fact.value))
                coordinator.triggers.append(RouteReference(coordinator: nil, route: placed.value, location: placed.location))
            }
            context.coordinators[name] = coordinator
        }
    }

    /// A child route without its own transition takes the child's `start()` transition (a push or a set root on a
    /// stack that is not the parent's is left out, with a note).
    static func liftChildStarts(_ state: State, _ context: inout Context) {
        // Each route is set in place, found through an index of its parent's route names: copying the parent, or
        // searching its routes, per child would be quadratic in the children of one coordinator.
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
                let child = context.coordinators[parent]!.routes[index].destination?.value.name
            else { continue }
            let location = context.coordinators[parent]!.routes[index].location
            let kind = context.coordinators[parent]!.kind?.value
            let transitionPath = FactPath.route(parent, routeName, .transition)
            let picked = pickedStart(of: child, parent: parent, route: context.coordinators[parent]!.routes[index], context)
            // A start that finishes, closes or selects shows nothing of its own: it is no push.
            if let start = picked?.0 ?? state.startTransitions[child] ?? nil,
                [.push, .present, .setRoot, .show, .showDetail, .embed].contains(start.value)
            {
                let transition: Transition = start.value == .present ? .present : (start.value == .setRoot ? .setRoot : .push)
                // A tab, split or page coordinator has no stack: a child that pushes or sets a root on the stack it
                // is given works on another coordinator's, which a spec cannot name.
                if let kind, kind != .navigation, transition != .present {
                    context.notes.append(
                        ExtractionNote(
                            .foreignStack,
                            "`\(parent).\(routeName)` starts `\(child)`, whose start() does `\(start.value)` on a stack that is not "
                                + "`\(parent)`'s (a \(kind.rawValue) coordinator): route left out",
                            at: location, coordinator: parent))
                    leftOut[parent, default: []].insert(index)
                    context.coordinators[parent]?.markOpen()
                    continue
                }
                // Its own reason goes with it: `setRoot` that is a push taking the stack over says so.
                let lifted = "the child's start() does `\(start.value)`" + (start.confidence.reason.map { ", \($0)" } ?? "")
                let why = picked != nil ? start.confidence.reason ?? lifted : lifted
                let fact = context.put(Fact(transition, at: start.location, .inferred(why)), transitionPath)
                context.coordinators[parent]?.routes[index].transition = fact
                if transition != .present { context.attachedToParentStack.insert(child) }
                if transition == .present, picked.map(\.styled) ?? state.unreadStartStyles.contains(child) {
                    context.coordinators[parent]?.routes[index].open = Located(true, at: start.location)
                }
                if transition == .present, picked == nil, let style = state.startStyles[child] ?? nil {
                    let fact = context.put(
                        Fact(style.value, at: style.location, .inferred("the child's start() presents it so")),
                        .route(parent, routeName, .style))
                    context.coordinators[parent]?.routes[index].style = fact
                }
                if transition == .present, picked == nil, let dismissible = state.startDismissible[child] ?? nil {
                    let fact = context.put(
                        Fact(dismissible.value, at: dismissible.location, .inferred("the child's start() presents it so")),
                        .route(parent, routeName, .dismissible))
                    context.coordinators[parent]?.routes[index].dismissible = fact
                }
            } else {
                let fact = context.put(
                    Fact(Transition.attach, at: location, .inferred("neither the method nor the child's start() navigates")), transitionPath
                )
                context.coordinators[parent]?.routes[index].transition = fact
            }
        }
        for (parent, indexes) in leftOut {
            guard let routes = context.coordinators[parent]?.routes else { continue }
            context.coordinators[parent]?.routes = routes.enumerated().filter { !indexes.contains($0.offset) }.map(\.element)
        }
    }

    /// Methods a screen calls as it goes away (`deinit`, `didMove(toParent:)`): a popped first screen runs them.
    /// And the methods the app's navigation controller calls on the controller it pops (`override func
    /// popViewController` … `viewController.didPopViewController(animated:)`): a popped screen runs its own.
    static func readGoingAway(_ context: Context) -> GoingAway {
        var goingAway = GoingAway()
        for name in context.recognizer.order {
            guard let type = context.recognizer.types[name] else { continue }
            let notifiesPops = type.keyword == .class && type.inherited.contains { $0.base == "UINavigationController" }
            for method in type.methods {
                if method.name == "deinit" || method.name == "didMove" {
                    goingAway.called.formUnion(method.calls.map(\.name))
                } else if notifiesPops, method.name.hasPrefix("pop") {
                    goingAway.popNotifications.formUnion(
                        method.calls.filter { !["", "self", "super"].contains(plainReceiver($0.receiver)) }.map(\.name))
                }
            }
        }
        return goingAway
    }

    /// The exits on which a parent lets each kept child go, read once for the parent.
    struct ReleaseLinking {
        let name: String
        let type: TypeFacts
        let goingAway: GoingAway
        /// Route → the one place it keeps its child in.
        let slots: [String: String]
        /// The methods that release the parent itself.
        let ownFinishers: Set<String>
        /// Exits on which the parent lets every child go.
        var parentExits: [Fact<ExitKind>] = []
        /// The parent's methods that release a child when it finishes.
        var finishReleases: Set<String> = []
        /// Places a method empties as it sets a new root (`homeCoordinator = nil` in `showOnboarding()`).
        var emptiedOnReplace: [String: (method: String, call: CallFacts)] = [:]
        /// Routes a child asks for and goes on (`didTapSwap(…, in: tokensCoordinator)` running `swapToken`): no
        /// `then` (the child is not done), but the parent's own doing, on an event of the child's.
        var asked: [Fact<String>] = []
        /// The closures each child hands back (`State.handBacks`), and what the parent's code lets go, read once when
        /// first needed (`UIKitHandedBack`).
        let handBacks: [String: HandBacks]
        var lettingGo: LettingGo?

        init(
            _ name: String, _ type: TypeFacts, _ goingAway: GoingAway, slots: [String: String], handBacks: [String: HandBacks],
            _ context: Context
        ) {
            self.name = name
            self.type = type
            self.goingAway = goingAway
            self.slots = slots
            self.handBacks = handBacks
            let mapping = context.recognizer.mapping
            ownFinishers = selfReleasingMethods(of: name, context)
            for method in type.methods where setsNewRoot(method, mapping) {
                for call in method.calls where call.closures.isEmpty {
                    if let place = releasedPlace(call), emptiedOnReplace[place] == nil { emptiedOnReplace[place] = (method.name, call) }
                }
            }
            for method in type.methods {
                // A method that lets every child go and sets a new root releases them on `replaced`.
                if let clear = method.calls.first(where: { clearsChildren($0, mapping) }),
                    setsNewRoot(method, mapping)
                {
                    parentExits.append(
                        Fact(.replaced, at: clear.location, .inferred("`\(method.name)()` lets every child go as it sets a new root")))
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
        }

        /// The exits on which the child of route `index` is let go.
        mutating func link(_ index: Int, of coordinator: inout Coordinator, _ context: inout Context) {
            let route = coordinator.routes[index]
            func path(_ exit: ExitKind) -> FactPath { .route(name, route.name, .releaseOn, item: exit.rawValue) }
            var exits = (route.releaseOn?.value ?? []).compactMap { context.fact($0, path($0.value)) }
            exits += parentExits
            let letsGo = (coordinator.routes[index].destination?.value.name).map { lettingGo(of: $0, context) } ?? []
            if let child = coordinator.routes[index].destination?.value.name,
                let told = tellsParentWhenAScreenGoes(child, finishReleases.union(letsGo.map(\.0.method.name)), goingAway, context)
            {
                exits.append(told)
            }
            exits += letsGo.map(\.1)
            // After the parent's own reactions, which say more precisely where the child is let go.
            if let child = coordinator.routes[index].destination?.value.name, let finish = selfRelease(of: child, context) {
                exits.append(finish)
            }
            if let back = noBackExit(route, context) { exits.append(back) }
            if let child = coordinator.routes[index].destination?.value.name {
                followReactions(to: child, at: index, of: &coordinator, &context)
            }
            if exits.contains(where: { $0.value == .finish }), let child = coordinator.routes[index].destination?.value.name {
                let handedOn = navigationDelegateHandedOn(by: child, context)
                exits += finishesOnItsOwnExits(child, delegateHandedOn: handedOn != nil, context)
                if let handedOn, !exits.contains(where: { $0.value == .back }) {
                    Self.sayLeftOut(
                        .back, of: route.name, in: name,
                        "`\(child).\(handedOn.method)` starts a child on its navigation controller and makes it that controller's "
                            + "delegate (\(Self.place(handedOn.handover))), so `\(child).navigationController(_:didShow:)` no longer "
                            + "hears the pop", &context)
                }
            }
            // A route that sets the root and keeps its child in one place: run again, it replaces the root and the
            // child before it alike (`authenticationFlow = flow` on every sign-out).
            if let place = slots[route.name], let emptied = emptiedOnReplace[place] {
                exits.append(
                    Fact(.replaced, at: emptied.call.location, .inferred("`\(emptied.method)()` empties `\(place)` as it sets a new root")))
            }
            if route.transition?.value == .setRoot, let place = slots[route.name], let kept = route.retain {
                exits.append(
                    Fact(
                        .replaced, at: kept.location,
                        .inferred("the next `\(route.name)` keeps its child in `\(place)`, letting this one go")))
            }
            if let child = coordinator.routes[index].destination?.value.name {
                dropFinishKeptAfterHandBack(&exits, route: route, child: child, &context)
            }
            var seen: Set<ExitKind> = []
            let released = exits.filter { seen.insert($0.value).inserted }.sorted { $0.value < $1.value }.map {
                context.put($0, path($0.value))
            }
            coordinator.routes[index].releaseOn = Located(released, at: route.retain?.location ?? route.location)
        }

        /// Says on the route's `releaseOn` why it leaves `exit` out.
        static func sayLeftOut(_ exit: ExitKind, of route: String, in parent: String, _ why: String, _ context: inout Context) {
            context.provenance.set(.route(parent, route, .releaseOn), .inferred("not on \(exit.rawValue): \(why)"))
        }

        /// `file:line`, as a reason cites a place.
        static func place(_ location: SourceLocation) -> String { "\(location.file):\(location.line)" }

        /// The parent's reactions to the child that let it go: by removing it, or by ending the parent's own flow
        /// with it (`func didCancel(in coordinator: SendCoordinator) { delegate?.didCancel(in: self) }`), when the
        /// child goes with the parent.
        func lettingGo(of child: String, _ context: Context) -> [(Context.Reaction, Fact<ExitKind>)] {
            return context.reactions(of: name, to: child).compactMap { reaction -> (Context.Reaction, Fact<ExitKind>)? in
                if let release = reaction.release {
                    // `didFinish(in:)` says what it is for; `didClose(in:)` is read as the child finishing.
                    let named = namesFinish(reaction.method.name)
                    return (
                        reaction,
                        Fact(
                            .finish, at: release.location,
                            named
                                ? .certain
                                : .inferred("`\(child)` finishes by calling the parent's `\(reaction.method.name)`, which removes it"))
                    )
                }
                guard let own = finishCall(in: reaction.method, finishers: ownFinishers, reactions: context.releasingReactions) else {
                    return nil
                }
                return (
                    reaction,
                    Fact(
                        .finish, at: own.location,
                        .inferred(
                            "`\(child)` finishes by calling the parent's `\(reaction.method.name)`, which ends `\(name)`'s own flow: the "
                                + "child goes with it"
                        ))
                )
            }
        }

        /// What the parent does once the child is done (`then`), and what the child asks of it and goes on.
        mutating func followReactions(to child: String, at index: Int, of coordinator: inout Coordinator, _ context: inout Context) {
            let route = coordinator.routes[index]
            for reaction in context.reactions(of: name, to: child) {
                var then = Set(coordinator.routes[index].then.map(\.route))
                let done = reaction.release != nil || endsFlow(reaction.method.name)
                if !done, let own = coordinator.routes.first(where: { $0.location == reaction.method.location }) {
                    asked.append(
                        Fact(own.name, at: own.location, .inferred("`\(child)` asks for it through the parent's `\(reaction.method.name)`"))
                    )
                }
                for next in reaction.continuations where coordinator.routes.contains(where: { $0.name == next.name }) {
                    guard done else {
                        asked.append(
                            Fact(
                                next.name, at: next.location,
                                .inferred("`\(child)` asks for it through the parent's `\(reaction.method.name)` and goes on")))
                        continue
                    }
                    guard then.insert(next.name).inserted else { continue }
                    let placed = context.put(
                        Fact(
                            next.name, at: next.location,
                            .inferred("the parent's `\(reaction.method.name)` runs it once `\(child)` is done")),
                        .route(name, route.name, .then, item: next.name))
                    coordinator.routes[index].then.append(RouteReference(coordinator: nil, route: placed.value, location: placed.location))
                }
            }
        }
    }
}
