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

/// A step of a chain, at the line that writes it.
public typealias ChainStep = Located<ChainAction>

extension Located where Value == ChainAction {
    /// The step's action.
    public var action: ChainAction {
        get { value }
        set { value = newValue }
    }
}

/// When a chain runs (`at:`).
public enum ChainMoment: String, CaseIterable, Sendable {
    /// At launch, before anything is presented (state restoration).
    case launch
}

public struct Chain: Sendable {
    public var name: String
    public var location: SourceLocation
    public var url: Located<String>?
    public var from: Located<String>?
    /// `at: launch` — the chain runs only at launch (state restoration), with nothing presented yet.
    public var at: Located<ChainMoment>?
    public var steps: [ChainStep] = []
    public var ignore: [Located<String>] = []
    public var description: Located<String>?

    public init(name: String, location: SourceLocation) {
        self.name = name
        self.location = location
    }
}

extension Chain {
    public var runsAtLaunch: Bool { at?.value == .launch }
}
