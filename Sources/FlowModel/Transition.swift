/// A transition of DESIGN §1 with the facts the table there states about it.
public enum Transition: String, CaseIterable, Sendable {
    case push, present, setRoot, embed, show, showDetail, select
    case pop, popToRoot, popTo, dismiss, dismissToRoot, finish, trigger
    /// `none` in a spec: a child attached without a transition. Named apart from `Optional.none`, which a
    /// `Transition?` would otherwise match silently.
    case attach = "none"

    /// What a route with this transition shows.
    public enum DestinationRule: Sendable {
        /// A screen or a coordinator must be named.
        case required
        /// Nothing may be named.
        case forbidden
        /// Nothing, or a child coordinator (`none`).
        case optionalCoordinator
    }

    /// The coordinator kinds that support this transition; `nil` means every kind.
    public var supportedKinds: [CoordinatorKind]? {
        let kinds = CoordinatorKind.allCases.filter(isSupported)
        return kinds.count == CoordinatorKind.allCases.count ? nil : kinds
    }

    /// Whether a coordinator of `kind` can perform this transition; asked for every route.
    public func isSupported(in kind: CoordinatorKind) -> Bool {
        switch self {
        case .push, .pop, .popToRoot, .popTo: kind == .navigation
        case .show, .showDetail: kind == .split
        case .select: kind == .tab
        default: true
        }
    }

    public var destinationRule: DestinationRule {
        switch self {
        case .push, .present, .setRoot, .embed, .show, .showDetail: .required
        case .attach: .optionalCoordinator
        default: .forbidden
        }
    }

    /// The field that names this transition's target, if it has one.
    public var targetField: TargetField? {
        switch self {
        case .trigger, .popTo: .route
        case .select: .tab
        default: nil
        }
    }

    public enum TargetField: String, Sendable {
        case route, tab
    }
}

extension Transition: CustomStringConvertible {
    /// The spec's word (`none` for `.attach`).
    public var description: String { rawValue }
}
