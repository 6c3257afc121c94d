import FlowConfig
import FlowAnalysis
import FlowModel

/// Runs the graph rules over a loaded project and applies configuration and `ignore:` lists.
///
/// On a project with spec-validity errors only the rules that judge an element by its own fields run, and
/// their findings on elements that have a validity error are dropped: on a half-read project every
/// misspelled trigger would also show up as an unreachable route (`RuleScope`).
public struct RuleRunner: Sendable {
    public var configuration: Configuration
    /// False: spec validity only (a diagram without `--findings` needs no graph rules).
    public var runsGraphRules: Bool
    /// The folder the reported paths are taken relative to before `exclude` matches them (a side of `diff`, read
    /// below a folder of its own); nil: as they are.
    public var excludeRoot: String?

    public init(configuration: Configuration = Configuration(), runsGraphRules: Bool = true, excludeRoot: String? = nil) {
        self.configuration = configuration
        self.runsGraphRules = runsGraphRules
        self.excludeRoot = excludeRoot.map { $0.hasSuffix("/") ? $0 : $0 + "/" }
    }

    /// The findings of a run, and the analysis the graph rules read (nil when none ran): the drawings read it too.
    public struct Run: Sendable {
        public var findings: [Finding]
        public var analysis: Analysis?
        /// Findings an `open` element could make false (each with its `withheldBecause`): never reported, counted
        /// and listed by `--explain-open`. Configuration and `ignore:` apply to them as to findings.
        public var withheld: [Finding] = []
    }

    /// With `code` (`--sources`): the drift findings too, and the graph rules' findings on code the spec
    /// does not describe.
    public func findings(
        for project: LoadedProject, comparingWith code: CodeGraph? = nil,
        includeInferred: Bool = false
    ) -> [Finding] {
        run(project, comparingWith: code, includeInferred: includeInferred).findings
    }

    public func run(_ project: LoadedProject, comparingWith code: CodeGraph? = nil, includeInferred: Bool = false) -> Run {
        var findings = project.diagnostics
        var analysis: Analysis?
        let specIsValid = !findings.contains(where: { $0.severity == .error })
        let rules =
            !runsGraphRules
            ? []
            : RuleRegistry.graphRules.filter {
                configuration.isEnabled($0.description.id) && (specIsValid || $0.description.scope == .element)
            }
        if !rules.isEmpty {
            let facts = Analysis(
                project.graph, framework: configuration.framework, origin: project.origin, entryGuessed: project.entryGuessed)
            analysis = facts
            // Rules only read the analysis: they run side by side, their findings kept in rule order.
            let graphFindings = Parallel.map(rules, inParallel: facts.worthThreads) { rule in rule.init().check(facts) }.joined()
            findings += specIsValid ? Array(graphFindings) : Self.onValidElements(graphFindings, invalid: findings, in: project.graph)
        }
        if let code, runsGraphRules, specIsValid {
            let drift = DriftComparison(spec: project.graph, code: code, includeInferred: includeInferred)
            findings += drift.findings().filter { configuration.isEnabled($0.rule) }
            findings += CodeOnlyFindings(drift: drift, rules: rules, framework: configuration.framework).findings()
        }
        // Findings come many to a file: match each file against the globs once.
        var excluded: [String: Bool] = [:]
        findings = findings.compactMap { finding in
            let file = finding.location.file
            let isExcluded =
                excluded[file]
                ?? configuration.isExcluded(excludeRoot.map { file.hasPrefix($0) ? String(file.dropFirst($0.count)) : file } ?? file)
            excluded[file] = isExcluded
            guard !isExcluded else { return nil }
            guard RuleID.specValidity.contains(finding.rule) || !isIgnored(finding, in: project.graph) else { return nil }
            var finding = finding
            if let severity = configuration.severities[finding.rule] { finding.severity = severity }
            return finding
        }
        let withheld = findings.filter { $0.withheldBecause != nil }
        if !withheld.isEmpty { findings.removeAll { $0.withheldBecause != nil } }
        return Run(findings: findings, analysis: analysis, withheld: withheld)
    }

    /// Drops findings about an element (a route, or a coordinator and all its routes) that has a validity error,
    /// or a child coordinator that resolves to nothing: with a file unread, `unknown-reference` is withheld (the
    /// child may be defined there), and the route must not be judged as naming no destination either.
    private static func onValidElements(_ findings: some Sequence<Finding>, invalid: [Finding], in graph: FlowGraph) -> [Finding] {
        var brokenCoordinators: Set<String> = []
        var brokenRoutes: Set<[String]> = []
        for finding in invalid where finding.severity == .error {
            guard let coordinator = finding.coordinator else { continue }
            if let route = finding.route { brokenRoutes.insert([coordinator, route]) } else { brokenCoordinators.insert(coordinator) }
        }
        for coordinator in graph.coordinators {
            for route in coordinator.routes {
                if let child = route.destination?.value.coordinatorName, graph.coordinator(named: child) == nil {
                    brokenRoutes.insert([coordinator.name, route.name])
                }
            }
        }
        return findings.filter { finding in
            guard let coordinator = finding.coordinator else { return true }
            if brokenCoordinators.contains(coordinator) { return false }
            return finding.route.map { !brokenRoutes.contains([coordinator, $0]) } ?? true
        }
    }

    /// `ignore:` of the chain, the coordinator or the route the finding is about.
    private func isIgnored(_ finding: Finding, in graph: FlowGraph) -> Bool {
        let rule = finding.rule.rawValue
        if let name = finding.chain, let chain = graph.chainIndex[name].map({ graph.chains[$0] }),
            chain.ignore.contains(where: { $0.value == rule })
        {
            return true
        }
        guard let name = finding.coordinator, let coordinator = graph.coordinator(named: name) else { return false }
        if coordinator.ignore.contains(where: { $0.value == rule }) { return true }
        guard let route = finding.route.flatMap(coordinator.route(named:)) else { return false }
        return route.ignore.contains { $0.value == rule }
    }
}
