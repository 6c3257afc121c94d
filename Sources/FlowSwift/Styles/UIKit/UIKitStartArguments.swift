import FlowModel

/// A child's `start` that takes a flag and navigates in each arm of an `if` on it (`func start(present: Bool) {
/// if present { … present(wrapped) } else { push(screen) } }`): the literal its caller hands (`child.start(present:
/// true)`, or its own `start()` calling `start(present: false)`) picks the arm, and the transition is that arm's.
extension UIKitStyle {
    /// The transition of the arm the parent's route picks by the literal it hands the child's `start`, if it hands one,
    /// and whether that arm sets how it presents (`modalPresentationStyle`, `isModalInPresentation`), which is not read.
    static func pickedStart(of child: String, parent: String, route: Route, _ context: Context) -> (Fact<Transition>, styled: Bool)? {
        let index = context.recognizer.index
        guard let method = index.types[parent]?.methods.first(where: { $0.location == route.location && $0.hasBody }),
            let variable = method.variable(constructing: child), let childType = index.types[child]
        else { return nil }
        for call in method.calls where call.name == "start" && plainReceiver(call.receiver) == variable {
            if let picked = armTransition(of: childType, called: call, depth: 0, context) { return picked }
        }
        return nil
    }

    /// What the type's `start` does when called so: the arm of an `if` on the flag that the call's literal picks, or,
    /// for a `start` that only hands a literal on to another of its own (`start() { start(present: false) }`), that one's.
    private static func armTransition(
        of type: TypeFacts, called call: CallFacts, depth: Int, _ context: Context
    ) -> (Fact<Transition>, styled: Bool)? {
        let literals = call.arguments.compactMap { argument -> (String, Bool)? in
            guard let label = argument.label, case .other(let text) = argument.value, ["true", "false"].contains(text) else { return nil }
            return (label, text == "true")
        }
        let mapping = context.recognizer.mapping
        if literals.isEmpty {
            // `start()` handing a literal on to its overload.
            guard depth == 0, let start = type.methods.first(where: { $0.name == "start" && $0.parameters.isEmpty && $0.hasBody }),
                !start.calls.contains(where: { $0.closures.isEmpty && transition(of: $0, mapping: mapping) != nil })
            else { return nil }
            for inner in start.calls where inner.name == "start" && ["", "self"].contains(plainReceiver(inner.receiver)) {
                if let picked = armTransition(of: type, called: inner, depth: depth + 1, context) { return picked }
            }
            return nil
        }
        let labels = Set(literals.map(\.0))
        guard
            let start = type.methods.first(where: { method in
                method.name == "start" && method.hasBody && labels.isSubset(of: Set(method.parameters.map(\.name)))
            })
        else { return nil }
        for (label, value) in literals {
            for (statement, flag) in start.flags where flag == label || flag == "!" + label {
                let arm = value == (flag == label) ? 0 : 1
                let navigation = start.calls.first { inner in
                    inner.ifArm?.statement == statement && inner.ifArm?.arm == arm && inner.closures.isEmpty
                        && transition(of: inner, mapping: mapping) != nil
                }
                guard let navigation, let transition = transition(of: navigation, mapping: mapping) else { continue }
                let why = "the child's `start(\(label): \(value))` does `\(transition)` in that arm of its `if \(flag)`"
                let styled = start.calls.contains { inner in
                    inner.ifArm?.statement == statement && inner.ifArm?.arm == arm && inner.name == "="
                        && ["modalPresentationStyle", "isModalInPresentation"].contains { plainReceiver(inner.receiver).hasSuffix($0) }
                }
                return (Fact(transition, at: navigation.location, .inferred(why)), styled)
            }
        }
        return nil
    }
}
