#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ArgumentParser
import FlowModel
import FlowRender
import FlowReport
import FlowAnalysis
import FlowRules
import FlowSpec

extension Layout: ExpressibleByArgument {}

enum GraphFormat: String, ExpressibleByArgument, CaseIterable {
    case dot, svg, png, pdf, mermaid, json

    /// The format a file ending asks for; standard output gets DOT.
    init?(path: String) {
        if path == "-" { self = .dot; return }
        let endings: [(String, GraphFormat)] = [
            (".dot", .dot), (".gv", .dot), (".svg", .svg), (".png", .png), (".pdf", .pdf), (".mmd", .mermaid), (".mermaid", .mermaid),
            (".md", .mermaid),
            (".json", .json),
        ]
        guard let match = endings.first(where: { path.lowercased().hasSuffix($0.0) }) else { return nil }
        self = match.1
    }
}

struct Graph: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "graph",
        abstract: "Draw the navigation flow as SVG, PNG or PDF (Graphviz, in process), DOT, Mermaid or JSON.",
        discussion: """
            One cluster per coordinator; screens and child coordinators as nodes; an edge per trigger and child start, \
            styled by transition, with a legend. Drawings of more than --max-nodes nodes are refused for SVG, PNG and PDF: draw \
            --overview, or a part with --coordinator. Exit status: 0 written (or up to date with --check), 1 stale \
            with --check or specs with errors, 2 usage error, unreadable path or failed render.
            """)

    @Argument(help: "Spec files and folders.")
    var paths: [String] = ["."]

    @Option(
        help: ArgumentHelp(
            "A Swift file or folder to draw the flow from where no spec is found, repeatable (default: `sources:` of .flowlint.yml).",
            valueName: "path"))
    var sources: [String] = []

    @Option(name: [.short, .customLong("output")], help: ArgumentHelp("The file to write, - for standard output.", valueName: "file"))
    var output = "-"

    @Option(
        help:
            "dot, svg, png, pdf, mermaid or json; by default from the ending of --output (.dot .gv .svg .png .pdf .mmd .mermaid .md .json)."
    )
    var format: GraphFormat?

    @Option(help: ArgumentHelp("Draw this coordinator and the coordinators it starts.", valueName: "name"))
    var coordinator: String?

    @Option(help: ArgumentHelp("Draw child coordinators at most this many starts below the entry (or --coordinator).", valueName: "n"))
    var depth: Int?

    @Flag(help: "One node per coordinator, with the child starts between them.")
    var overview = false

    @Option(help: ArgumentHelp("Highlight the path of this chain.", valueName: "name"))
    var chain: String?

    @Option(help: "tb (top to bottom), lr (left to right), or auto: the one whose shape is closer to a page.")
    var layout: Layout = .auto

    @Flag(help: "Run the rules and mark their findings on the diagram.")
    var findings = false

    @Option(
        help: ArgumentHelp(
            "Rule configuration for --findings (default: .flowlint.yml in the working directory, if there is one).",
            valueName: "file"))
    var config: String?

    @Option(
        help: ArgumentHelp(
            "Write a static HTML atlas into this folder: an index with the overview and the findings, a page per coordinator.",
            valueName: "dir"))
    var site: String?

    @Flag(help: "Write nothing; exit 1 when --output differs from what would be written.")
    var check = false

    @Option(help: ArgumentHelp("The most nodes laid out for SVG, PNG and PDF.", valueName: "n"))
    var maxNodes = DiagramLimits.layoutNodes

    func validate() throws {
        if check, output == "-", site == nil { throw ValidationError("--check compares with a file: give it with --output FILE") }
        if site != nil, output != "-" || format != nil || overview || chain != nil || coordinator != nil || depth != nil {
            throw ValidationError(
                "--site writes a whole atlas: it takes no --output, --format, --overview, --chain, --coordinator or --depth")
        }
        if let depth, depth < 0 { throw ValidationError("--depth must be 0 or more") }
        if maxNodes < 1 { throw ValidationError("--max-nodes must be 1 or more") }
        if format == nil, GraphFormat(path: output) == nil {
            throw ValidationError("cannot tell the format from the ending of `\(output)`: give --format dot|svg|png|pdf|mermaid|json")
        }
    }

    func run() throws {
        let outcome = try LintPipeline(.graph(paths: paths, configPath: config, sources: sources, findings: findings || site != nil)).run()
        try Self.refuseSpecErrors(outcome.report, nothing: "no diagram written")
        if let coverage = outcome.report.coverage { Output.error("flowlint: drawn from the code: \(coverage.line)") }
        if let site { return try writeSite(outcome, to: site) }
        // The facts the rules read, for the chain's walk and the drawing.
        let analysis = outcome.facts
        let diagram = DiagramBuilder.build(analysis, options: try diagramOptions(outcome, analysis: analysis))
        let drawing = try render(diagram)
        if !check, output != "-", let spec = outcome.project.graph.files.first(where: { FileIO.isSameFile($0, output) }) {
            try fail("\(output) is the input spec \(spec): write the diagram elsewhere")
        }
        try check ? compare(drawing) : write(drawing)
    }

    // MARK: Steps

    /// A diagram (or paths) of specs with errors would be wrong in ways nobody can see: report them as lint does.
    static func refuseSpecErrors(_ report: Report, nothing: String) throws {
        let errors = report.findings.filter { RuleID.specValidity.contains($0.rule) && $0.severity == .error }
        guard !errors.isEmpty else { return }
        let text = TextReporter.render(Report(findings: errors, files: report.files))
        Output.error(text.hasSuffix("\n") ? String(text.dropLast()) : text)
        Output.error("flowlint: \(nothing): the specs have \(Report.plural(errors.count, "error"))")
        throw ExitCode(1)
    }

    private func diagramOptions(_ outcome: LintOutcome, analysis: Analysis) throws -> DiagramOptions {
        let graph = outcome.project.graph
        if let coordinator, graph.coordinator(named: coordinator) == nil {
            try fail("no coordinator `\(coordinator)`\(Suggestion.hint(for: coordinator, among: graph.coordinators.map(\.name)))")
        }
        return DiagramOptions(
            focus: coordinator, depth: depth, overview: overview,
            findings: findings ? outcome.report.findings : [],
            chain: try chain.map { try chainPath($0, analysis: analysis) }, layout: layout)
    }

    private func chainPath(_ name: String, analysis: Analysis) throws -> ChainPath {
        let index = analysis.index
        let graph = index.graph
        guard let position = graph.chainIndex[name] else {
            try fail("no chain `\(name)`\(Suggestion.hint(for: name, among: graph.chains.map(\.name)))")
        }
        let walk = analysis.chains[position]
        let routes = walk.stepped.map { id in
            RouteKey(coordinator: index[coordinator: index.owner(of: id)].name, route: index[route: id].name)
        }
        return ChainPath(name: name, from: graph.chains[position].from?.value ?? "", routes: routes)
    }

    /// Text, or the bytes of an image.
    private enum Drawing {
        case text(String)
        case bytes([UInt8])
    }

    private func render(_ diagram: Diagram) throws -> Drawing {
        let format = format ?? GraphFormat(path: output)!
        switch format {
        case .dot:
            return .text(DOTWriter.write(diagram))
        case .json:
            return .text(JSONGraphWriter.write(diagram))
        case .mermaid:
            let text = MermaidWriter.write(diagram)
            if let warning = MermaidWriter.sizeWarning(diagram, text: text) { Output.error("flowlint: warning: \(warning)") }
            return .text(output.lowercased().hasSuffix(".md") ? "```mermaid\n" + text + "```\n" : text)
        case .svg, .png, .pdf:
            guard diagram.nodes.count <= maxNodes else {
                try fail(
                    """
                    the diagram has \(diagram.nodes.count) nodes, more than the \(maxNodes) laid out for \(format.rawValue.uppercased()) \
                    (layout time grows faster than the size): draw --overview, or a part with --coordinator NAME \
                    and --depth N, or raise --max-nodes
                    """)
            }
            do {
                let dot = DOTWriter.write(diagram)
                let drawing = output == "-" ? "standard output" : output
                if format == .svg {
                    let rendering = try Graphviz().svg(fromDOT: dot)
                    if let warning = Graphviz.warning(rendering.warnings, drawing: drawing) {
                        Output.error("flowlint: warning: \(warning)")
                    }
                    return .text(rendering.svg)
                }
                let image = try Graphviz().image(fromDOT: dot, format: format == .png ? .png : .pdf)
                if let warning = Graphviz.warning(image.warnings, drawing: drawing) { Output.error("flowlint: warning: \(warning)") }
                return .bytes(image.bytes)
            } catch {
                try fail(error.description)
            }
        }
    }

    private func write(_ drawing: Drawing) throws {
        do {
            switch drawing {
            case .text(let text) where output == "-": Output.write(text)
            case .bytes(let bytes) where output == "-": Output.write(bytes)
            case .text(let text): try DiagramFile.write(text, to: output)
            case .bytes(let bytes): try DiagramFile.write(bytes, to: output)
            }
        } catch {
            try fail(error.description)
        }
    }

    /// `--site DIR`: every page, each written atomically, and pages of an earlier atlas removed; with `--check`,
    /// compared instead.
    private func writeSite(_ outcome: LintOutcome, to folder: String) throws {
        let pages = try Site.pages(
            outcome.facts, findings: WitnessPaths.tracing(outcome.report.findings, in: outcome.analysis), layout: layout,
            coverage: outcome.report.coverage
        ) { diagram, page in
            guard diagram.nodes.count <= maxNodes else {
                try fail("a page of the atlas has \(diagram.nodes.count) nodes, more than the \(maxNodes) laid out: raise --max-nodes")
            }
            do {
                let rendering = try Graphviz().svg(fromDOT: DOTWriter.write(diagram))
                if let warning = Graphviz.warning(rendering.warnings, drawing: folder + "/" + page) {
                    Output.error("flowlint: warning: \(warning)")
                }
                return rendering.svg
            } catch {
                try fail("\(error)")
            }
        }
        let earlier = SiteFolder.stalePages(in: folder, keeping: Set(pages.map(\.fileName)))
        if check { return try compareSite(pages, earlier: earlier, in: folder) }
        // Checked before anything is written: an input spec in the folder is never a page, nor removed as one.
        let inputs = FileIO.identities(of: outcome.project.graph.files)
        for name in pages.map(\.fileName) + earlier {
            if let page = FileIO.identity(of: folder + "/" + name), let spec = inputs[page] {
                try fail("\(folder)/\(name) is the input spec \(spec): write the atlas to another folder")
            }
        }
        if mkdir(folder, 0o777) != 0, errno != EEXIST {
            try fail("cannot create \(folder): \(String(cString: strerror(errno)).lowercased())")
        }
        do {
            try DiagramFile.write(pages.map { (folder + "/" + $0.fileName, $0.html) })
        } catch {
            try fail("\(error)")
        }
        for page in earlier where unlink(folder + "/" + page) != 0 {
            try fail("cannot remove \(folder)/\(page), a page of an earlier atlas: \(String(cString: strerror(errno)).lowercased())")
        }
    }

    /// `--site DIR --check`: every page current, and none left of an earlier atlas.
    private func compareSite(_ pages: [Site.Page], earlier: [String], in folder: String) throws {
        if let page = pages.first(where: { DiagramFile.state(of: folder + "/" + $0.fileName, comparedWith: $0.html) != .current }) {
            Output.error(
                "flowlint: \(folder)/\(page.fileName) is stale or missing: run the same flowlint graph command without --check to write it")
            throw ExitCode(1)
        }
        if let page = earlier.first {
            Output.error(
                """
                flowlint: \(folder)/\(page) is a page of an earlier atlas that no coordinator has now: run the same flowlint graph \
                command without --check to remove it
                """
            )
            throw ExitCode(1)
        }
    }

    /// `--check`: the file stays as it is either way.
    private func compare(_ drawing: Drawing) throws {
        let state =
            switch drawing {
            case .text(let text): DiagramFile.state(of: output, comparedWith: text)
            case .bytes(let bytes): DiagramFile.state(of: output, comparedWith: bytes)
            }
        guard state != .current else { return }
        if case .unreadable(let reason) = state { try fail("cannot read \(output): \(reason)") }
        let problem = state == .missing ? "does not exist" : "is stale"
        Output.error("flowlint: \(output) \(problem): run the same flowlint graph command without --check to write it")
        throw ExitCode(1)
    }

    private func fail(_ message: String) throws -> Never {
        Output.error("flowlint: error: \(message)")
        throw ExitCode(2)
    }
}
