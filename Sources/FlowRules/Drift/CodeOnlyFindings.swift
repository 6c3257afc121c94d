import FlowExtract
import FlowModel

/// The graph rules run on the extracted graph, kept where the spec has no counterpart (DESIGN §5):
/// a leak that exists only in code is found, at its Swift line. Where the spec describes the element,
/// the spec's own findings and drift already speak.
struct CodeOnlyFindings {
    var drift: DriftComparison
    var rules: [any Rule.Type]

    /// Rules that judge what the code does, not what it lacks: an extracted graph misses triggers the
    /// extractor could not see, so reachability-absence rules (unreachable-…, trapped-flow) would guess.
    // TODO(issue 21): use `RuleRegistry.judgingCodeOnlyGraphs` (the rules' `judgesCodeOnlyGraphs` trait) and drop this copy.
    static let judged: Set<RuleID> = ["leaked-child", "unretained-child", "retain-cycle", "push-container", "invalid-transition"]

    func findings() -> [Diagnostic] {
        let rules = rules.filter { Self.judged.contains($0.description.id) }
        guard !rules.isEmpty, !drift.code.coordinators.isEmpty else { return [] }
        let analysis = Analysis(drift.code.flowGraph(certainOnly: !drift.includeInferred))
        return Parallel.map(rules) { rule in rule.init().check(analysis) }.joined().compactMap { finding in
            guard let name = finding.coordinator else { return nil }
            if let spec = drift.specCoordinator(forType: name), finding.route.map({ spec.route(named: $0) != nil }) ?? true {
                return nil
            }
            var finding = finding
            finding.message += " (found in the Swift code, which the spec does not describe yet)"
            return finding
        }
    }
}
