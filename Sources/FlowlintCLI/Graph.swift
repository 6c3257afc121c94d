import ArgumentParser
import FlowModel
import FlowRender
import FlowReport
import FlowRules
import FlowSpec

enum GraphFormat: String, ExpressibleByArgument, CaseIterable {
    case dot, svg, mermaid, json

    /// The format a file ending asks for; standard output gets DOT.
    init?(path: String) {
        if path == "-" { self = .dot; return }
        let endings: [(String, GraphFormat)] = [
            (".dot", .dot), (".gv", .dot), (".svg", .svg), (".mmd", .mermaid), (".mermaid", .mermaid), (".md", .mermaid),
            (".json", .json),
        ]
        guard let match = endings.first(where: { path.lowercased().hasSuffix($0.0) }) else { return nil }
        self = match.1
    }
}

struct Graph: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "graph",
        abstract: "Draw the navigation flow as SVG (Graphviz, in process), DOT, Mermaid or JSON.",
        discussion: """
        One cluster per coordinator; screens and child coordinators as nodes; an edge per trigger and child start, \
        styled by transition, with a legend. Drawings of more than --max-nodes nodes are refused for SVG: draw \
        --overview, or a part with --coordinator. Exit status: 0 written (or up to date with --check), 1 stale \
        with --check or specs with errors, 2 usage error, unreadable path or failed render.
        """)

    @Argument(help: "Spec files and folders.")
    var paths: [String] = ["."]

    @Option(name: [.short, .customLong("output")], help: ArgumentHelp("The file to write, - for standard output.", valueName: "file"))
    var output = "-"

    @Option(help: "dot, svg, mermaid or json; by default from the ending of --output (.dot .gv .svg .mmd .mermaid .md .json).")
    var format: GraphFormat?

    @Option(help: ArgumentHelp("Draw this coordinator and the coordinators it starts.", valueName: "name"))
    var coordinator: String?

    @Option(help: ArgumentHelp("Draw child coordinators at most this many starts below the entry (or --coordinator).", valueName: "n"))
    var depth: Int?

    @Flag(help: "One node per coordinator, with the child starts between them.")
    var overview = false

    @Option(help: ArgumentHelp("Highlight the path of this chain.", valueName: "name"))
    var chain: String?

    @Flag(help: "Run the rules and mark their findings on the diagram.")
    var findings = false

    @Option(help: ArgumentHelp("Rule configuration for --findings (default: .flowlint.yml in the working directory, if there is one).",
                               valueName: "file"))
    var config: String?

    @Flag(help: "Write nothing; exit 1 when --output differs from what would be written.")
    var check = false

    @Option(help: ArgumentHelp("The most nodes laid out for SVG.", valueName: "n"))
    var maxNodes = DiagramLimits.layoutNodes

    func validate() throws {
        if check, output == "-" { throw ValidationError("--check compares with a file: give it with --output FILE") }
        if let depth, depth < 0 { throw ValidationError("--depth must be 0 or more") }
        if maxNodes < 1 { throw ValidationError("--max-nodes must be 1 or more") }
        if format == nil, GraphFormat(path: output) == nil {
            throw ValidationError("cannot tell the format from the ending of `\(output)`: give --format dot|svg|mermaid|json")
        }
    }

    func run() throws {
        let outcome = try LintPipeline(paths: paths, configPath: config, runsGraphRules: findings).run()
        try refuseSpecErrors(outcome.report)
        let diagram = DiagramBuilder.build(outcome.project.graph, options: try diagramOptions(outcome))
        let text = try render(diagram)
        if !check, output != "-", let spec = outcome.project.graph.files.first(where: { FileIO.isSameFile($0, output) }) {
            try fail("\(output) is the input spec \(spec): write the diagram elsewhere")
        }
        try check ? compare(text) : write(text)
    }

    // MARK: Steps

    /// A diagram of specs with errors would be wrong in ways nobody can see: report them as lint does.
    private func refuseSpecErrors(_ report: Report) throws {
        let errors = report.findings.filter { RuleID.specValidity.contains($0.rule) && $0.severity == .error }
        guard !errors.isEmpty else { return }
        let text = TextReporter.render(Report(findings: errors, files: report.files))
        Output.error(text.hasSuffix("\n") ? String(text.dropLast()) : text)
        Output.error("flowlint: no diagram written: the specs have \(Report.plural(errors.count, "error"))")
        throw ExitCode(1)
    }

    private func diagramOptions(_ outcome: LintOutcome) throws -> DiagramOptions {
        let graph = outcome.project.graph
        if let coordinator, graph.coordinator(named: coordinator) == nil {
            try fail("no coordinator `\(coordinator)`\(Suggestion.hint(for: coordinator, among: graph.coordinators.map(\.name)))")
        }
        return DiagramOptions(
            focus: coordinator, depth: depth, overview: overview,
            findings: findings ? outcome.report.findings : [],
            chain: try chain.map { try chainPath($0, in: graph) })
    }

    private func chainPath(_ name: String, in graph: FlowGraph) throws -> ChainPath {
        guard let position = graph.chainIndex[name] else {
            try fail("no chain `\(name)`\(Suggestion.hint(for: name, among: graph.chains.map(\.name)))")
        }
        // The chain's walk needs only the index, not the rules' whole analysis.
        let index = FlowIndex(graph)
        let walk = ChainWalk.walks([graph.chains[position]], index: index)[0]
        let routes = walk.steppedRoutes.map { id in
            RouteKey(coordinator: index[coordinator: Int(index.owner[id])].name, route: index[route: id].name)
        }
        return ChainPath(name: name, from: graph.chains[position].from?.value ?? "", routes: routes)
    }

    private func render(_ diagram: Diagram) throws -> String {
        switch format ?? GraphFormat(path: output)! {
        case .dot:
            return DOTWriter.write(diagram)
        case .json:
            return JSONGraphWriter.write(diagram)
        case .mermaid:
            let text = MermaidWriter.write(diagram)
            if let warning = MermaidWriter.sizeWarning(diagram, text: text) { Output.error("flowlint: warning: \(warning)") }
            return output.lowercased().hasSuffix(".md") ? "```mermaid\n" + text + "```\n" : text
        case .svg:
            guard diagram.nodes.count <= maxNodes else {
                try fail("""
                    the diagram has \(diagram.nodes.count) nodes, more than the \(maxNodes) laid out for SVG \
                    (layout time grows faster than the size): draw --overview, or a part with --coordinator NAME \
                    and --depth N, or raise --max-nodes
                    """)
            }
            do {
                let rendering = try Graphviz().svg(fromDOT: DOTWriter.write(diagram))
                for warning in rendering.warnings { Output.error("flowlint: warning: Graphviz: \(warning)") }
                return rendering.svg
            } catch {
                try fail(error.description)
            }
        }
    }

    private func write(_ text: String) throws {
        if output == "-" { return Output.write(text) }
        do {
            try DiagramFile.write(text, to: output)
        } catch {
            try fail(error.description)
        }
    }

    /// `--check`: the file stays as it is either way.
    private func compare(_ text: String) throws {
        let state = DiagramFile.state(of: output, comparedWith: text)
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
