/// One step of a path from the entry with every name written out (`Coordinator.route`): what `flowlint paths`
/// lists, and what a finding's witness path is made of.
public struct NamedPathStep: Hashable, Sendable, Codable {
    /// `tap`, `tab`, `event`, `deepLink`, `initial` or `then`.
    public var kind: String
    /// The route fired, selected or picked; a deep link's landing.
    public var route: String
    /// A tap's screen.
    public var on: String?
    /// A deep link's chain and its `url`.
    public var chain: String?
    public var url: String?

    public init(kind: String, route: String, on: String? = nil, chain: String? = nil, url: String? = nil) {
        self.kind = kind
        self.route = route
        self.on = on
        self.chain = chain
        self.url = url
    }

    /// The step in words: `Auth.login`, `Main.profile (tab)`, `deep link orders (lands on Orders.detail)`.
    public var text: String {
        switch kind {
        case "tab": "\(route) (tab)"
        case "event": "\(route) (event)"
        case "deepLink": "deep link \(chain ?? "")\(url.map { " \($0)" } ?? "") (lands on \(route))"
        case "initial": "\(route) (initial, on app state)"
        case "then": "\(route) (then, on app state)"
        default: route
        }
    }

    /// A path in one line: `App.login → Auth.forgotPassword`; `at launch` for none.
    public static func text(of steps: [NamedPathStep]) -> String {
        steps.isEmpty ? "at launch" : steps.map(\.text).joined(separator: " → ")
    }
}

/// A step of a finding's witness path (DESIGN §2), at the spec (or Swift) line of the route it takes: SARIF's code
/// flows point there.
public typealias WitnessStep = Located<NamedPathStep>

extension Located where Value == NamedPathStep {
    /// The step taken.
    public var step: NamedPathStep {
        get { value }
        set { value = newValue }
    }
}

/// How a finding's witness path must arrive at the route the finding is about, when the finding holds only on some
/// ways in: a path that arrives otherwise would show the user a state in which the finding is false.
public enum WitnessArrival: Hashable, Sendable {
    /// Any way in: the shortest path.
    case any
    /// Routed to (a screen's trigger, a redirect, a `then`, a coordinator's event, a deep link): not shown as the
    /// first route of its coordinator's start (an `initial` pick), where a push lands on an empty stack.
    case routed
}

extension Finding {
    /// The witness path as a note at the finding: `path: App.launch → auth → Auth.login`.
    public var pathNote: FindingNote? {
        path.map { FindingNote("path: \(NamedPathStep.text(of: $0.map(\.step)))", at: location) }
    }

    /// The notes, then the path note: what the text-like formats print under the finding.
    public var notesWithPath: [FindingNote] {
        pathNote.map { notes + [$0] } ?? notes
    }
}
