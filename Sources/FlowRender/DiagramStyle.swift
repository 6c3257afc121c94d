/// How each kind of element looks: the one table the DOT writer, its legend and the Mermaid writer read.
///
/// Every edge kind differs by its arrowhead or line as well as its colour; return edges are dashed in the
/// colour of the transition they undo.
enum DiagramStyle {
    enum Palette {
        static let text = "#24292f"
        static let muted = "#57606a"
        static let clusterFill = "#f6f8fa"
        static let clusterBorder = "#d0d7de"
        static let screenFill = "#ffffff"
        static let childFill = "#fbefff"
        static let blue = "#0969da"
        static let green = "#1a7f37"
        static let teal = "#1b7c83"
        static let brown = "#7d4e00"
        static let pink = "#bf3989"
        static let purple = "#8250df"
        static let grey = "#8c959f"
        static let red = "#cf222e"
        static let redFill = "#ffebe9"
        static let orange = "#bc4c00"
        static let orangeFill = "#fff1e5"
        static let highlight = "#d4a72c"
        static let highlightFill = "#fff8c5"
        /// Step numbers on the highlight fill: the highlight's own colour is too light for text.
        static let highlightText = "#7d4e00"
    }

    /// How a node or a cluster is drawn.
    struct Look: Hashable {
        var line: String
        var fill: String
        var text = Palette.text
        var width: Double = 1
        var dashed = false
        var rounded = true
    }

    static func look(_ kind: NodeKind) -> Look {
        switch kind {
        case .screen: Look(line: Palette.muted, fill: Palette.screenFill)
        case .coordinator: Look(line: Palette.purple, fill: Palette.childFill, rounded: false)
        case .external: Look(line: Palette.muted, fill: Palette.screenFill, dashed: true)
        case .entry, .exit: Look(line: Palette.text, fill: Palette.text, text: "#ffffff")
        case .landing: Look(line: Palette.grey, fill: Palette.screenFill, text: Palette.muted, dashed: true)
        case .events: Look(line: Palette.green, fill: Palette.screenFill, text: Palette.muted)
        }
    }

    static let initialWidth: Double = 3

    /// A node's look: its kind's, then its role (initial, on the chain), then its worst finding.
    static func look(of node: Node) -> Look {
        look(node.kind, isInitial: node.isInitial, isHighlighted: node.isHighlighted, mark: node.markStyle)
    }

    static func look(_ kind: NodeKind, isInitial: Bool = false, isHighlighted: Bool = false, mark: MarkStyle? = nil) -> Look {
        var look = look(kind)
        if isInitial { look.width = initialWidth }
        if isHighlighted {
            look.line = Palette.highlight
            look.fill = Palette.highlightFill
            look.width = max(look.width, 3)
        }
        if let mark {
            let colors = markColors(mark)
            look.line = colors.line
            if mark == .unreachable {
                // Faded, not refilled: the kind stays visible.
                look.dashed = true
                look.text = colors.line
            } else {
                look.fill = colors.fill
                look.width = max(look.width + 0.5, 2)
            }
        }
        return look
    }

    /// A coordinator's cluster; a finding colours its border only.
    static func clusterLook(mark: MarkStyle?) -> Look {
        var look = Look(line: Palette.clusterBorder, fill: Palette.clusterFill)
        if let mark {
            look.line = markColors(mark).line
            look.width = 2
            if mark == .unreachable {
                look.dashed = true
                look.text = look.line
            }
        }
        return look
    }

    struct Line: Hashable {
        var color: String
        var width: Double = 1
        var dashed = false
        var dotted = false
        /// Graphviz's arrowhead name.
        var arrowhead = "normal"
    }

    static func line(_ kind: EdgeKind) -> Line {
        switch kind {
        case .entry: Line(color: Palette.text, width: 1.5)
        case .push: Line(color: Palette.text)
        case .presentSheet: Line(color: Palette.blue, arrowhead: "empty")
        case .presentFullScreen: Line(color: Palette.blue, width: 2.5, arrowhead: "empty")
        case .setRoot: Line(color: Palette.green, width: 2.5)
        case .embed: Line(color: Palette.teal, arrowhead: "odiamond")
        case .show: Line(color: Palette.brown, arrowhead: "vee")
        case .select: Line(color: Palette.pink, arrowhead: "odot")
        case .attach: Line(color: Palette.purple, dotted: true)
        case .start: Line(color: Palette.purple, width: 1.5)
        case .route: Line(color: Palette.muted)
        case .pop: Line(color: Palette.text, dashed: true, arrowhead: "vee")
        case .dismiss: Line(color: Palette.blue, dashed: true, arrowhead: "vee")
        case .finish: Line(color: Palette.purple, dashed: true, arrowhead: "vee")
        case .then: Line(color: Palette.green, dashed: true, arrowhead: "vee")
        }
    }

    /// An edge's line: its kind's, then the chain, then its worst finding.
    static func line(of edge: Edge) -> Line {
        var line = line(edge.kind)
        if edge.isHighlighted {
            line.color = Palette.highlight
            line.width = max(line.width, 3)
        }
        if let mark = edge.markStyle {
            line.color = markColors(mark).line
            line.width = max(line.width, 2)
            if mark == .unreachable, !line.dotted { line.dashed = true }
        }
        return line
    }

    static func legend(_ kind: EdgeKind) -> String {
        switch kind {
        case .entry: "the app starts here"
        case .push: "push"
        case .presentSheet: "present as a sheet"
        case .presentFullScreen: "present full screen"
        case .setRoot: "setRoot: replaces the root"
        case .embed: "embed in a container"
        case .show: "show / showDetail (split)"
        case .select: "select a tab"
        case .attach: "none: attaches a child"
        case .start: "a child coordinator starts"
        case .route: "to a route shown at start"
        case .pop: "pop, popTo, popToRoot: back"
        case .dismiss: "dismiss: back to the presenter"
        case .finish: "finish: back to the parent"
        case .then: "after finish: the parent goes on (then)"
        }
    }

    static func legend(_ kind: NodeKind) -> String {
        switch kind {
        case .screen: "screen (route name, view type)"
        case .coordinator: "starts a child coordinator"
        case .external: "route of a coordinator not drawn"
        case .entry: "entry"
        case .exit: "leaves to a flow not drawn"
        case .landing: "lands on a route drawn elsewhere"
        case .events: "events of the coordinator itself (triggers)"
        }
    }

    static func legend(_ style: MarkStyle) -> String {
        switch style {
        case .unreachable: "unreachable (finding)"
        case .warning: "warning (finding)"
        case .problem: "leak, cycle or error (finding)"
        }
    }

    static let initialLegend = "initial route"

    /// A finding's own colour, by its severity: badges (their worst finding's) and the numbered list under the
    /// legend. An element's outline says what kind of problem it has (a leak is red even as a warning); the
    /// badge says how serious its findings are.
    static func severityColor(_ severity: String) -> String {
        switch severity {
        case "error": Palette.red
        case "warning": Palette.orange
        default: Palette.muted
        }
    }

    static func markColors(_ style: MarkStyle) -> (line: String, fill: String) {
        switch style {
        case .unreachable: (Palette.grey, Palette.screenFill)
        case .warning: (Palette.orange, Palette.orangeFill)
        case .problem: (Palette.red, Palette.redFill)
        }
    }
}
