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

/// The `flowlint` command line, shared by the two executables: `flowlint` (no swift-syntax, so `lint` starts
/// fast) and `flowlint-swift`, which links the Swift reader and runs `lint --sources` with it in process.
public enum FlowlintCLI {
    /// What `--version` prints, in both executables.
    public static let version = Flowlint.version

    /// Runs the command line of this process and returns its exit status. `reader`: the Swift reader, which
    /// `flowlint-swift` hands in; `flowlint` has none.
    public static func run(reader: SourceReader? = nil) -> Int32 {
        run(Flowlint.self, reader: reader)
    }

    /// `flowlint-swift`: `lint`, `paths`, `graph` and `diff` (run with sources, `flowlint` becomes this executable
    /// with its arguments) run here as in `flowlint`, reading the Swift sources in process; anything else is
    /// `flowlint extract`'s arguments.
    public static func runWithSwiftReader(_ reader: SourceReader) -> Int32 {
        let whole = ["lint", "paths", "graph", "diff"].contains(CommandLine.arguments.dropFirst().first)
        return whole ? run(Flowlint.self, reader: reader) : run(SwiftExtractCommand.self, reader: reader)
    }

    /// Runs `command` with `reader` bound for the run's length.
    private static func run<Command: ParsableCommand>(_ command: Command.Type, reader: SourceReader?) -> Int32 {
        signal(SIGPIPE, SIG_IGN)
        let status = SourceReader.$current.withValue(reader) { exitStatus(of: command) }
        if let failure = Output.stdoutFailure {
            Output.error("flowlint: error: cannot write to standard output: \(failure)")
            return 2
        }
        return status
    }
}

/// Maps every way a run of `Command` ends to the exit statuses: 0 clean, 1 findings, 2 usage or I/O. The one
/// error-to-exit map of both executables.
func exitStatus<Command: ParsableCommand>(of _: Command.Type) -> Int32 {
    do {
        var command: any ParsableCommand
        if Command.self == Flowlint.self, let lint = Lint.withPathsOnly(Array(CommandLine.arguments.dropFirst())) {
            // `flowlint lint PATHS...` with no option: made without ArgumentParser, whose parse reflects over every
            // option of `lint` (the small-lint bench row).
            try lint.validate()
            command = lint
        } else {
            command = try Command.parseAsRoot()
        }
        try command.run()
        return 0
    } catch let error as UserError {
        // A configuration with several mistakes gives one line for each.
        for line in "\(error)".split(separator: "\n") { Output.error("flowlint: error: \(line)") }
        return 2
    } catch let code as ExitCode {
        return code.rawValue
    } catch {
        let code = Command.exitCode(for: error)
        let message = Command.fullMessage(for: error)
        if code == .success {
            Output.write(message + "\n")
            return 0
        }
        Output.error(message)
        return 2
    }
}

/// What the user can fix (a path, the configuration, a baseline): one line on stderr (one per mistake) and exit status 2.
protocol UserError: Error, CustomStringConvertible {}
extension LoadError: UserError {}
extension ConfigurationError: UserError {}
extension BaselineError: UserError {}
extension ExtractedSpecs.WriteError: UserError {}
