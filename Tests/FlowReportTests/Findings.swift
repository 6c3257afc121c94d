import FlowModel

/// Findings made by hand for the reporter tests.
enum Findings {
    static func finding(
        _ rule: RuleID = "leaked-child", _ severity: Severity = .error, _ message: String = "Auth leaks",
        file: String = "Flows/App.flow.yml", line: Int = 12, column: Int = 7,
        coordinator: String? = "App", route: String? = "login", notes: [FindingNote] = []
    ) -> Finding {
        Finding(
            rule: rule, severity: severity, message: message,
            location: SourceLocation(file: file, line: line, column: column),
            coordinator: coordinator, route: route, notes: notes)
    }

    static let rules: [RuleDescription] = [
        RuleDescription(
            id: "leaked-child", name: "Leaked child", severity: .error,
            summary: "A child that stays in childCoordinators.", rationale: "It leaks.",
            triggeringExample: "version: 1\n", passingExample: ""),
        RuleDescription(
            id: "unreachable-route", name: "Unreachable route", severity: .warning,
            summary: "A route nothing reaches.", rationale: "Dead code."),
    ]
}
