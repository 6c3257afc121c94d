#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import FlowModel
@testable import FlowRender
import Foundation
import Testing

@Suite struct DOTWriterTests {
    @Test func writesClustersNodesEdgesAndALegendOfWhatIsUsed() throws {
        let dot = DOTWriter.write(try Fixtures.diagram("stinsen"))
        #expect(dot.hasPrefix("// Drawn by flowlint"))
        #expect(dot.contains("subgraph \"cluster Todos\" {"))
        #expect(
            dot.contains(
                "\"Unauthenticated/registration\" -> \"Registration/start\" [color=\"#8250df\", arrowhead=normal, penwidth=1.5, lhead=\"cluster Registration\""
            ))
        let close = try #require(dot.split(separator: "\n").first { $0.contains("label=\" close \"") })
        #expect(close.contains("style=\"dashed\"") && close.contains("constraint=false"))
        #expect(dot.contains("{ rank=same; \"Authenticated/todos\"; \"Authenticated/profile\"; }"))
        #expect(dot.contains("present as a sheet") && dot.contains("select a tab"))
        #expect(!dot.contains("embed in a container"), "the legend lists only the kinds drawn")
    }

    @Test func marksFindingsInTheStyleOfTheirRule() throws {
        let at = SourceLocation(file: "x", line: 1, column: 1)
        let diagram = try Fixtures.diagram(
            "stinsen",
            DiagramOptions(findings: [
                Finding(rule: "unreachable-route", severity: .warning, message: "m1", location: at, coordinator: "Todos", route: "todo"),
                Finding(rule: "unretained-child", severity: .error, message: "m2", location: at, coordinator: "Todos", route: "createTodo"),
                Finding(rule: "unreachable-coordinator", severity: .warning, message: "m3", location: at, coordinator: "CreateTodo"),
            ]))
        let lines = DOTWriter.write(diagram).split(separator: "\n")
        let todo = try #require(lines.first { $0.contains("\"Todos/todo\" [") })
        #expect(todo.contains("style=\"rounded,filled,dashed\"") && todo.contains("color=\"\(DiagramStyle.Palette.grey)\""))
        #expect(todo.contains("warning [unreachable-route]: m1"))
        let child = try #require(lines.first { $0.contains("\"Todos/createTodo\" [") })
        #expect(child.contains("color=\"\(DiagramStyle.Palette.red)\"") && child.contains("error [unretained-child]: m2"))
        let clusterIndex = try #require(lines.firstIndex { $0.contains("subgraph \"cluster CreateTodo\"") })
        #expect(lines[clusterIndex...].prefix(12).contains { $0.contains("style=\"rounded,filled,dashed\"") })
    }

    @Test func findingsAreNumberedInDrawingOrderWithBadgesAndAList() throws {
        let at = SourceLocation(file: "x", line: 1, column: 1)
        let diagram = try Fixtures.diagram(
            "stinsen",
            DiagramOptions(findings: [
                Finding(rule: "unreachable-route", severity: .warning, message: "m1", location: at, coordinator: "Todos", route: "todo"),
                Finding(rule: "invalid-transition", severity: .error, message: "m2", location: at, coordinator: "Todos", route: "todo"),
                Finding(rule: "unreachable-coordinator", severity: .warning, message: "m3", location: at, coordinator: "CreateTodo"),
            ]))
        #expect(diagram.findings.map(\.number) == [1, 2, 3])
        #expect(diagram.findings.map(\.message) == ["m3", "m2", "m1"], "the cluster first, then the node's, by rule")
        let dot = DOTWriter.write(diagram)
        let todo = try #require(dot.split(separator: "\n").first { $0.contains("\"Todos/todo\" [") })
        #expect(
            todo.contains("error ×2 · #2 #3") && todo.contains("BGCOLOR=\"\(DiagramStyle.Palette.red)\""), "worst severity, count, numbers")
        #expect(todo.contains("tooltip=") && todo.contains("error [invalid-transition]: m2"))
        #expect(dot.contains("<B>Findings</B>") && dot.contains("warning [unreachable-coordinator] CreateTodo: m3"))
        #expect(MermaidWriter.write(diagram).contains("#35;3 warning [unreachable-route] Todos.todo: m1"))
    }

    @Test func badgesAndListEntriesTakeTheColourOfTheirSeverity() throws {
        let at = SourceLocation(file: "x", line: 1, column: 1)
        // push-cycle is drawn red (a cycle) whatever its severity; as a warning its badge and entry are amber.
        let diagram = try Fixtures.diagram(
            "stinsen",
            DiagramOptions(findings: [
                Finding(
                    rule: "push-cycle", severity: .warning, message: "only a warning", location: at, coordinator: "Todos", route: "todo"),
                Finding(
                    rule: "invalid-transition", severity: .error, message: "an error", location: at, coordinator: "Todos",
                    route: "createTodo"),
                Finding(
                    rule: "trapped-flow", severity: .warning, message: "and a warning", location: at, coordinator: "Todos",
                    route: "createTodo"),
            ]))
        let dot = DOTWriter.write(diagram)
        let lines = dot.split(separator: "\n")
        func badgeColor(_ node: String) throws -> String? {
            let line = try #require(lines.first { $0.contains("\"\(node)\" [") })
            let badge = try #require(line.range(of: "STYLE=\"rounded\" BGCOLOR=\""))
            return line[badge.upperBound...].split(separator: "\"").first.map(String.init)
        }
        let red = DiagramStyle.Palette.red, amber = DiagramStyle.Palette.orange
        #expect(try badgeColor("Todos/todo") == amber, "a node with only a warning")
        #expect(try badgeColor("Todos/createTodo") == red, "a node with an error and a warning")
        let todo = try #require(lines.first { $0.contains("\"Todos/todo\" [") })
        #expect(todo.contains("color=\"\(red)\""), "the outline still says it is a cycle")
        // The list: each entry on the colour of its own severity.
        for finding in diagram.findings {
            let color = finding.severity == "error" ? red : amber
            #expect(
                dot.contains("BGCOLOR=\"\(color)\"><FONT POINT-SIZE=\"9\" COLOR=\"#ffffff\"><B> \(finding.number) </B>"),
                "entry \(finding.number)")
        }
        #expect(
            DiagramStyle.severityColor("note") == DiagramStyle.Palette.muted
                && DiagramStyle.severityColor("info") == DiagramStyle.Palette.muted)
    }

    @Test func oneStyleTableDrawsNodesTheirLegendAndMermaidAlike() throws {
        let at = SourceLocation(file: "x", line: 1, column: 1)
        let diagram = try Fixtures.diagram(
            "stinsen",
            DiagramOptions(findings: [
                Finding(
                    rule: "unreachable-route", severity: .warning, message: "m", location: at, coordinator: "Main", route: "authenticated")
            ]))
        let width = DiagramStyle.initialWidth
        let dot = DOTWriter.write(diagram)
        let lines = dot.split(separator: "\n")
        let initial = try #require(lines.first { $0.contains("\"Todos/start\" [") })
        #expect(initial.contains("penwidth=\(Int(width))"))
        #expect(dot.contains("<TABLE BORDER=\"\(Int(width))\""), "the legend's initial route")
        let mermaid = MermaidWriter.write(diagram)
        #expect(mermaid.contains("classDef screen_initial fill:#ffffff,stroke:#57606a,color:#24292f,stroke-width:\(Int(width))px"))
        // An unreachable child start keeps its kind's fill everywhere, faded by its line and text only.
        let child = try #require(lines.first { $0.contains("\"Main/authenticated\" [") })
        #expect(child.contains("fillcolor=\"\(DiagramStyle.Palette.childFill)\"") && child.contains("style=\"filled,dashed\""))
        #expect(
            mermaid.contains("classDef coordinator_unreachable fill:\(DiagramStyle.Palette.childFill),stroke:\(DiagramStyle.Palette.grey)"))
    }

    @Test func escapesEachKindOfString() {
        #expect(DOTWriter.quoted("a\"b\\c") == "\"a\\\"b\\\\c\"")
        #expect(DOTWriter.text("a\\N & \"q\"\nb") == "\"a\\\\N &amp; \\\"q\\\"\\nb\"")
        #expect(DOTWriter.tooltip("a\\G") == "\"a\\\\\\\\G\"")
        #expect(DOTWriter.htmlEscaped("<b> & \"\\N\"\nx") == "&lt;b&gt; &amp; &quot;\\\\N&quot;<BR/>x")
    }
}

@Suite struct MermaidWriterTests {
    @Test func writesSubgraphsNodesAndStyledLinks() throws {
        let mermaid = MermaidWriter.write(try Fixtures.diagram("stinsen"))
        let lines = mermaid.split(separator: "\n").map(String.init)
        #expect(lines[1] == "flowchart TB")
        #expect(lines.filter { $0.hasPrefix("  subgraph c") }.count == 6)
        #expect(lines.contains("  subgraph c1[\"Unauthenticated<br/>navigation\"]"))
        #expect(lines.contains("    n5[[\"registration<br/>▸ Registration\"]]"))
        #expect(lines.contains { $0.contains("-.->|\"close\"|") })
        #expect(lines.contains { $0.contains("--o|\"todosTab\"|") })
        #expect(lines.contains { $0.hasPrefix("  linkStyle ") && $0.contains("stroke:\(DiagramStyle.Palette.blue)") })
        #expect(lines.filter { $0 == "  end" }.count == 7, "six coordinators and the legend")
    }

    @Test func warnsAboutDiagramsGitHubWouldNotDraw() throws {
        var diagram = try Fixtures.diagram("stinsen")
        #expect(MermaidWriter.sizeWarning(diagram, text: MermaidWriter.write(diagram)) == nil)
        diagram.edges += Array(repeating: diagram.edges[0], count: DiagramLimits.mermaidEdges)
        #expect(MermaidWriter.sizeWarning(diagram, text: "")?.contains("--overview") == true)
    }
}

@Suite struct GraphvizTests {
    @Test func rendersSVGWithClustersNodesLabelsAndTheLegend() throws {
        let diagram = try Fixtures.diagram("stinsen")
        let rendering = try Graphviz().svg(fromDOT: DOTWriter.write(diagram))
        #expect(rendering.warnings == [])
        let svg = try SVGDocument(rendering.svg)
        #expect(svg.clusterTitles == diagram.clusters.map { "cluster " + $0.id })
        #expect(Set(svg.nodeTitles) == Set(diagram.nodes.map(\.id)) && svg.nodeTitles.count == diagram.nodes.count)
        #expect(svg.texts.contains("LoginScreen") && svg.texts.contains("forgotPassword"))
        #expect(svg.texts.contains("Legend") && svg.texts.contains("present as a sheet"))
        #expect(svg.texts.contains("Main: view\nSwitches between the logged-out and the logged-in app (Stinsen @Root + root())."))
    }

    @Test func rendersTheSameBytesEveryTime() throws {
        let dot = DOTWriter.write(try Fixtures.diagram("classic"))
        #expect(try Graphviz().svg(fromDOT: dot).svg == Graphviz().svg(fromDOT: dot).svg)
    }

    /// Plugins without the cairo one (libgvplugin_pango): SVG still renders, PNG and PDF fail before any
    /// layout with one line naming the plugin and the Debian package.
    @Test func aMissingCairoPluginIsOneLineNamingThePackage() throws {
        let installed = try #require(Graphviz.installedPluginDirectory)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("plugins-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for plugin in ["libgvplugin_dot_layout.so.6", "libgvplugin_core.so.6"] {
            try FileManager.default.createSymbolicLink(
                atPath: folder.appendingPathComponent(plugin).path, withDestinationPath: installed + plugin)
        }
        let graphviz = Graphviz(pluginDirectory: folder.path)
        #expect(Graphviz(pluginDirectory: installed).rendersImages && !graphviz.rendersImages)
        let dot = DOTWriter.write(try Fixtures.diagram("classic"))
        #expect(try graphviz.svg(fromDOT: dot).svg.contains("<svg"))
        for format in [Graphviz.ImageFormat.png, .pdf] {
            var thrown: GraphvizError?
            do { _ = try graphviz.image(fromDOT: dot, format: format) } catch { thrown = error }
            let message = try #require(thrown?.description, "\(format) rendered without the cairo plugin")
            #expect(
                !message.contains("\n") && message.contains(folder.path + "/libgvplugin_pango.so.6") && message.contains("libgvc6")
                    && message.contains(format.rawValue.uppercased()), "\(message)")
        }
    }

    @Test func reportsErrorsAsValuesAndPrintsNothing() throws {
        // Captured as Graphviz captures its own: a redirection of its own here could interleave with another test's
        // drawing and leave the test run's standard error in a deleted file.
        var thrown: GraphvizError?
        let (_, captured) = StandardErrorCapture.capturing { () -> Int in
            do {
                _ = try Graphviz().svg(fromDOT: "digraph { a -> }")
            } catch {
                thrown = error as? GraphvizError
            }
            return 0
        }
        let printed = String(decoding: captured, as: UTF8.self)
        #expect(thrown?.messages.contains { $0.contains("syntax error") } == true, "\(String(describing: thrown))")
        // Other tests running at the same time may print their progress to the same stderr: look for Graphviz's words.
        #expect(!printed.contains("syntax error") && !printed.contains("Error:"), "Graphviz printed: \(printed)")
    }
}

@Suite struct RenderSpeedTests {
    /// About 1,000 routes in 100 coordinators, each starting the next: dot lays such a flow out in ~0.2 s here.
    static func largeSpec() -> String {
        var spec = "version: 1\nentry: C0\ncoordinators:\n"
        for c in 0..<100 {
            spec += "  C\(c):\n    kind: navigation\n    initial: r0\n    routes:\n"
            for r in 0..<10 {
                let next = r < 8 ? "r\(r + 1)" : (c < 99 ? "child" : "done")
                spec +=
                    "      r\(r):\n" + (r == 0 ? "" : "        transition: push\n")
                    + "        screen: Screen\(c)x\(r)\n        triggers: [\(next), close]\n"
            }
            spec +=
                c < 99
                ? "      child:\n        transition: present\n        coordinator: C\(c + 1)\n        retain: hierarchy\n"
                : "      done: { transition: finish }\n"
            spec += "      close: { transition: dismiss }\n"
        }
        return spec
    }

    /// Speed lives in `scripts/bench` (render rows); this checks that a large drawing lays out cleanly.
    @Test func rendersAThousandRoutesInProcess() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flowlint-speed-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.largeSpec().write(to: folder.appendingPathComponent("large.flow.yml"), atomically: true, encoding: .utf8)
        let diagram = DiagramBuilder.build(try Fixtures.graph(paths: [folder.path]))
        #expect(diagram.nodes.count > 1_000)
        let rendering = try Graphviz().svg(fromDOT: DOTWriter.write(diagram))
        #expect(rendering.warnings == [])
        #expect(rendering.svg.contains("</svg>"))
    }
}
