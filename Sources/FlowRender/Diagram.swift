/// A flow diagram, independent of its output format: what the DOT, Mermaid and JSON writers draw.
///
/// Elements are in drawing order (the entry's flow first, then in the order of definition), never in
/// hash order, so every writer's output is deterministic.
public struct Diagram: Sendable, Equatable, Encodable {
    public var version = 1
    /// One node per coordinator instead of one per route.
    public var isOverview = false
    /// One per coordinator drawn (empty in an overview).
    public var clusters: [Cluster] = []
    public var nodes: [Node] = []
    public var edges: [Edge] = []
    /// The chain `--chain` highlights, if any.
    public var chain: String?
    /// Which way the flow runs: top to bottom or left to right (`--layout`, chosen before layout for `auto`).
    public var direction: Direction = .topToBottom
    /// Whether each node's id becomes its SVG element's id, for links to it (the atlas).
    public var anchorsNodes = false
    /// The findings marked on the drawing, numbered in drawing order: the list under the legend.
    public var findings: [Mark] = []

    public init() {}

    /// The nodes of each cluster, in drawing order, keyed by cluster id (nil: nodes outside every cluster).
    /// One pass over the nodes: writers and the builder would otherwise scan all nodes once per cluster.
    var nodesByCluster: [String?: [Node]] {
        Dictionary(grouping: nodes, by: \.cluster)
    }

    /// Numbers each finding where it is first drawn (clusters, nodes, then edges), so badges and the list under
    /// the legend refer to each other. A finding drawn twice (on two edges of a redirect) keeps one number.
    mutating func numberFindings() {
        var numbers: [Mark: Int] = [:]
        func number(_ marks: inout [Mark]) {
            for index in marks.indices {
                if let known = numbers[marks[index]] {
                    marks[index].number = known
                } else {
                    findings.append(marks[index])
                    numbers[marks[index]] = findings.count
                    marks[index].number = findings.count
                    findings[findings.count - 1].number = findings.count
                }
            }
        }
        for index in clusters.indices { number(&clusters[index].marks) }
        for index in nodes.indices { number(&nodes[index].marks) }
        for index in edges.indices { number(&edges[index].marks) }
    }

    /// "step 2", "steps 1, 3": the chain's steps that land on a route.
    static func stepText(_ steps: [Int]) -> String? {
        guard !steps.isEmpty else { return nil }
        return (steps.count == 1 ? "step " : "steps ") + steps.map(String.init).joined(separator: ", ")
    }

    /// The edge kinds, node kinds and marks the diagram uses, for its legend.
    public var legend: Legend {
        Legend(
            nodeKinds: NodeKind.allCases.filter { kind in nodes.contains { $0.kind == kind } },
            hasInitial: nodes.contains(where: \.isInitial),
            edgeKinds: EdgeKind.allCases.filter { kind in edges.contains { $0.kind == kind } },
            markStyles: MarkStyle.allCases.filter { style in
                nodes.contains { $0.markStyle == style } || edges.contains { $0.markStyle == style }
                    || clusters.contains { $0.markStyle == style }
            },
            chain: chain,
            isOverview: isOverview,
            findings: findings)
    }
}

public enum Direction: String, Sendable, Encodable {
    case topToBottom = "TB"
    case leftToRight = "LR"
}

public struct Cluster: Sendable, Equatable, Encodable {
    /// The coordinator's name, unique in the diagram.
    public var id: String
    public var name: String
    /// `navigation`, `tab`…, or nil when the spec gave none.
    public var kind: String?
    /// Shown under the name, such as "parent stack".
    public var detail: String?
    public var tooltip: String
    /// Nodes drawn side by side: the tabs of a tab coordinator, all shown when it starts.
    public var sideBySide: [String] = []
    public var marks: [Mark] = []

    public var markStyle: MarkStyle? { Mark.style(of: marks) }
}

public enum NodeKind: String, CaseIterable, Sendable, Encodable {
    /// A route that shows a screen.
    case screen
    /// A route that starts a child coordinator (or, in an overview, a coordinator).
    case coordinator
    /// A route of a coordinator that is not drawn (a trigger across a `--coordinator` focus).
    case external
    /// Where the app starts.
    case entry
    /// Where a flow is left when the place it returns to is not drawn.
    case exit
    /// Where an edge that leaves its coordinator lands (a finish, a dismiss, a root switch up the tree): a small
    /// node in the coordinator's own cluster naming the route, instead of an edge across the drawing.
    case landing
    /// A coordinator's own events (its `triggers`: login state, a notification): the routes it fires without a
    /// screen start here, at the head of its cluster.
    case events
}

public struct Node: Sendable, Equatable, Encodable {
    /// Unique in the diagram; stable across runs (built from names, not counters).
    public var id: String
    public var kind: NodeKind
    /// The id of the cluster the node is drawn in, nil outside every cluster.
    public var cluster: String?
    /// The first line: a route or coordinator name.
    public var title: String
    /// The second line: the screen type, the child coordinator, a coordinator's kind.
    public var subtitle: String?
    public var tooltip: String
    /// The initial route of its coordinator (or the entry coordinator, in an overview).
    public var isInitial = false
    /// On the path of the highlighted chain.
    public var isHighlighted = false
    /// The chain's steps (from 1) that land on this route.
    public var steps: [Int] = []
    /// Where selecting the node leads (the atlas: a child's page).
    public var link: String?
    /// The marked paths (`DiagramOptions.paths`) through this node, by name: its SVG element's classes.
    public var paths: [String]?
    public var marks: [Mark] = []

    public var markStyle: MarkStyle? { Mark.style(of: marks) }
}

/// How an edge is drawn: by the transition it stands for.
public enum EdgeKind: String, CaseIterable, Sendable, Encodable {
    case entry
    case push
    case presentSheet = "present-sheet"
    case presentFullScreen = "present-fullscreen"
    case setRoot
    case embed
    case show
    case select
    /// `none` with a child coordinator: attached without a transition of its own.
    case attach
    /// A child coordinator starts: from the route that starts it to its initial route.
    case start
    /// A trigger of a route that has no transition (an initial route or a tab).
    case route
    case pop
    case dismiss
    case finish
    /// `then`: what the parent runs after the child started by the route finishes.
    case then

    /// Dismiss, pop, finish and `then` go back: drawn as return edges that do not shape the layout.
    public var isReturn: Bool {
        switch self {
        case .pop, .dismiss, .finish, .then: true
        default: false
        }
    }
}

public struct Edge: Sendable, Equatable, Encodable {
    public var from: String
    public var to: String
    public var kind: EdgeKind
    /// The route name, on edges of routes that have no node of their own (dismiss, select…).
    public var label: String?
    public var tooltip: String
    /// The cluster the edge points at, for a child start (drawn to the cluster's border).
    public var toCluster: String?
    /// False for edges that go back (returns) or up (triggers of an ancestor's route): they must not pull
    /// the screens they lead to below the screens they leave.
    public var shapesLayout = true
    public var isHighlighted = false
    /// The chain's step (from 1) this edge takes.
    public var step: Int?
    /// `Coordinator.route`: the route a trigger edge fires, nil for starts and the entry.
    public var triggered: String?
    /// The node the edge stands for when it ends at a landing node (`to`) instead: where the user lands.
    public var landsOn: String?
    /// The marked paths (`DiagramOptions.paths`) along this edge, by name: its SVG element's classes.
    public var paths: [String]?
    public var marks: [Mark] = []

    public var markStyle: MarkStyle? { Mark.style(of: marks) }

    /// The node where the user lands: `landsOn`, or the node the edge is drawn to.
    public var destination: String { landsOn ?? to }
}

/// A finding shown on the element it is about.
public struct Mark: Sendable, Hashable, Encodable {
    public var rule: String
    public var severity: String
    public var message: String
    public var style: MarkStyle
    /// `Coordinator` or `Coordinator.route`: what the finding is about.
    public var element: String
    /// Its number in the diagram's findings list (from 1); 0 until the diagram is numbered.
    public var number = 0

    /// The style of the most serious mark: a problem outweighs a warning, which outweighs unreachable.
    static func style(of marks: [Mark]) -> MarkStyle? {
        marks.map(\.style).max()
    }

    /// The most serious severity of `marks`: an error outweighs a warning, which outweighs any other.
    static func worstSeverity(of marks: [Mark]) -> String? {
        guard let first = marks.first else { return nil }
        return marks.contains { $0.severity == "error" }
            ? "error" : marks.contains { $0.severity == "warning" } ? "warning" : first.severity
    }

    /// The badge of an element with findings: how many, the worst severity, their numbers ("error ×2 · #1 #3").
    static func badge(of marks: [Mark]) -> String? {
        guard let worst = worstSeverity(of: marks) else { return nil }
        var numbers: [Int] = []
        for mark in marks where !numbers.contains(mark.number) { numbers.append(mark.number) }
        return "\(worst) ×\(marks.count) · " + numbers.map { "#\($0)" }.joined(separator: " ")
    }
}

public enum MarkStyle: String, CaseIterable, Sendable, Encodable, Comparable {
    /// Never reached from the entry: grey and dashed.
    case unreachable
    /// A warning of another rule.
    case warning
    /// A leak, an unretained child, a cycle or another error: red.
    case problem

    public static func < (lhs: MarkStyle, rhs: MarkStyle) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}

/// What a diagram's legend explains.
public struct Legend: Sendable, Equatable {
    public var nodeKinds: [NodeKind]
    public var hasInitial: Bool
    public var edgeKinds: [EdgeKind]
    public var markStyles: [MarkStyle]
    public var chain: String?
    public var isOverview: Bool
    /// The numbered findings, listed under the legend.
    public var findings: [Mark] = []
}
