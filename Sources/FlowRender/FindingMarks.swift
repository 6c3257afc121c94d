import FlowModel
import FlowAnalysis
import FlowRules

/// Findings grouped by the element they are about (`Finding.coordinator` / `.route`).
struct FindingMarks {
    private(set) var routes: [RouteKey: [Mark]] = [:]
    private(set) var coordinators: [String: [Mark]] = [:]

    init(_ findings: [Finding]) {
        // Sorted by rule and message, not by file: the same project read in another file order marks alike.
        let ordered = findings.sorted { ($0.rule.rawValue, $0.message) < ($1.rule.rawValue, $1.message) }
        for finding in ordered {
            guard let coordinator = finding.coordinator else { continue }
            let mark = Mark(
                rule: finding.rule.rawValue, severity: finding.severity.rawValue,
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

    /// As the rule's description says (`RuleDescription.drawing`): unreachable elements grey; leaks, unretained
    /// children and cycles red whatever their configured severity; other findings by severity.
    static func style(of finding: Finding) -> MarkStyle {
        switch RuleRegistry.drawing(of: finding.rule) {
        case .unreachable: .unreachable
        case .problem: .problem
        case .bySeverity: finding.severity == .error ? .problem : .warning
        }
    }
}
