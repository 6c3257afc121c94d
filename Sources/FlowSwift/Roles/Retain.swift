import FlowModel
import FlowConfig

// Retain: which calls keep a child in storage the parent owns (`childCoordinators.append`, `addDependency`,
// `children[key] = child`, `self.child = c`).
extension UIKitStyle {
    static func isRetain(_ call: CallFacts, _ mapping: ExtractMapping) -> Bool {
        if mapping.retain.contains(call.name) { return true }
        // A method of the app's that stores the child it is handed (`StorageEffects`): only with the child handed over.
        if mapping.keptByEffect[call.name] != nil, ["", "self"].contains(plainReceiver(call.receiver)) {
            return call.arguments.contains { argument in
                switch argument.value {
                case .reference, .construct: true;
                default: false
                }
            }
        }
        // Combine's `.store(in: &cancellables)` keeps a subscription, not a child.
        if vocabulary.retain.contains(call.name) { return call.name != "store" || call.arguments.first?.label != "in" }
        if call.name == "append" || call.name == "insert" { return holdsChildren(call, mapping) }
        if call.name == "=" {
            guard case .reference(let value)? = call.arguments.first?.value, value != "self" else { return false }
            // `children[key] = child`, `self.avatarCoordinator = child`, `residents[key] = child` into a property
            // typed to hold coordinators; not `coordinator.delegate = self`.
            let place = foldedReceiver(call)
            return ((place.contains("coordinator") || place.contains("child")) && !place.hasSuffix("delegate"))
                || keptInChildStorage(call, mapping)
        }
        return false
    }

    /// The receiver without `?`, `!` and `self.`, lowercased: for the calls whose name says the receiver matters.
    static func foldedReceiver(_ call: CallFacts) -> String {
        plainReceiver(call.receiver).lowercased()
    }

    /// The call works on a list of children: `childCoordinators`, `children`, or a property typed to hold coordinators
    /// (`ExtractMapping.childStorage`).
    static func holdsChildren(_ call: CallFacts, _ mapping: ExtractMapping) -> Bool {
        let place = foldedReceiver(call)
        return place.hasSuffix("coordinators") || place.hasSuffix("children") || keptInChildStorage(call, mapping)
    }

    /// The call's receiver starts from a stored property typed to hold coordinators (`residents`, `self.kids[id]`).
    static func keptInChildStorage(_ call: CallFacts, _ mapping: ExtractMapping) -> Bool {
        !call.onLocal && !mapping.childStorage.isEmpty && mapping.childStorage.contains(StorageEffects.root(of: call.receiver))
    }

    /// `childCoordinators.removeAll()` or `children = []` run by the method itself: every child is let go.
    static func clearsChildren(_ call: CallFacts, _ mapping: ExtractMapping) -> Bool {
        guard call.closures.isEmpty else { return false }
        if call.name == "removeAll" { return call.arguments.isEmpty && holdsChildren(call, mapping) }
        if call.name == "=", case .array(let items)? = call.arguments.first?.value { return items.isEmpty && holdsChildren(call, mapping) }
        return false
    }
}

extension Recognizer {
    /// Why a child start's retention is unknown where no keeper was seen: the reason its open route carries, and
    /// what `--explain-open` says.
    static let notSeenKept = "not seen kept in childCoordinators, a dependency list or a stored property"
}
