#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ArgumentParser
import FlowModel
import FlowRules
import FlowSpec
import FlowSwift
import FlowlintCLI
import FoundationEssentials

/// `flowlint extract`, run as its own executable so that swift-syntax stays out of `flowlint lint`'s
/// start-up (README: Extracting specs from Swift code). `flowlint extract` runs this with its arguments, and
/// `flowlint lint --sources` runs its `lint` (below).
struct ExtractCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "flowlint extract",
        abstract: "Write flow specs for the coordinators found in Swift sources.",
        discussion: """
            Recognizes XCoordinator, Stinsen and classic UIKit coordinators (README: recognized shapes). \
            Writes one spec per Swift file that declares coordinators, mirroring the source folders. Sites it \
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

    @Option(help: "yaml (spec files in --output), or json (the graph read and how sure the reader is of each fact, on stdout).")
    var format: Format = .yaml

    @Option(help: "A configuration file (default: .flowlint.yml in the working directory, if any).")
    var config: String?

    enum Format: String, ExpressibleByArgument { case yaml, json }

    func validate() throws {
        if format == .yaml && output == nil { throw ValidationError("give the folder to write to with -o DIR (or --format json)") }
    }

    func run() throws {
        let configuration = try loadConfiguration()
        let code = try SwiftExtractor.extract(paths: sources, mapping: configuration.extractMapping)
        for note in code.provenance.notes {
            Output.error("\(note.location): note: \(note.message) [\(note.kind.rawValue)]")
        }
        guard !code.graph.coordinators.isEmpty else { throw ExtractError(Self.noCoordinator(in: code.graph.files.count)) }
        switch format {
        case .json:
            Output.write(GraphJSONEncoder.encode(code))
        case .yaml:
            try write(SpecEncoder.specs(for: code), to: output!, sourceRoot: commonFolder(code.graph.files))
        }
    }

    /// What was searched, and how to name a root: a run that finds nothing never passes in silence.
    static func noCoordinator(in files: Int) -> String {
        "no coordinator found in \(files) Swift file\(files == 1 ? "" : "s"): extract reads types that inherit from or conform to "
            + "a type named …Coordinator (…Coordinating, …CoordinatorType), XCoordinator's coordinator classes and Stinsen's "
            + "…Coordinatable protocols; if your coordinators share a protocol or base class of another name, name it in "
            + ".flowlint.yml: `extract: { coordinators: [YourRootProtocol] }`"
    }

    private func loadConfiguration() throws -> Configuration {
        if let config { return try Configuration.load(path: config) }
        guard access(Configuration.defaultFileName, F_OK) == 0 else { return Configuration() }
        return try Configuration.load(path: Configuration.defaultFileName)
    }

    /// `Sources/App/Main.swift` under root `Sources` → `Flows/App/Main.flow.yml`.
    private func write(_ specs: [SpecEncoder.SpecText], to folder: String, sourceRoot: String) throws {
        for spec in specs {
            var relative = Substring(spec.source)
            if !sourceRoot.isEmpty, relative.hasPrefix(sourceRoot + "/") { relative = relative.dropFirst(sourceRoot.count + 1) }
            while relative.hasPrefix("../") || relative.hasPrefix("/") { relative = relative.drop { $0 == "." || $0 == "/" } }
            let path = folder + "/" + relative.dropLast(".swift".count) + ".flow.yml"
            try makeFolders(for: path)
            do {
                try FileIO.writeAtomically(spec.text, to: path)
            } catch {
                throw ExtractError("cannot write \(path): \(error)")
            }
        }
        Output.error("flowlint extract: \(specs.count) spec file\(specs.count == 1 ? "" : "s") written to \(folder)")
    }

    private func makeFolders(for path: String) throws {
        var prefix = path.hasPrefix("/") ? "/" : ""
        for part in path.split(separator: "/").dropLast() {
            prefix += part
            if mkdir(prefix, 0o777) != 0 && errno != EEXIST { throw ExtractError("cannot create \(prefix): \(FileError.current())") }
            prefix += "/"
        }
    }

    /// The folder all extracted files share.
    private func commonFolder(_ files: [String]) -> String {
        guard var common = files.first.map({ $0.split(separator: "/", omittingEmptySubsequences: false).dropLast() }) else { return "" }
        for file in files.dropFirst() {
            let parts = file.split(separator: "/", omittingEmptySubsequences: false).dropLast()
            common = common.prefix(zip(common, parts).prefix { $0 == $1 }.count)
        }
        return common.joined(separator: "/")
    }
}

struct ExtractError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

enum Output {
    static func write(_ text: String) { FileIO.writeAll(text, to: STDOUT_FILENO) }
    static func error(_ line: String) { FileIO.writeAll(line + "\n", to: STDERR_FILENO) }
}

func runExtract() -> Int32 {
    do {
        var command = try ExtractCommand.parseAsRoot()
        try command.run()
        return 0
    } catch let error as SwiftExtractor.SourceError {
        Output.error("flowlint: error: \(error)")
    } catch let error as ConfigurationError {
        Output.error("flowlint: error: \(error)")
    } catch let error as ExtractError {
        Output.error("flowlint: error: \(error)")
    } catch {
        let code = ExtractCommand.exitCode(for: error)
        let message = ExtractCommand.fullMessage(for: error)
        if code == .success {
            Output.write(message + "\n")
            return 0
        }
        Output.error(message)
    }
    return 2
}

// `flowlint lint --sources` becomes this executable with its arguments: the whole lint runs here, reading
// the Swift sources in process.
if CommandLine.arguments.dropFirst().first == "lint" {
    FlowlintCLI.readSources = { sources, configuration in
        try SwiftExtractor.extract(paths: sources, mapping: configuration.extractMapping)
    }
    exit(FlowlintCLI.run())
}
signal(SIGPIPE, SIG_IGN)
exit(runExtract())
