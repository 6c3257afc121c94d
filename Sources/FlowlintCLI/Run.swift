#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ArgumentParser
import FlowModel
import FlowReport
import FlowRules
import FlowSpec

/// The `flowlint` command line, shared by the two executables: `flowlint` (no swift-syntax, so `lint` starts
/// fast) and `flowlint-swift`, which links the Swift reader and runs `lint --sources` with it in process.
public enum FlowlintCLI {
    /// What `--version` prints, in both executables.
    public static let version = Flowlint.version

    /// Reads the Swift sources of `lint --sources` into facts. `flowlint-swift` sets it; in `flowlint` it is nil,
    /// and a lint with sources hands itself over to `flowlint-swift` (docs/guide/drift.md).
    nonisolated(unsafe) public static var readSources: ((_ sources: [String], _ configuration: Configuration) throws -> CodeGraph)?

    /// Runs the command line of this process and returns its exit status.
    public static func run() -> Int32 {
        signal(SIGPIPE, SIG_IGN)
        let status = runFlowlint()
        if let failure = Output.stdoutFailure {
            Output.error("flowlint: error: cannot write to standard output: \(failure)")
            return 2
        }
        return status
    }
}

/// Maps every way a run ends to DESIGN's exit statuses: 0 clean, 1 findings, 2 usage or I/O.
func runFlowlint() -> Int32 {
    do {
        var command: any ParsableCommand
        if let lint = Lint.withPathsOnly(Array(CommandLine.arguments.dropFirst())) {
            try lint.validate()
            command = lint
        } else {
            command = try Flowlint.parseAsRoot()
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
        let code = Flowlint.exitCode(for: error)
        let message = Flowlint.fullMessage(for: error)
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
