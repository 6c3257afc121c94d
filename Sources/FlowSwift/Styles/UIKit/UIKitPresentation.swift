import FlowModel
import FlowConfig

/// How a presented screen is shown: full screen, or a sheet the user may swipe away.
extension UIKitStyle {
    /// `vc.modalPresentationStyle = .fullScreen` in the method, or in a helper it calls that an extension of a
    /// UIKit class declares (`navigationController.makePresentationFullScreenForiOS13Migration()`).
    static func setsFullScreen(_ method: MethodFacts, _ index: ProjectIndex) -> Bool {
        setsFullScreenItself(method)
            || method.calls.contains { call in index.helpers[call.name]?.contains(where: setsFullScreenItself) ?? false }
    }

    static func setsFullScreenItself(_ method: MethodFacts) -> Bool {
        method.calls.contains {
            $0.name == "=" && plainReceiver($0.receiver).hasSuffix("modalPresentationStyle")
                && vocabulary.isFullScreen($0.arguments.first?.value)
        }
    }

    /// `vc.modalPresentationStyle = style`: a style the method is given, not one it says.
    static func setsStyleGiven(_ method: MethodFacts) -> Bool {
        method.calls.contains { call in
            guard call.name == "=", plainReceiver(call.receiver).hasSuffix("modalPresentationStyle"),
                case .reference? = call.arguments.first?.value
            else { return false }
            return true
        }
    }

    /// The type of a presented controller that neither the app nor UIKit declares (`FloatingPanelController`, kept
    /// in a property or made in place).
    static func libraryController(
        _ shown: ExpressionFacts, in method: MethodFacts, of type: TypeFacts, at location: SourceLocation, _ context: Context
    ) -> String? {
        func isLibrary(_ name: String) -> Bool {
            context.recognizer.types[name] == nil && !name.hasPrefix("UI") && name.first?.isUppercase == true
        }
        if case .type(let name, _, _) = context.recognizer.resolve(shown, in: method, of: type, at: method.location), isLibrary(name) {
            return name
        }
        if case .reference(let name) = shown, method.binding(name, before: method.location) == nil,
            let declared = type.properties.first(where: { $0.name == name })?.type?.base, isLibrary(declared)
        {
            return declared
        }
        // `present(scanner.readerController)`: the screen a child made here keeps (screen-first).
        if let (child, member, called) = Context.childMember(shown, in: method, before: location), !called,
            let childType = context.recognizer.types[child], let property = childType.properties.first(where: { $0.name == member }),
            let screen = Context.screenType(property, of: childType), isLibrary(screen)
        {
            return screen
        }
        return nil
    }

    /// `vc.isModalInPresentation = true` in the method, or in a helper of an extension of a UIKit class it calls.
    static func modalInPresentationSetter(_ method: MethodFacts, _ index: ProjectIndex) -> CallFacts? {
        if let own = modalInPresentationSetter(method) { return own }
        for call in method.calls {
            if index.helpers[call.name]?.contains(where: { modalInPresentationSetter($0) != nil }) == true { return call }
        }
        return nil
    }

    static func modalInPresentationSetter(_ method: MethodFacts) -> CallFacts? {
        method.calls.first {
            guard $0.name == "=", plainReceiver($0.receiver).hasSuffix("isModalInPresentation"),
                case .other("true")? = $0.arguments.first?.value
            else { return false }
            return true
        }
    }

    /// The `init` of the screen's class or of a superclass that sets its presentation
    /// (`class ModalViewController: UIViewController { init(…) { …; modalPresentationStyle = .overFullScreen } }`).
    static func initializer(of screen: String, _ index: ProjectIndex, where sets: (MethodFacts) -> Bool) -> MethodFacts? {
        for name in [screen] + (index.types[screen]?.inherited.map(\.base) ?? []) {
            guard let type = index.types[name], type.keyword == .class else { continue }
            if let initializer = type.methods.first(where: { $0.name == "init" && sets($0) }) { return initializer }
        }
        return nil
    }
}
