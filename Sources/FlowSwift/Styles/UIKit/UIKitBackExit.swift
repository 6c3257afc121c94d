import FlowModel

/// A pushed child whose first screen takes its back button away has no `back` exit: UIKit turns the edge swipe off
/// with the button, so whatever releases the child, nothing is left behind on back.
extension UIKitStyle {
    /// `back` for a child route whose pushed first screen hides its back button, as an exit with nothing to release.
    static func noBackExit(_ route: Route, _ context: Context) -> Fact<ExitKind>? {
        guard route.transition?.value == .push, let child = route.destination?.value.name,
            let first = firstScreen(of: child, context), let hides = hidesBackButton(first, context.recognizer.index)
        else { return nil }
        let how = hides.name == "=" ? "\(plainReceiver(hides.receiver)) = …" : "\(plainReceiver(hides.receiver)).\(hides.name)(…)"
        return Fact(
            .back, at: hides.location, .inferred("`\(first)` hides its back button (`\(how)`): there is no back exit to release it on"))
    }

    /// The screen a coordinator shows first: its one initial route's.
    static func firstScreen(of coordinator: String, _ context: Context) -> String? {
        guard let built = context.coordinators[coordinator], built.initials.count == 1,
            let initial = built.routes.first(where: { $0.name == built.initials[0].value }),
            case .screen(let screen)? = initial.destination?.value
        else { return nil }
        return screen
    }

    /// The call by which a screen (or a superclass of it) takes its back button away: `navigationItem.hidesBackButton =
    /// true`, `setHidesBackButton(true, …)`, or a left bar button item in its place (unless
    /// `leftItemsSupplementBackButton = true` keeps the back button beside it).
    static func hidesBackButton(_ screen: String, _ index: ProjectIndex) -> CallFacts? {
        guard let type = index.types[screen] else { return nil }
        let calls = type.methods.flatMap(\.calls).filter { $0.closures.isEmpty }
        func place(_ call: CallFacts) -> String { plainReceiver(call.receiver) }
        if calls.contains(where: {
            $0.name == "=" && place($0).hasSuffix("leftItemsSupplementBackButton") && $0.arguments.first?.value == .other("true")
        }) {
            return nil
        }
        return calls.first { call in
            switch call.name {
            case "setHidesBackButton": return call.arguments.first?.value == .other("true")
            case "=":
                let target = place(call)
                if target.hasSuffix("hidesBackButton") { return call.arguments.first?.value == .other("true") }
                return (target.hasSuffix("leftBarButtonItem") || target.hasSuffix("leftBarButtonItems"))
                    && call.arguments.first?.value != .other("nil")
            default: return false
            }
        }
    }
}
