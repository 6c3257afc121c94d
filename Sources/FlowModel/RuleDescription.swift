import FlowModel

/// What a rule is: the one source for `flowlint rules`, `flowlint explain`, docs/rules.md and SARIF.
public struct RuleDescription: Sendable {
    public var id: RuleID
    public var name: String
    public var severity: Severity
    /// One line: what the rule finds.
    public var summary: String
    /// What fails at run time when the finding is ignored, and how to fix it.
    public var rationale: String

    public init(id: RuleID, name: String, severity: Severity, summary: String, rationale: String) {
        self.id = id
        self.name = name
        self.severity = severity
        self.summary = summary
        self.rationale = rationale
    }
}
