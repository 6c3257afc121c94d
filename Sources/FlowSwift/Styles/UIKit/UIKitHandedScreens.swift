import FlowModel
import FlowConfig

/// A coordinator's own helper that shows the screen it is handed (`func replaceRoot(_ screen: UIViewController) {
/// window.rootViewController = screen }`, `func show(_ screen:) { navigationController.pushViewController(screen, …) }`):
/// what it does is decided by each call (`replaceRoot(tabs)`), so the helper is no route of its own, and each call of it in
/// the coordinator is its navigation, of the screen that call hands it, where the call is. Read by what the helper's body
/// does, whatever it is called.
extension UIKitStyle {
    /// The type with each call of such a helper replaced by the helper's navigation of the handed screen, and the helper
    /// itself left without navigation. Helpers that hand on to such a helper are read the same way, a few levels deep.
    static func inliningHandedScreens(_ type: TypeFacts, _ mapping: ExtractMapping) -> TypeFacts {
        var type = type
        for _ in 0..<3 {
            let helpers = handedScreenHelpers(of: type, mapping)
            guard !helpers.isEmpty else { break }
            var replaced: Set<String> = []
            for index in type.methods.indices {
                var calls: [CallFacts] = []
                for call in type.methods[index].calls {
                    guard ["", "self"].contains(plainReceiver(call.receiver)), let helper = helpers[call.name],
                        type.methods[index].name != call.name, let handed = handedArgument(of: call, to: helper.method)
                    else {
                        calls.append(call)
                        continue
                    }
                    calls += helper.navigations.map { shown(by: $0, handing: handed, at: call) }
                    replaced.insert(call.name)
                }
                type.methods[index].calls = calls
            }
            guard !replaced.isEmpty else { break }
            for index in type.methods.indices where replaced.contains(type.methods[index].name) {
                type.methods[index].calls.removeAll { transition(of: $0, mapping: mapping) != nil }
            }
        }
        return type
    }

    /// Name → the helper and its navigation calls: methods with parameters whose every navigation call pushes,
    /// presents or sets as root one of them, directly (`present(screen, animated: true)`). A name declared twice is
    /// left out: which one a call runs is the type checker's to say.
    private static func handedScreenHelpers(of type: TypeFacts, _ mapping: ExtractMapping) -> [String: (
        method: MethodFacts, navigations: [CallFacts]
    )] {
        var helpers: [String: (method: MethodFacts, navigations: [CallFacts])] = [:]
        var declared: [String: Int] = [:]
        for method in type.methods { declared[method.name, default: 0] += 1 }
        // An initializer stores what it is handed (`self.rootViewController = rootViewController`): it shows nothing.
        for method in type.methods
        where method.hasBody && !method.parameters.isEmpty && declared[method.name] == 1 && method.name != "init" {
            let handed = Set(method.parameters.map(\.name))
            let navigations = method.calls.filter { transition(of: $0, mapping: mapping) != nil }
            guard !navigations.isEmpty,
                navigations.allSatisfy({ call in
                    guard let kind = transition(of: call, mapping: mapping), [.present, .push, .setRoot].contains(kind),
                        case .reference(let screen)? = shownArgument(of: call)
                    else { return false }
                    return handed.contains(screen)
                })
            else { continue }
            helpers[method.name] = (method, navigations)
        }
        return helpers
    }

    /// What a call hands the helper, parameter name → argument: by position when every argument is given, else only
    /// the first (the ones after it may be defaulted).
    private static func handedArgument(of call: CallFacts, to helper: MethodFacts) -> [String: ExpressionFacts]? {
        guard !call.arguments.isEmpty else { return nil }
        if call.arguments.count == helper.parameters.count {
            return Dictionary(
                zip(helper.parameters, call.arguments).map { ($0.name, given($1.value, as: $0)) },
                uniquingKeysWith: { first, _ in first })
        }
        return [helper.parameters[0].name: given(call.arguments[0].value, as: helper.parameters[0])]
    }

    /// `.init()` handed to a parameter of a declared type is a new value of that type (`swapRoot(.init())`: a blank
    /// `UIViewController`).
    private static func given(_ value: ExpressionFacts, as parameter: ParameterFacts) -> ExpressionFacts {
        guard case .member("init", _) = value, let declared = parameter.type, !declared.hasSuffix("?") else { return value }
        return .construct(declared, wrapped: nil)
    }

    /// The helper's navigation call as if written at `call`: the handed screen in place of the parameter, in the
    /// caller's closures, branches and cases.
    private static func shown(by navigation: CallFacts, handing handed: [String: ExpressionFacts], at call: CallFacts) -> CallFacts {
        var inlined = call
        inlined.receiver = navigation.receiver
        inlined.name = navigation.name
        inlined.arguments = navigation.arguments.map { argument in
            if case .reference(let name) = argument.value, let value = handed[name] { return (argument.label, value) }
            return argument
        }
        return inlined
    }
}
