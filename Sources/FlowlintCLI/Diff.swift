#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ArgumentParser
import FlowModel
import FlowRender
import FlowReport
import FlowConfig
import FlowAnalysis
import FlowRules
import FlowSpec

enum DiffFormat: String, ExpressibleByArgument, CaseIterable {
    case text, json, markdown, sarif
}

enum DiffFailOn: String, ExpressibleByArgument, CaseIterable {
    case newFindings = "new-findings", anyChange = "any-change"
}

struct Diff: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "diff",
        abstract: "What changed in the navigation between two git revisions, or two folders.",
        discussion: """
            flowlint diff BASE [HEAD] compares two revisions of the repository of the working directory (HEAD: the \
            working tree), read from git's objects: nothing is checked out, the working tree is not touched. \
            flowlint diff OLD_DIR NEW_DIR compares two folders. Each side is linted as `flowlint lint` would, from the \
            specs (--path) or, with --sources (or `sources:` in .flowlint.yml), from the Swift code. A revision is \
            linted under its own .flowlint.yml (none: the defaults); the working tree and folders under the working \
            directory's; --config serves every side. `exclude:` matches paths below each side's root.

            Reports coordinators, routes, triggers and chains added, removed or changed (transition, destination, \
            style, retain, releaseOn…), screens that became unreachable or reachable with the change that caused it, \
            and findings new in HEAD and fixed since BASE, each with its path from the entry. Formats: text, json, \
            markdown (a pull-request comment with a Mermaid diagram of the changed part), sarif (new findings only).

            Exit status: 0 (whatever changed) without --fail-on; 1 with --fail-on new-findings when HEAD has a new \
            finding, or --fail-on any-change when anything differs; 2 for a usage error, git missing, a working \
            directory outside a repository, an unknown revision, or a side that cannot be read.
            """)

    @Argument(help: "The revision (or folder) compared from.")
    var base: String

    @Argument(help: "The revision (or folder) compared to; default: the working tree.")
    var head: String?

    @Option(
        name: .customLong("path"),
        help: ArgumentHelp(
            "Spec files and folders, relative to the working directory (to each folder when comparing folders), repeatable; default: .",
            valueName: "path"))
    var specPaths: [String] = []

    @Option(
        help: ArgumentHelp(
            "Compare the flows read from this Swift file or folder instead of the specs, repeatable; default: `sources:` of .flowlint.yml.",
            valueName: "path"))
    var sources: [String] = []

    @OptionGroup var configFile: ConfigFileOption

    @Option(help: "Output format.")
    var format: DiffFormat = .text

    @Option(help: "new-findings: exit 1 when HEAD has a finding BASE did not; any-change: exit 1 when anything differs.")
    var failOn: DiffFailOn?

    @Flag(name: .customLong("no-color"), help: "Never colour the output.")
    var noColor = false

    func validate() throws {
        if specPaths.contains(where: \.isEmpty) || sources.contains(where: \.isEmpty) { throw ValidationError("a path cannot be empty") }
    }

    func run() throws {
        let configuration = try Configuration.load(orDefault: configFile.config)
        let sources = self.sources.isEmpty ? configuration.sources : self.sources
        // The Swift reader lives in flowlint-swift: hand the whole command over before anything is written.
        if !sources.isEmpty, SourceReader.current == nil {
            try ExtractCommand.becomeHelper(with: Array(CommandLine.arguments.dropFirst()))
        }
        // A revision is read into a private folder: an interrupted run removes it.
        Interruption.install()
        let reader = SideReader(specPaths: specPaths.isEmpty ? ["."] : specPaths, sources: sources, config: configFile.config)
        let (old, new) = try reader.readSides(base: base, head: head)
        let report = DiffReport(base: old, head: new)
        Output.write(render(report, rules: reader.rules))
        switch failOn {
        case .newFindings?: throw ExitCode(report.new.isEmpty ? 0 : 1)
        case .anyChange?: throw ExitCode(report.hasChanges ? 1 : 0)
        case nil: return
        }
    }

    private func render(_ report: DiffReport, rules: [RuleDescription]) -> String {
        switch format {
        case .text: DiffWriter.text(report, style: Lint.style(for: STDOUT_FILENO, noColor: noColor))
        case .json: DiffWriter.json(report)
        case .markdown: DiffWriter.markdown(report)
        case .sarif:
            SARIFReporter.render(
                Report(findings: report.new, files: report.head.report.files), rules: rules,
                tool: Lint.sarifTool, workingDirectory: currentDirectory())
        }
    }
}

/// Lints each side of a diff: a folder as it is, a revision from git's objects in a private folder removed after.
final class SideReader {
    let specPaths: [String]
    let sources: [String]
    let config: String?
    /// The rules in effect on HEAD (SARIF lists them).
    private(set) var rules: [RuleDescription] = []

    init(specPaths: [String], sources: [String], config: String?) {
        self.specPaths = specPaths
        self.sources = sources
        self.config = config
    }

    private var readsCode: Bool { !sources.isEmpty }

    func readSides(base: String, head: String?) throws -> (DiffReport.Side, DiffReport.Side) {
        let (old, new): (Linted, Linted)
        if let head, Self.isFolder(base) || Self.isFolder(head) {
            guard Self.isFolder(base), Self.isFolder(head) else {
                let (folder, other) = Self.isFolder(base) ? (base, head) : (head, base)
                throw DiffError("`\(folder)` is a folder but `\(other)` is not: compare two folders, or two revisions")
            }
            (old, new) = try bothSides {
                try self.lint(label: base, root: base, strip: base)
            } and: {
                try self.lint(label: head, root: head, strip: head)
            }
        } else {
            let repository = try GitRepository()
            let baseCommit = try repository.commit(base)
            let headCommit = try head.map { try repository.commit($0) }
            (old, new) = try bothSides {
                try self.lint(revision: base, commit: baseCommit, in: repository)
            } and: {
                try headCommit.map { try self.lint(revision: head!, commit: $0, in: repository) }
                    ?? self.lint(label: "working tree", root: nil, strip: nil)
            }
        }
        // Notes and rules once both are read, in order: the output does not depend on which side finished first.
        for note in [old.note, new.note].compactMap({ $0 }) { Output.error(note) }
        rules = new.rules
        return (old.side, new.side)
    }

    /// One side read and linted, with the rules in effect and the note it gives (a revision without specs).
    struct Linted: Sendable {
        var side: DiffReport.Side
        var rules: [RuleDescription]
        var note: String?
    }

    /// The two sides share nothing, so they are read and linted at once; with `--sources` one after the other (the
    /// Swift reader's notes then come in order). The base's error comes first, as it would one after the other.
    private func bothSides(_ first: () throws -> Linted, and second: () throws -> Linted) throws -> (Linted, Linted) {
        guard !readsCode else { return (try first(), try second()) }
        let (old, new) = Parallel.both({ Result(catching: first) }, { Result(catching: second) })
        return (try old.get(), try new.get())
    }

    /// The files of `commit` that the lint reads: its specs straight from git's objects, named by their paths from
    /// the working directory; its Swift files (with `--sources`) at their repository paths in a private folder.
    private func lint(revision: String, commit: String, in repository: GitRepository) throws -> Linted {
        let folder = try TemporaryFolder("flowlint-diff")
        defer { folder.remove() }
        let wanted = (readsCode ? sources : specPaths).map { Self.repositoryPath($0, in: repository) }
        // Without --config, each revision is linted under its own .flowlint.yml, as `flowlint lint` at that
        // revision would be: a pull request that disables a rule shows its findings as fixed.
        let ownConfiguration = config == nil ? repository.prefix + Configuration.defaultFileName : nil
        let label = "\(revision) (\(commit.prefix(7)))"
        let paths = wanted + [ownConfiguration].compactMap { $0 }
        func reads(_ path: String) -> Bool {
            readsCode ? path.hasSuffix(".swift") : FileDiscovery.specSuffixes.contains { path.hasSuffix($0) }
        }
        // Swift files are written out for the reader; specs and the configuration are read from memory.
        let written = readsCode ? try repository.materialize(commit, paths: paths, into: folder.path, wanted: reads) : []
        let specs = readsCode ? [] : try repository.read(commit, paths: paths, scratch: folder.path, wanted: reads)
        guard (written + specs.map(\.path)).contains(where: { $0 != ownConfiguration }) else { return emptySide(label) }
        var configuration: Configuration?
        if let ownConfiguration {
            do {
                if let own = specs.first(where: { $0.path == ownConfiguration }) {
                    configuration = try Configuration.load(bytes: own.bytes, path: ownConfiguration, knownRules: RuleRegistry.allIDs)
                } else if written.contains(ownConfiguration) {
                    configuration = try Configuration.load(path: folder.path + "/" + ownConfiguration, knownRules: RuleRegistry.allIDs)
                } else {
                    configuration = Configuration()
                }
            } catch {
                throw DiffError("\(label): \(Self.relocated("\(error)", folder.path + "/"))")
            }
        }
        guard readsCode else {
            let named = specs.filter { $0.path != ownConfiguration }.map {
                (path: Self.workingPath($0.path, prefix: repository.prefix), bytes: $0.bytes)
            }
            return try lint(label: label, root: nil, strip: nil, configuration: configuration, specs: named)
        }
        let root = folder.path + "/" + repository.prefix
        return try lint(
            label: label, root: root.hasSuffix("/") ? String(root.dropLast()) : root, strip: root, inTemporaryFolder: true,
            configuration: configuration)
    }

    /// A repository path as a path from the working directory, whose repository path is `prefix` (`App/`):
    /// `App/Flows/A.flow.yml` → `Flows/A.flow.yml`, `Shared/B.flow.yml` → `../Shared/B.flow.yml`.
    static func workingPath(_ path: String, prefix: String) -> String {
        if path.hasPrefix(prefix) { return String(path.dropFirst(prefix.count)) }
        return String(repeating: "../", count: prefix.split(separator: "/").count) + path
    }

    /// A revision from before the specs (or the code) existed: everything the other side has is new.
    private func emptySide(_ label: String) -> Linted {
        Linted(
            side: DiffReport.Side(label: label, graph: FlowGraph(), report: Report(findings: [], files: 0), analysis: nil), rules: [],
            note:
                """
                flowlint: note: \(label) has no \(readsCode ? "Swift sources" : "flow specs") in \
                \((readsCode ? sources : specPaths).joined(separator: ", "))
                """
        )
    }

    /// Lints the side whose paths are below `root` (nil: the working directory), reporting files without `strip`.
    private func lint(
        label: String, root: String?, strip: String?, inTemporaryFolder: Bool = false,
        configuration: Configuration? = nil, specs: [(path: String, bytes: [UInt8])]? = nil
    ) throws -> Linted {
        func below(_ path: String) -> String { root.map { path == "." ? $0 : "\($0)/\(path)" } ?? path }
        let pipeline = LintPipeline(
            .diff(
                LintPipeline.DiffSide(
                    paths: readsCode ? [] : specPaths.map(below), configPath: config, readsCode: readsCode,
                    sources: readsCode ? sources.map(below) : [], configuration: configuration, excludeRoot: strip,
                    specContents: specs)))
        let outcome: LintOutcome
        do {
            outcome = try pipeline.run()
        } catch let error as UserError {
            throw DiffError("\(label): \(inTemporaryFolder ? Self.relocated("\(error)", strip) : "\(error)")")
        }
        var report = outcome.report
        if let strip {
            report.findings = report.findings.map { Self.relocated($0, strip, messages: inTemporaryFolder) }
        }
        let valid = !outcome.report.findings.contains { RuleID.specValidity.contains($0.rule) && $0.severity == .error }
        return Linted(
            side: DiffReport.Side(
                label: label, graph: outcome.project.graph, report: report, analysis: valid ? outcome.facts : nil,
                folder: strip),
            rules: outcome.rules, note: nil)
    }

    /// Every mention of the private folder taken out of `text`: `Flows/App.flow.yml` for `/tmp/…/Flows/App.flow.yml`.
    private static func relocated(_ text: String, _ strip: String?) -> String {
        guard let strip else { return text }
        return text.replacing(strip.hasSuffix("/") ? strip : strip + "/", with: "")
    }

    /// The finding at its path below the side's root, so that both sides name a file alike; messages are rewritten
    /// only for a private folder, whose name nothing else contains.
    private static func relocated(_ finding: Finding, _ strip: String, messages: Bool) -> Finding {
        let prefix = strip.hasSuffix("/") ? strip : strip + "/"
        func file(_ location: SourceLocation) -> SourceLocation {
            var moved = location
            if moved.file.hasPrefix(prefix) { moved.file.removeFirst(prefix.count) }
            return moved
        }
        var moved = finding
        moved.location = file(finding.location)
        if messages { moved.message = relocated(finding.message, strip) }
        moved.notes = finding.notes.map { FindingNote(messages ? relocated($0.message, strip) : $0.message, at: file($0.location)) }
        return moved
    }

    /// A path given relative to the working directory, as a path of the repository (`Flows`, or empty for all).
    static func repositoryPath(_ path: String, in repository: GitRepository) -> String {
        let full = path.hasPrefix("/") ? path : currentDirectory() + "/" + path
        let top = repository.topLevel
        let relative = full == top ? "" : full.hasPrefix(top + "/") ? String(full.dropFirst(top.count + 1)) : repository.prefix + path
        var parts: [Substring] = []
        for part in relative.split(separator: "/") {
            switch part {
            case ".": continue
            case "..": _ = parts.popLast()
            default: parts.append(part)
            }
        }
        return parts.joined(separator: "/")
    }

    static func isFolder(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }
}
