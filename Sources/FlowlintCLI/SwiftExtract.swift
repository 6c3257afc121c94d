#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ArgumentParser
import FlowConfig
import FlowModel
import FlowSpec

/// `flowlint extract` as `flowlint-swift` runs it, with the Swift reader that executable hands in, so that
/// swift-syntax stays out of `flowlint lint`'s start-up (docs/guide/extract.md). `flowlint extract`
/// (`ExtractCommand`) becomes `flowlint-swift` with its arguments.
struct SwiftExtractCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "flowlint extract",
        abstract: "Write flow specs for the coordinators found in Swift sources.",
        discussion: """
            Recognizes XCoordinator, Stinsen, SwiftUI navigation owners and classic UIKit coordinators (docs/shapes.md lists the shapes). \
            Writes one spec per Swift file that declares coordinators, at its path below the source root given \
            (Sources/App/X.swift under Sources → DIR/App/X.flow.yml). A spec edited since extract wrote it is kept and \
            the new one goes beside it as X.flow.yml.new (--force replaces it); nothing is written through a \
            symbolic link. Sites it \
            cannot resolve are listed as notes on stderr and in the spec. Exit status: 0 written, 2 for a \
            usage error, an unreadable path or configuration, no coordinator found (the message says what was \
            searched and how to name a root), or a file that cannot be written.
            """,
        version: FlowlintCLI.version
    )

    @Argument(help: "Swift files or folders (searched recursively).")
    var sources: [String] = ["."]

    @Option(name: .shortAndLong, help: "The folder the specs are written to (created if missing).")
    var output: String?

    @Flag(help: "Replace specs edited since extract wrote them (without it, the new text goes beside them as X.flow.yml.new).")
    var force = false

    @Option(help: "yaml (spec files in --output), or json (the graph read and how sure the reader is of each fact, on stdout).")
    var format: Format = .yaml

    @Option(help: "A configuration file (default: .flowlint.yml in the working directory, if any).")
    var config: String?

    @Option(
        help:
            """
            The platform `#if os(…)` is read for: \(ExtractMapping.platforms.joined(separator: ", ")) (default: extract.platform of \
            the configuration, else iOS).
            """
    )
    var platform: String?

    @Option(
        name: [.customShort("D"), .long],
        help: "A compilation flag set for `#if` (-D DEBUG; repeatable; added to extract.defines of the configuration).")
    var define: [String] = []

    enum Format: String, ExpressibleByArgument { case yaml, json }

    func validate() throws {
        if format == .yaml && output == nil { throw ValidationError("give the folder to write to with -o DIR (or --format json)") }
        if output?.isEmpty == true { throw ValidationError("-o needs a folder name, not an empty string") }
        if let platform, !ExtractMapping.platforms.contains(platform) {
            throw ValidationError(
                """
                --platform is one of \
                \(ExtractMapping.platforms.joined(separator: ", "))\(Suggestion.hint(for: platform, among: ExtractMapping.platforms))
                """
            )
        }
    }

    func run() throws {
        // Only `flowlint-swift` runs this command, and it always hands in its reader.
        guard let read = SourceReader.current else { throw SourcesUnreadable(description: "this executable has no Swift reader") }
        var mapping = try Configuration.load(orDefault: config).extract
        if let platform { mapping.platform = platform }
        mapping.defines += define
        let code = try read(sources, mapping, measuringCoverage: false)
        for note in code.provenance.notes {
            Output.error("\(note.location): note: \(note.message) [\(note.kind.rawValue)]")
        }
        guard !code.graph.coordinators.isEmpty else { throw ExtractError(Self.noCoordinator(in: code.graph.files.count)) }
        switch format {
        case .json:
            Output.write(GraphJSONEncoder.encode(code))
        case .yaml:
            try write(code, to: output!)
        }
    }

    /// What was searched, and how to name a root: a run that finds nothing never passes in silence.
    static func noCoordinator(in files: Int) -> String {
        "no coordinator found in \(files) Swift file\(files == 1 ? "" : "s"): extract reads types that inherit from or conform to "
            + "a type named …Coordinator (…Coordinating, …CoordinatorType), XCoordinator's coordinator classes and Stinsen's "
            + "…Coordinatable protocols; if your coordinators share a protocol or base class of another name, name it in "
            + ".flowlint.yml: `extract: { coordinators: [YourRootProtocol] }`"
    }

    /// Specs mirror their roots (`Sources/App/Main.swift` under root `Sources` → `Flows/App/Main.flow.yml`); an
    /// edited spec is kept and the new text goes beside it, unless `--force`.
    private func write(_ code: CodeGraph, to folder: String) throws {
        let files = try ExtractedSpecs.plan(SpecEncoder.specs(for: code), roots: sources, into: folder)
        let outcomes = try ExtractedSpecs.write(files, into: folder, inputs: code.graph.files, force: force)
        var written = 0, unchanged = 0, beside = 0
        for outcome in outcomes {
            switch outcome {
            case .written: written += 1
            case .unchanged: unchanged += 1
            case .besideEdited(let path, let new):
                beside += 1
                Output.error(
                    """
                    \(path): note: edited since extract wrote it: the new spec is \(new); merge it by hand, or run with --force to \
                    replace \(path)
                    """
                )
            }
        }
        var summary = "flowlint extract: \(written) spec file\(written == 1 ? "" : "s") written to \(folder)"
        if unchanged > 0 { summary += ", \(unchanged) unchanged" }
        if beside > 0 { summary += ", \(beside) beside edited files as \(ExtractedSpecs.newSuffix)" }
        Output.error(summary)
    }
}

struct ExtractError: UserError {
    var description: String
    init(_ description: String) { self.description = description }
}
