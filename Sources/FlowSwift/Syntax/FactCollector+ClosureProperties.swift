import FlowModel
import SwiftSyntax

/// Computed properties whose getter returns a closure (`private var showHelp: () -> Void { return { … } }`): the
/// closure's body is what calling the property runs, so the property is read as a method with that body
/// (`isReturnedByFunction`), and naming it where a closure is expected (`onHelp: showHelp`) hands it on as a method
/// reference (`onPasswordRequest: showPassword(email:)`) would.
extension FactCollector {
    /// Records that the property being read returns a closure from its getter; the closure's parameters are the
    /// property's, as a method's are (`{ [weak self] content in … }` of a `([Step]) -> Void` → `content: [Step]`).
    func noteClosureProperty(_ type: TypeSyntax, _ closure: ClosureExprSyntax) {
        guard let current = typeStack.last, let name = method?.name else { return }
        closureProperties[current, default: []].insert(name)
        var function = type
        if let attributed = function.as(AttributedTypeSyntax.self) { function = attributed.baseType }
        guard let types = function.as(FunctionTypeSyntax.self)?.parameters.map({ text(of: $0.type) }), !types.isEmpty else { return }
        let names: [String]
        switch closure.signature?.parameterClause {
        case .simpleInput(let shorthand)?: names = shorthand.map(\.name.plainName)
        case .parameterClause(let clause)?: names = clause.parameters.map { ($0.secondName ?? $0.firstName).plainName }
        case nil: names = []
        }
        method?.parameters = types.enumerated().map { index, type in
            ParameterFacts(name: index < names.count ? names[index] : "_\(index)", type: type)
        }
    }

    /// After the walk: each argument of a type's calls that names one of its closure properties (`onHelp: showHelp`,
    /// `self.showHelp`) is a reference to it, as a method's name written with its argument names is.
    func linkClosureProperties() {
        for (index, names) in closureProperties {
            for m in types[index].methods.indices {
                let shadowed = Set(types[index].methods[m].parameters.map(\.name)).union(types[index].methods[m].bindings.keys)
                var references: [CallFacts] = []
                for c in types[index].methods[m].calls.indices {
                    let call = types[index].methods[m].calls[c]
                    for argument in call.arguments {
                        guard case .reference(let written) = argument.value else { continue }
                        let name = plainReceiver(written)
                        guard names.contains(name), name != written || !shadowed.contains(name) else { continue }
                        types[index].methods[m].calls[c].givenClosures.append(call.location)
                        references.append(
                            CallFacts(
                                receiver: name != written ? "self" : nil, name: name, arguments: [], location: call.location,
                                switchCase: call.switchCase, ifArm: call.ifArm, caseOutside: call.caseOutside,
                                closures: [argument.label ?? "_"] + call.closures,
                                handles: call.handles, handlerDepth: call.handlerDepth, closureAt: call.location))
                    }
                }
                types[index].methods[m].calls += references
            }
        }
    }
}
