import FlowModel
import FlowReport
import FlowRules

/// What `flowlint diff` reports: the structural and reachability changes from BASE to HEAD, and the findings new
/// in HEAD and fixed since BASE, each with its witness path (a `note: path: …` from the entry, as the paths command
/// finds it on the side the finding is on).
public struct DiffReport: Sendable {
    /// One side as linted: its label (a revision or a folder), graph, findings and, for valid specs, analysis.
    public struct Side: Sendable {
        public var label: String
        public var graph: FlowGraph
        public var report: Report
        /// nil when the side has spec errors: reachability is not compared then.
        public var analysis: Analysis?

        public init(label: String, graph: FlowGraph, report: Report, analysis: Analysis?) {
            self.label = label
            self.graph = graph
            self.report = report
            self.analysis = analysis
        }
    }

    public var base: Side
    public var head: Side
    public var flow: FlowDiff
    /// In HEAD, not in BASE, each with its path note.
    public var new: [Diagnostic]
    /// In BASE, not in HEAD, at BASE's locations, each with its path note.
    public var fixed: [Diagnostic]
    /// The witness path of each of `new` and `fixed`, in the same order (nil: no state-safe path reaches it).
    public var newPaths: [[PathReport.Step]?]
    public var fixedPaths: [[PathReport.Step]?]

    public init(base: Side, head: Side) {
        self.base = base
        self.head = head
        flow = FlowDiff(base: base.graph, head: head.graph, baseAnalysis: base.analysis, headAnalysis: head.analysis)
        let findings = FindingDiff(base: base.report, head: head.report)
        newPaths = Self.witnesses(findings.new, head.analysis)
        fixedPaths = Self.witnesses(findings.fixed, base.analysis)
        new = Self.noting(findings.new, newPaths)
        fixed = Self.noting(findings.fixed, fixedPaths)
    }

    /// Whether anything differs at all (`--fail-on any-change`).
    public var hasChanges: Bool { !flow.isEmpty || !new.isEmpty || !fixed.isEmpty }

    /// The path from the entry to the route (or the coordinator's first screen) each finding is about.
    private static func witnesses(_ findings: [Diagnostic], _ analysis: Analysis?) -> [[PathReport.Step]?] {
        guard let analysis, !findings.isEmpty else { return findings.map { _ in nil } }
        let paths = ShortestPaths(analysis)
        let index = analysis.index
        return findings.map { finding in
            guard let name = finding.coordinator, let coordinator = index.coordinator(named: name) else { return nil }
            let route = finding.route.flatMap { index.route(named: $0, in: coordinator) } ?? index.initialRoute(of: coordinator)
            guard let route, case .path(let steps) = paths.answer(for: route) else { return nil }
            return steps.map { PathReport.step($0, index: index) }
        }
    }

    private static func noting(_ findings: [Diagnostic], _ paths: [[PathReport.Step]?]) -> [Diagnostic] {
        zip(findings, paths).map { finding, path in
            guard let path else { return finding }
            var noted = finding
            noted.notes.append(DiagnosticNote("path: \(PathWriter.describe(path))", at: finding.location))
            return noted
        }
    }
}
