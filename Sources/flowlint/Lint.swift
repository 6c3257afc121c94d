import ArgumentParser
import FlowModel
import FlowReport
import FlowSpec

enum LintFormat: String, ExpressibleByArgument, CaseIterable {
    case text, json
}

struct Lint: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Lint flow specs (files, or folders searched for *.flow.yml / *.flow.yaml).",
        discussion: """
        Exit status: 0 when there is no error-level finding, 1 when there is (or any finding with --strict), \
        2 for a usage error, an unreadable path or an internal failure.
        """
    )

    @Argument(help: "Spec files and folders to lint.")
    var paths: [String] = ["."]

    @Option(help: "Output format.")
    var format: LintFormat = .text

    @Flag(help: "Fail (exit 1) on warnings too.")
    var strict = false

    func run() throws {
        let report = try LintPipeline(paths: paths).run().report
        Output.write(render(report))
        Output.error("flowlint: \(report.summary)")
        let failed = report.errors > 0 || (strict && !report.findings.isEmpty)
        throw ExitCode(failed ? 1 : 0)
    }

    private func render(_ report: Report) -> String {
        switch format {
        case .text: TextReporter.render(report)
        case .json: JSONReporter.render(report)
        }
    }
}
