import FlowModel
import FlowAnalysis
import FlowRules

/// `flowlint graph --site DIR`: a static HTML atlas. `index.html` holds the overview and the findings table;
/// each coordinator has a page with its diagram (SVG inline), its description and its routes'. Child nodes
/// link to the child's page, findings to the node they are about, and a finding's witness path to the pages
/// whose diagrams highlight it (CSS `:target` on the path's SVG classes). No script, no network, no file
/// outside the folder; the same specs give the same bytes.
public enum Site {
    public struct Page: Sendable, Equatable {
        public var fileName: String
        public var html: String
    }

    /// The pages of the atlas. `render` lays a diagram out as SVG (Graphviz in the CLI); it is given the name of
    /// the page the diagram is drawn on.
    /// `coverage`: what a graph read from Swift code read of it, shown on the index (a guessed entry marked as one).
    public static func pages(
        _ analysis: Analysis, findings: [Finding], layout: Layout = .auto, coverage: Coverage? = nil,
        render: (Diagram, _ page: String) throws -> String
    ) rethrows -> [Page] {
        // One set of facts for every page.
        let facts = DiagramFacts(analysis)
        let index = analysis.index
        let graph = index.graph
        let names = graph.coordinators.map(\.name).sorted()
        let files = pageNames(names)

        var overview = DiagramBuilder.build(facts, options: DiagramOptions(overview: true, findings: findings, layout: layout))
        overview.anchorsNodes = true
        for position in overview.nodes.indices where overview.nodes[position].kind == .coordinator {
            overview.nodes[position].link = files[overview.nodes[position].title]
        }
        let paths = witnessPaths(findings)
        var options = DiagramOptions(depth: 1, findings: findings, layout: layout)
        options.paths = paths
        var diagrams: [(name: String, diagram: Diagram)] = []
        var marked: [String: Set<String>] = [:]
        for name in names {
            options.focus = name
            var diagram = DiagramBuilder.build(facts, options: options)
            marked[files[name]!] = Set(diagram.nodes.flatMap { $0.paths ?? [] } + diagram.edges.flatMap { $0.paths ?? [] })
            diagram.anchorsNodes = true
            for position in diagram.nodes.indices {
                let node = diagram.nodes[position]
                guard
                    let route = node.cluster.flatMap({ cluster in
                        index.coordinator(named: cluster).flatMap { index.route(named: node.title, in: $0) }
                    }),
                    let child = index.child(of: route)
                else { continue }
                diagram.nodes[position].link = files[index[coordinator: child].name]
            }
            // A landing node links to the route it names, drawn on the same page.
            let landings = Dictionary(
                diagram.edges.compactMap { edge in edge.landsOn.map { (edge.to, "#" + $0) } }, uniquingKeysWith: { first, _ in first })
            for position in diagram.nodes.indices where diagram.nodes[position].kind == .landing {
                diagram.nodes[position].link = landings[diagram.nodes[position].id]
            }
            diagrams.append((name, diagram))
        }
        let table = FindingsTable(findings: findings, graph: graph, files: files, marked: marked)
        var pages = [
            Page(
                fileName: indexName + ".html",
                html: indexPage(graph, overview: try render(overview, indexName + ".html"), table: table, coverage: coverage))
        ]
        for (name, diagram) in diagrams {
            pages.append(
                Page(
                    fileName: files[name]!,
                    html: coordinatorPage(
                        graph.coordinator(named: name)!, diagram: try render(diagram, files[name]!),
                        table: table, paths: paths.filter { marked[files[name]!]!.contains($0.name) })))
        }
        return pages
    }

    /// The witness path of each finding that has steps, named `path-N` after the finding's place (from 1) in
    /// lint's order: the class its nodes and edges carry and the anchor that highlights them.
    private static func witnessPaths(_ findings: [Finding]) -> [NamedRoutePath] {
        findings.enumerated().compactMap { number, finding in
            guard let path = finding.path, !path.isEmpty else { return nil }
            return NamedRoutePath(name: pathName(number), routes: path.compactMap { routeKey(of: $0.step) })
        }
    }

    private static func pathName(_ number: Int) -> String { "path-\(number + 1)" }

    /// `Coordinator.route` of a step, split at its last dot.
    private static func routeKey(of step: NamedPathStep) -> RouteKey? {
        guard let dot = step.route.lastIndex(of: ".") else { return nil }
        return RouteKey(coordinator: String(step.route[..<dot]), route: String(step.route[step.route.index(after: dot)...]))
    }

    /// The page of each coordinator, named after it (`Auth.html`), the same in every run: letters, digits, `_`
    /// and `-` of ASCII are kept and every other character becomes `_` (a safe file name on every system, a
    /// link that needs no escaping); names that then meet — or meet ignoring case, as macOS's file system
    /// does, or meet `index` — get `-2`, `-3` in name order.
    static func pageNames(_ sortedNames: [String]) -> [String: String] {
        var taken: Set<String> = [indexName]
        var files: [String: String] = [:]
        for name in sortedNames {
            let safe = String(
                name.unicodeScalars.prefix(100).map { scalar in
                    scalar.isASCII
                        && (scalar.properties.isAlphabetic || scalar.properties.numericType != nil || scalar == "_" || scalar == "-")
                        ? Character(scalar) : "_"
                })
            var stem = safe.isEmpty ? "_" : safe
            var suffix = 1
            while taken.contains(stem.lowercased()) {
                suffix += 1
                stem = "\(safe)-\(suffix)"
            }
            taken.insert(stem.lowercased())
            files[name] = stem + ".html"
        }
        return files
    }

    static let indexName = "index"

    /// The line every page of an atlas holds: what marks a file in the folder as a page flowlint wrote.
    public static let generatorMeta = #"<meta name="generator" content="flowlint graph --site">"#

    // MARK: Pages

    private static func indexPage(_ graph: FlowGraph, overview: String, table: FindingsTable, coverage: Coverage?) -> String {
        let files = table.files
        var body = "<h1>Navigation atlas</h1>\n"
        if let entry = graph.entry?.value, let file = files[entry] {
            if let guess = coverage?.entry, guess.guessed {
                body +=
                    "<p class=\"entry-guessed\">The app may start in <a href=\"\(file)\">\(escaped(entry))</a>: a guess"
                    + (guess.why.map { " (" + escaped($0) + ")" } ?? "")
                        + """
                        , since no launch site that starts a coordinator was read. Each coordinator has a page; select one in the diagram \
                        or the list.</p>\n
                        """
            } else {
                body +=
                    """
                    <p>The app starts in <a href=\"\(file)\">\(escaped(entry))</a>. Each coordinator has a page; select one in the \
                    diagram or the list.</p>\n
                    """
            }
        }
        if let coverage { body += coverageSection(coverage) }
        body += "<figure>\(svgBody(overview))</figure>\n"
        body += table.html(of: nil)
        body += "<h2>Coordinators</h2>\n<ul>\n"
        for name in files.keys.sorted() {
            let description = graph.coordinator(named: name)?.description?.value
            body += "<li><a href=\"\(files[name]!)\">\(escaped(name))</a>" + (description.map { ": " + escaped($0) } ?? "") + "</li>\n"
        }
        body += "</ul>\n"
        return document(title: "Navigation atlas", body: body)
    }

    /// What was read of the code: the summary line, and each type not read and child start of unknown retention.
    private static func coverageSection(_ coverage: Coverage) -> String {
        var html = "<p class=\"coverage\">Read from the code: \(escaped(coverage.line)).</p>\n"
        guard !coverage.notRead.isEmpty || !coverage.retentionUnknown.isEmpty else { return html }
        html += "<details class=\"coverage\"><summary>What was not read</summary>\n<ul>\n"
        for type in coverage.notRead {
            html +=
                """
                <li>\(escaped(type.type)) (\(escaped(type.reason.rawValue))): \(escaped(type.detail)), \
                \(escaped("\(type.location.file):\(type.location.line)"))</li>\n
                """
        }
        for start in coverage.retentionUnknown {
            html +=
                """
                <li>\(escaped(start.coordinator)).\(escaped(start.route)) starts \(escaped(start.child)), retention unknown: \
                \(escaped(start.detail)), \(escaped("\(start.location.file):\(start.location.line)"))</li>\n
                """
        }
        return html + "</ul>\n</details>\n"
    }

    /// `paths`: the witness paths the diagram marks; each has an anchor before the diagram that, as the page's
    /// target, says which path is shown and highlights it.
    private static func coordinatorPage(_ coordinator: Coordinator, diagram: String, table: FindingsTable, paths: [NamedRoutePath])
        -> String
    {
        let files = table.files
        var body = "<p><a href=\"index.html\">Atlas</a></p>\n<h1>\(escaped(coordinator.name))</h1>\n"
        if let kind = coordinator.kind?.value.rawValue { body += "<p class=\"kind\">\(escaped(kind))</p>\n" }
        if let description = coordinator.description?.value { body += "<p>\(escaped(description))</p>\n" }
        for path in paths {
            body += "<p id=\"\(path.name)\" class=\"path-shown\">Highlighted: \(escaped(table.caption(of: path.name)))</p>\n"
        }
        body += "<figure>\(svgBody(diagram))</figure>\n"
        body += table.html(of: coordinator.name)
        body += "<h2>Routes</h2>\n<table>\n<tr><th>route</th><th>transition</th><th>destination</th><th>description</th></tr>\n"
        for route in coordinator.routes {
            let destination: String =
                switch route.destination?.value {
                case .screen(let name)?: escaped(name)
                case .coordinator(let name)?: files[name].map { "<a href=\"\($0)\">\(escaped(name))</a>" } ?? escaped(name)
                case nil: ""
                }
            let anchor = escaped(NodeID.route(RouteKey(coordinator: coordinator.name, route: route.name)))
            body +=
                "<tr id=\"route-\(anchor)\"><td>\(escaped(route.name))</td><td>\(escaped(route.transition?.value.rawValue ?? ""))</td>"
                + "<td>\(destination)</td><td>\(escaped(route.description?.value ?? ""))</td></tr>\n"
        }
        body += "</table>\n"
        return document(title: coordinator.name, body: body, highlights: paths.map(\.name))
    }

    /// Findings in lint's order, each linked to the element it is about: the route's node in the coordinator's
    /// diagram, or its row in the routes table for a route drawn as an edge. A finding's witness path follows as
    /// links to each step's route, in the order the user takes them, and to the pages that highlight it.
    private struct FindingsTable {
        var findings: [Finding]
        var graph: FlowGraph
        var files: [String: String]
        /// Per page: the witness paths its diagram marks.
        var marked: [String: Set<String>]

        /// The table of every finding (nil) or of one coordinator's.
        func html(of coordinator: String?) -> String {
            let shown = findings.enumerated().filter { _, finding in
                finding.coordinator.flatMap { files[$0] } != nil && (coordinator == nil || finding.coordinator == coordinator)
            }
            guard !shown.isEmpty else { return "" }
            let hasPaths = shown.contains { $0.element.path != nil }
            var html =
                "<h2>Findings</h2>\n<table>\n<tr><th>severity</th><th>rule</th><th>element</th><th>message</th><th>at</th>"
                + (hasPaths ? "<th>path from the entry</th>" : "") + "</tr>\n"
            for (number, finding) in shown {
                let coordinator = finding.coordinator!
                let element = finding.route.map { "\(coordinator).\($0)" } ?? coordinator
                let target = files[coordinator]! + (finding.route.map { anchor(of: $0, in: coordinator, graph: graph) } ?? "")
                html +=
                    "<tr class=\"\(finding.severity.rawValue)\"><td>\(finding.severity.rawValue)</td>"
                    + "<td>\(escaped(finding.rule.rawValue))</td>"
                    + "<td><a href=\"\(target)\">\(escaped(element))</a></td><td>\(escaped(finding.message))</td>"
                    + "<td>\(escaped("\(finding.location.file):\(finding.location.line)"))</td>"
                    + (hasPaths ? "<td class=\"path\">\(pathLinks(finding.path))\(highlightLinks(finding, pathName(number)))</td>" : "")
                    + "</tr>\n"
            }
            return html + "</table>\n"
        }

        /// What a page says above its diagram while it highlights the path: the finding and its path in words.
        func caption(of path: String) -> String {
            guard let number = Int(path.dropFirst("path-".count)), findings.indices.contains(number - 1) else { return path }
            let finding = findings[number - 1]
            let element = [finding.coordinator, finding.route].compactMap { $0 }.joined(separator: ".")
            return "the path to \(finding.rule.rawValue) at \(element): \(NamedPathStep.text(of: finding.path?.map(\.step) ?? []))"
        }

        /// A witness path as links, `→` between steps; `at launch` for an empty one, nothing for none.
        private func pathLinks(_ path: [WitnessStep]?) -> String {
            guard let path else { return "" }
            guard !path.isEmpty else { return "at launch" }
            return path.map { witness in
                guard let key = routeKey(of: witness.step), let file = files[key.coordinator] else { return escaped(witness.step.text) }
                return "<a href=\"\(file + anchor(of: key.route, in: key.coordinator, graph: graph))\">\(escaped(witness.step.text))</a>"
            }.joined(separator: " → ")
        }

        /// Links to the pages whose diagrams highlight the path, by coordinator in the order the path enters them.
        private func highlightLinks(_ finding: Finding, _ path: String) -> String {
            var seen: Set<String> = []
            let pages = (finding.path ?? []).compactMap { routeKey(of: $0.step)?.coordinator }.filter { seen.insert($0).inserted }
                .filter { files[$0].map { marked[$0]?.contains(path) == true } ?? false }
            guard !pages.isEmpty else { return "" }
            return "<br><span class=\"highlight\">highlighted on "
                + pages.map { "<a href=\"\(files[$0]!)#\(path)\">\(escaped($0))</a>" }
                .joined(separator: ", ") + "</span>"
        }
    }

    /// The route's node in its coordinator's diagram, or its row in the routes table for a route drawn as an edge.
    private static func anchor(of route: String, in coordinator: String, graph: FlowGraph) -> String {
        let id = escaped(NodeID.route(RouteKey(coordinator: coordinator, route: route)))
        return graph.coordinator(named: coordinator)?.route(named: route)?.destination == nil ? "#route-" + id : "#" + id
    }

    // MARK: HTML

    /// `highlights`: the witness paths the page's diagram marks, each highlighted while its anchor is the target.
    private static func document(title: String, body: String, highlights: [String] = []) -> String {
        typealias Palette = DiagramStyle.Palette
        // A finding's severity in the colour its badge and its entry in a diagram's list have.
        let severities = Severity.allCases.sorted(by: >).map { severity in
            "tr.\(severity.rawValue) td:first-child { color: \(DiagramStyle.severityColor(severity.rawValue)); font-weight: bold; }"
        }.joined(separator: "\n")
        // The anchor's siblings after it are the diagram: its path's nodes and edges, drawn in the highlight colour.
        let paths = highlights.map { path in
            """
            #\(path):target ~ figure g.\(path) path, #\(path):target ~ figure g.\(path) polygon { stroke: \(Palette.highlight); \
            stroke-width: 3; }
            """
        }
        let pathRules =
            paths.isEmpty
            ? ""
            : ".path-shown { display: none; }\n.path-shown:target { display: block; font-weight: bold; }\n"
                + paths.joined(separator: "\n") + "\n"
        return """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            \(generatorMeta)
            <title>\(escaped(title))</title>
            <style>
            body { font-family: -apple-system, "Segoe UI", Helvetica, Arial, sans-serif; color: \(Palette.text); margin: 2rem; }
            figure { margin: 1rem 0; overflow: auto; border: 1px solid \(Palette.clusterBorder); border-radius: 6px; padding: 0.5rem; }
            figure svg { max-width: 100%; height: auto; }
            table { border-collapse: collapse; margin: 1rem 0; }
            th, td { border: 1px solid \(Palette.clusterBorder); padding: 0.25rem 0.5rem; text-align: left; vertical-align: top; }
            \(severities)
            .kind { color: \(Palette.muted); }
            :target, g:target > path, g:target > polygon { outline: 3px solid \(Palette.highlight); \
            stroke: \(Palette.highlight); stroke-width: 3; }
            \(pathRules)</style>
            </head>
            <body>
            \(body)</body>
            </html>

            """
    }

    /// The `<svg>` element of a rendering, without the XML declaration and doctype.
    private static func svgBody(_ svg: String) -> String {
        let bytes = Array(svg.utf8)
        let tag = Array("<svg".utf8)
        guard bytes.count >= tag.count,
            let start = (0...(bytes.count - tag.count)).first(where: { bytes[$0..<($0 + tag.count)].elementsEqual(tag) })
        else { return "" }
        return String(decoding: bytes[start...], as: UTF8.self)
    }

    static func escaped(_ text: String) -> String {
        DisplayText.escaping(text, DisplayText.xmlEntity)
    }
}
