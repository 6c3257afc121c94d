#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import FlowModel
import FlowReport
import FlowConfig
import FlowAnalysis
import FlowRules
import FlowSpec

/// load specs → build FlowGraph → compute facts → run rules → filter → report, shared by `lint`, `graph`, `paths` and
/// each side of `diff`. What a run does follows from its `Request`, one value a command.
struct LintPipeline {
    /// What a command asks of the pipeline: one case a command, holding only what that command says.
    enum Request {
        /// `lint`: every rule over the specs found in `paths`, the specs compared with the code of `sources` (drift;
        /// empty: `sources:` of the configuration, itself possibly empty), `--include-inferred` comparing inferred
        /// code facts too, their findings as warnings.
        case lint(paths: [String], configPath: String?, sources: [String], includeInferred: Bool)
        /// `graph`: the specs drawn; the code of `sources` is read only where no spec is found. The graph rules run
        /// only for what `--findings` and `--site` show; otherwise the specs need only be valid.
        case graph(paths: [String], configPath: String?, sources: [String], findings: Bool)
        /// `paths`: like `graph` without findings: the specs, or the code where no spec is found.
        case paths(paths: [String], configPath: String?, sources: [String])
        /// One side of `diff`.
        case diff(DiffSide)
    }

    /// One side of `diff`: a revision's specs, or its code with `--sources`.
    struct DiffSide {
        /// The specs' paths (searched unless `specContents` is given); unused when `readsCode`.
        var paths: [String]
        var configPath: String?
        /// `diff --sources`: the graph read from the code of `sources` is linted, whether or not specs exist.
        var readsCode: Bool
        var sources: [String]
        /// The configuration of a revision, read from its own `.flowlint.yml` (`configPath` is then not read).
        var configuration: Configuration?
        /// The folder the side was read below; `exclude` matches the paths below it.
        var excludeRoot: String?
        /// A revision's specs, read from git's objects, each named by its path (`paths` is not searched).
        var specContents: [(path: String, bytes: [UInt8])]?
    }

    var request: Request

    init(_ request: Request) {
        self.request = request
    }

    private var paths: [String] {
        switch request {
        case .lint(let paths, _, _, _), .graph(let paths, _, _, _), .paths(let paths, _, _): paths
        case .diff(let side): side.paths
        }
    }

    private var configPath: String? {
        switch request {
        case .lint(_, let configPath, _, _), .graph(_, let configPath, _, _), .paths(_, let configPath, _): configPath
        case .diff(let side): side.configPath
        }
    }

    /// The sources given; empty: `sources:` of the configuration.
    private var sources: [String] {
        switch request {
        case .lint(_, _, let sources, _), .graph(_, _, let sources, _), .paths(_, _, let sources): sources
        case .diff(let side): side.sources
        }
    }

    /// `graph` without `--findings` and `paths` only need to know the specs are valid.
    private var runsGraphRules: Bool {
        switch request {
        case .lint, .diff: true
        case .graph(_, _, _, let findings): findings
        case .paths: false
        }
    }

    /// `lint` and `diff` compare the specs found with the code (drift). `paths` and `graph` draw what they are
    /// given: the code is read only where no spec is found.
    private var comparesCode: Bool {
        switch request {
        case .lint, .diff: true
        case .graph, .paths: false
        }
    }

    private var includeInferred: Bool {
        if case .lint(_, _, _, let includeInferred) = request { return includeInferred }
        return false
    }

    private var readsSpecs: Bool {
        if case .diff(let side) = request { return !side.readsCode }
        return true
    }

    private var diffSide: DiffSide? {
        if case .diff(let side) = request { return side }
        return nil
    }

    func run() throws -> LintOutcome {
        let configuration = try diffSide?.configuration ?? Configuration.load(orDefault: configPath)
        let sources = self.sources.isEmpty ? configuration.sources : self.sources
        let specContents = diffSide?.specContents
        // A path in /proc, /sys or /dev is refused before any file is read or the Swift reader started (README: Limits).
        if let refusal = (specContents == nil ? paths + sources : sources).lazy.compactMap(FileSearch.systemFolderRefusal).first {
            throw PathRefused(description: "\(refusal)")
        }
        // `flowlint` has no Swift reader (swift-syntax would slow every start-up): with sources to compare it
        // becomes `flowlint-swift` with the same arguments before it reads the specs, and that one reads the
        // Swift code in process, no facts crossing a pipe. Nothing has been written yet.
        if !sources.isEmpty, SourceReader.current == nil {
            try ExtractCommand.becomeHelper(with: Array(CommandLine.arguments.dropFirst()))
        }
        let loader = SpecLoader(knownRules: RuleRegistry.allIDs, defaultRetain: configuration.framework.defaultRetain)
        var project: LoadedProject
        var code: CodeGraph?
        var comparing = true
        switch Result(catching: { () throws(LoadError) in
            guard readsSpecs else { throw .noSpecs(paths) }
            if let specContents { return loader.load(contents: specContents) }
            return try loader.load(paths: paths)
        }) {
        case .success(let loaded):
            project = loaded
        case .failure(let error):
            guard case .noSpecs = error, !sources.isEmpty else { throw error }
            // No spec yet: the graph read from the code is what is linted, every finding at its Swift line
            // (docs/guide/adopting.md). Nothing to compare it with.
            code = try readSources(sources, configuration)
            project = LoadedProject(graph: code?.graph ?? FlowGraph(), diagnostics: [], origin: .code)
            project.entryGuessed = code?.coverage?.entryGuessed ?? false
            comparing = false
        }
        KeptUntilExit.keep(project)
        for line in project.notFollowed { Output.error("flowlint: note: \(line)") }
        // `graph` and `paths` with specs found do not read the code; a path given that does not exist is still a mistake.
        if !comparesCode, code == nil, let missing = sources.first(where: { access($0, F_OK) != 0 }) {
            throw SourcesFailed(description: "--sources: no such file or directory: \(missing)")
        }
        // Drift, like the graph rules, waits for valid specs: no extraction before that.
        let specIsValid = !project.diagnostics.contains { $0.severity == .error }
        if comparing, comparesCode, !sources.isEmpty, runsGraphRules, specIsValid { code = try readSources(sources, configuration) }
        let run = RuleRunner(configuration: configuration, runsGraphRules: runsGraphRules, excludeRoot: diffSide?.excludeRoot)
            .run(project, comparingWith: comparing ? code : nil, includeInferred: includeInferred)
        var report = Report(findings: run.findings, files: project.graph.files.count)
        report.withheld = run.withheld.sorted(by: Finding.reportOrder)
        report.unread = (code?.provenance.notes ?? []).filter { $0.kind == .unreadable }.map { FindingNote($0.message, at: $0.location) }
        report.coverage = code?.coverage
        return LintOutcome(
            project: project, report: report,
            rules: RuleRegistry.descriptions(
                in: configuration, comparingCode: comparing && comparesCode && !sources.isEmpty && runsGraphRules),
            analysis: run.analysis, configuration: configuration, sources: sources)
    }

    /// The Swift reader of `flowlint-swift` (`run` has handed `flowlint` over to it by now).
    private func readSources(_ sources: [String], _ configuration: Configuration) throws -> CodeGraph? {
        guard let read = SourceReader.current else { return nil }
        do {
            return try read(sources, configuration.extract)
        } catch let error as CustomStringConvertible {
            throw SourcesFailed(description: "--sources: \(error)")
        }
    }

    struct SourcesFailed: UserError {
        var description: String
    }

    struct PathRefused: UserError {
        var description: String
    }
}

extension Configuration {
    /// `--config`, else `.flowlint.yml` in the working directory when there is one, else the defaults: how every
    /// command of both executables finds its configuration.
    static func load(orDefault configPath: String?) throws(ConfigurationError) -> Configuration {
        if let configPath { return try load(path: configPath, knownRules: RuleRegistry.allIDs) }
        guard access(defaultFileName, F_OK) == 0 else { return Configuration() }
        return try load(path: defaultFileName, knownRules: RuleRegistry.allIDs)
    }
}

struct LintOutcome {
    var project: LoadedProject
    var report: Report
    /// The rules in effect: enabled, at their configured severities.
    var rules: [RuleDescription]
    /// What the graph rules read, when they ran: `graph` draws from the same facts.
    var analysis: Analysis?
    /// The configuration the run used.
    var configuration = Configuration()
    /// The Swift sources given (`--sources`, else `sources:`): empty when the run read no code.
    var sources: [String] = []

    /// The analysis of the project, computed here when no graph rule ran.
    var facts: Analysis { analysis ?? Analysis(project.graph, origin: project.origin, entryGuessed: project.entryGuessed) }
}
