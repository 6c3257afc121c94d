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

/// What a run that reads Swift code says about it (DESIGN §5 "Coverage is part of the answer"): which mode it runs
/// in, what it read, and whether that meets `--min-read`.
enum CodeCoverage {
    /// The first summary line of a run with sources: `specs in Flows/ checked against Sources/`, or
    /// `linting the code in Sources/ (no spec found)`. `nil` without sources.
    static func modeLine(_ outcome: LintOutcome) -> String? {
        guard !outcome.sources.isEmpty else { return nil }
        let sources = outcome.sources.map(folderName).joined(separator: ", ")
        if outcome.project.origin == .code { return "linting the code in \(sources) (no spec found)" }
        return "specs in \(specFolder(outcome.project.graph.files)) checked against \(sources)"
    }

    /// A folder given as written, with a trailing `/`.
    static func folderName(_ path: String) -> String {
        var info = stat()
        guard !path.hasSuffix("/"), stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR else { return path }
        return path + "/"
    }

    /// The folder all the spec files are in (`Flows/`), or `./`.
    static func specFolder(_ files: [String]) -> String {
        let folders = files.map { $0.split(separator: "/", omittingEmptySubsequences: false).dropLast().map(String.init) }
        guard var common = folders.first else { return "./" }
        for folder in folders.dropFirst() {
            common = Array(zip(common, folder).prefix { $0 == $1 }.map(\.0))
        }
        let path = common.joined(separator: "/")
        return path.isEmpty ? (files.first?.hasPrefix("/") == true ? "/" : "./") : path + "/"
    }

    /// A floor `--min-read` or `minRead:` sets, given as written on the command line (`95`, `95%`).
    struct Floor {
        var percent: Int
        /// `--min-read 95`, or `minRead: 95 (.flowlint.yml:3:1)`.
        var source: String
    }

    /// The floor in effect: `--min-read` over `minRead:`. A run that reads no code cannot hold one: a usage error.
    static func floor(option: Int?, configuration: Configuration, sources: [String]) throws -> Floor? {
        let floor =
            option.map { Floor(percent: $0, source: "--min-read \($0)") }
            ?? configuration.minRead.map {
                Floor(percent: $0, source: "minRead: \($0) (\(configuration.minReadLocation ?? Configuration.defaultFileName))")
            }
        guard let floor else { return nil }
        if sources.isEmpty && configuration.sources.isEmpty {
            if option != nil {
                throw UsageError(
                    description:
                        "--min-read needs Swift code to read: give --sources PATH (or `sources:` in \(Configuration.defaultFileName))")
            }
            throw UsageError(
                description:
                    """
                    \(configuration.minReadLocation ?? Configuration.defaultFileName): `minRead` needs Swift code to read: add \
                    `sources:` or give --sources PATH
                    """
            )
        }
        return floor
    }

    /// The line that fails the run, or `nil` when the share read meets the floor.
    static func shortfall(_ coverage: Coverage?, floor: Floor) -> String? {
        guard let coverage else {
            return "\(floor.source) not judged: the Swift code was not read (specs with errors are fixed first)"
        }
        guard coverage.readPercent < floor.percent else { return nil }
        return
            """
            read or accounted for \(coverage.readPercent)% of coordinator types (\(coverage.accountedFor) of \
            \(coverage.coordinators)), below \(floor.source): --explain-open lists the types not read
            """
    }

    struct UsageError: UserError {
        var description: String
    }
}
