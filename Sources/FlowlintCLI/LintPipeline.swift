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

/// load specs → build FlowGraph → compute facts → run rules → filter → report, shared by `lint` and `graph --findings`.
struct LintPipeline {
    var paths: [String]
    /// `--config`; without it, `.flowlint.yml` in the working directory when there is one.
    var configPath: String? = nil
    /// `graph` without `--findings` only needs to know the specs are valid.
    var runsGraphRules = true
    /// `lint`: `--sources`, or else `sources:` of the configuration (empty: no comparison with code).
    /// `paths` and `graph`: the same, read only where no spec is found (see `comparesCode`). `nil`: the specs alone.
    var sources: [String]? = nil
    /// `lint`: specs found are compared with `sources` (drift). `paths` and `graph` draw what they are given: the code
    /// is read only where no spec is found.
    var comparesCode = true
    /// `--include-inferred`: inferred code facts are compared too, their findings as warnings.
    var includeInferred = false
    /// `diff --sources`: the graph read from the code is linted whether or not specs exist.
    var readsSpecs = true
    /// `diff`: the configuration of a revision, read from its own `.flowlint.yml` (`configPath` is not read).
    var configuration: Configuration? = nil
    /// `diff`: the folder a side was read below; `exclude` matches the paths below it.
    var excludeRoot: String? = nil
    /// `diff`: a revision's specs, read from git's objects, each named by its path (`paths` is not searched).
    var specContents: [(path: String, bytes: [UInt8])]? = nil

    func run() throws -> LintOutcome {
        let configuration = try self.configuration ?? Configuration.load(orDefault: configPath)
        let sources = sources.map { $0.isEmpty ? configuration.sources : $0 } ?? []
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
        let run = RuleRunner(configuration: configuration, runsGraphRules: runsGraphRules, excludeRoot: excludeRoot)
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
    var facts: Analysis { analysis ?? Analysis(project.graph, origin: project.origin) }
}
