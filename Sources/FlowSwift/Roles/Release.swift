import FlowModel
import FlowConfig

// Release: which calls let a child go (`removeAll { $0 === c }`, `= nil`, `childDidFinish`), and the
// presentation callbacks after which a release counts as the user's dismissal.
extension UIKitStyle {
    static func isRelease(_ call: CallFacts, _ mapping: ExtractMapping) -> Bool {
        if mapping.release.contains(call.name) || call.name.hasPrefix("removeFromParent") { return true }
        // A method of the app's that takes a child it is handed out of the storage it keeps it in (`StorageEffects`),
        // run on that storage's owner: here, the caller. (A child telling its parent, `parent?.childEnded(self)`,
        // is read by `selfRelease`.)
        if mapping.releasedByEffect.contains(call.name), !call.arguments.isEmpty, ["", "self"].contains(plainReceiver(call.receiver)) {
            return true
        }
        if vocabulary.release.contains(call.name) {
            return call.name != "removeAll" || holdsChildren(call, mapping)
        }
        if call.name == "remove" || call.name == "removeValue" { return holdsChildren(call, mapping) }
        if call.name == "=", case .other("nil")? = call.arguments.first?.value {
            let receiver = foldedReceiver(call)
            return receiver.contains("coordinator") || receiver.contains("children") || receiver.contains("child")
                || keptInChildStorage(call, mapping)
        }
        return false
    }

    /// A closure that runs as a presentation is closed: `onDismiss:`, `dismissalCallback:`, or the trailing closure
    /// of a navigation coordinator's `setSheetCoordinator(_:)` (not UIKit's `present(_:animated:completion:)`, whose
    /// completion runs once the presentation is shown).
    static func isDismissalCallback(_ label: String) -> Bool {
        label.lowercased().contains("dismiss") || label == "setSheetCoordinator" || label == "setFullScreenCoverCoordinator"
    }

    /// The place `place = nil` empties.
    static func releasedPlace(_ call: CallFacts) -> String? {
        call.name == "=" && call.arguments.first?.value == .other("nil") ? plainReceiver(call.receiver) : nil
    }

    /// `presenter.setSheetCoordinator(stack) { self?.machine.send(.preferencesClosed) }`, where the handler of
    /// `.preferencesClosed` sets `preferencesFlow = nil`: the dismissal callback lets the child kept in `place` go,
    /// on `dismiss`. The releases so tied, and where they are.
    static func releasesOnDismissal(
        of place: String, in method: MethodFacts, handlers: [EventHandler: [(MethodFacts, CallFacts)]]
    ) -> ([Fact<ExitKind>], Set<SourceLocation>) {
        let senders = method.calls.filter { call in
            call.closures.first.map(isDismissalCallback) == true
                && call.arguments.contains { if case .member = $0.value { true } else { false } }
        }
        guard !place.isEmpty, !senders.isEmpty else { return ([], []) }
        var exits: [Fact<ExitKind>] = []
        var tied: Set<SourceLocation> = []
        for sender in senders {
            guard let event = sentEvent(sender, handlers) else { continue }
            for (_, release) in handlers[event] ?? [] where releasedPlace(release) == place && tied.insert(release.location).inserted {
                exits.append(
                    Fact(
                        .dismiss, at: release.location,
                        .inferred("the dismissal callback sends `.\(event.event)`, whose handler lets it go")))
            }
        }
        return (exits, tied)
    }
}
