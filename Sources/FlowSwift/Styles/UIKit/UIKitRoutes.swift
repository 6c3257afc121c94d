import FlowModel
import FlowConfig

/// A UIKit coordinator's routes: the methods that navigate or start a child, one route per arm where arms differ.
extension UIKitStyle {
    /// A UIKit coordinator: its routes, kept children, first route, tabs and triggers, read in that order.
    static func coordinator(_ declared: TypeFacts, state: inout State, context: inout Context) -> Coordinator? {
        let type = inliningHandedScreens(declared, context.recognizer.mapping)
        var reading = CoordinatorReading(type, &state, &context)
        let navigator = sceneNavigator(of: type, context)
        for method in type.methods where reading.routeMethods.contains(method.name) && method.location != navigator?.method.location {
            reading.readRoutes(of: method, &state, &context)
        }
        // Every call of the navigator, read once for its routes and their triggers.
        let navigatorCalls = navigator.map { Self.sceneCalls(of: $0, context) }
        if let navigator, let navigatorCalls {
            reading.addSceneRoutes(navigator, calls: navigatorCalls.calls, complete: navigatorCalls.complete, &context)
        }
        reading.coordinator.routes += reading.branches
        reading.readActionArms(&state, &context)
        reading.addKeptChildren(&state, &context)
        reading.noteAmbiguousFactories(&context)
        let screenFirst = reading.addScreenFirstRoute(&context)
        if screenFirst == nil { reading.addTemplateFirstRoute(&context) }
        if !reading.resolved { reading.coordinator.markOpen() }
        guard !reading.coordinator.routes.isEmpty else { return nil }
        reading.addFinishRoutes(&context)
        reading.addHandedOnEnds(&context)
        let routes = Dictionary(reading.coordinator.routes.map { ($0.name, $0.location) }, uniquingKeysWith: { first, _ in first })
        let runs = ownRuns(
            of: type, routes: routes, makers: Set(screenMakers(of: type, reading.coordinator).keys), handlers: state.handlers, context)
        reading.pickInitial(screenFirst: screenFirst, runs: runs, &state, &context)
        reading.addHandedBackEnds(&context)
        reading.continueAfterRestart(&context)
        if reading.coordinator.kind?.value == .tab { readTabs(&reading.coordinator, type, &state, &context) }
        reading.leaveOutForeignStacks(&context)
        reading.readTriggers(runs: runs, handlers: state.handlers, &context)
        if let navigator, let navigatorCalls { reading.addSceneTriggers(navigator, calls: navigatorCalls.calls, &context) }
        reading.addDispatchedTriggers(state.routerMethods, &context)
        reading.coordinator.holds = holds(of: reading.coordinator, &context)
        noteMadeWithLazyScreens(type, &context)
        return reading.coordinator
    }

    /// `lazy var rootViewController = Screen.instantiate(with: ScreenModel(coordinator: self))`: what the property's
    /// initializer makes beside the screen (its view model) is made with it, as in a route, so its triggers are the screen's.
    static func noteMadeWithLazyScreens(_ type: TypeFacts, _ context: inout Context) {
        for property in type.properties {
            guard let screen = Context.screenType(property, of: type), !context.isCoordinatorType(screen),
                let body = type.methods.first(where: { $0.name == property.name })
            else { continue }
            for made in body.constructed where made.value != screen && !context.isCoordinatorType(made.value) {
                context.madeWith[screen, default: []].append(made.value)
            }
        }
    }

    /// `name`, or `name2`, `name3`… when a route of the coordinator already has it.
    static func unusedName(_ name: String, in coordinator: Coordinator) -> String {
        var candidate = name
        var suffix = 1
        while coordinator.routes.contains(where: { $0.name == candidate }) {
            suffix += 1
            candidate = "\(name)\(suffix)"
        }
        return candidate
    }

    static func appendRoute(_ method: MethodFacts, to coordinator: inout Coordinator) -> Int? {
        guard method.name != "start", method.name != "init" else { return nil }
        coordinator.routes.append(Route(name: method.name, location: method.location))
        return coordinator.routes.count - 1
    }

    /// What the parent does once the child finishes: its own routes that the child's finish closure calls
    /// (`auth.finishFlow = { [weak self] in self?.showMain() }` → `then: showMain`), also from inside a dispatch, and
    /// those a closure handed to the call that makes the child calls (`builder.launch(completion: { self?.next() })`,
    /// `Child(dismissAction: { … })`): the child keeps it and runs it once it is done.
    static func continuations(in method: MethodFacts, routes: Set<String>) -> [Fact<String>] {
        var seen: Set<String> = []
        let handed = closuresHandedOn(in: method)
        return method.calls.compactMap { call in
            // `self?.start()` runs the start again: `then` is what it picks (resolved once the initial routes are known).
            guard routes.contains(call.name) || call.name == "start" else { return nil }
            let receiver = plainReceiver(call.receiver)
            guard receiver.isEmpty || receiver == "self" else { return nil }
            if let finish = call.closures.firstIndex(where: { namesFinish($0) }), call.closures[..<finish].allSatisfy(ownClosures.contains),
                seen.insert(call.name).inserted
            {
                return Fact(call.name, at: call.location)
            }
            if let outer = call.closures.last, handed.contains(outer), seen.insert(call.name).inserted {
                return Fact(
                    call.name, at: call.location,
                    .inferred("the closure `\(outer)` is handed on with the child, which runs it once it is done"))
            }
            return nil
        }
    }

    /// The labels of the closures the method hands to a call that neither navigates nor runs them in place (a
    /// factory or an initializer: `coordinatorBuilder.launch(completion: { … })`), at the method's own level; a label
    /// a navigation call also uses (`present(…, completion:)`) is left out.
    static func closuresHandedOn(in method: MethodFacts) -> Set<String> {
        var handed: Set<String> = []
        var navigating: Set<String> = []
        for call in method.calls where call.closures.isEmpty {
            let labels = call.arguments.compactMap { argument -> String? in
                guard case .other(let text) = argument.value, text == "closure" || text.hasPrefix("{") else { return nil }
                return argument.label == "{}" ? call.name : argument.label
            }
            guard !labels.isEmpty else { continue }
            if vocabulary.verbs[call.name] != nil || ownClosures.contains(call.name) {
                navigating.formUnion(labels)
            } else {
                handed.formUnion(labels)
            }
        }
        return handed.subtracting(navigating)
    }
}
