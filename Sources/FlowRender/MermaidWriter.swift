/// Writes a diagram as a Mermaid flowchart, which GitHub draws inside Markdown (```mermaid blocks).
///
/// Ids are counters (`n0`, `c0`): Mermaid reads many words and characters in ids as syntax. Spec text goes
/// only into quoted labels, with every character Mermaid or HTML would read written as an entity code.
public enum MermaidWriter {
    public static func write(_ diagram: Diagram) -> String {
        var ids: [String: String] = [:]
        for (index, node) in diagram.nodes.enumerated() { ids[node.id] = "n\(index)" }
        var lines = [
            "%% Drawn by flowlint from flow specs: regenerate it with `flowlint graph`, do not edit it.",
            "flowchart \(diagram.direction.rawValue)",
        ]
        let nodes = diagram.nodesByCluster
        for node in nodes[nil] ?? [] {
            lines.append("  " + declaration(node, id: ids[node.id]!))
        }
        for (index, cluster) in diagram.clusters.enumerated() {
            let caption = [cluster.kind, cluster.detail].compactMap { $0 }.joined(separator: ", ")
            lines.append(
                "  subgraph c\(index)[\"\(label([cluster.name, caption.isEmpty ? nil : caption, Mark.badge(of: cluster.marks)]))\"]")
            for node in nodes[cluster.id] ?? [] {
                lines.append("    " + declaration(node, id: ids[node.id]!))
            }
            lines.append("  end")
        }
        for edge in diagram.edges {
            let words = [edge.step.map { "\($0)." }, edge.label].compactMap { $0 }
            let text = words.isEmpty ? "" : "|\"\(label([words.joined(separator: " ")]))\"|"
            lines.append("  \(ids[edge.from]!) \(arrow(edge.kind))\(text) \(ids[edge.to]!)")
        }
        lines += legend(legendKinds(diagram))
        if !diagram.findings.isEmpty {
            // The list the badges' numbers refer to.
            let list = diagram.findings.map { "#\($0.number) \($0.severity) [\($0.rule)] \($0.element): \($0.message)" }
            lines += [
                "  subgraph found[\"Findings\"]", "    found0[\"\(label(list))\"]", "  end",
                "  style found0 fill:\(DiagramStyle.Palette.screenFill),stroke:\(DiagramStyle.Palette.clusterBorder),text-align:left",
            ]
        }
        lines += classes(diagram, ids: ids)
        lines += linkStyles(diagram)
        return lines.joined(separator: "\n") + "\n"
    }

    /// Why GitHub would not draw this diagram, if it would not.
    public static func sizeWarning(_ diagram: Diagram, text: String) -> String? {
        guard diagram.edges.count > DiagramLimits.mermaidEdges || text.utf8.count > DiagramLimits.mermaidCharacters else { return nil }
        return """
            the Mermaid diagram has \(diagram.edges.count) edges and \(text.utf8.count) characters; Mermaid (and GitHub) \
            draws at most \(DiagramLimits.mermaidEdges) edges and \(DiagramLimits.mermaidCharacters) characters: \
            draw --overview, or a part with --coordinator NAME
            """
    }

    // MARK: Elements

    private static func declaration(_ node: Node, id: String) -> String {
        let text = label([node.title, node.subtitle, Diagram.stepText(node.steps), Mark.badge(of: node.marks)])
        return switch node.kind {
        case .screen, .external, .landing, .events: "\(id)(\"\(text)\")"
        case .coordinator: "\(id)[[\"\(text)\"]]"
        case .entry: "\(id)([\"entry\"])"
        case .exit: "\(id)(((\" \")))"
        }
    }

    private static func arrow(_ kind: EdgeKind) -> String {
        switch kind {
        case .entry, .presentFullScreen, .setRoot: "==>"
        case .select: "--o"
        case .attach, .pop, .dismiss, .finish, .then: "-.->"
        case .push, .presentSheet, .embed, .show, .start, .route: "-->"
        }
    }

    /// Small unconnected samples of each edge kind used, in a subgraph of their own.
    private static func legend(_ kinds: [EdgeKind]) -> [String] {
        guard !kinds.isEmpty else { return [] }
        var lines = ["  subgraph key[\"Legend\"]", "    direction LR"]
        for (index, kind) in kinds.enumerated() {
            lines.append("    key\(index)a[\" \"] \(arrow(kind))|\"\(label([DiagramStyle.legend(kind)]))\"| key\(index)b[\" \"]")
        }
        lines.append("  end")
        let points = kinds.indices.flatMap { ["key\($0)a", "key\($0)b"] }
        lines.append("  classDef legendPoint fill:none,stroke:none")
        lines.append("  class \(points.joined(separator: ",")) legendPoint")
        return lines
    }

    /// One class per look the nodes have, named by what gives it (`screen_initial_problem`), in order of use.
    private static func classes(_ diagram: Diagram, ids: [String: String]) -> [String] {
        var order: [String] = []
        var members: [String: (look: DiagramStyle.Look, ids: [String])] = [:]
        for node in diagram.nodes {
            let name = [node.kind.rawValue, node.isInitial ? "initial" : nil, node.isHighlighted ? "chain" : nil, node.markStyle?.rawValue]
                .compactMap { $0 }.joined(separator: "_")
            if members[name] == nil {
                order.append(name)
                members[name] = (DiagramStyle.look(of: node), [])
            }
            members[name]!.ids.append(ids[node.id]!)
        }
        var lines: [String] = []
        for name in order {
            let (look, ids) = members[name]!
            lines.append("  classDef \(name) \(style(look))")
            lines.append("  class \(ids.joined(separator: ",")) \(name)")
        }
        for (index, cluster) in diagram.clusters.enumerated() {
            lines.append("  style c\(index) \(style(DiagramStyle.clusterLook(mark: cluster.markStyle)))")
        }
        return lines
    }

    private static func style(_ look: DiagramStyle.Look) -> String {
        "fill:\(look.fill),stroke:\(look.line),color:\(look.text)" + (look.width != 1 ? ",stroke-width:\(pixels(look.width))" : "")
            + (look.dashed ? ",stroke-dasharray:4 3" : "")
    }

    /// One linkStyle per line the edges have (the legend's samples with the kinds they show), in order of use.
    private static func linkStyles(_ diagram: Diagram) -> [String] {
        var order: [DiagramStyle.Line] = []
        var indices: [DiagramStyle.Line: [Int]] = [:]
        func add(_ line: DiagramStyle.Line, _ index: Int) {
            if indices[line] == nil { order.append(line) }
            indices[line, default: []].append(index)
        }
        for (index, edge) in diagram.edges.enumerated() { add(DiagramStyle.line(of: edge), index) }
        for (position, kind) in legendKinds(diagram).enumerated() { add(DiagramStyle.line(kind), diagram.edges.count + position) }
        return order.map { line in
            "  linkStyle \(indices[line]!.map(String.init).joined(separator: ",")) stroke:\(line.color),color:\(line.color)"
                + (line.width != 1 ? ",stroke-width:\(pixels(line.width))" : "") + (line.dashed ? ",stroke-dasharray:4 3" : "")
        }
    }

    private static func pixels(_ width: Double) -> String {
        (width == width.rounded() ? String(Int(width)) : String(width)) + "px"
    }

    /// The edge kinds the legend shows: the entry edge explains itself.
    private static func legendKinds(_ diagram: Diagram) -> [EdgeKind] {
        diagram.legend.edgeKinds.filter { $0 != .entry }
    }

    // MARK: Escaping

    /// Lines of spec text for a quoted label: every character that Mermaid or HTML reads as syntax (`%` for
    /// `%%{init}%%` directives, which Mermaid finds anywhere) becomes a numeric entity code (`#60;`), which
    /// Mermaid shows as the character itself.
    static func label(_ lines: [String?]) -> String {
        lines.compactMap { $0 }.flatMap { DisplayText.lines($0) }.map { line in
            DisplayText.escaping(String(line)) { byte in
                switch byte {
                case UInt8(ascii: "\""), UInt8(ascii: "#"), UInt8(ascii: "&"), UInt8(ascii: "<"), UInt8(ascii: ">"),
                    UInt8(ascii: "`"), UInt8(ascii: "%"):
                    "#\(byte);"
                default:
                    nil
                }
            }
        }.joined(separator: "<br/>")
    }
}
