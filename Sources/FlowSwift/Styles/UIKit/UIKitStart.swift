import FlowModel
import FlowConfig

/// Where a UIKit coordinator begins: its `start()`, the helpers it calls, the route it picks on app state.
extension UIKitStyle {
    /// Whether the method sets a new root itself (not in a callback): what lets a child go on `replaced`.
    static func setsNewRoot(_ method: MethodFacts, _ mapping: ExtractMapping) -> Bool {
        method.calls.contains { $0.closures.isEmpty && transition(of: $0, mapping: mapping) == .setRoot }
    }

    /// Whether the method makes a child coordinator as it runs, itself or through a factory it keeps.
    static func startsChild(_ method: MethodFacts, of type: TypeFacts, _ context: Context) -> Bool {
        if childMadeNow(in: method, of: type, context) != nil { return true }
        if case .child? = context.factoryProduct(in: method, of: type) { return true }
        return false
    }

    /// `window.rootViewController = stack` where `stack` is a navigation controller made empty (`UINavigationController()`,
    /// or the app's subclass): it puts up the coordinator's stack and shows no screen of its own. The route `start()`
    /// runs next shows the first one, at the root of that stack.
    static func putsUpEmptyStack(_ call: CallFacts, in method: MethodFacts, of type: TypeFacts, _ context: Context) -> Bool {
        guard call.name == "=", plainReceiver(call.receiver).hasSuffix("rootViewController"), let value = call.arguments.first?.value,
            case .type(let name, _, _) = context.recognizer.resolve(value, in: method, of: type, at: call.location)
        else { return false }
        return name == "UINavigationController"
            || context.recognizer.types[name]?.inherited.contains { $0.base == "UINavigationController" } == true
    }

    /// UIKit's callbacks a coordinator implements as a delegate: what they do is an exit's effect, not a route.
    static let systemCallbacks: Set<String> = [
        "init", "deinit", "presentationControllerDidDismiss", "presentationControllerWillDismiss",
        "presentationControllerDidAttemptToDismiss",
        "navigationController", "didMove",
    ]

    /// The type's own methods that a navigating `start()` calls and nothing else in the project does
    /// (`start() { setViewControllers([profile]); presentStack() }`): part of the start, not routes of their own.
    /// On a stack (not a `hub`, whose helpers make the tabs' flows), one that starts a child
    /// (`start() { window.rootViewController = stack; showMain() }`) is a route `start()` runs: the child is what the
    /// user sees first, on the stack `start()` put up.
    static func startHelpers(of type: TypeFacts, hub: Bool, _ context: Context) -> Set<String> {
        let mapping = context.recognizer.mapping
        guard let start = type.methods.first(where: { $0.name == "start" }),
            start.calls.contains(where: { transition(of: $0, mapping: mapping) != nil && $0.closures.isEmpty })
        else { return [] }
        let own = start.calls.filter { call in
            (call.receiver == nil || plainReceiver(call.receiver) == "self") && call.name != "start" && call.closures.isEmpty
                && type.methods.contains { $0.name == call.name && (hub || !startsChild($0, of: type, context)) }
        }
        return Set(own.map(\.name).filter { name in context.recognizer.index.callCounts[name] == own.filter { $0.name == name }.count })
    }

    /// The route a coordinator starts with shows what its parent's route shows: its transition, style and
    /// `dismissible` are the parent's to write (`linkChildren` lifts them onto the route that starts the child).
    static func liftStart(
        of coordinator: inout Coordinator, at index: Int, checksStyle: Bool = true, _ state: inout State, _ context: inout Context
    ) {
        let route = coordinator.routes[index]
        state.startTransitions[coordinator.name] = context.fact(route.transition, .route(coordinator.name, route.name, .transition))
        state.startStyles[coordinator.name] = context.fact(route.style, .route(coordinator.name, route.name, .style))
        state.startDismissible[coordinator.name] = context.fact(route.dismissible, .route(coordinator.name, route.name, .dismissible))
        if checksStyle, route.isOpen || showsAlert(route) { state.unreadStartStyles.insert(coordinator.name) }
        coordinator.routes[index].transition = nil
        coordinator.routes[index].style = nil
        coordinator.routes[index].dismissible = nil
    }

    /// `in `case .onboarding``, or `in a `switch` case` when the pattern names no member (`case (.swap(let p), .real)`).
    static func caseText(_ call: CallFacts) -> String {
        if call.switchCase == nil, call.ifArm != nil { return "in one arm of an `if`" }
        guard let names = call.switchCase, !names.isEmpty else { return "in a `switch` case" }
        return "in `case .\(names.joined(separator: ", ."))`"
    }

    /// The routes a `start()` that is no route itself calls in the cases of a `switch` (on app state, a launch
    /// option), or else in the arms of one `if`: one call per route, in order, when there are at least `atLeast`
    /// (two, unless `start()` navigates itself in another branch).
    static func pickedOnAppState(_ start: MethodFacts, routes: Set<String>, atLeast: Int = 2) -> [CallFacts]? {
        let runs = start.calls.filter { call in
            (call.receiver == nil || plainReceiver(call.receiver) == "self") && call.closures.isEmpty && routes.contains(call.name)
        }
        var seen: Set<String> = []
        let picked = runs.filter { $0.switchCase != nil && seen.insert($0.name).inserted }
        if picked.count >= atLeast { return picked }
        // `if settings.hasSource { showFeed() } else { showSetup() }`: the first route each arm of one `if` runs.
        guard let statement = runs.first(where: { $0.ifArm != nil })?.ifArm?.statement else { return nil }
        var arms: Set<Int> = []
        seen = []
        let armed = runs.filter { call in
            guard let arm = call.ifArm, arm.statement == statement else { return false }
            return arms.insert(arm.arm).inserted && seen.insert(call.name).inserted
        }
        return armed.count >= atLeast ? armed : nil
    }

    /// A `start()` that is no route and hands over to an object it keeps (`application.start(launchOptions:)`): the
    /// coordinator's routes that method calls back, outside closures, through a property holding the coordinator
    /// or a protocol it conforms to (`navigation?.showActiveWallet(wallet:)`). They are where it may start.
    static func handedOverPicks(
        _ start: MethodFacts, of type: TypeFacts, routes: Set<String>, _ context: Context
    ) -> [(call: CallFacts, owner: String)]? {
        let accepted = Set([type.name] + type.inherited.map(\.base))
        var picked: [(call: CallFacts, owner: String)] = []
        for handOver in start.calls where handOver.closures.isEmpty {
            let receiver = plainReceiver(handOver.receiver)
            guard !receiver.isEmpty, !receiver.contains("."), let declared = type.properties.first(where: { $0.name == receiver })?.type
            else { continue }
            let candidates = context.recognizer.index.concreteTypes(declared.base)
            guard candidates.count == 1, let helper = context.recognizer.types[candidates[0]], !context.isCoordinatorType(helper.name),
                let method = helper.methods.first(where: { $0.name == handOver.name })
            else { continue }
            let back = Set(helper.properties.filter { $0.type.map { accepted.contains($0.base) } ?? false }.map(\.name))
            for call in method.calls
            where call.closures.isEmpty && routes.contains(call.name) && back.contains(plainReceiver(call.receiver))
                && !picked.contains(where: { $0.call.name == call.name })
            {
                picked.append((call, helper.name))
            }
        }
        return picked.isEmpty ? nil : picked
    }
}
