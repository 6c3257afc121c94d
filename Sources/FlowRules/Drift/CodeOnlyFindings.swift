import FlowAnalysis
import FlowModel

/// The graph rules run on the extracted graph, kept where the spec has no counterpart (DESIGN §5):
/// a leak that exists only in code is found, at its Swift line. Where the spec describes the element,
/// the spec's own findings and drift already speak.
struct CodeOnlyFindings {
    var drift: DriftComparison
    var rules: [any Rule.Type]
    /// The words the fixes speak, as on the specs.
    var framework: Framework

    func findings() -> [Finding] {
        // Rules that judge what the code does, not what it lacks (their `judgesCodeOnlyGraphs` trait).
        let rules = rules.filter { $0.description.judgesCodeOnlyGraphs }
        guard !rules.isEmpty, !drift.code.coordinators.isEmpty else { return [] }
        // Only findings on what the spec lacks are kept: where it describes every coordinator and route, a second
        // analysis of the whole app (as large as the spec's) would find nothing to keep. The names say so before
        // the certain graph (a copy of the whole code graph, fact by fact) is built.
        guard drift.code.coordinators.contains(where: { !isDescribed($0, certainOnly: !drift.includeInferred) }) else { return [] }
        let code = CodeGraph(graph: drift.code, provenance: drift.provenance)
        let graph = drift.includeInferred ? drift.code : code.certainGraph
        guard graph.coordinators.contains(where: { !isDescribed($0) }) else { return [] }
        let analysis = Analysis(graph, framework: framework, origin: .code)
        return Parallel.map(rules, inParallel: analysis.worthThreads) { rule in rule.init().check(analysis) }.joined().compactMap {
            finding in
            guard finding.withheldBecause == nil, let name = finding.coordinator else { return nil }
            if let spec = drift.specCoordinator(forType: name), finding.route.map({ spec.route(named: $0) != nil }) ?? true {
                return nil
            }
            var finding = finding
            finding.message += " (found in the Swift code, which the spec does not describe yet)"
            return finding
        }
    }

    /// The spec has this coordinator of the code and each of its routes; `certainOnly`: of those the certain graph
    /// keeps (an inferred coordinator, or an inferred route, is described whatever the spec says).
    private func isDescribed(_ coordinator: Coordinator, certainOnly: Bool = false) -> Bool {
        let inferred = certainOnly ? drift.provenance.inferred : [:]
        if certainOnly, inferred[.coordinator(coordinator.name)] != nil { return true }
        guard let spec = drift.specCoordinator(forType: coordinator.name) else { return false }
        return coordinator.routes.allSatisfy { route in
            spec.routeIndex[route.name] != nil || (certainOnly && inferred[.route(coordinator.name, route.name)] != nil)
        }
    }
}
