import FlowModel
import FlowConfig

// Navigate: which calls change what the user sees, and how: the team's names of `extract:` first, then UIKit's
// vocabulary (`UIKitStyle.vocabulary`), whose receivers decide where a name alone would mislead.
extension UIKitStyle {
    /// The argument a navigation call shows: the assigned value of `=`, else its first argument but `animated`.
    static func shownArgument(of call: CallFacts) -> ExpressionFacts? {
        call.name == "=" ? call.arguments.first?.value : call.arguments.first(where: { $0.label != "animated" })?.value
    }

    /// What a call does to navigation, when it is a navigation call.
    static func transition(of call: CallFacts, mapping: ExtractMapping) -> Transition? {
        // The receiver is read only for the names that need it: every call of the project comes here.
        if call.name == "=" {
            let receiver = plainReceiver(call.receiver)
            if receiver.hasSuffix("rootViewController") { return .setRoot }
            // `navigationController.viewControllers = [tokens]`: the stack replaced by the screens listed.
            if receiver.hasSuffix("viewControllers"), receiver.lowercased().contains("navigation"),
                case .array(let items)? = call.arguments.first?.value, !items.isEmpty
            {
                return .setRoot
            }
            return nil
        }
        // `host.presentedViewController?.dismiss(…)`: closes what the screen presented (an alert, a sheet of its own),
        // not the screen's presentation.
        if call.name == "dismiss", plainReceiver(call.receiver).hasSuffix("presentedViewController") { return nil }
        if let team = mapping.transition(named: call.name) {
            // `setSheetCoordinator(nil)`: the team's presenter given nothing closes what it shows, it shows no screen.
            if call.arguments.first(where: { $0.label != "animated" })?.value == .other("nil") {
                return mapping.present.contains(call.name) ? .dismiss : nil
            }
            return team
        }
        // Every call of the project comes here: the app's own wrappers and quiet receivers are looked up only when it
        // has any.
        if !mapping.wrappedTransitions.isEmpty, let wrapped = mapping.wrappedTransitions[call.name], !call.arguments.isEmpty,
            !["", "self", "super"].contains(plainReceiver(call.receiver))
        {
            // `router.raise(deck)`, where the app's `raise` presents the screen it is handed: followed, not named.
            return wrapped
        }
        if !mapping.quietReceivers.isEmpty, let quiet = mapping.quietReceivers[call.name],
            quiet.contains(StorageEffects.root(of: call.receiver))
        {
            // `chimes.present(.saved)`, on a property of the app's type whose `present` does not navigate.
            return nil
        }
        return vocabulary.transition(of: call)
    }
}
