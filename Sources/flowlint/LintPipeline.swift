import FlowModel
import FlowReport
import FlowSpec

/// load specs → build FlowGraph → run rules → filter → report, shared by `lint` and `graph --findings`.
struct LintPipeline {
    var paths: [String]

    func run() throws -> LintOutcome {
        let project = try SpecLoader().load(paths: paths)
        let findings = project.diagnostics
        return LintOutcome(project: project, report: Report(findings: findings, files: project.graph.files.count))
    }
}

struct LintOutcome {
    var project: LoadedProject
    var report: Report
}
