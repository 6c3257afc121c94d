import FlowAnalysis
import FlowModel

/// What `flowlint paths` reports, with every name written out (`Coordinator.route`): the plain value its writers read.
public struct PathReport: Sendable, Equatable, Codable {
    /// A step with its names written out; a finding's witness path is made of the same.
    public typealias Step = NamedPathStep

    public struct Screen: Sendable, Equatable, Codable {
        /// `Coordinator.route`.
        public var screen: String
        /// The view controller or view (`screen:`).
        public var type: String
        /// `path`, `no-state-safe-path` or `unreachable`.
        public var status: String
        public var steps: [Step]?
        public var reason: String?
    }

    public var entry: String
    public var screens: [Screen]

    public static let path = "path", noStateSafePath = "no-state-safe-path", unreachable = "unreachable"

    /// Every route that shows a screen, in spec order, with its answer.
    public init(_ paths: ShortestPaths) {
        let index = paths.analysis.index
        entry = index.entry.map { index[coordinator: $0].name } ?? ""
        screens = index.routeIDs.filter(index.showsScreen).map { route in
            Self.screen(route, paths.answer(for: route), index: index)
        }
    }

    static func screen(_ route: RouteID, _ answer: PathAnswer, index: FlowIndex) -> Screen {
        var screen = Screen(
            screen: index.qualifiedName(route), type: index[route: route].destination?.value.name ?? "",
            status: Self.path)
        switch answer {
        case .path(let steps): screen.steps = steps.map { Self.step($0, index: index) }
        case .noStateSafePath(let reason): (screen.status, screen.reason) = (Self.noStateSafePath, reason)
        case .unreachable(let reason): (screen.status, screen.reason) = (Self.unreachable, reason)
        }
        return screen
    }

    public static func step(_ step: PathStep, index: FlowIndex) -> Step {
        let chain = step.chain.map { index.graph.chains[$0] }
        return Step(
            kind: step.kind.rawValue, route: index.qualifiedName(step.route),
            on: step.screen.map { index.qualifiedName($0) }, chain: chain?.name, url: chain?.url?.value)
    }
}

/// `paths --cover transitions`, names written out.
public struct CoverReport: Sendable, Equatable, Codable {
    public struct UnsafeStep: Sendable, Equatable, Codable {
        public var step: PathReport.Step
        public var reason: String
    }

    public var entry: String
    public var paths: [[PathReport.Step]]
    /// The state-safe steps out of reached screens, all taken by `paths`.
    public var steps: Int
    /// No plan of walks from the entry has fewer paths.
    public var lowerBound: Int
    public var unsafe: [UnsafeStep]

    public init(_ cover: TransitionCover, index: FlowIndex) {
        entry = index.entry.map { index[coordinator: $0].name } ?? ""
        paths = cover.paths.map { $0.map { PathReport.step($0, index: index) } }
        steps = cover.steps
        lowerBound = cover.lowerBound
        unsafe = cover.unsafe.map { UnsafeStep(step: PathReport.step($0.step, index: index), reason: $0.hazard.message(index)) }
    }
}

/// `paths --who-reaches`, names written out.
public struct PredecessorReport: Sendable, Equatable, Codable {
    public struct Way: Sendable, Equatable, Codable {
        /// `Coordinator.route`, or `launch`.
        public var from: String
        /// nil: an automatic move (a child's start, a redirect, a `select`'s tab, a lone `then`).
        public var step: PathReport.Step?
        public var safe: Bool
        public var reason: String?
    }

    public var route: String
    public var reachedFrom: [Way]

    public init(_ route: RouteID, in paths: ShortestPaths) {
        let index = paths.analysis.index
        self.route = index.qualifiedName(route)
        reachedFrom = Predecessor.of(route, in: paths).map { way in
            Way(
                from: way.from.map { index.qualifiedName($0) } ?? "launch", step: way.step.map { PathReport.step($0, index: index) },
                safe: way.unsafeReason == nil, reason: way.unsafeReason)
        }
    }
}

/// `paths --to` and `--from … --to`: one answer.
public struct PathQueryReport: Sendable, Equatable, Codable {
    public var from: String
    public var to: PathReport.Screen

    public init(from: RouteID?, to route: RouteID, in paths: ShortestPaths) {
        let index = paths.analysis.index
        self.from = from.map { index.qualifiedName($0) } ?? "launch"
        to = PathReport.screen(route, paths.answer(for: route), index: index)
    }
}

extension FlowIndex {
    /// The route `Coordinator.route` names, for `paths --to`, `--from` and `--who-reaches`.
    public func route(qualified name: String) -> RouteID? {
        let reference = RouteReference(parsing: name, at: SourceLocation(file: "", line: 0, column: 0))
        guard let qualifier = reference.coordinator, let coordinator = coordinator(named: qualifier) else { return nil }
        return route(named: reference.route, in: coordinator)
    }

    /// Every route as `Coordinator.route`, for did-you-mean hints.
    public var qualifiedNames: [String] { routeIDs.map(qualifiedName) }
}
