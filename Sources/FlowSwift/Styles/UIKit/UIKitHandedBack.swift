import FlowModel
import FlowConfig

/// A closure the parent hands its child where it makes it (`GateCheck(onPassed: { self?.showTerms() })`, or through a
/// builder: `builder.launch(completion: { … })`), which the child keeps and runs once it is done. Running it ends the
/// child's flow, a finish; the parent lets the child go on that finish only if the closure's body does.
extension UIKitStyle {
    /// The closures a coordinator hands back, and the methods of its own that run one (`finishAction() {
    /// completion() }`): a call of such a method is a call of the closure.
    struct HandBacks {
        /// Property → the parameter `init` takes it from (the name its parent hands it under).
        var closures: [String: String] = [:]
        /// Method → the closure it runs.
        var helpers: [String: String] = [:]

        var isEmpty: Bool { closures.isEmpty }

        /// Whether calling `name` on the coordinator runs a closure it hands back.
        func runs(_ name: String) -> Bool { closures[name] != nil || helpers[name] != nil }
    }

    /// The stored properties an `init` of the type takes from its parameters and that the type runs to say it is
    /// done (`self.completion = completion` … `completion()`): the closures it hands back. Done means that the name
    /// says so (`completion`, `dismissAction`, `onFinish`: `endsFlow`'s words), or that `start()` itself calls it
    /// (`guard blocked else { return onPassed() }`: the flow ends before it shows anything). A closure that asks the
    /// parent for something and goes on (`onLearnMoreTapped`) is neither. One called only beside a release of the type
    /// itself (`finish(); onDone()`, `super.finish(); dismissed()`) ends the flow and lets it go, and is left out.
    /// Handing it on to a child it makes (`builder.consent(completion: completion)`) is running it once that child is
    /// done.
    static func handedBackClosures(of type: TypeFacts, _ context: Context) -> HandBacks {
        var taken: [String: String] = [:]
        for method in type.methods where method.name == "init" {
            let parameters = Set(method.parameters.map(\.name))
            for call in method.calls where call.name == "=" {
                guard case .reference(let given)? = call.arguments.first?.value, parameters.contains(given) else { continue }
                let place = plainReceiver(call.receiver)
                if !place.isEmpty, !place.contains("."), type.properties.contains(where: { $0.name == place }) { taken[place] = given }
            }
        }
        // A method of that name is the type's own: a call of it is no closure's.
        for method in type.methods { taken[method.name] = nil }
        guard !taken.isEmpty else { return HandBacks() }
        let finishers = lettingItselfGo(type.name, context)
        // `super.finish()` in an override lets the type go as the base class's `finish()` does.
        let base = context.recognizer.index.classLineage(of: type).dropFirst().first
        let superFinishers = base.map { lettingItselfGo($0.name, context) } ?? []
        var found = HandBacks()
        for method in type.methods where method.name != "init" {
            for call in method.calls {
                if let handed = handedOnToChild(call, among: taken) {
                    if endsFlow(handed) { found.closures[handed] = taken[handed] }
                    continue
                }
                guard let parameter = taken[call.name], ["", "self"].contains(plainReceiver(call.receiver)) else { continue }
                let atStart = method.name == "start" && call.closures.allSatisfy(ownClosures.contains)
                guard atStart || endsFlow(call.name) else { continue }
                let releases = method.calls.contains { other in
                    guard other.closures == call.closures, taken[other.name] == nil else { return false }
                    if plainReceiver(other.receiver) == "super" { return superFinishers.contains(other.name) }
                    return endsOwnFlow(other, finishers: finishers, reactions: context.releasingReactions)
                }
                guard !releases else { continue }
                found.closures[call.name] = parameter
                if method.name != "start", call.closures.allSatisfy(bodyClosures.contains) { found.helpers[method.name] = call.name }
            }
        }
        return found
    }

    /// The property of `taken` a call hands on by name as an argument of a call that is not the type's own
    /// (`builder.consent(completion: completion)`, `Consent(completion: completion)`).
    static func handedOnToChild(_ call: CallFacts, among taken: [String: String]) -> String? {
        guard call.name != "=", !["", "self"].contains(plainReceiver(call.receiver)) || call.name.first?.isUppercase == true else {
            return nil
        }
        for argument in call.arguments {
            if case .reference(let name) = argument.value, taken[plainReceiver(name)] != nil { return plainReceiver(name) }
        }
        return nil
    }

    /// What lets a child go in a parent's code, read once per parent (`ReleaseLinking` keeps it): a release, emptying
    /// a place that may keep a child (not `pendingDeeplink = nil` on a `URL?`), letting every child go, closing a screen
    /// (`popViewController`, `dismiss`: the child may be let go by its own release on back or dismissal, so it is read
    /// as letting it go, never as a leak on a guess), or ending the parent's own flow; and the parent's methods that
    /// do so as they run, themselves or through its other methods.
    struct LettingGo {
        let mapping: ExtractMapping
        let ownFinishers: Set<String>
        let reactions: Set<String>
        /// Properties declared as a type that is neither a coordinator nor one the app declares.
        let noChildPlaces: Set<String>
        var releasing: Set<String> = []

        init(_ type: TypeFacts, ownFinishers: Set<String>, _ context: Context) {
            mapping = context.recognizer.mapping
            self.ownFinishers = ownFinishers
            reactions = context.releasingReactions
            noChildPlaces = Set(
                type.properties.filter { property in
                    guard let declared = property.type?.base else { return false }
                    return !context.isCoordinatorType(declared) && context.recognizer.index.concreteTypes(declared).isEmpty
                }.map(\.name))
            let matches = self
            releasing = UIKitStyle.methodsReaching(matches.letsGo, in: type)
        }

        func letsGo(_ call: CallFacts) -> Bool {
            let closing: Set<Transition> = [.pop, .popToRoot, .popTo, .dismiss, .dismissToRoot]
            if let place = releasedPlace(call), !noChildPlaces.contains(place) { return true }
            return isRelease(call, mapping) || clearsChildren(call, mapping) || releasing.contains(call.name)
                || transition(of: call, mapping: mapping).map(closing.contains) == true
                || endsOwnFlow(call, finishers: ownFinishers, reactions: reactions)
        }

        /// The closure of `handedBack` that the parent's method making the child of `route` hands it with a body that
        /// does not let the child go (`completion: { self?.startNext() }`): the child's property, where the closure is.
        /// Handed through a builder (`builder.topics(didDismissAction: { … })`), the closure is the child's parameter the
        /// builder hands it on as (`TopicsCoordinator(dismissAction: didDismissAction)`).
        func kept(_ route: Route, handedBack: HandBacks, child: String, of type: TypeFacts, _ context: Context) -> Located<String>? {
            let properties = Dictionary(handedBack.closures.map { ($1, $0) }, uniquingKeysWith: min)
            for method in type.methods where method.location == route.location || method.name == route.name {
                let handed = closuresHandedOn(in: method)
                for call in method.calls where call.closures.isEmpty {
                    for argument in call.arguments {
                        guard let label = argument.label, handed.contains(label), case .other(let text) = argument.value,
                            text == "closure" || text.hasPrefix("{"),
                            let property = properties[parameter(label, handedTo: call, child: child, in: type, context)]
                        else { continue }
                        let body = method.calls.filter { $0.closures.contains(label) }
                        if let first = body.first, !body.contains(where: letsGo) { return Located(property, at: first.location) }
                    }
                }
            }
            return nil
        }
    }

    /// The type's methods that make a call `matches` as they run (not in a closure they hand on), themselves or
    /// through the type's other methods they call so.
    static func methodsReaching(_ matches: (CallFacts) -> Bool, in type: TypeFacts) -> Set<String> {
        func runs(_ call: CallFacts) -> Bool { call.closures.allSatisfy(ownClosures.contains) }
        var reaching = Set(type.methods.filter { $0.calls.contains { runs($0) && matches($0) } }.map(\.name))
        var callers: [String: Set<String>] = [:]
        for method in type.methods {
            for call in method.calls where runs(call) && ["", "self"].contains(plainReceiver(call.receiver)) {
                callers[call.name, default: []].insert(method.name)
            }
        }
        var queue = Array(reaching)
        while let next = queue.popLast() {
            for caller in callers[next] ?? [] where reaching.insert(caller).inserted { queue.append(caller) }
        }
        return reaching
    }

    /// The child's parameter a closure handed under `label` reaches: the label itself when the call makes the child,
    /// or, through a builder method that makes it, the label under which that method hands its parameter on.
    static func parameter(_ label: String, handedTo call: CallFacts, child: String, in type: TypeFacts, _ context: Context) -> String {
        guard call.name != child else { return label }
        let path = plainReceiver(call.receiver).split(separator: ".").map(String.init)
        guard !path.isEmpty, let builder = context.recognizer.index.typeBehind(path, from: type),
            let maker = builder.methods.first(where: { $0.name == call.name && $0.constructed.contains { $0.value == child } })
        else { return label }
        for made in maker.calls where made.name == child {
            for argument in made.arguments where argument.value == .reference(label) {
                if let given = argument.label { return given }
            }
        }
        return label
    }
}

extension UIKitStyle {
    /// The methods of the type that let it go: `selfReleasingMethods`, and those that hand it to a release the
    /// app's code performs (`parentCoordinator?.childDidFinish(self)`), as `selfRelease` reads them.
    static func lettingItselfGo(_ name: String, _ context: Context) -> Set<String> {
        let mapping = context.recognizer.mapping
        let methods = context.recognizer.types[name]?.methods ?? []
        let handing = methods.filter { method in method.calls.contains { handsItselfToRelease($0, mapping) } }
        return selfReleasingMethods(of: name, context).union(handing.map(\.name))
    }
}

extension UIKitStyle.CoordinatorReading {
    /// The closures the coordinator hands back, each a finish route: run in a screen's closure (`addFinishRoutes`), or
    /// by `start()` itself, which then may end the flow at once (`guard blocked else { return onPassed() }`): one
    /// more pick of `initial`. Each goes before the other finish routes, so a finding names it first.
    mutating func addHandedBackEnds(_ context: inout Context) {
        guard !handedBack.isEmpty, let start = type.methods.first(where: { $0.name == "start" }) else { return }
        let name = name
        for call in start.calls
        where handedBack.runs(call.name) && call.closures.allSatisfy(UIKitStyle.ownClosures.contains)
            && ["", "self"].contains(plainReceiver(call.receiver)) && !routeNames.contains(call.name)
        {
            insertHandedBackFinish(call.name, at: call.location)
            if coordinator.initials.count == 1, let first = context.fact(coordinator.initial, .coordinator(name, .initial)) {
                coordinator.initials = [context.put(first, .coordinator(name, .initial, item: first.value))]
            }
            coordinator.initials.append(
                context.put(
                    Fact(
                        call.name, at: call.location,
                        .inferred("`start()` may end the flow at once by running `\(call.name)`, the closure its parent hands it")),
                    .coordinator(name, .initial, item: call.name)))
        }
    }

    /// A finish route that runs a closure the coordinator hands back, before the coordinator's other finish routes:
    /// a finding about a finish names the one that lets nothing go.
    mutating func insertHandedBackFinish(_ name: String, at location: SourceLocation) {
        var route = Route(name: name, location: location)
        route.transition = Located(.finish, at: location)
        let firstFinish =
            coordinator.routes.firstIndex { $0.transition?.value == .finish && !handedBack.runs($0.name) } ?? coordinator.routes.endIndex
        coordinator.routes.insert(route, at: firstFinish)
        routeNames.insert(name)
    }

    /// A closure the coordinator was handed and hands on to a child it makes (`completion: completion`) runs once that
    /// child is done: a finish route of its own, the `then` of the route that starts the child.
    mutating func addHandedOnEnds(_ context: inout Context) {
        guard !handedBack.isEmpty else { return }
        let name = name
        for method in type.methods where routeMethods.contains(method.name) {
            guard let starting = coordinator.routes.firstIndex(where: { $0.name == method.name }),
                let child = coordinator.routes[starting].destination?.value.coordinatorName
            else { continue }
            for call in method.calls {
                guard let property = UIKitStyle.handedOnToChild(call, among: handedBack.closures) else { continue }
                if !routeNames.contains(property) {
                    context.provenance.set(
                        .route(name, property),
                        .inferred(
                            "it hands `\(property)`, the closure its own parent handed it, on to `\(child)`, which runs it once it is done"
                        ))
                    insertHandedBackFinish(property, at: call.location)
                }
                guard !coordinator.routes[starting].then.contains(where: { $0.route == property }) else { continue }
                let placed = context.put(
                    Fact(property, at: call.location, .inferred("`\(child)` runs `\(property)` once it is done")),
                    .route(name, method.name, .then, item: property))
                coordinator.routes[starting].then.append(RouteReference(coordinator: nil, route: placed.value, location: placed.location))
            }
        }
    }
}

extension UIKitStyle.ReleaseLinking {
    /// Drops the `finish` exits of the child of `route` when the closure its parent hands it runs on without letting
    /// it go, and says so on `releaseOn`. What the parent's code lets go is read once; each child's closures as it was built.
    mutating func dropFinishKeptAfterHandBack(
        _ exits: inout [Fact<ExitKind>], route: Route, child: String, _ context: inout Context
    ) {
        guard exits.contains(where: { $0.value == .finish }), let handedBack = handBacks[child] else { return }
        if lettingGo == nil { lettingGo = UIKitStyle.LettingGo(type, ownFinishers: ownFinishers, context) }
        guard let kept = lettingGo?.kept(route, handedBack: handedBack, child: child, of: type, context) else { return }
        exits.removeAll { $0.value == .finish }
        Self.sayLeftOut(
            .finish, of: route.name, in: name,
            "`\(child)` ends its flow by running `\(kept.value)`, which `\(route.name)` hands it (\(Self.place(kept.location))) "
                + "and which does not let it go", &context)
    }
}
