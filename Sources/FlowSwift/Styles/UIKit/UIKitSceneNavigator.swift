import FlowModel
import FlowConfig

/// One navigator (DESIGN §5): a coordinator whose method takes a value of an app enum, makes the screen through a
/// method of that enum that switches over its cases (`scene.viewController()`), and shows it the way a second enum
/// argument says (`transition(to: .recipe(model), type: .push)`). Each scene case is a route per transition its call
/// sites use (`recipe_push`); the route's screen is what the enum's method makes for that case, and the screens and
/// view models of a case (its associated values) trigger the calls they make.
extension UIKitStyle {
    struct SceneNavigator {
        let method: MethodFacts
        let scenes: TypeFacts
        let maker: MethodFacts
        /// The parameter whose enum picks how the screen is shown, switched over in `method`.
        let kindParameter: String?
    }

    /// The type's navigator method, if it has one.
    static func sceneNavigator(of type: TypeFacts, _ context: Context) -> SceneNavigator? {
        let index = context.recognizer.index
        for method in type.methods where method.hasBody && method.parameters.count <= 3 {
            for parameter in method.parameters {
                guard let declared = parameter.type, let scenes = index.types[declared], scenes.keyword == .enum, !scenes.cases.isEmpty,
                    let made = method.calls.first(where: { call in
                        plainReceiver(call.receiver) == parameter.name
                            && scenes.methods.contains { $0.name == call.name && $0.calls.contains { $0.switchCase != nil } }
                    }),
                    let maker = scenes.methods.first(where: { $0.name == made.name }),
                    method.calls.contains(where: { transition(of: $0, mapping: context.recognizer.mapping) != nil })
                else { continue }
                let kind = method.parameters.first { other in
                    other.name != parameter.name && other.type.map { index.types[$0]?.keyword == .enum } == true
                        && method.calls.contains { $0.switchCase != nil }
                }
                return SceneNavigator(
                    method: method, scenes: scenes, maker: maker, kindParameter: kind?.name)
            }
        }
        return nil
    }

    /// A call of the navigator: the scene case and the kind case it passes, where, and in which type.
    struct SceneCall {
        var scene: String
        var kind: String?
        var caller: String
        var location: SourceLocation
        var route: String { kind.map { "\(scene)_\($0)" } ?? scene }
    }

    /// Every call of the navigator whose scene and kind are written as cases (`.recipe(model)`, `.push`), in
    /// declaration order; `complete` is false when some call passes a value the reader cannot tell.
    static func sceneCalls(of navigator: SceneNavigator, _ context: Context) -> (calls: [SceneCall], complete: Bool) {
        let index = context.recognizer.index
        let cases = Set(navigator.scenes.cases.map(\.name))
        let label = navigator.method.firstLabel
        var found: [SceneCall] = []
        var complete = true
        for name in index.order {
            guard let type = index.types[name] else { continue }
            for method in type.methods {
                for call in method.calls where call.name == navigator.method.name && call.arguments.first?.label == label {
                    guard let scene = call.arguments.first?.value.caseName, cases.contains(scene) else {
                        complete = false
                        continue
                    }
                    var kind: String?
                    if navigator.kindParameter != nil {
                        guard let written = call.arguments.dropFirst().lazy.compactMap(\.value.caseName).first else {
                            complete = false
                            continue
                        }
                        kind = written
                    }
                    found.append(SceneCall(scene: scene, kind: kind, caller: name, location: call.location))
                }
            }
        }
        return (found, complete)
    }

    /// The screen the enum's method makes for `scene`: the first of the app's controllers constructed in that case.
    static func sceneScreen(_ scene: String, of navigator: SceneNavigator, _ index: ProjectIndex) -> Located<String>? {
        for call in navigator.maker.calls where call.switchCase?.contains(scene) == true {
            guard let type = index.types[call.name], type.keyword == .class, isController(call.name, kind: "Controller", index) else {
                continue
            }
            return Located(call.name, at: call.location)
        }
        return nil
    }

    /// How the navigator shows a scene of `kind`: the transition of its navigation call under that case (the only
    /// one, when no kind is passed).
    static func sceneTransition(_ kind: String?, of navigator: SceneNavigator, _ mapping: ExtractMapping) -> (Transition, SourceLocation)? {
        let shown = navigator.method.calls.compactMap { call -> (Transition, SourceLocation)? in
            guard kind.map({ call.switchCase?.contains($0) == true }) ?? true, let transition = transition(of: call, mapping: mapping)
            else { return nil }
            return (transition, call.location)
        }
        guard let first = shown.first, shown.allSatisfy({ $0.0 == first.0 }) else { return nil }
        return first
    }
}

extension UIKitStyle.CoordinatorReading {
    /// The navigator's routes, one per scene and kind its call sites pass, those the launch passes first; a call the
    /// reader cannot tell, or a scene whose screen or transition it cannot read, leaves the coordinator open.
    mutating func addSceneRoutes(
        _ navigator: UIKitStyle.SceneNavigator, calls: [UIKitStyle.SceneCall], complete: Bool, _ context: inout Context
    ) {
        let index = context.recognizer.index
        var resolved = complete
        let launched = calls.filter { index.types[$0.caller].map(Recognizer.launches) == true }
        var routes: [Route] = []
        for call in launched + calls.filter({ index.types[$0.caller].map(Recognizer.launches) != true })
        where !routeNames.contains(call.route) {
            guard let screen = UIKitStyle.sceneScreen(call.scene, of: navigator, index),
                let (transition, shownAt) = UIKitStyle.sceneTransition(call.kind, of: navigator, mapping)
            else {
                resolved = false
                continue
            }
            var route = Route(name: call.route, location: call.location)
            context.provenance.set(
                .route(name, call.route),
                .inferred(
                    "`\(call.caller)` calls `\(navigator.method.name)` with `.\(call.scene)`\(call.kind.map { " and `.\($0)`" } ?? "")"))
            route.transition = Located(transition, at: shownAt)
            route.destination = context.put(
                Fact(
                    .screen(screen.value), at: screen.location,
                    .inferred("what `\(navigator.scenes.name).\(navigator.maker.name)()` makes for `.\(call.scene)`")),
                .route(name, call.route, .screen))
            routes.append(route)
            routeNames.insert(call.route)
        }
        coordinator.routes.insert(contentsOf: routes, at: 0)
        if !resolved {
            context.notes.append(
                ExtractionNote(
                    .dynamicDestination,
                    "`\(name).\(navigator.method.name)` is called with a scene the reader cannot tell, or shows one it cannot read: those "
                        + "routes are left out",
                    at: navigator.method.location, coordinator: name))
            coordinator.markOpen()
        }
    }

    /// The route a scene's call of `method` runs: the method's own route, or, when its arms close differently, the
    /// arm that closes a scene shown as `route` is (dismiss after a present, pop after a push); `nil` when no arm does.
    private func closingArm(_ method: String, for route: Route, _ context: Context) -> String? {
        guard let others = context.alternatives[name]?[method] else { return method }
        let wanted: Transition? =
            switch route.transition?.value {
            case .present?: .dismiss
            case .push?: .pop
            default: nil
            }
        return ([method] + others).first { arm in coordinator.routes.contains { $0.name == arm && $0.transition?.value == wanted } }
    }

    /// What the screens and view models of each scene call on the navigator: that scene's routes' triggers.
    mutating func addSceneTriggers(_ navigator: UIKitStyle.SceneNavigator, calls: [UIKitStyle.SceneCall], _ context: inout Context) {
        let index = context.recognizer.index
        let ownRoutes = Set(coordinator.routes.map(\.name))
        // Branching methods whose arm each scene's call was given: no longer every arm at once.
        var picked: Set<String> = []
        // The navigator's methods the scenes call, given to the scenes that call them: not the coordinator's own triggers.
        var called: Set<String> = []
        defer {
            for method in picked { context.alternatives[name]?[method] = nil }
            coordinator.triggers.removeAll { called.contains($0.route) }
        }
        for position in coordinator.routes.indices {
            let route = coordinator.routes[position]
            guard let scene = calls.first(where: { $0.route == route.name })?.scene,
                case .screen(let screen)? = route.destination?.value
            else { continue }
            let associated = navigator.scenes.cases.first { $0.name == scene }?.parameters.compactMap(\.type) ?? []
            let owners = Set([screen] + associated)
            var fired: [RouteReference] = []
            for call in calls where owners.contains(call.caller) && !fired.contains(where: { $0.route == call.route }) {
                fired.append(RouteReference(coordinator: nil, route: call.route, location: call.location))
            }
            // Its other routes they call on the navigator (`coordinator.pop()`). A method that closes in one arm and pops
            // in another, picked by whether the screen was presented, closes this scene the way it was shown.
            for owner in owners.sorted() {
                for method in index.types[owner]?.methods ?? [] {
                    for call in method.calls
                    where call.receiver != nil && call.name != navigator.method.name && ownRoutes.contains(call.name) {
                        called.insert(call.name)
                        if context.alternatives[name]?[call.name] != nil { picked.insert(call.name) }
                        guard let arm = closingArm(call.name, for: route, context), !fired.contains(where: { $0.route == arm }) else {
                            continue
                        }
                        fired.append(RouteReference(coordinator: nil, route: arm, location: call.location))
                    }
                }
            }
            for trigger in fired where !route.triggers.contains(where: { $0.route == trigger.route }) {
                context.provenance.set(
                    .route(name, route.name, .triggers, item: trigger.route), .inferred("called from a screen or view model of `.\(scene)`")
                )
                coordinator.routes[position].triggers.append(trigger)
            }
        }
    }
}
