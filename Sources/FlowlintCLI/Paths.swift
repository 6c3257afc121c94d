import ArgumentParser
import FlowModel
import FlowRender
import FlowReport
import FlowAnalysis
import FlowRules

enum PathsFormat: String, ExpressibleByArgument, CaseIterable {
    case text, json, markdown, swift

    /// The format a file ending asks for.
    init?(path: String) {
        let endings: [(String, PathsFormat)] = [(".txt", .text), (".json", .json), (".md", .markdown), (".swift", .swift)]
        guard let match = endings.first(where: { path.lowercased().hasSuffix($0.0) }) else { return nil }
        self = match.1
    }
}

enum PathsCover: String, ExpressibleByArgument, CaseIterable {
    case transitions
}

struct Paths: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "paths",
        abstract: "How to reach every screen from the entry: the shortest state-safe steps, for UI tests.",
        discussion: """
            Each step is one trigger, written Coordinator.route: a tap on the screen shown, a tab, a coordinator's own \
            event, a deep link (a chain), or the app state an `initial` list or a `then` picks. Paths take only steps \
            that are valid in every state their screen can be shown in (docs/guide/paths.md): a screen without such a path is \
            listed with the reason, as is an unreachable one. --cover transitions gives a small set of paths that take \
            every state-safe step. Formats: text, json, markdown (a test plan), swift (FlowNavigator.swift for an \
            XCUITest target). Queries (--to, --from with --to, --who-reaches) answer one question; their JSON is one line.

            Exit status: 0 written (or up to date with --check; a query answered with a path); 1 stale or missing with \
            --check, specs with errors, or a query with no state-safe path; 2 usage error, unknown route name, \
            unreadable path, or a file that cannot be written.
            """)

    @Argument(help: "Spec files and folders.")
    var paths: [String] = ["."]

    @Option(help: ArgumentHelp("A Swift file or folder to read the flow from where no spec is found, repeatable.", valueName: "path"))
    var sources: [String] = []

    @OptionGroup var configFile: ConfigFileOption

    @Option(help: "text, json, markdown or swift; by default from the ending of --output (.txt .json .md .swift), else text.")
    var format: PathsFormat?

    @Option(name: [.short, .customLong("output")], help: ArgumentHelp("The file to write, - for standard output.", valueName: "file"))
    var output = "-"

    @Flag(help: "Write nothing; exit 1 when --output differs from what would be written.")
    var check = false

    @Option(help: "transitions: a small set of paths that together take every state-safe step.")
    var cover: PathsCover?

    @Option(help: ArgumentHelp("One path: to this route.", valueName: "Coordinator.route"))
    var to: String?

    @Option(help: ArgumentHelp("With --to: the path from this screen instead of the entry.", valueName: "Coordinator.route"))
    var from: String?

    @Option(help: ArgumentHelp("The routes whose steps lead to this route.", valueName: "Coordinator.route"))
    var whoReaches: String?

    private var isQuery: Bool { to != nil || whoReaches != nil }
    private var resolvedFormat: PathsFormat { format ?? PathsFormat(path: output) ?? .text }

    func validate() throws {
        if check, output == "-" { throw ValidationError("--check compares with a file: give it with --output FILE") }
        if from != nil, to == nil { throw ValidationError("--from needs --to") }
        if whoReaches != nil, to != nil { throw ValidationError("--who-reaches and --to ask different questions: give one") }
        if cover != nil, isQuery {
            throw ValidationError("--cover lists paths for the whole project: it takes no --to, --from or --who-reaches")
        }
        if isQuery, resolvedFormat != .text, resolvedFormat != .json { throw ValidationError("queries answer in text or json") }
        if cover != nil, resolvedFormat == .swift {
            throw ValidationError("--cover writes text, json or markdown; the navigator (--format swift) holds one path per screen")
        }
    }

    func run() throws {
        let outcome = try LintPipeline(.paths(paths: paths, configPath: configFile.config, sources: sources)).run()
        try Graph.refuseSpecErrors(outcome.report, nothing: "no paths written")
        if let coverage = outcome.report.coverage { Output.error("flowlint: paths from the code: \(coverage.line)") }
        let analysis = outcome.facts
        let (text, answered) = try render(analysis)
        if !check, output != "-", let spec = outcome.project.graph.files.first(where: { FileIO.isSameFile($0, output) }) {
            try fail("\(output) is the input spec \(spec): write the paths elsewhere")
        }
        if check { return try compare(text) }
        if output == "-" {
            Output.write(text)
        } else {
            do { try DiagramFile.write(text, to: output) } catch { try fail(error.description) }
        }
        if !answered { throw ExitCode(1) }
    }

    /// The text to write, and whether a query found a path.
    private func render(_ analysis: Analysis) throws -> (String, Bool) {
        let index = analysis.index
        let json = resolvedFormat == .json
        if let name = whoReaches {
            let report = PredecessorReport(try route(name, index), in: ShortestPaths(analysis))
            return (json ? PathWriter.json(query: report) : PathWriter.text(report), true)
        }
        if let to {
            let start = try from.map { try route($0, index) }
            let report = PathQueryReport(from: start, to: try route(to, index), in: ShortestPaths(analysis, from: start))
            return (json ? PathWriter.json(query: report) : PathWriter.text(report), report.to.steps != nil)
        }
        let paths = ShortestPaths(analysis)
        if cover != nil {
            let report = CoverReport(TransitionCover(paths), index: index)
            switch resolvedFormat {
            case .json: return (PathWriter.json(report), true)
            case .markdown: return (PathWriter.markdown(report), true)
            case .text, .swift: return (PathWriter.text(report), true)
            }
        }
        let report = PathReport(paths)
        switch resolvedFormat {
        case .text: return (PathWriter.text(report), true)
        case .json: return (PathWriter.json(report), true)
        case .markdown: return (PathWriter.markdown(report), true)
        case .swift: return (NavigatorWriter.write(report), true)
        }
    }

    private func route(_ name: String, _ index: FlowIndex) throws -> RouteID {
        if let route = index.route(qualified: name) { return route }
        let hint = Suggestion.hint(for: name, among: index.qualifiedNames)
        try fail("no route `\(name)`: name it Coordinator.route\(hint)")
    }

    /// `--check`: the file stays as it is either way.
    private func compare(_ text: String) throws {
        let state = DiagramFile.state(of: output, comparedWith: text)
        guard state != .current else { return }
        if case .unreadable(let reason) = state { try fail("cannot read \(output): \(reason)") }
        Output.error(
            """
            flowlint: \(output) \(state == .missing ? "does not exist" : "is stale"): run the same flowlint paths command without \
            --check to write it
            """
        )
        throw ExitCode(1)
    }

    private func fail(_ message: String) throws -> Never {
        Output.error("flowlint: error: \(message)")
        throw ExitCode(2)
    }
}
