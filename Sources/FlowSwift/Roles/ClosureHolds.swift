import FlowModel

// Holds through closures: a coordinator keeps a value (a screen, its view model, a view) that keeps a closure
// keeping the coordinator, so neither is ever freed.
extension UIKitStyle {
    /// Framework classes that keep what they are made with: the argument each one keeps.
    static let frameworkKeepers: [String: Set<String>] = [
        "UIHostingController": ["rootView"], "UINavigationController": ["rootViewController"],
    ]

    /// `holds: {Self: strong}` where the coordinator keeps, in a strong stored property of its own, a value made
    /// with a closure that keeps the coordinator (one naming `self` without `[weak self]`, or one of its methods
    /// handed by name), and each construction on the way keeps what it is handed: an initializer that stores the
    /// argument, a struct's memberwise one, a view under modifiers, or a framework controller's root.
    static func closureHolds(of name: String, _ holds: inout [Hold], _ context: Context) {
        let index = context.recognizer.index
        guard let type = index.types[name], type.keyword == .class else { return }
        // The index's types carry what they inherit: a base class's methods and properties are the coordinator's too.
        let methods = Set(type.methods.filter(\.hasBody).map(\.name))
        let stored = Dictionary(type.properties.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        for method in type.methods {
            for capture in method.selfCaptures {
                if let handed = capture.method, !methods.contains(handed) || stored[handed] != nil { continue }
                guard let property = keptProperty(capture, in: method, stored), property.strength == .strong,
                    keeps(capture.path, declared: property.type.map { index.resolved($0).base }, index)
                else { continue }
                holds.keepStrongest(Hold.selfReference, .strong, at: capture.location)
            }
        }
    }

    /// The coordinator's property the captured value ends up in: assigned to it, bound to a local assigned to it,
    /// or the value of the property whose initializer this is.
    private static func keptProperty(
        _ capture: SelfCapture, in method: MethodFacts, _ stored: [String: PropertyFacts]
    ) -> PropertyFacts? {
        if !capture.placeIsLocal {
            let place = capture.place.hasPrefix("self.") ? String(capture.place.dropFirst(5)) : capture.place
            return stored[place.isEmpty ? method.name : place]
        }
        if method.returns.contains(.reference(capture.place)), let property = stored[method.name] { return property }
        for call in method.calls where call.name == "=" && !call.onLocal && call.arguments.first?.value == .reference(capture.place) {
            let place = call.receiver.map { $0.hasPrefix("self.") ? String($0.dropFirst(5)) : $0 } ?? ""
            if let property = stored[place] { return property }
        }
        return nil
    }

    /// Every construction on the path keeps the argument the next one is handed as.
    private static func keeps(_ path: [CaptureStep], declared: String?, _ index: ProjectIndex) -> Bool {
        for (position, step) in path.enumerated() {
            guard let name = step.type ?? (position == 0 ? declared : nil) else { return false }
            if step.modified, index.types[name].map(SwiftUIStyle.isView) != true { return false }
            guard keeps(name, step, index) else { return false }
        }
        return !path.isEmpty
    }

    /// The type keeps the argument: its initializer stores the parameter of that name, a struct without one stores
    /// it memberwise, or it hands it to a superclass (the app's, or a framework controller) that keeps it.
    private static func keeps(_ name: String, _ step: CaptureStep, _ index: ProjectIndex) -> Bool {
        var current = name
        for _ in 0..<StorageEffects.depth {
            if frameworkKeepers[current]?.contains(step.label) == true { return true }
            guard let type = index.types[current] else { return false }
            let initializers = type.methods.filter { $0.name == "init" && $0.hasBody }
            if initializers.isEmpty, type.keyword == .struct {
                return memberwiseProperty(of: type, step) != nil
            }
            for initializer in initializers {
                guard let parameter = parameter(of: initializer, step) else { continue }
                if initializer.calls.contains(where: { stores($0, parameter, in: type) }) { return true }
            }
            // An initializer the type inherits, or one that hands the argument to `super.init`.
            guard let next = type.inherited.first(where: { index.types[$0.base]?.keyword != .protocol })?.base,
                initializers.isEmpty
                    || initializers.contains(where: { initializer in
                        initializer.calls.contains {
                            $0.name == "init" && $0.receiver == "super" && $0.arguments.contains { $0.label == step.label }
                        }
                    })
            else { return false }
            current = next
        }
        return false
    }

    /// The stored property a memberwise initializer fills from the argument: the one of its name, or for the first
    /// trailing closure the first closure-typed property no written label fills.
    private static func memberwiseProperty(of type: TypeFacts, _ step: CaptureStep) -> PropertyFacts? {
        if step.label != "{}" { return type.properties.first { $0.name == step.label } }
        return type.properties.first { $0.type?.base.contains("->") == true && !step.labels.contains($0.name) }
    }

    /// The initializer's parameter the argument is: the one of its name, or for the first trailing closure the
    /// first closure-typed one no written label names.
    private static func parameter(of initializer: MethodFacts, _ step: CaptureStep) -> String? {
        if step.label != "{}" { return initializer.parameters.first { $0.name == step.label }?.name }
        return initializer.parameters.first { $0.type?.contains("->") == true && !step.labels.contains($0.name) }?.name
    }

    /// `self.onDone = onDone`, or `onDone = onDone` naming a property: the initializer stores the parameter.
    private static func stores(_ call: CallFacts, _ parameter: String, in type: TypeFacts) -> Bool {
        guard call.name == "=", call.arguments.first?.value == .reference(parameter), let receiver = call.receiver else { return false }
        let place = receiver.hasPrefix("self.") ? String(receiver.dropFirst(5)) : receiver
        return type.properties.contains { $0.name == place }
    }
}
