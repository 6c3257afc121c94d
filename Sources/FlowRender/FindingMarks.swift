import FlowModel
import FlowRules

/// Findings grouped by the element they are about (`Diagnostic.coordinator` / `.route`).
struct FindingMarks {
    private(set) var routes: [RouteKey: [Mark]] = [:]
    private(set) var coordinators: [String: [Mark]] = [:]

    init(_ findings: [Diagnostic]) {
        // Sorted by rule and message, not by file: the same project read in another file order marks alike.
        let ordered = findings.sorted { ($0.rule.rawValue, $0.message) < ($1.rule.rawValue, $1.message) }
        for finding in ordered {
            guard let coordinator = finding.coordinator else { continue }
            let mark = Mark(rule: finding.rule.rawValue, severity: finding.severity.rawValue,
                            message: finding.message, style: FindingMarks.style(of: finding),
                            element: finding.route.map { "\(coordinator).\($0)" } ?? coordinator)
            if let route = finding.route {
                routes[RouteKey(coordinator: coordinator, route: route), default: []].append(mark)
            } else {
                coordinators[coordinator, default: []].append(mark)
            }
        }
    }

    func marks(of key: RouteKey) -> [Mark] { routes[key] ?? [] }
    func marks(of coordinator: String) -> [Mark] { coordinators[coordinator] ?? [] }

    /// Unreachable elements grey; leaks, unretained children and cycles red whatever their configured
    /// severity; other findings by severity.
    static func style(of finding: Diagnostic) -> MarkStyle {
        if unreachableRules.contains(finding.rule) { return .unreachable }
        if problemRules.contains(finding.rule) { return .problem }
        return finding.severity == .error ? .problem : .warning
    }

    private static let unreachableRules: Set<RuleID> = [UnreachableRouteRule.description.id, UnreachableCoordinatorRule.description.id]
    private static let problemRules: Set<RuleID> = [
        LeakedChildRule.description.id, UnretainedChildRule.description.id, RetainCycleRule.description.id,
        PushCycleRule.description.id,
    ]
}
