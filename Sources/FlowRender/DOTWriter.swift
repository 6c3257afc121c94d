/// Writes a diagram as Graphviz DOT text. Pure Swift: tested without Graphviz.
///
/// Spec text reaches DOT in three forms, each escaped for where it goes: node ids (built from names by
/// `NodeID`, quoted), HTML-like labels (XML entities) and plain strings such as tooltips (backslash escapes,
/// and `&` as `&amp;` because Graphviz reads entities in them).
public enum DOTWriter {
    public static func write(_ diagram: Diagram) -> String {
        var out = DOTText()
        out.line("// Drawn by flowlint from flow specs: regenerate it with `flowlint graph`, do not edit it.")
        out.line("digraph flow {")
        out.indent { out in
            out.line(
                """
                graph [compound=true, newrank=true, forcelabels=true, rankdir=\(diagram.direction.rawValue), nodesep=0.5, ranksep=0.5, \
                fontname=\(font), fontsize=12, tooltip=\"flow\"]
                """
            )
            let screen = DiagramStyle.look(.screen)
            out.line(
                """
                node [shape=box, style=\"rounded,filled\", fillcolor=\"\(screen.fill)\", color=\"\(screen.line)\", fontname=\(font), \
                fontsize=12, fontcolor=\"\(screen.text)\", margin=\"0.2,0.05\"]
                """
            )
            out.line("edge [fontname=\(font), fontsize=9, arrowsize=0.8]")
            let nodes = diagram.nodesByCluster
            let free = nodes[nil] ?? []
            let anchors = diagram.anchorsNodes
            for node in free where node.kind == .entry { out.line(statement(node, anchored: anchors)) }
            for cluster in diagram.clusters {
                writeCluster(cluster, nodes: nodes[cluster.id] ?? [], anchored: anchors, to: &out)
            }
            for node in free where node.kind != .entry { out.line(statement(node, anchored: anchors)) }
            let rows = Dictionary(
                diagram.clusters.flatMap { cluster in cluster.sideBySide.map { ($0, cluster.id) } },
                uniquingKeysWith: { first, _ in first })
            for edge in diagram.edges {
                // Between nodes of one row the edge is too short for a label: the tooltip keeps the name.
                let inRow = rows[edge.from] != nil && rows[edge.from] == rows[edge.to]
                out.line(statement(edge, labelled: !inRow))
            }
            writeLegend(diagram.legend, to: &out)
        }
        out.line("}")
        return out.text
    }

    /// Graphviz measures text with its built-in Helvetica metrics; viewers pick the first font they have.
    private static let font = quoted("Helvetica,Arial,sans-serif")

    // MARK: Elements

    private static func writeCluster(_ cluster: Cluster, nodes: [Node], anchored: Bool, to out: inout DOTText) {
        out.line("subgraph \(quoted("cluster " + NodeID.coordinator(cluster.id))) {")
        out.indent { out in
            let caption = [cluster.kind, cluster.detail].compactMap { $0 }.joined(separator: ", ")
            let look = DiagramStyle.clusterLook(mark: cluster.markStyle)
            let title = bold(cluster.name) + leftBreak + (caption.isEmpty ? "" : small(caption, breaking: false) + leftBreak)
            var attributes: [(String, String)] = [
                ("label", html(badge(of: cluster.marks).map { withBadge(title, $0, align: "LEFT") } ?? title)),
                ("tooltip", tooltip(cluster.tooltip)),
                ("labeljust", "l"), ("labelloc", "t"), ("style", quoted(style(look, filled: true))),
                ("fillcolor", quoted(look.fill)), ("color", quoted(look.line)),
            ]
            if look.width != 1 { attributes.append(("penwidth", number(look.width))) }
            if look.text != DiagramStyle.Palette.text { attributes.append(("fontcolor", quoted(look.text))) }
            for (key, value) in attributes { out.line("\(key)=\(value)") }
            for node in nodes { out.line(statement(node, anchored: anchored)) }
            if !cluster.sideBySide.isEmpty {
                out.line("{ rank=same; " + cluster.sideBySide.map { quoted($0) + ";" }.joined(separator: " ") + " }")
                // Invisible edges within the rank keep the declared order (tabs as `tabs:` lists them).
                out.line(cluster.sideBySide.map(quoted).joined(separator: " -> ") + " [style=invis]")
            }
        }
        out.line("}")
    }

    private static func statement(_ node: Node, anchored: Bool) -> String {
        let look = DiagramStyle.look(of: node)
        var attributes: [(String, String)] = []
        switch node.kind {
        case .screen, .coordinator, .external:
            // Regular weight: Graphviz sizes boxes with regular metrics, so bold names would overflow them.
            let text =
                htmlEscaped(node.title) + (node.subtitle.map { small($0) } ?? "")
                + (Diagram.stepText(node.steps).map {
                    "<BR/><FONT POINT-SIZE=\"9\" COLOR=\"\(DiagramStyle.Palette.highlightText)\"><B>" + htmlEscaped($0) + "</B></FONT>"
                } ?? "")
            attributes.append(("label", html(badge(of: node.marks).map { withBadge(text, $0, align: "CENTER") } ?? text)))
        case .entry:
            attributes += [("label", html(bold("entry"))), ("shape", "box")]
        case .exit:
            attributes += [("label", quoted("")), ("shape", "doublecircle"), ("width", "0.16"), ("fixedsize", "true")]
        case .landing, .events:
            attributes += [
                ("label", html(small(node.title, breaking: false, color: look.text))), ("margin", quoted("0.1,0.02")), ("height", "0.3"),
            ]
        }
        // The graph's `node` defaults are a screen's look: only what differs is written.
        let screen = DiagramStyle.look(.screen)
        let shapeStyle = style(look, filled: true, roundable: node.kind != .exit)
        if shapeStyle != style(screen, filled: true) { attributes.append(("style", quoted(shapeStyle))) }
        if look.fill != screen.fill { attributes.append(("fillcolor", quoted(look.fill))) }
        if look.line != screen.line { attributes.append(("color", quoted(look.line))) }
        if look.text != DiagramStyle.Palette.text { attributes.append(("fontcolor", quoted(look.text))) }
        if look.width != 1 { attributes.append(("penwidth", number(look.width))) }
        attributes.append(("tooltip", tooltip(node.tooltip)))
        if anchored { attributes.append(("id", quoted(node.id))) }
        if let link = node.link { attributes.append(("href", quoted(link))) }
        if let paths = node.paths { attributes.append(("class", quoted(paths.joined(separator: " ")))) }
        return quoted(node.id) + " " + list(attributes)
    }

    private static func style(_ look: DiagramStyle.Look, filled: Bool, roundable: Bool = true) -> String {
        [look.rounded && roundable ? "rounded" : nil, filled ? "filled" : nil, look.dashed ? "dashed" : nil]
            .compactMap { $0 }.joined(separator: ",")
    }

    private static func statement(_ edge: Edge, labelled: Bool = true) -> String {
        let line = DiagramStyle.line(of: edge)
        let color = line.color
        var styles: [String] = []
        if line.dashed { styles.append("dashed") }
        if line.dotted { styles.append("dotted") }
        var attributes: [(String, String)] = [("color", quoted(color)), ("arrowhead", line.arrowhead)]
        if line.width != 1 { attributes.append(("penwidth", number(line.width))) }
        if !styles.isEmpty { attributes.append(("style", quoted(styles.joined(separator: ",")))) }
        // External labels, placed after the layout: Graphviz 2.42 frees a laid-out label of an edge between
        // nodes of one rank twice (a crash), and labels outside the layout keep large flows fast. Spaces
        // keep neighbouring labels apart in viewers whose font is wider than Graphviz's metrics.
        let numbers = edge.marks.map { "#\($0.number)" }
        let label = ([edge.step.map { "\($0)." }, labelled ? edge.label : nil] + numbers).compactMap { $0 }.joined(separator: " ")
        if !label.isEmpty {
            attributes += [
                ("xlabel", text(" \(label) ")), ("fontcolor", quoted(edge.isHighlighted ? DiagramStyle.Palette.highlightText : color)),
            ]
        }
        if let cluster = edge.toCluster { attributes.append(("lhead", quoted("cluster " + NodeID.coordinator(cluster)))) }
        if !edge.shapesLayout { attributes.append(("constraint", "false")) }
        attributes.append(("tooltip", tooltip(edge.tooltip)))
        if let paths = edge.paths { attributes.append(("class", quoted(paths.joined(separator: " ")))) }
        return quoted(edge.from) + " -> " + quoted(edge.to) + " " + list(attributes)
    }

    // MARK: Legend

    /// A table of what the diagram uses: a sample of each node kind, each finding mark, and each edge kind
    /// drawn as coloured line characters (one node: a legend of real edges would take as much room as the flow).
    private static func writeLegend(_ legend: Legend, to out: inout DOTText) {
        typealias Palette = DiagramStyle.Palette
        var rows: [(sample: String, meaning: String)] = []
        for kind in legend.nodeKinds {
            let sample =
                switch kind {
                case .screen: "route"
                case .coordinator: legend.isOverview ? "Name" : "route ▸ Child"
                case .external: "Other.route"
                case .entry: "<B>entry</B>"
                case .exit: "◉"
                case .landing: "↩ Other.route"
                case .events: "⚡ events"
                }
            rows.append(
                (
                    kind == .exit ? "<FONT COLOR=\"\(Palette.text)\">◉</FONT>" : box(sample, DiagramStyle.look(kind)),
                    legend.isOverview && kind == .coordinator ? "coordinator (name, kind)" : DiagramStyle.legend(kind)
                ))
        }
        if legend.hasInitial {
            rows.append((box("route", DiagramStyle.look(.screen, isInitial: true)), DiagramStyle.initialLegend))
        }
        for style in legend.markStyles {
            rows.append((box("route", DiagramStyle.look(.screen, mark: style)), DiagramStyle.legend(style)))
        }
        if let chain = legend.chain {
            rows.append(
                (
                    box(legend.isOverview ? "Name" : "route", DiagramStyle.look(.screen, isHighlighted: true)),
                    "on the path of chain " + chain
                ))
        }
        for kind in legend.edgeKinds where kind != .entry {
            rows.append((lineSample(DiagramStyle.line(kind)), DiagramStyle.legend(kind)))
        }
        let findings = legend.findings.map { mark in
            (
                "\(mark.number)", mark.severity,
                wrapped("\(mark.severity) [\(mark.rule)] \(mark.element): \(mark.message)", width: 100)
            )
        }
        guard !rows.isEmpty || !findings.isEmpty else { return }
        var table =
            """
            <TABLE BORDER=\"1\" STYLE=\"rounded\" COLOR=\"\(Palette.clusterBorder)\" CELLBORDER=\"0\" CELLSPACING=\"2\" \
            CELLPADDING=\"2\" TOOLTIP=\"What the shapes, lines and colours mean\">
            """
        table += "<TR><TD COLSPAN=\"2\" ALIGN=\"LEFT\"><B>Legend</B></TD></TR>"
        for row in rows {
            table +=
                """
                <TR><TD ALIGN=\"CENTER\">\(row.sample)</TD><TD ALIGN=\"LEFT\"><FONT \
                POINT-SIZE=\"10\">\(htmlEscaped(row.meaning))</FONT></TD></TR>
                """
        }
        if !findings.isEmpty {
            // A table of its own: the numbers take their own width, not the legend's samples'.
            table += "<TR><TD COLSPAN=\"2\" ALIGN=\"LEFT\"><B>Findings</B></TD></TR><TR><TD COLSPAN=\"2\" ALIGN=\"LEFT\">"
            table += "<TABLE BORDER=\"0\" CELLBORDER=\"0\" CELLSPACING=\"3\" CELLPADDING=\"1\">"
            for (number, severity, text) in findings {
                table +=
                    "<TR><TD VALIGN=\"TOP\" STYLE=\"rounded\" BGCOLOR=\"\(DiagramStyle.severityColor(severity))\">"
                    + "<FONT POINT-SIZE=\"9\" COLOR=\"#ffffff\"><B> \(number) </B></FONT></TD>"
                    + "<TD ALIGN=\"LEFT\" BALIGN=\"LEFT\" VALIGN=\"TOP\"><FONT POINT-SIZE=\"10\">\(text)</FONT></TD></TR>"
            }
            table += "</TABLE></TD></TR>"
        }
        table += "</TABLE>"
        // The graph's own label: drawn below the layout, it takes no rank from the flow.
        out.line("label=\(html(table))")
        out.line("labelloc=b")
        out.line("labeljust=l")
    }

    /// A sample node in the legend, drawn with the look the diagram gives the real ones.
    private static func box(_ markup: String, _ look: DiagramStyle.Look) -> String {
        let style = [look.rounded ? "rounded" : nil, look.dashed ? "dashed" : nil].compactMap { $0 }.joined(separator: ",")
        return
            """
            <TABLE BORDER=\"\(number(look.width.rounded(.up)))\" CELLBORDER=\"0\" CELLPADDING=\"2\" COLOR=\"\(look.line)\" \
            BGCOLOR=\"\(look.fill)\"
            """
                + (style.isEmpty ? "" : " STYLE=\"\(style)\"")
                + "><TR><TD><FONT POINT-SIZE=\"10\" COLOR=\"\(look.text)\">\(markup)</FONT></TD></TR></TABLE>"
    }

    /// The badge of an element with findings: white text on the colour of its most serious finding's severity.
    private static func badge(of marks: [Mark]) -> String? {
        guard let text = Mark.badge(of: marks), let severity = Mark.worstSeverity(of: marks) else { return nil }
        return
            """
            <TABLE BORDER=\"0\" CELLBORDER=\"0\" CELLPADDING=\"1\" CELLSPACING=\"0\" STYLE=\"rounded\" \
            BGCOLOR=\"\(DiagramStyle.severityColor(severity))\">
            """
                + "<TR><TD><FONT POINT-SIZE=\"9\" COLOR=\"#ffffff\"><B> " + htmlEscaped(text) + " </B></FONT></TD></TR></TABLE>"
    }

    /// A label's text with a badge under it: HTML labels hold text or one table, so both go in a table.
    private static func withBadge(_ text: String, _ badge: String, align: String) -> String {
        """
        <TABLE BORDER=\"0\" CELLBORDER=\"0\" CELLPADDING=\"0\" CELLSPACING=\"2\"><TR><TD ALIGN=\"\(align)\" \
        BALIGN=\"\(align)\">\(text)</TD></TR>
        """
            + "<TR><TD ALIGN=\"\(align)\">\(badge)</TD></TR></TABLE>"
    }

    /// Spec text broken at spaces into lines of at most about `width` characters, each escaped.
    private static func wrapped(_ text: String, width: Int) -> String {
        var lines: [String] = []
        var line = ""
        for word in DisplayText.clean(text).split(separator: " ", omittingEmptySubsequences: true) {
            if !line.isEmpty, line.count + 1 + word.count > width {
                lines.append(line)
                line = ""
            }
            line += (line.isEmpty ? "" : " ") + word
        }
        if !line.isEmpty { lines.append(line) }
        return lines.map(htmlEscaped).joined(separator: "<BR/>")
    }

    /// An edge as text: `──▶` solid, `- - ›` dashed, `┈┈▶` dotted, heavy lines for wide edges.
    private static func lineSample(_ line: DiagramStyle.Line) -> String {
        let stroke = line.dashed ? "- - " : line.dotted ? "┈┈┈" : line.width > 2 ? "━━━" : "───"
        let head =
            switch line.arrowhead {
            case "empty": "▷"
            case "odiamond": "◇"
            case "odot": "○"
            case "vee": "›"
            default: "▶"
            }
        return "<FONT COLOR=\"\(line.color)\">\(stroke)\(head)</FONT>"
    }

    // MARK: Escaping

    /// A quoted DOT id or attribute value that Graphviz does not expand (ids, colours, styles).
    static func quoted(_ value: String) -> String {
        "\"" + DisplayText.escaping(value) { $0 == UInt8(ascii: "\\") ? "\\\\" : $0 == UInt8(ascii: "\"") ? "\\\"" : nil } + "\""
    }

    /// Spec text as a quoted escString label: shown literally, line breaks kept. Graphviz reads `\\`
    /// as one backslash (and `\N`, `\G`… as names), and entities such as `&lt;`.
    static func text(_ value: String) -> String {
        escString(value, backslash: "\\\\")
    }

    /// Spec text as a tooltip, which Graphviz expands twice: each backslash is written four times.
    static func tooltip(_ value: String) -> String {
        escString(value, backslash: "\\\\\\\\")
    }

    private static func escString(_ value: String, backslash: String) -> String {
        let escaped = DisplayText.escaping(DisplayText.clean(value)) { byte in
            switch byte {
            case UInt8(ascii: "\\"): backslash
            case UInt8(ascii: "\""): "\\\""
            case UInt8(ascii: "&"): "&amp;"
            case UInt8(ascii: "\n"): "\\n"
            default: nil
            }
        }
        return "\"" + escaped + "\""
    }

    /// Spec text inside an HTML-like label.
    static func htmlEscaped(_ value: String) -> String {
        DisplayText.lines(value).map { line in
            DisplayText.escaping(String(line)) { byte in
                // Graphviz reads `\N`, `\G`… in HTML labels too.
                byte == UInt8(ascii: "\\") ? "\\\\" : DisplayText.xmlEntity(byte)
            }
        }.joined(separator: "<BR/>")
    }

    private static func html(_ markup: String) -> String { "<" + markup + ">" }
    private static func bold(_ value: String) -> String { "<B>" + htmlEscaped(value) + "</B>" }
    private static let leftBreak = "<BR ALIGN=\"LEFT\"/>"

    private static func small(_ value: String, breaking: Bool = true, color: String = DiagramStyle.Palette.muted) -> String {
        (breaking ? "<BR/>" : "") + "<FONT POINT-SIZE=\"9\" COLOR=\"\(color)\">" + htmlEscaped(value) + "</FONT>"
    }

    private static func list(_ attributes: [(String, String)]) -> String {
        // A later value for the same key overrides an earlier one, so each key is written once, where it first
        // occurs. A statement has a handful of attributes: scanning them beats hashing.
        var text = "["
        for (position, attribute) in attributes.enumerated()
        where !attributes[..<position].contains(where: { $0.0 == attribute.0 }) {
            if position > 0 { text += ", " }
            text += attribute.0
            text += "="
            text += attributes.last(where: { $0.0 == attribute.0 })!.1
        }
        return text + "]"
    }

    private static func number(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }
}

/// Indented lines of DOT text.
private struct DOTText {
    private(set) var text = ""
    private var depth = 0

    mutating func line(_ line: String) {
        for _ in 0..<depth { text += "  " }
        text += line
        text += "\n"
    }

    mutating func indent(_ body: (inout DOTText) -> Void) {
        depth += 1
        body(&self)
        depth -= 1
    }
}
