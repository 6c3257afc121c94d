import FlowModel
import FlowConfig

/// What one style's navigation is called: its verbs with the receiver each applies to, the names that keep and let
/// go of a child, the wrappers that hold a screen, the presentation styles that cover the screen and the
/// controllers that close themselves. A new name for an effect the reader already knows is one entry here; a team's
/// own names come from `.flowlint.yml` `extract:`, which every style reads beside its vocabulary.
struct NavigationVocabulary: Sendable {
    /// A navigation verb: what it does, and on what receiver and arguments it does it.
    struct Verb: Sendable {
        var transition: Transition
        /// Lowercased words one of which the receiver must contain (`push` on a router or a navigation controller);
        /// empty: any receiver.
        var receivers: [String] = []
        var condition: Condition = .always
    }

    /// When a verb's call navigates, beyond its name and receiver.
    enum Condition: Sendable {
        case always
        /// Not when it is given `nil` (`setViewControllers(nil)` shows nothing).
        case notGivenNil
        /// Given `nil`, it closes what it shows (`setSheetCoordinator(nil)`).
        case nilCloses
        /// Only without a closure argument (`dismiss(animated:)`, not a `dismiss { … }` of the app's own).
        case noClosure
        /// Only with arguments (`present(screen, animated:)`, not an app's `present()`).
        case hasArguments
        /// A split view's `setViewController(_:for:)`: the column says `show` or `showDetail`.
        case splitColumn
    }

    var verbs: [String: Verb] = [:]
    /// Calls that keep a child in the parent (`addDependency`).
    var retain: Set<String> = []
    /// Calls that let a child go (`removeDependency`, `childDidFinish`).
    var release: Set<String> = []
    /// What wraps a screen, for the fact collector.
    var wrappers = WrapperNames()
    /// Presentation styles that cover the presenting screen (`.fullScreen`): no swipe closes them.
    var fullScreenStyles: Set<String> = []
    /// Controllers of the system that close themselves, with the control that closes them.
    var selfClosingControllers: [String: String] = [:]

    /// What `call` does when its name is one of the verbs and it meets the verb's receiver and condition.
    func transition(of call: CallFacts) -> Transition? {
        guard let verb = verbs[call.name] else { return nil }
        if !verb.receivers.isEmpty {
            let receiver = plainReceiver(call.receiver).lowercased()
            guard verb.receivers.contains(where: receiver.contains) else { return nil }
        }
        switch verb.condition {
        case .always: return verb.transition
        case .notGivenNil: return call.arguments.first?.value == .other("nil") ? nil : verb.transition
        case .nilCloses: return call.arguments.first?.value == .other("nil") ? .dismiss : verb.transition
        case .noClosure: return call.closures.isEmpty ? verb.transition : nil
        case .hasArguments: return call.arguments.isEmpty ? nil : verb.transition
        case .splitColumn:
            guard case .member(let column, _)? = call.arguments.first(where: { $0.label == "for" })?.value else { return nil }
            return column == "secondary" ? .showDetail : .show
        }
    }

    /// `.fullScreen`, `.overFullScreen`…: a value that covers the presenting screen.
    func isFullScreen(_ value: ExpressionFacts?) -> Bool {
        guard case .member(let name, _)? = value else { return false }
        return fullScreenStyles.contains(name)
    }

    /// The names of every style's wrappers: what the fact collector is given.
    static let wrapperNames = UIKitStyle.vocabulary.wrappers
        .union(XCoordinatorStyle.vocabulary.wrappers)
        .union(StinsenStyle.vocabulary.wrappers)
}

extension ExtractMapping {
    /// The team's verbs of `extract:` (`push: [show]`), which every style reads beside its own vocabulary.
    func transition(named name: String) -> Transition? {
        if push.contains(name) { return .push }
        if present.contains(name) { return .present }
        if setRoot.contains(name) { return .setRoot }
        return nil
    }
}
