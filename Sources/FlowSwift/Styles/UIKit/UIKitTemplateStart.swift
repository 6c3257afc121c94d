import FlowModel
import FlowConfig

/// A `start()` that shows what one of the coordinator's own methods makes, through a method of the app that navigates:
/// `override final func start() { let screen = build(); presentation.run(presentedViewController: screen) }` in a base
/// class, each subclass overriding `build()`. How the screen is shown (pushed or presented) is the presentation object's
/// choice; what is shown is the subclass's `build()`: its first screen.
extension UIKitStyle.CoordinatorReading {
    /// The `start` route with the screen the type's own maker returns, when `start()` hands it to the app's navigating
    /// method and reads as no route otherwise.
    mutating func addTemplateFirstRoute(_ context: inout Context) {
        guard !routeMethods.contains("start"), !routeNames.contains("start"),
            let start = type.methods.first(where: { $0.name == "start" && $0.hasBody })
        else { return }
        for call in start.calls where call.closures.isEmpty && mapping.navigatesByEffect.contains(call.name) {
            guard !["", "self", "super"].contains(plainReceiver(call.receiver)), UIKitStyle.transition(of: call, mapping: mapping) == nil,
                let shown = call.arguments.lazy.map(\.value).first(where: { madeByOwnMethod($0, in: start, before: call.location) })
            else { continue }
            guard case .type(let screen, _, _) = context.recognizer.resolve(shown, in: start, of: type, at: call.location),
                !context.isCoordinatorType(screen)
            else { continue }
            var route = Route(name: "start", location: start.location)
            route.destination = context.put(
                Fact(
                    .screen(screen), at: call.location,
                    .inferred(
                        "`start()` hands what `\(type.name)`'s own method makes to `\(plainReceiver(call.receiver)).\(call.name)()`, "
                            + "a method of the app that shows it")),
                .route(name, route.name, .screen))
            if let shows = shownThrough(call, of: type, context) {
                let why = "`\(plainReceiver(call.receiver))` holds a `\(shows.holder)`, whose `\(call.name)` does `\(shows.transition)`"
                route.transition = context.put(
                    Fact(shows.transition, at: shows.location, .inferred(why)), .route(name, route.name, .transition))
            }
            coordinator.routes.insert(route, at: 0)
            routeNames.insert(route.name)
            return
        }
    }

    /// How `holder.call(screen)` shows the screen when the type gives `holder` one value of a known type: in a
    /// property's initializer, an assignment in `init`, or the argument of that name its `init` hands to `super.init`
    /// (`super.init(presentation: PushPresentation(navigationController))`), whose method of that name pushes,
    /// presents or sets as root the screen it is handed, and nothing else.
    private func shownThrough(
        _ call: CallFacts, of type: TypeFacts, _ context: Context
    ) -> (transition: Transition, holder: String, location: SourceLocation)? {
        let holder = plainReceiver(call.receiver)
        guard !holder.contains(".") else { return nil }
        var given: Set<String> = []
        if case .construct(let made, _)? = type.properties.first(where: { $0.name == holder })?.initializer { given.insert(made) }
        for initializer in type.methods where initializer.name == "init" {
            let assigned = initializer.calls.filter { $0.name == "=" && plainReceiver($0.receiver) == holder }.flatMap(\.arguments)
            for argument in assigned + initializer.superInitArguments.filter({ $0.label == holder }) {
                if case .construct(let made, _) = argument.value { given.insert(made) }
            }
        }
        guard given.count == 1, let made = given.first, let shower = context.recognizer.types[made] else { return nil }
        var found: (Transition, SourceLocation)?
        for method in shower.methods where method.name == call.name && method.hasBody {
            let handed = Set(method.parameters.map(\.name))
            for inner in method.calls where inner.closures.isEmpty {
                guard let transition = UIKitStyle.transition(of: inner, mapping: mapping) else { continue }
                guard [.push, .present, .setRoot].contains(transition), case .reference(let shown)? = UIKitStyle.shownArgument(of: inner),
                    handed.contains(shown), found == nil || found?.0 == transition
                else { return nil }
                found = (transition, inner.location)
            }
        }
        return found.map { ($0.0, made, $0.1) }
    }

    /// Whether `value` is (or is bound to) a call of one of the type's own methods (`build()`, `self.makeScreen()`).
    private func madeByOwnMethod(_ value: ExpressionFacts, in method: MethodFacts, before location: SourceLocation) -> Bool {
        var value = value
        if case .reference(let local) = value, let bound = method.binding(local, before: location) { value = bound }
        guard case .factory(let call) = value else { return false }
        let called = plainReceiver(call)
        return !called.contains(".") && type.methods.contains { $0.name == called && $0.hasBody && $0.name != "start" }
    }
}
