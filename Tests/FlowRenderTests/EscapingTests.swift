import FlowModel
@testable import FlowRender
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing

/// Spec text with quotes, backslashes, markup, entities, line breaks, control characters and unicode must come
/// out as literal text: DOT that Graphviz reads back silently, SVG that is well-formed XML with no element
/// or attribute from spec text, Mermaid labels without syntax of their own.
@Suite struct EscapingTests {
    /// Every name and description of fixtures/render/escaping, as the specs spell them.
    static let specTexts = [
        "Weird \"App\" <script>alert(1)</script>", "home <b>bold</b>", "Home\\View & <Controller>",
        "]]> --> <!-- \\\" end", "日本語", "Child/με\"}{|", "back\\slash", "A\\B\\\\C\\", "#quot; #60; &lt; \\l",
        "quote\"d", "`markdown` **bold** [link](javascript:alert(1)) %% comment", "close;\"<>", "click end call alert()",
        "done%2F", "<script>alert('x')</script> & \"quotes\" \\ back\\slash\nsecond line &amp; &#10; \\N \\G \\n ]]> <!-- -->",
        "--> end\nsubgraph x\n%%{init: {}}%%",
    ]

    static func escapingDiagram() throws -> Diagram {
        let graph = try Fixtures.graph("escaping")
        let at = SourceLocation(file: "x", line: 1, column: 1)
        let finding = Finding(
            rule: "leaked-child", severity: .error, message: "<script>&amp; \\N \"x\"", location: at,
            coordinator: graph.entry!.value, route: "日本語")
        return DiagramBuilder.build(graph, options: DiagramOptions(findings: [finding]))
    }

    @Test func dotReadsBackThroughGraphvizWithoutMessages() throws {
        let dot = DOTWriter.write(try Self.escapingDiagram())
        #expect(Graphviz().parseMessages(dot) == [])
        // The check itself sees Graphviz's own messages: a syntax error, and a warning on DOT that still parses.
        #expect(Graphviz().parseMessages("digraph { a -> }").contains { $0.contains("syntax error") })
        #expect(Graphviz().parseMessages("digraph { a -> 2b }").contains { $0.contains("2b") })
    }

    @Test func svgIsWellFormedAndShowsSpecTextLiterally() throws {
        let rendering = try Graphviz().svg(fromDOT: DOTWriter.write(try Self.escapingDiagram()))
        #expect(rendering.warnings == [])
        let document = try SVGDocument(rendering.svg)
        #expect(document.elements.isSubset(of: SVGDocument.graphvizElements), "\(document.elements)")
        #expect(document.attributes.isSubset(of: SVGDocument.graphvizAttributes), "\(document.attributes)")
        for text in Self.specTexts {
            #expect(document.texts.contains { $0.contains(text) }, "not literal in the SVG: \(text)")
        }
        #expect(document.texts.contains { $0.contains("error [leaked-child]: <script>&amp; \\N \"x\"") })
        #expect(!rendering.svg.contains("<script"), "markup from spec text")
    }

    @Test func controlCharactersBecomeVisibleAndNeverReachXML() throws {
        #expect(DisplayText.clean("a\u{7}b\u{0}c\u{1B}d\td\r\ne\u{FFFF}") == "a␇b␀c␛d d\ne\u{FFFD}")
        let diagram = try Self.escapingDiagram()
        let svg = try Graphviz().svg(fromDOT: DOTWriter.write(diagram)).svg
        #expect(try SVGDocument(svg).texts.contains { $0.contains("bell ␇, escape ␛") })
    }

    @Test func mermaidLabelsCarryNoSyntaxFromSpecText() throws {
        let mermaid = MermaidWriter.write(try Self.escapingDiagram())
        for line in mermaid.split(separator: "\n") {
            // Inside each quoted label: no quote, no markup but the writer's own line breaks.
            for label in line.split(separator: "\"", omittingEmptySubsequences: false).enumerated().filter({ $0.offset % 2 == 1 }) {
                let text = label.element.replacingOccurrences(of: "<br/>", with: "")
                #expect(!text.contains("<") && !text.contains(">") && !text.contains("`"), "\(label.element)")
            }
        }
        #expect(mermaid.contains("Weird #34;App#34; #60;script#62;alert(1)#60;/script#62;"))
        #expect(mermaid.contains("#35;quot; #35;60; #38;lt; \\l"), "entity codes in spec text stay literal")
        #expect(!mermaid.contains("subgraph x"), "a description cannot open a subgraph")
        #expect(!mermaid.split(separator: "\n").contains { $0.trimmingCharacters(in: .whitespaces).hasPrefix("click") })
        #expect(mermaid.components(separatedBy: "%%").count == 2, "only the writer's own comment line: no directive from spec text")
    }

    /// A combining mark after a quote makes one Character of both: escaping by Character would miss the quote.
    @Test func aQuoteFollowedByACombiningMarkIsStillEscaped() throws {
        let name = "A\"\u{301}] -> evil [label=x"
        #expect(DOTWriter.quoted(name) == "\"A\\\"\u{301}] -> evil [label=x\"")
        #expect(DOTWriter.text(name) == "\"A\\\"\u{301}] -> evil [label=x\"")
        #expect(DOTWriter.htmlEscaped(name) == "A&quot;\u{301}] -&gt; evil [label=x")
        #expect(MermaidWriter.label([name]) == "A#34;\u{301}] -#62; evil [label=x")
        let dot = "digraph { a [label=\(DOTWriter.text(name)), tooltip=\(DOTWriter.tooltip(name))] }"
        #expect(Graphviz().parseMessages(dot) == [])
    }

    @Test func jsonKeepsSpecTextExact() throws {
        let diagram = try Self.escapingDiagram()
        let json = JSONGraphWriter.write(diagram)
        let decoded = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
        let nodes = try #require(decoded?["nodes"] as? [[String: Any]])
        #expect(nodes.contains { $0["title"] as? String == "home <b>bold</b>" })
        #expect(nodes.contains { $0["subtitle"] as? String == "A\\B\\\\C\\" })
    }
}

/// The element and attribute names and every text and attribute value of an SVG document.
struct SVGDocument {
    static let graphvizElements: Set<String> = ["svg", "g", "title", "a", "polygon", "polyline", "path", "ellipse", "text"]
    static let graphvizAttributes: Set<String> = [
        "width", "height", "viewBox", "xmlns", "xmlns:xlink", "id", "class", "transform", "fill", "stroke", "points",
        "cx", "cy", "rx", "ry", "d", "text-anchor", "x", "y", "font-family", "font-size", "font-weight", "xlink:title",
        "stroke-width", "stroke-dasharray", "fill-opacity", "stroke-opacity", "xlink:href", "target",
    ]

    private(set) var elements: Set<String> = []
    private(set) var attributes: Set<String> = []
    private(set) var texts: [String] = []
    /// `<title>` of each `class="cluster"` group, and of each `class="node"` group.
    private(set) var clusterTitles: [String] = []
    private(set) var nodeTitles: [String] = []

    init(_ svg: String) throws {
        let collector = Collector()
        let parser = XMLParser(data: Data(svg.utf8))
        parser.delegate = collector
        parser.shouldResolveExternalEntities = false
        guard parser.parse() else { throw SVGError(message: parser.parserError.map { "\($0)" } ?? "not XML") }
        elements = collector.elements
        attributes = collector.attributes
        texts = collector.texts
        clusterTitles = collector.titles.filter { $0.groupClass == "cluster" }.map(\.text)
        nodeTitles = collector.titles.filter { $0.groupClass == "node" }.map(\.text)
    }

    struct SVGError: Error { var message: String }

    private final class Collector: NSObject, XMLParserDelegate {
        var elements: Set<String> = []
        var attributes: Set<String> = []
        var texts: [String] = []
        var titles: [(groupClass: String, text: String)] = []
        private var groupClasses: [String] = []
        private var text = ""

        func parser(
            _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
            attributes: [String: String]
        ) {
            elements.insert(name)
            self.attributes.formUnion(attributes.keys)
            texts += attributes.values
            if name == "g" { groupClasses.append(attributes["class"] ?? "") }
            text = ""
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            text += string
        }

        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            if !text.isEmpty { texts.append(text) }
            if name == "title" { titles.append((groupClasses.last ?? "", text)) }
            if name == "g" { groupClasses.removeLast() }
            text = ""
        }
    }
}
