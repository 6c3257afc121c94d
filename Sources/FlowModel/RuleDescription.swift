/// What a rule is: the one source for `flowlint rules`, `flowlint explain`, docs/rules.md and SARIF.
public struct RuleDescription: Sendable {
    public var id: RuleID
    public var name: String
    public var severity: Severity
    /// One line: what the rule finds.
    public var summary: String
    /// What fails at run time when the finding is ignored, and how to fix it.
    public var rationale: String
    /// A spec that gives a finding, each finding's line marked `# expect: <rule-id>`; the same text as
    /// `fixtures/rules/<id>/triggering/example.flow.yml` (a test keeps them equal).
    public var triggeringExample: String
    /// A spec of the same situation done right; the same text as `fixtures/rules/<id>/passing/example.flow.yml`.
    public var passingExample: String

    public init(id: RuleID, name: String, severity: Severity, summary: String, rationale: String,
                triggeringExample: String = "", passingExample: String = "") {
        self.id = id
        self.name = name
        self.severity = severity
        self.summary = summary
        self.rationale = rationale
        self.triggeringExample = triggeringExample
        self.passingExample = passingExample
    }
}
