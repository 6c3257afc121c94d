import FlowModel
import FlowConfig

/// The classic UIKit pattern: a type conforming to / inheriting a `*Coordinator` protocol or base class;
/// its routes are the methods that navigate or start a child, its children are kept in
/// `childCoordinators` / dependencies / dictionaries / properties and removed on the exits the code shows.
struct UIKitStyle: CoordinatorStyle {
    /// What the UIKit coordinators teach the reader on the way, for the links made once all are built.
    struct State {
        /// Coordinator → the transition and style of its `start()` (lifted to the route that starts it).
        var startTransitions: [String: Fact<Transition>?] = [:]
        var startStyles: [String: Fact<PresentationStyle>?] = [:]
        var startDismissible: [String: Fact<Bool>?] = [:]
        /// Coordinators whose `start()` presents a controller of a library the reader does not know: style unread.
        var unreadStartStyles: Set<String> = []
        /// Child routes whose transition comes from the child's `start()`: (parent, route).
        var pendingChildRoutes: [(String, String)] = []
        /// Of the coordinator being read: property → the `property = nil` its methods make, looked up once per
        /// coordinator rather than once per route.
        var releasesByPlace: [String: [(method: MethodFacts, call: CallFacts)]] = [:]
        /// Of the coordinator being read: its event handlers (`eventHandlers(of:)`), found once for every pass that asks.
        var handlers: [EventHandler: [(MethodFacts, CallFacts)]] = [:]
        /// Coordinator → route → the one place the route keeps its child in (`authFlow = flow`, `children[.auth] = flow`):
        /// the next run of the route puts its new child there, letting the one before go.
        var slots: [String: [String: String]] = [:]
        /// Child → where a parent keeps it until the stream its `start()` returns ends: that stream is how the child
        /// says it is done, its finish.
        var finishedByStream: [String: SourceLocation] = [:]
        /// Coordinator → the closures its parent hands it that it runs once it is done (`UIKitHandedBack`), read as it
        /// is built; its parents' release reading asks for them.
        var handBacks: [String: HandBacks] = [:]
        /// (enum, handler) → the app's router methods that take a value of that enum and hand it to a call of that
        /// name (`UIKitDispatchedRoutes`), read once before any coordinator is built.
        var routerMethods: [RouterKey: Set<String>] = [:]
    }

    struct RouterKey: Hashable {
        var destinations: String
        var handler: String
    }

    var state = State()

    init() {}

    static func claims(_ type: TypeFacts, _ recognizer: Recognizer) -> Bool {
        isCoordinator(type, recognizer: recognizer)
    }

    mutating func prepare(_ context: inout Context) {
        state.routerMethods = CoordinatorReading.routerMethods(context.recognizer.index)
    }

    func forBuilding() -> Self {
        var style = Self()
        style.state.routerMethods = state.routerMethods
        return style
    }

    mutating func merge(_ built: Self) {
        state.startTransitions.merge(built.state.startTransitions) { _, new in new }
        state.startStyles.merge(built.state.startStyles) { _, new in new }
        state.startDismissible.merge(built.state.startDismissible) { _, new in new }
        state.unreadStartStyles.formUnion(built.state.unreadStartStyles)
        state.pendingChildRoutes += built.state.pendingChildRoutes
        state.slots.merge(built.state.slots) { _, new in new }
        state.finishedByStream.merge(built.state.finishedByStream) { first, new in min(first, new) }
        state.handBacks.merge(built.state.handBacks) { _, new in new }
    }

    mutating func coordinator(_ type: TypeFacts, _ context: inout Context) -> Coordinator? {
        // A base class of other coordinators (`BaseCoordinator`) is not a flow of its own, unless the app makes one.
        guard !context.baseClasses.contains(type.name) || context.recognizer.index.constructed.contains(type.name) else { return nil }
        return Self.coordinator(type, state: &state, context: &context)
    }

    mutating func link(_ context: inout Context) {
        Self.addScreenStarts(&state, &context)
        Self.linkChildren(&state, &context)
        Self.linkParentHolds(&context)
        Self.addStreamFinishes(state.finishedByStream, &context)
    }

    static func isCoordinator(_ type: TypeFacts, recognizer: Recognizer) -> Bool {
        guard type.keyword == .class || type.keyword == .struct, !type.name.hasPrefix("UI") else { return false }
        if type.inherited.contains(where: { isCoordinatorBase($0.base) }) { return true }
        if !recognizer.mapping.coordinators.isEmpty && recognizer.index.conforms(type, toAnyOf: Set(recognizer.mapping.coordinators)) {
            return true
        }
        // A representable's delegate (`makeCoordinator()`) answers its UIKit view's callbacks: SwiftUI's bridge.
        return recognizer.representable(delegating: type) == nil && isCoordinatorByName(type, recognizer.mapping)
    }

    /// A class named `…Coordinator` that conforms to no coordinator type (`final class HomeCoordinator: NSObject`,
    /// `class SettingsCoordinator: ENStateHandlerUpdating`) and navigates or starts a child itself: read as one,
    /// inferred. Not a controller (UIKit's classes), not a type of a protocol the app names for its coordinators
    /// without making it a root (`final class ProfileScreenCoordinator: CoordinatorProtocol`: the app's own word
    /// for what it is), and not at all when the team names its roots in `extract: { coordinators: […] }`.
    static func isCoordinatorByName(_ type: TypeFacts, _ mapping: ExtractMapping) -> Bool {
        guard mapping.coordinators.isEmpty, type.keyword == .class, isCoordinatorBase(type.name),
            !type.inherited.contains(where: {
                ($0.base.hasPrefix("UI") && !$0.base.hasSuffix("Delegate")) || $0.base.contains("Coordinator")
            })
        else { return false }
        return type.methods.contains { method in
            method.calls.contains { transition(of: $0, mapping: mapping) != nil }
                || method.constructed.contains { isCoordinatorBase($0.value) && $0.value != type.name }
        }
    }

    /// UIKit's protocols of the objects the app's launch runs in.
    static let launchProtocols: Set<String> = ["UIApplicationDelegate", "UIWindowSceneDelegate", "UISceneDelegate"]

    static func isCoordinatorBase(_ name: String) -> Bool {
        name.hasSuffix("Coordinator") || name.hasSuffix("Coordinating") || name.hasSuffix("CoordinatorType")
    }

    static func kind(of type: TypeFacts, _ index: ProjectIndex) -> CoordinatorKind {
        if type.inherited.contains(where: { $0.base.hasSuffix("TabBarController") }) || givesTabs(type, index) { return .tab }
        let names = type.inherited.map(\.base) + type.properties.flatMap { controllers($0, index) }
        if names.contains(where: { $0.hasSuffix("SplitViewController") }) { return .split }
        if names.contains(where: { $0.hasSuffix("PageViewController") }) { return .page }
        return .navigation
    }

    /// The controller types a property may hold: its declared or constructed type, and the supertypes of the app's
    /// one implementation of a protocol it is declared as (`let tabbarView: TabbarView`, which a
    /// `UITabBarController` subclass implements).
    static func controllers(_ property: PropertyFacts, _ index: ProjectIndex) -> [String] {
        var names: [String] = []
        if let declared = property.type?.base {
            names.append(declared)
            let concrete = index.types[declared]?.keyword == .protocol ? index.concreteTypes(declared) : []
            // Only its controller classes: a delegate protocol its coordinator implements is no controller it keeps.
            if concrete.count == 1 { names += index.types[concrete[0]]?.inherited.map(\.base).filter { $0.hasSuffix("Controller") } ?? [] }
        }
        if case .construct(let made, _)? = property.initializer { names.append(made) }
        return names
    }
}
