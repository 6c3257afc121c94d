import FlowModel
import FlowConfig

/// A navigation controller has one delegate. A coordinator released on back through its own
/// `navigationController(_:didShow:)` hears the pop only while it is its navigation controller's delegate; the helper
/// that starts children (`func start(_ child:) { … child.root.delegate = child … }`) makes each child the delegate
/// of its own navigation controller. A coordinator that starts a child made with its navigation controller
/// (`safari(navigationController: root)`) hands that child the delegate, and nothing gives it back: from then on,
/// back no longer reaches it.
extension UIKitStyle {
    /// Where `child` hands its navigation controller's delegate to a child of its own, when it does and never takes the
    /// delegate back (`root.delegate = self`): its method that starts that child, and the line that moves the delegate.
    static func navigationDelegateHandedOn(by child: String, _ context: Context) -> (method: String, handover: SourceLocation)? {
        guard let type = context.recognizer.types[child] else { return nil }
        // The type's methods and its superclasses' (an override of one `start` hides the base's other `start`s in the
        // merged type), nearest first.
        let methods = context.recognizer.index.classLineage(of: type).flatMap(\.methods)
        // The helpers that make the child they are given the delegate of its navigation controller (`x.root.delegate =
        // x`), with the property they name (`root`), and the helpers that hand their child on to one.
        var helpers: [String: (property: String, at: SourceLocation)] = [:]
        for method in methods {
            guard let given = method.parameters.first?.name else { continue }
            for call in method.calls where call.name == "=" && call.closures.isEmpty {
                let place = plainReceiver(call.receiver).split(separator: ".").map(String.init)
                guard place.count == 3, place[0] == given, place[2] == "delegate", call.arguments.first?.value == .reference(given)
                else { continue }
                helpers[method.name] = (place[1], call.location)
            }
        }
        guard !helpers.isEmpty else { return nil }
        for _ in 0..<2 {
            for method in methods where helpers[method.name] == nil {
                guard let given = method.parameters.first?.name,
                    let forwarded = method.calls.first(where: { call in
                        helpers[call.name] != nil && ["", "self"].contains(plainReceiver(call.receiver))
                            && call.arguments.first?.value == .reference(given)
                    })
                else { continue }
                helpers[method.name] = helpers[forwarded.name]
            }
        }
        // Taking the delegate back (`root.delegate = self`, in `childDidFinish` or on appearing) repairs it: not judged.
        let properties = Set(helpers.values.map(\.property))
        let takesBack = methods.contains { method in
            method.calls.contains { call in
                let place = plainReceiver(call.receiver)
                return call.name == "=" && place.hasSuffix(".delegate") && properties.contains(String(place.dropLast(".delegate".count)))
                    && call.arguments.first?.value == .reference("self")
            }
        }
        guard !takesBack else { return nil }
        for method in type.methods where helpers[method.name] == nil {
            for call in method.calls where ["", "self"].contains(plainReceiver(call.receiver)) {
                guard let helper = helpers[call.name], case .reference(let started)? = call.arguments.first?.value else { continue }
                // The child was made in this method with this coordinator's own navigation controller.
                let own: Set<ExpressionFacts> = [.reference(helper.property), .reference("self." + helper.property)]
                let madeWithOwn = method.calls.contains { made in
                    made.location < call.location && made.name != "=" && made.arguments.contains { own.contains($0.value) }
                        && method.binding(started, before: call.location).map { bound in
                            if case .construct(let name, _) = bound { return name == made.name }
                            if case .factory(let text) = bound { return text == made.name || text.hasSuffix("." + made.name) }
                            return false
                        } == true
                }
                if madeWithOwn { return (method.name, helper.at) }
            }
        }
        return nil
    }
}
