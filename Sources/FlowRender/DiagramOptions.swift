import FlowModel

/// What to draw: the whole project or a part of it, and what to mark on it.
public struct DiagramOptions: Sendable {
    /// `--coordinator`: draw this coordinator and what it starts, instead of everything from the entry.
    public var focus: String?
    /// `--depth`: how many levels of child coordinators below the entry (or the focus) to draw.
    public var depth: Int?
    /// `--overview`: one node per coordinator, edges for the child starts.
    public var overview = false
    /// `--findings`: findings to mark on the elements they are about.
    public var findings: [Finding] = []
    /// `--chain`: the path of a chain to highlight.
    public var chain: ChainPath?
    /// Paths from the entry to mark without highlighting them (the atlas's witness paths): each node and edge on
    /// one carries its name (`Node.paths`), a class of its SVG element that the page highlights on demand.
    public var paths: [NamedRoutePath] = []
    /// `--layout`: which way the flow runs.
    public var layout: Layout

    public init(
        focus: String? = nil, depth: Int? = nil, overview: Bool = false,
        findings: [Finding] = [], chain: ChainPath? = nil, layout: Layout = .topToBottom
    ) {
        self.layout = layout
        self.focus = focus
        self.depth = depth
        self.overview = overview
        self.findings = findings
        self.chain = chain
    }
}

/// `--layout`: top to bottom, left to right, or whichever fits a page better.
public enum Layout: String, Sendable, CaseIterable {
    case topToBottom = "tb"
    case leftToRight = "lr"
    case auto
}

/// A route, named by its coordinator and its own name.
public struct RouteKey: Hashable, Sendable {
    public var coordinator: String
    public var route: String

    public init(coordinator: String, route: String) {
        self.coordinator = coordinator
        self.route = route
    }

    public var qualifiedName: String { "\(coordinator).\(route)" }
}

/// The routes a chain steps through, in order, starting in its `from` coordinator.
public struct ChainPath: Sendable {
    public var name: String
    public var from: String
    public var routes: [RouteKey]

    public init(name: String, from: String, routes: [RouteKey]) {
        self.name = name
        self.from = from
        self.routes = routes
    }
}

/// A path from the entry, named: the routes it takes, in order.
public struct NamedRoutePath: Sendable {
    public var name: String
    public var routes: [RouteKey]

    public init(name: String, routes: [RouteKey]) {
        self.name = name
        self.routes = routes
    }
}

/// Sizes above which a drawing is refused or warned about.
public enum DiagramLimits {
    /// Nodes (routes, or coordinators in an overview) that Graphviz lays out in about a second here; its dot
    /// layout grows faster than linearly (11,000 routes take 13 s), so larger drawings are refused.
    public static let layoutNodes = 2_000
    /// Mermaid's defaults, which GitHub keeps: larger diagrams show an error instead of a drawing.
    public static let mermaidEdges = 500
    public static let mermaidCharacters = 50_000
}
