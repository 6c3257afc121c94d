/// One step of a multi-step routing chain (a deep link or programmatic jump).
public enum ChainAction: Hashable, Sendable {
    case route(RouteReference)
    case select(Located<String>)
    case popTo(RouteReference)
    case pop
    case popToRoot
    case dismiss
    case dismissToRoot

    /// The spelling of the step's key in a spec.
    public var keyword: String {
        switch self {
        case .route: "route"
        case .select: "select"
        case .popTo: "popTo"
        case .pop: "pop"
        case .popToRoot: "popToRoot"
        case .dismiss: "dismiss"
        case .dismissToRoot: "dismissToRoot"
        }
    }

    /// The route or tab the step names, as a spec writes it (`Home.detail`, `news`); `nil` for bare steps.
    public var target: String? {
        switch self {
        case .route(let reference), .popTo(let reference): reference.text
        case .select(let tab): tab.value
        case .pop, .popToRoot, .dismiss, .dismissToRoot: nil
        }
    }

    public static let bareKeywords = ["pop", "popToRoot", "dismiss", "dismissToRoot"]
    public static let targetKeywords = ["route", "select", "popTo"]
}

public struct ChainStep: Hashable, Sendable {
    public var action: ChainAction
    public var location: SourceLocation

    public init(_ action: ChainAction, at location: SourceLocation) {
        self.action = action
        self.location = location
    }
}

public struct Chain: Sendable {
    public var name: String
    public var location: SourceLocation
    public var url: Located<String>?
    public var from: Located<String>?
    public var steps: [ChainStep] = []
    public var ignore: [Located<String>] = []
    public var description: Located<String>?

    public init(name: String, location: SourceLocation) {
        self.name = name
        self.location = location
    }
}
