/// Writes a diagram as a Mermaid flowchart, which GitHub draws inside Markdown (```mermaid blocks).
///
/// Ids are counters (`n0`, `c0`): Mermaid reads many words and characters in ids as syntax. Spec text goes
/// only into quoted labels, with every character Mermaid or HTML would read written as an entity code.
public enum MermaidWriter {
    public static func write(_ diagram: Diagram) -> String {
        var ids: [String: String] = [:]
        for (index, node) in diagram.nodes.enumerated() { ids[node.id] = "n\(index)" }
        var lines = ["%% Drawn by flowlint from flow specs: regenerate it with `flowlint graph`, do not edit it.", "flowchart TB"]
        let nodes = diagram.nodesByCluster
        for node in nodes[nil] ?? [] {
            lines.append("  " + declaration(node, id: ids[node.id]!))
        }
        for (index, cluster) in diagram.clusters.enumerated() {
            let caption = [cluster.kind, cluster.detail].compactMap { $0 }.joined(separator: ", ")
            lines.append("  subgraph c\(index)[\"\(label([cluster.name, caption.isEmpty ? nil : caption]))\"]")
            for node in nodes[cluster.id] ?? [] {
                lines.append("    " + declaration(node, id: ids[node.id]!))
            }
            lines.append("  end")
        }
        for edge in diagram.edges {
            let text = edge.label.map { "|\"\(label([$0]))\"|" } ?? ""
            lines.append("  \(ids[edge.from]!) \(arrow(edge.kind))\(text) \(ids[edge.to]!)")
        }
        lines += legend(legendKinds(diagram))
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
        let text = label([node.title, node.subtitle])
        return switch node.kind {
        case .screen, .external: "\(id)(\"\(text)\")"
        case .coordinator: "\(id)[[\"\(text)\"]]"
        case .entry: "\(id)([\"entry\"])"
        case .exit: "\(id)(((\" \")))"
        }
    }

    private static func arrow(_ kind: EdgeKind) -> String {
        switch kind {
        case .entry, .presentFullScreen, .setRoot: "==>"
        case .select: "--o"
        case .attach, .pop, .dismiss, .finish: "-.->"
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

    private static func classes(_ diagram: Diagram, ids: [String: String]) -> [String] {
        typealias Palette = DiagramStyle.Palette
        let definitions: [(name: String, style: String, members: (Node) -> Bool)] = [
            ("screen", "fill:\(Palette.screenFill),stroke:\(Palette.muted),color:\(Palette.text)", { $0.kind == .screen }),
            ("coordinator", "fill:\(Palette.childFill),stroke:\(Palette.purple),color:\(Palette.text)", { $0.kind == .coordinator }),
            ("external", "fill:\(Palette.screenFill),stroke:\(Palette.muted),stroke-dasharray:4 3", { $0.kind == .external }),
            ("entry", "fill:\(Palette.text),stroke:\(Palette.text),color:#ffffff", { $0.kind == .entry }),
            ("exit", "fill:\(Palette.text),stroke:\(Palette.text)", { $0.kind == .exit }),
            ("initial", "stroke-width:3px", \.isInitial),
            ("chain", "fill:\(Palette.highlightFill),stroke:\(Palette.highlight),stroke-width:3px", \.isHighlighted),
            ("unreachable", "stroke:\(Palette.grey),color:\(Palette.grey),stroke-dasharray:4 3", { $0.markStyle == .unreachable }),
            ("warning", "fill:\(Palette.orangeFill),stroke:\(Palette.orange),stroke-width:2px", { $0.markStyle == .warning }),
            ("problem", "fill:\(Palette.redFill),stroke:\(Palette.red),stroke-width:2px", { $0.markStyle == .problem }),
        ]
        var lines: [String] = []
        for definition in definitions {
            let members = diagram.nodes.filter(definition.members).map { ids[$0.id]! }
            guard !members.isEmpty else { continue }
            lines.append("  classDef \(definition.name) \(definition.style)")
            lines.append("  class \(members.joined(separator: ",")) \(definition.name)")
        }
        for (index, cluster) in diagram.clusters.enumerated() {
            let style = cluster.markStyle.map { style in
                let colors = DiagramStyle.markColors(style)
                return "stroke:\(colors.line),stroke-width:2px" + (style == .unreachable ? ",stroke-dasharray:4 3" : "")
            } ?? "stroke:\(Palette.clusterBorder)"
            lines.append("  style c\(index) fill:\(Palette.clusterFill),\(style)")
        }
        return lines
    }

    /// Colours by kind, then the chain and the findings over them (a later linkStyle wins).
    private static func linkStyles(_ diagram: Diagram) -> [String] {
        var lines: [String] = []
        func style(_ indices: [Int], _ attributes: String) {
            guard !indices.isEmpty else { return }
            lines.append("  linkStyle \(indices.map(String.init).joined(separator: ",")) \(attributes)")
        }
        let legendKinds = legendKinds(diagram)
        for kind in EdgeKind.allCases {
            let line = DiagramStyle.line(kind)
            var indices = diagram.edges.indices.filter { diagram.edges[$0].kind == kind }
            if let position = legendKinds.firstIndex(of: kind) { indices.append(diagram.edges.count + position) }
            style(indices, "stroke:\(line.color),color:\(line.color)" + (line.width > 1 ? ",stroke-width:\(line.width)px" : ""))
        }
        style(diagram.edges.indices.filter { diagram.edges[$0].isHighlighted },
              "stroke:\(DiagramStyle.Palette.highlight),stroke-width:3px")
        for markStyle in MarkStyle.allCases {
            let color = DiagramStyle.markColors(markStyle).line
            style(diagram.edges.indices.filter { diagram.edges[$0].markStyle == markStyle },
                  "stroke:\(color),color:\(color),stroke-width:2px" + (markStyle == .unreachable ? ",stroke-dasharray:4 3" : ""))
        }
        return lines
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
