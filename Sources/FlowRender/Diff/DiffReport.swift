import FlowModel
import FlowReport
import FlowAnalysis
import FlowRules

/// What `flowlint diff` reports: the structural and reachability changes from BASE to HEAD, and the findings new
/// in HEAD and fixed since BASE, each with its witness path from the entry (`WitnessPaths`, on the side the finding
/// is on).
public struct DiffReport: Sendable {
    /// One side as linted: its label (a revision or a folder), graph, findings and, for valid specs, analysis.
    public struct Side: Sendable {
        public var label: String
        public var graph: FlowGraph
        public var report: Report
        /// nil when the side has spec errors: reachability is not compared then.
        public var analysis: Analysis?
        /// The folder the side was read below, taken off its paths' locations as it was off its findings'.
        public var folder: String?

        public init(label: String, graph: FlowGraph, report: Report, analysis: Analysis?, folder: String? = nil) {
            self.label = label
            self.graph = graph
            self.report = report
            self.analysis = analysis
            self.folder = folder
        }

        /// `findings` of this side with their witness paths, at locations below the side's root.
        func tracing(_ findings: [Finding]) -> [Finding] {
            let traced = WitnessPaths.tracing(findings, in: analysis)
            guard let folder else { return traced }
            let prefix = folder.hasSuffix("/") ? folder : folder + "/"
            return traced.map { finding in
                var moved = finding
                moved.path = finding.path?.map { step in
                    var step = step
                    if step.location.file.hasPrefix(prefix) { step.location.file.removeFirst(prefix.count) }
                    return step
                }
                return moved
            }
        }
    }

    public var base: Side
    public var head: Side
    public var flow: FlowDiff
    /// In HEAD, not in BASE, each with its witness path (`WitnessPaths`).
    public var new: [Finding]
    /// In BASE, not in HEAD, at BASE's locations, each with its witness path.
    public var fixed: [Finding]

    public init(base: Side, head: Side) {
        self.base = base
        self.head = head
        flow = FlowDiff(base: base.graph, head: head.graph, baseAnalysis: base.analysis, headAnalysis: head.analysis)
        let findings = FindingDiff(base: base.report, head: head.report)
        new = head.tracing(findings.new)
        fixed = base.tracing(findings.fixed)
    }

    /// Whether anything differs at all (`--fail-on any-change`).
    public var hasChanges: Bool { !flow.isEmpty || !new.isEmpty || !fixed.isEmpty }
}
