#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ArgumentParser
import FlowModel
import FlowReport
import FlowConfig
import FlowAnalysis
import FlowRules
import FlowSpec

enum LintFormat: String, ExpressibleByArgument, CaseIterable {
    case text, json, sarif, github, checkstyle, junit

    // Spelled out: ArgumentParser's defaults reach the names through a key path and `"\(self)"`, run-time lookups
    // that cost 2% of what a small lint adds to `--version`.
    static var allValueStrings: [String] { allCases.map { $0.rawValue } }
    var defaultValueDescription: String { rawValue }
    /// Each value's description is its name: no entry, as the default would find after building every pair.
    static var allValueDescriptions: [String: String] { [:] }
}

struct Lint: ParsableCommand {
    // The name is spelled out: derived from the type name, it costs the start-up a runtime type lookup.
    static let configuration = CommandConfiguration(
        commandName: "lint",
        abstract: "Lint flow specs (files, or folders searched for *.flow.yml / *.flow.yaml).",
        discussion: """
            Formats: text (file:line:col: severity: message [rule], for terminals, Xcode, VS Code and vim), json, \
            sarif (GitHub code scanning), github (annotations from GitHub Actions), checkstyle and junit (Jenkins, \
            GitLab). Findings go to stdout, the summary line to stderr.

            Adopting flowlint on an existing app: record today's findings once with \
            `flowlint lint --write-baseline flowlint-baseline.json`, commit the file, and lint with \
            `--baseline flowlint-baseline.json`: only findings that are not in it are reported.

            Keeping specs true to the code: `--sources Sources/` (or `sources:` in .flowlint.yml) compares them with \
            the Swift code, read by flowlint-swift from the folder of this executable, and reports drift-* findings. \
            Where no spec is found, `--sources` lints the graph read from the code instead, at Swift lines.

            Exit status: 0 when there is no error-level finding, 1 when there is (or any finding with --strict), \
            2 for a usage error, an unreadable path, configuration or baseline, or an internal failure. With \
            --write-baseline: 0 once the baseline is written, whatever it records.
            """
    )

    /// What SARIF's `tool.driver` says about flowlint (`lint` and `diff`).
    static let sarifTool = SARIFReporter.Tool(version: Flowlint.version, informationURI: "https://github.com/flowlint/flowlint")

    @Argument(help: "Spec files and folders to lint.")
    var paths: [String] = ["."]

    @Option(help: "Output format.")
    var format: LintFormat = .text

    @OptionGroup var configFile: ConfigFileOption

    @Flag(help: "Fail (exit 1) on warnings too.")
    var strict = false

    @Option(help: ArgumentHelp("Report only findings that this baseline file does not record.", valueName: "file"))
    var baseline: String?

    @Option(help: ArgumentHelp("Record every current finding in this baseline file (JSON) for --baseline.", valueName: "file"))
    var writeBaseline: String?

    @Option(
        help: ArgumentHelp(
            "A Swift file or folder to compare the specs with (drift rules), repeatable; default: `sources:` of .flowlint.yml.",
            valueName: "path"))
    var sources: [String] = []

    @Flag(help: "With --sources: compare inferred code facts too, reporting their differences as warnings.")
    var includeInferred = false

    @Option(
        help: ArgumentHelp(
            """
            With --sources: fail (exit 1) when fewer coordinator types were read or accounted for than this whole percent (default: \
            minRead: of .flowlint.yml).
            """,
            valueName: "percent"))
    var minRead: String?

    @Flag(
        help:
            """
            List what the summary's open-world line counts: the open coordinators and routes, each withheld finding with its reason, \
            and the Swift files --sources could not read (on stderr).
            """
    )
    var explainOpen = false

    @Flag(help: "Report error-level findings only, without the summary line.")
    var quiet = false

    @Flag(
        name: .customLong("no-color"), help: "Never colour the output (colours are only used on a terminal, and not when NO_COLOR is set).")
    var noColor = false

    /// `flowlint lint [PATHS...]` with no option, as a pre-commit hook runs it: the command ArgumentParser would
    /// return, made without it. Its parse reflects over this type's properties and casts each one, several times
    /// over (the completion check, the parse, the checks for passthrough arguments): that was a third of what a
    /// small lint adds to `--version`. Any other command line (an option, `--`, `-`, `help`) is ArgumentParser's.
    /// Every property is set here: one read before it is set stops the process, which the end-to-end tests
    /// (lints without options) would show.
    static func withPathsOnly(_ arguments: [String]) -> Lint? {
        guard arguments.first == "lint", arguments.dropFirst().allSatisfy({ !$0.hasPrefix("-") && $0 != "help" }) else { return nil }
        var lint = Lint()
        lint.paths = arguments.count > 1 ? Array(arguments.dropFirst()) : ["."]
        lint.format = .text
        var configFile = ConfigFileOption()
        configFile.config = nil
        lint.configFile = configFile
        lint.strict = false
        lint.baseline = nil
        lint.writeBaseline = nil
        lint.sources = []
        lint.includeInferred = false
        lint.minRead = nil
        lint.explainOpen = false
        lint.quiet = false
        lint.noColor = false
        return lint
    }

    func validate() throws {
        if let minRead, Configuration.percent(minRead) == nil {
            throw ValidationError("--min-read takes a whole percent from 0 to 100, not `\(minRead)`")
        }
    }

    func run() throws {
        // Read first: a bad baseline or a floor with no code to hold it to fails before any output.
        let accepted = try baseline.map { path throws(BaselineError) in try Baseline.read(from: path) }
        let floor = try CodeCoverage.floor(
            option: minRead.flatMap(Configuration.percent),
            configuration: Configuration.load(orDefault: configFile.config), sources: sources)
        let outcome = try LintPipeline(
            .lint(paths: paths, configPath: configFile.config, sources: sources, includeInferred: includeInferred)
        ).run()
        if let writeBaseline {
            if let spec = outcome.project.graph.files.first(where: { FileIO.isSameFile($0, writeBaseline) }) {
                Output.error("flowlint: error: \(writeBaseline) is the input spec \(spec): write the baseline elsewhere")
                throw ExitCode(2)
            }
            try Baseline(recording: outcome.report.findings).write(to: writeBaseline)
        }
        var (report, baselined) = accepted?.filter(outcome.report) ?? (outcome.report, 0)
        // Paths only for what is reported: a baselined finding needs none.
        report.findings = WitnessPaths.tracing(report.findings, in: outcome.analysis)
        let shown = quiet ? Report(findings: report.findings.filter { $0.severity == .error }, files: report.files) : report
        write(shown, rules: outcome.rules, files: outcome.project.graph.files)
        if !quiet, let mode = CodeCoverage.modeLine(outcome) { Output.error("flowlint: \(mode)") }
        summarize(report, baselined: baselined, recorded: outcome.report.findings.count)
        if !quiet, let coverage = report.coverage { Output.error("flowlint: \(coverage.line)") }
        let openWorld = OpenWorldSummary(graph: outcome.project.graph, report: report)
        if !quiet, let line = openWorld.line { Output.error("flowlint: \(line)") }
        if explainOpen {
            report.coverage?.explanation.forEach(Output.error)
            openWorld.explanation.forEach(Output.error)
        }
        let shortfall = floor.flatMap { CodeCoverage.shortfall(report.coverage, floor: $0) }
        if let shortfall { Output.error("flowlint: error: \(shortfall)") }
        // Recording a baseline succeeds when the file is written: the findings are what it records.
        throw ExitCode(writeBaseline == nil && (failed(report) || shortfall != nil) ? 1 : 0)
    }

    /// `--strict` fails on unread Swift files too, never on withheld findings (DESIGN §1 Open world).
    private func failed(_ report: Report) -> Bool {
        report.errors > 0 || (strict && (report.warnings > 0 || !report.unread.isEmpty))
    }

    /// The summary line on stderr; with `--quiet` only the reason for a failure no finding shows.
    private func summarize(_ report: Report, baselined: Int, recorded: Int) {
        guard !quiet else {
            if failed(report) && report.errors == 0 && report.warnings > 0 {
                Output.error(
                    """
                    flowlint: \(Report.plural(report.warnings, "warning")) hidden by --quiet \
                    \(report.warnings == 1 ? "fails" : "fail") --strict
                    """
                )
            }
            return
        }
        let suffix = baselined > 0 ? " (\(baselined) baselined)" : ""
        Output.error("flowlint: \(style(for: STDERR_FILENO).summary(report))\(suffix)")
        if let writeBaseline { Output.error("flowlint: recorded \(Report.plural(recorded, "finding")) in \(writeBaseline)") }
    }

    /// JSON and SARIF are written as they are encoded; the other formats as one text.
    private func write(_ report: Report, rules: [RuleDescription], files: [String]) {
        switch format {
        case .text: Output.write(TextReporter.render(report, style: style(for: STDOUT_FILENO)))
        case .json: JSONReporter.write(report, to: Output.write)
        case .sarif:
            SARIFReporter.write(
                report, rules: rules,
                tool: Self.sarifTool, workingDirectory: currentDirectory(), to: Output.write)
        case .github: Output.write(GitHubReporter.render(report))
        case .checkstyle: Output.write(CheckstyleReporter.render(report, files: files))
        case .junit: Output.write(JUnitReporter.render(report, rules: rules, files: files))
        }
    }

    /// Colours only on a terminal, never in files or pipes, and not with `--no-color`, `NO_COLOR` or `TERM=dumb`.
    private func style(for descriptor: Int32) -> TextStyle {
        Self.style(for: descriptor, noColor: noColor)
    }

    static func style(for descriptor: Int32, noColor: Bool) -> TextStyle {
        let environment = { (name: String) in getenv(name).map { String(cString: $0) } ?? "" }
        guard !noColor, environment("NO_COLOR").isEmpty, environment("TERM") != "dumb", isatty(descriptor) == 1 else {
            return .plain
        }
        return .ansi
    }
}
