import FlowModel

/// Presenters an app's modifier helper runs on a binding it is handed: `.withSheetDestinations(sheet:
/// $router.presentedSheet)`, where `extension View { func withSheetDestinations(sheet: Binding<Sheet?>) -> some View {
/// sheet(item: sheet) { … } } }`: the presentation is bound to what the caller hands, and shows what the helper's
/// closure does.
extension SwiftUIStyle {
    /// The presentations `type`'s methods bind through helpers of the app's, each read in the helper's body.
    static func helperBindings(of type: TypeFacts, _ index: ProjectIndex) -> [Binding] {
        guard !index.helpers.isEmpty else { return [] }
        var found: [Binding] = []
        for method in type.methods {
            for call in method.calls {
                // Most calls hand no binding: the cheap test first, every view's calls come here.
                guard call.arguments.contains(where: { bound($0.value) != nil }), names.presenters[call.name] == nil,
                    let helpers = index.helpers[call.name], helpers.count == 1, let helper = helpers.first
                else { continue }
                for (label, value) in call.arguments {
                    guard let (holder, property) = bound(value), let parameter = parameterName(label, of: call, in: helper) else {
                        continue
                    }
                    for (position, inner) in helper.calls.enumerated() where names.presenters[inner.name] != nil {
                        let handed = inner.arguments.first { $0.value == .reference(parameter) }
                        let kind: Binding.Kind
                        switch handed?.label {
                        case names.itemLabel?: kind = .item(modifier: inner.name)
                        case names.flagLabel?: kind = .flag(modifier: inner.name)
                        default: continue
                        }
                        found.append(
                            Binding(kind: kind, holder: holder, property: property, host: type.name, method: helper, call: position))
                    }
                }
            }
        }
        return found
    }

    /// The helper's parameter an argument is given to: by its label, else by its place.
    static func parameterName(_ label: String?, of call: CallFacts, in helper: MethodFacts) -> String? {
        if let label, helper.parameters.contains(where: { $0.name == label }) { return label }
        guard let position = call.arguments.firstIndex(where: { $0.label == label }), position < helper.parameters.count,
            call.arguments.count == helper.parameters.count
        else { return nil }
        return helper.parameters[position].name
    }
}
