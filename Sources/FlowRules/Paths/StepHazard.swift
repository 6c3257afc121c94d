import FlowAnalysis
import FlowModel

/// Why a step is not available in every state in which its source can be shown (DESIGN §4). Read from the facts the
/// state and scope rules judge by (`NavigationState`, `StartGraph`), asked per step: `paths` takes no step with a hazard.
public enum StepHazard: Hashable, Sendable {
    /// A `trigger` redirect that loops or names nothing.
    case unresolvedRedirect
    /// A transition the coordinator's kind does not perform (`invalid-transition`); nil: a route without one (an
    /// initial route or a tab) fired as a step, which does nothing known.
    case unsupportedTransition(Transition?)
    /// `X.route` where X is not active on every path to the screen (`out-of-scope-trigger`).
    case outOfScope(CoordinatorID)
    /// A `dismiss` from a screen that is inside no presentation on some path (`dismiss-without-presentation`).
    case nothingToDismiss
    /// A push or pop of a stack that is not the one the screen is shown on: it happens under a modal or in
    /// another tab (`covered-stack`); nil when the route's coordinator has no stack at all.
    case stackNotShown(CoordinatorID?)
    /// A `popTo` whose target is not below the screen on every path (`popto-not-on-stack`), or whose place on the
    /// stack is not known.
    case notOnStack(RouteID)
    /// A push of a navigation coordinator with its own stack (`push-container`): UIKit throws.
    case pushesContainer(CoordinatorID)
    /// A continuation (`then`) of a coordinator started from several routes: which one runs depends on the path.
    case severalStarters(CoordinatorID)
    /// A chain whose walk fails, or pops to a route it did not push (`invalid-chain`, `popto-not-on-stack`).
    case invalidChain

    /// What is wrong, naming the rule that reports it where there is one.
    public func message(_ index: FlowIndex) -> String {
        switch self {
        case .unresolvedRedirect:
            return "its `trigger` redirects loop or name nothing"
        case .unsupportedTransition(nil):
            return "it has no transition (an initial route or a tab): what firing it does is not known"
        case .unsupportedTransition(let transition?):
            return "`\(transition.rawValue)` is not a transition its coordinator performs (invalid-transition)"
        case .outOfScope(let coordinator):
            return "\(index[coordinator: coordinator].name) is not active on every path to the screen that fires it (out-of-scope-trigger)"
        case .nothingToDismiss:
            return "it dismisses from a screen that is inside no presentation on some path (dismiss-without-presentation)"
        case .stackNotShown(let stack?):
            return
                """
                it pushes onto or pops \(index[coordinator: stack].name)'s stack, which is not the one shown: under a modal or in \
                another tab (covered-stack)
                """
        case .stackNotShown(nil):
            return "it pushes or pops, but its coordinator has no stack"
        case .notOnStack(let target):
            return "it pops to `\(index[route: target].name)`, which is not below the screen on every path (popto-not-on-stack)"
        case .pushesContainer(let child):
            return "it pushes \(index[coordinator: child].name), a navigation coordinator with its own stack: UIKit throws (push-container)"
        case .severalStarters(let child):
            return
                """
                \(index[coordinator: child].name) is started from several routes: which continuation runs after its finish depends on \
                the path
                """
        case .invalidChain:
            return "the chain has an invalid step or pops to a route it did not push (invalid-chain, popto-not-on-stack)"
        }
    }
}

extension Analysis {
    /// The hazard of firing `route` while `screen` is shown (nil: available in every state in which `screen` is),
    /// or, with no screen, right after `coordinator` starts (its own `triggers`).
    func hazard(firing route: RouteID, shownOn screen: RouteID?, in coordinator: CoordinatorID) -> StepHazard? {
        guard let acting = index.redirectEnd(of: route) else { return .unresolvedRedirect }
        for scope in [route, acting].map({ index.owner(of: $0) })
        where !startGraph.isActive(scope, whenever: coordinator, entry: index.entry) {
            return .outOfScope(scope)
        }
        guard index.hasSupportedTransition(acting), let transition = index.transition(acting) else {
            return .unsupportedTransition(index.transition(acting))
        }
        let shownStack = if let screen { navigation.visibleStack(of: screen, index: index) } else { navigation.shownStack(of: coordinator) }
        switch transition {
        case .dismiss:
            if let screen, navigation.reachedUnpresented[screen] { return .nothingToDismiss }
            if screen == nil, !navigation.alwaysPresented[coordinator] { return .nothingToDismiss }
        case .push, .pop, .popToRoot, .popTo:
            guard let stack = navigation.stackChange(by: acting, index: index)?.stack else { return .stackNotShown(nil) }
            guard stack == shownStack else { return .stackNotShown(stack) }
            if transition == .popTo {
                // The target must be below the screen on every path; a target no push reaches has no known place.
                guard let screen else { return .stackNotShown(stack) }
                guard let target = index.target(of: acting) else { return .unresolvedRedirect }
                if let miss = navigation.popToMiss(of: acting, from: screen, index: index) { return .notOnStack(miss) }
                if navigation.stackedScreen(of: target, index: index) == nil { return .notOnStack(target) }
            }
            if transition == .push, let child = index.child(of: acting) {
                if index.kind[child] == .navigation, !index.joinsParentStack(child, startedBy: acting) { return .pushesContainer(child) }
            }
        default:
            break
        }
        return nil
    }
}
