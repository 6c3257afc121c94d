import FlowModel

/// Holds through closures, for every style: a coordinator keeps a value (a screen, its view model, a view, a
/// subscription) that keeps a closure keeping the coordinator, so neither is ever freed.
enum ClosureHolds {
    /// Framework classes that keep what they are made with: the argument each one keeps.
    static let frameworkKeepers: [String: Set<String>] = [
        "UIHostingController": ["rootView"], "UINavigationController": ["rootViewController"],
        "StateObject": ["wrappedValue"], "ObservedObject": ["wrappedValue"], "State": ["wrappedValue"],
    ]

    /// `holds: {Self: strong}` where the coordinator keeps, in a strong stored property of its own, a value made
    /// with a closure that keeps the coordinator (one naming `self` without `[weak self]`, or one of its methods
    /// handed by name, directly or through a local made with it), and each step on the way keeps what it is handed:
    /// an initializer that stores the argument, a struct's memberwise one, a view under modifiers, a framework
    /// controller's root or property wrapper, a method (a builder's) whose product keeps that parameter, or Combine's
    /// `sink` on a `@Published` property's publisher; unless another method lets the value go.
    static func read(of name: String, _ holds: inout [Hold], _ context: Context) {
        let index = context.recognizer.index
        guard let type = index.types[name], type.keyword == .class else { return }
        // The index's types carry what they inherit: a base class's methods and properties are the coordinator's too.
        let methods = Set(type.methods.filter(\.hasBody).map(\.name))
        let stored = Dictionary(type.properties.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        let keeping = Keeping(index: index)
        for method in type.methods {
            for handoff in method.handoffs {
                guard let capture = capture(of: handoff, in: method, type, methods, stored, keeping, depth: 0),
                    let property = keptProperty(handoff, in: method, stored), property.strength == .strong,
                    !releasedElsewhere(property.name, than: method, in: type),
                    keeping.keeps(handoff.path, declared: property.type.map { index.resolved($0).base }, in: type, depth: 0)
                else { continue }
                holds.keepStrongest(Hold.selfReference, .strong, at: capture)
            }
        }
    }

    /// Where what the handoff hands keeps the coordinator: a closure that does, one of its methods, or a local made
    /// with one and keeping it (`let view = ShelfView { self.close() }` handed on as `rootView: view`).
    private static func capture(
        of handoff: Handoff, in method: MethodFacts, _ type: TypeFacts, _ methods: Set<String>, _ stored: [String: PropertyFacts],
        _ keeping: Keeping, depth: Int
    ) -> SourceLocation? {
        switch handoff.handed {
        case .closure: return handoff.location
        case .method(let handed): return methods.contains(handed) && stored[handed] == nil ? handoff.location : nil
        case .local(let local) where depth < Keeping.depth:
            for made in method.handoffs where made.placeIsLocal && made.place == local {
                guard let capture = capture(of: made, in: method, type, methods, stored, keeping, depth: depth + 1),
                    keeping.keeps(made.path, declared: nil, in: type, depth: depth + 1)
                else { continue }
                return capture
            }
            return nil
        default: return nil
        }
    }

    /// The coordinator's property the value ends up in: assigned to it, bound to a local assigned to it, or the value
    /// of the property whose initializer this is.
    private static func keptProperty(_ handoff: Handoff, in method: MethodFacts, _ stored: [String: PropertyFacts]) -> PropertyFacts? {
        if !handoff.placeIsLocal {
            let place = plainReceiver(handoff.place)
            return stored[place.isEmpty ? method.name : place]
        }
        if method.returns.contains(.reference(handoff.place)), let property = stored[method.name] { return property }
        for call in method.calls where call.name == "=" && !call.onLocal && call.arguments.first?.value == .reference(handoff.place) {
            if let property = stored[plainReceiver(call.receiver)] { return property }
        }
        return nil
    }

    /// Another method than the one that keeps the value (its `init` and `deinit` aside) sets the property anew, or
    /// cancels or empties what it holds (`subscription?.cancel()`, `cancellables.removeAll()`): the value may go, and
    /// the cycle with it.
    private static func releasedElsewhere(_ property: String, than keeper: MethodFacts, in type: TypeFacts) -> Bool {
        type.methods.contains { method in
            method.location != keeper.location && !["init", "deinit"].contains(method.name)
                && method.calls.contains { call in
                    ["=", "cancel", "removeAll"].contains(call.name) && plainReceiver(call.receiver) == property
                }
        }
    }

    /// Whether what a value is made with stays in it, read through the index a few steps deep; what a method's
    /// product keeps of a parameter is worked out once.
    final class Keeping {
        let index: ProjectIndex
        /// How many steps (constructions, makers, locals) are followed: a cycle or a long chain ends there, unread.
        static let depth = 6
        private var returned: [String: Bool] = [:]

        init(index: ProjectIndex) { self.index = index }

        /// Every step of the path keeps the argument the next one is handed as; `declared` is the type of the
        /// place the value is kept in (what `.init(…)` makes), `owner` the type whose method made it.
        func keeps(_ path: [CaptureStep], declared: String?, in owner: TypeFacts, depth: Int) -> Bool {
            guard !path.isEmpty, depth < Self.depth else { return false }
            for (position, step) in path.enumerated() {
                if step.maker == "sink" {
                    // Combine's subscriber keeps its closures until the publisher ends or the subscription is cancelled:
                    // a publisher of a `@Published` property (`model.$state…`) never ends.
                    guard step.label == "{}" || step.label == "receiveValue",
                        (step.receiver ?? "").split(separator: ".").contains(where: { $0.hasPrefix("$") })
                    else { return false }
                    continue
                }
                if let maker = step.maker {
                    guard let made = makerMethod(maker, on: step.receiver, of: owner), let parameter = parameter(of: made.method, step),
                        returns(made.method, keep: parameter, in: made.type, depth: depth + 1)
                    else { return false }
                    continue
                }
                guard let name = step.type ?? (position == 0 ? declared : nil) else { return false }
                if step.modified, index.types[name].map(SwiftUIStyle.isView) != true { return false }
                guard keeps(name, step) else { return false }
            }
            return true
        }

        /// The method a maker step calls: the owner's own, or one of the type of the owner's property it is called on.
        private func makerMethod(_ name: String, on receiver: String?, of owner: TypeFacts) -> (method: MethodFacts, type: TypeFacts)? {
            var type = owner
            if let receiver, !["", "self"].contains(receiver) {
                guard let property = owner.properties.first(where: { $0.name == plainReceiver(receiver) }),
                    let held = index.heldType(property, in: owner)
                else { return nil }
                type = held
            }
            return type.methods.first { $0.name == name && $0.hasBody }.map { ($0, type) }
        }

        /// What the method returns keeps its parameter: handed to the returned value, or to a local the returned value
        /// keeps, each step keeping it.
        private func returns(_ method: MethodFacts, keep parameter: String, in type: TypeFacts, depth: Int) -> Bool {
            let key = "\(type.name).\(method.name)@\(method.location.line):\(method.location.column).\(parameter)"
            if let known = returned[key] { return known }
            returned[key] = false  // a method reached again while it is worked out keeps nothing more
            let values = method.handoffs.filter { handoff in
                handoff.placeIsLocal ? method.returns.contains(.reference(handoff.place)) : handoff.place.isEmpty
            }
            let keeps = values.contains { kept($0, parameter, in: method, type, depth: depth) }
            returned[key] = keeps
            return keeps
        }

        /// The handoff passes the parameter on, itself or through a local made with it, and its path keeps it.
        private func kept(_ handoff: Handoff, _ parameter: String, in method: MethodFacts, _ type: TypeFacts, depth: Int) -> Bool {
            guard depth < Self.depth else { return false }
            switch handoff.handed {
            case .parameter(parameter): break
            case .local(let local):
                let made = method.handoffs.filter { $0.placeIsLocal && $0.place == local }
                guard made.contains(where: { kept($0, parameter, in: method, type, depth: depth + 1) }) else { return false }
            default: return false
            }
            return keeps(handoff.path, declared: method.returnType.map { index.resolved($0).base }, in: type, depth: depth + 1)
        }

        /// The type keeps the argument: its initializer stores the parameter of that name, a struct without one stores
        /// it memberwise, or it hands it to a superclass (the app's, or a framework controller) that keeps it.
        private func keeps(_ name: String, _ step: CaptureStep) -> Bool {
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
                    // `_model = StateObject(wrappedValue: model)`: stored through a property wrapper that keeps it.
                    if initializer.handoffs.contains(where: { handoff in
                        !handoff.placeIsLocal && handoff.handed == .parameter(parameter) && isProperty(handoff.place, of: type)
                            && handoff.path.count == 1
                            && handoff.path[0].type.map { frameworkKeepers[$0]?.contains(handoff.path[0].label) } == true
                    }) {
                        return true
                    }
                }
                // An initializer the type inherits, or one that hands the argument to `super.init`.
                guard let next = type.inherited.first(where: { index.types[$0.base]?.keyword != .protocol })?.base,
                    initializers.isEmpty || initializers.contains(where: { handsToSuper($0, step.label) })
                else { return false }
                current = next
            }
            return false
        }

        private func handsToSuper(_ initializer: MethodFacts, _ label: String) -> Bool {
            initializer.superInitArguments.contains { $0.label == label }
        }

        /// The stored property a memberwise initializer fills from the argument: the one of its name, or for the first
        /// trailing closure the first closure-typed property no written label fills.
        private func memberwiseProperty(of type: TypeFacts, _ step: CaptureStep) -> PropertyFacts? {
            if step.label != "{}" { return type.properties.first { $0.name == step.label } }
            return type.properties.first { $0.type?.base.contains("->") == true && !step.labels.contains($0.name) }
        }

        /// The parameter of a method or initializer the argument is: the one of its name, or for the first trailing
        /// closure the first closure-typed one no written label names.
        private func parameter(of method: MethodFacts, _ step: CaptureStep) -> String? {
            if step.label != "{}" { return method.parameters.first { $0.name == step.label }?.name }
            return method.parameters.first { $0.type?.contains("->") == true && !step.labels.contains($0.name) }?.name
        }

        /// `self.onDone = onDone`, or `onDone = onDone` naming a property: the initializer stores the parameter.
        private func stores(_ call: CallFacts, _ parameter: String, in type: TypeFacts) -> Bool {
            guard call.name == "=", call.arguments.first?.value == .reference(parameter), let receiver = call.receiver else { return false }
            return isProperty(receiver, of: type)
        }

        /// `self.model`, `model`, or a wrapper's storage `_model`: a property of the type.
        private func isProperty(_ place: String, of type: TypeFacts) -> Bool {
            let place = plainReceiver(place)
            let unwrapped = place.hasPrefix("_") ? String(place.dropFirst()) : place
            return type.properties.contains { $0.name == place || $0.name == unwrapped }
        }
    }
}
