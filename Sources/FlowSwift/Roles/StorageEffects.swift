import FlowModel

/// Retain and release read by effect: the methods of the app's own types that store a coordinator handed to them into
/// storage their type owns (`childCoordinators.append(c)`, `children[c.id] = c`, `self.child = c`), and those that
/// take one out of it (`removeAll { $0 === c }`, `children[c.id] = nil`), directly or through another such method of
/// the same type, a few calls deep. Whatever the methods are called: `attach(child:)`, `store(_:)`,
/// `coordinate(to:)` and `addDependency` are all found the same way.
struct StorageEffects: Sendable {
    /// Method name → whether the method also installs a release on the child, in a callback it hands to the child
    /// or to the child's start (`coordinator.start().handleEvents { self?.free(coordinator) }`): the child is then let
    /// go on whatever ends that callback, which the method does not say.
    private(set) var keeping: [String: Bool] = [:]
    private(set) var releasing: Set<String> = []

    /// How many methods deep a keep or a release is followed: enough for a public helper calling a private one
    /// calling a third, and a bound on what a cycle of methods costs.
    static let depth = 3

    init(_ index: ProjectIndex, isCoordinatorLike: (String) -> Bool) {
        // The methods handed something that may be a coordinator, with the storage their type owns: read once, then
        // followed round by round (a helper is known to keep once the one it calls is).
        var handedMethods: [(owned: Set<String>, method: MethodFacts, handed: Set<String>)] = []
        for name in index.order {
            guard let type = index.types[name], type.keyword == .class || type.keyword == .protocol || type.keyword == .actor else {
                continue
            }
            var owned: Set<String>?
            for method in type.methods where method.hasBody && !method.parameters.isEmpty {
                let handed = Set(method.parameters.filter { Self.mayHoldCoordinator($0, isCoordinatorLike) }.map(\.name))
                guard !handed.isEmpty else { continue }
                let storage = owned ?? Self.ownedStorage(of: type)
                owned = storage
                handedMethods.append((storage, method, handed))
            }
        }
        var keeps: [String: Bool] = [:]
        var releases: Set<String> = []
        for _ in 0..<Self.depth {
            for (owned, method, handed) in handedMethods {
                if keeps[method.name] == nil, Self.stores(handed, in: method, owned: owned, keeping: keeps) {
                    keeps[method.name] = Self.releasesLater(handed, in: method, owned: owned, releasing: releases)
                }
                if !releases.contains(method.name), Self.removes(handed, in: method, owned: owned, releasing: releases) {
                    releases.insert(method.name)
                }
            }
        }
        keeping = keeps
        releasing = releases
    }

    /// The stored properties of the type that can keep a coordinator alive: strong ones.
    private static func ownedStorage(of type: TypeFacts) -> Set<String> {
        Set(type.properties.filter { $0.strength == .strong }.map(\.name))
    }

    /// A parameter that can be a coordinator: typed as one (or as a base or generic placeholder of one), or named so.
    private static func mayHoldCoordinator(_ parameter: ParameterFacts, _ isCoordinatorLike: (String) -> Bool) -> Bool {
        if let type = parameter.type, isCoordinatorLike(String(type.prefix { $0.isLetter || $0.isNumber || $0 == "_" })) { return true }
        return parameter.name.lowercased().contains("coordinator")
    }

    /// `children[key]`, `self.child`, `childCoordinators`: the stored property a place starts from.
    static func root(of place: String?) -> String {
        let plain = plainReceiver(place)
        return String(plain.prefix { $0 != "." && $0 != "[" && $0 != "(" })
    }

    private static func mentions(_ names: Set<String>, _ value: ExpressionFacts) -> Bool {
        switch value {
        case .reference(let name): names.contains(plainReceiver(name))
        case .array(let items): items.contains { mentions(names, $0) }
        default: false
        }
    }

    /// Calls on the type itself: `store(c)`, `self.store(c)`, `self?.free(c)`.
    private static func onSelf(_ call: CallFacts) -> Bool {
        let receiver = plainReceiver(call.receiver)
        return receiver.isEmpty || receiver == "self"
    }

    private static func stores(_ handed: Set<String>, in method: MethodFacts, owned: Set<String>, keeping: [String: Bool]) -> Bool {
        method.calls.contains { call in
            guard call.closures.isEmpty, call.arguments.contains(where: { mentions(handed, $0.value) }) else { return false }
            switch call.name {
            case "append", "insert", "+=", "=":
                let place = root(of: call.receiver)
                return owned.contains(place) && !plainReceiver(call.receiver).hasSuffix("delegate")
            default:
                return onSelf(call) && keeping[call.name] != nil
            }
        }
    }

    /// Whether the method installs a release of what it was handed in a closure that runs later.
    private static func releasesLater(_ handed: Set<String>, in method: MethodFacts, owned: Set<String>, releasing: Set<String>) -> Bool {
        method.calls.contains { call in
            !call.closures.isEmpty && (removal(call, owned: owned) || (onSelf(call) && releasing.contains(call.name)))
        }
    }

    private static func removes(_ handed: Set<String>, in method: MethodFacts, owned: Set<String>, releasing: Set<String>) -> Bool {
        method.calls.contains { call in
            guard call.closures.isEmpty else { return false }
            if removal(call, owned: owned) { return true }
            return onSelf(call) && releasing.contains(call.name) && call.arguments.contains { mentions(handed, $0.value) }
        }
    }

    /// A removal from owned storage: `removeAll { … }`, `remove(at:)`, `removeValue(forKey:)`, `children[key] = nil`.
    private static func removal(_ call: CallFacts, owned: Set<String>) -> Bool {
        let place = plainReceiver(call.receiver)
        guard owned.contains(root(of: place)) else { return false }
        switch call.name {
        case "removeAll": return !call.arguments.isEmpty
        case "remove", "removeValue": return true
        case "=": return place.contains("[") && call.arguments.first?.value == .other("nil")
        default: return false
        }
    }
}
