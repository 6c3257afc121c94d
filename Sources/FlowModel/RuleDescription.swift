/// What a rule is: the one source for `flowlint rules`, `flowlint explain`, docs/rules.md and SARIF.
public struct RuleDescription: Sendable {
    public var id: RuleID
    public var name: String
    public var severity: Severity
    /// One line: what the rule finds.
    public var summary: String
    /// What fails at run time when the finding is ignored, and how to fix it.
    public var rationale: String
    /// A spec that gives a finding, each finding's line marked `# expect: <rule-id>`. Stored only here: the rule
    /// example test runs it like the fixtures under `fixtures/rules/<id>/`.
    public var triggeringExample: String
    /// A spec of the same situation done right, which must give no finding.
    public var passingExample: String
    /// The rule's SwiftUI form, for a rule that fires on SwiftUI code: Swift that `lint --sources` reads with
    /// `framework: swiftui`, each finding's line marked `// expect: <rule-id>`; empty for the others.
    public var swiftUIExample: String
    /// What the rule's answer depends on, and so when it runs on a project with spec-validity errors.
    public var scope: RuleScope
    /// Whether the rule also runs on the graph read from Swift code, where the spec does not describe it
    /// (DESIGN §5). Only rules that judge what the code does, not what it lacks: an extracted graph misses what
    /// the reader could not see, so rules about absence (unreachable-…, trapped-flow) would guess.
    public var judgesCodeOnlyGraphs: Bool
    /// How the diagrams mark the rule's findings.
    public var drawing: FindingDrawing
    /// Which path from the entry the rule's findings carry (DESIGN §2): a finding that depends on reachability or
    /// state names a path the user can retrace.
    public var witness: FindingWitness

    public init(
        id: RuleID, name: String, severity: Severity, scope: RuleScope = .project, judgesCodeOnlyGraphs: Bool = false,
        drawing: FindingDrawing = .bySeverity, witness: FindingWitness = .noPath, summary: String, rationale: String,
        triggeringExample: String = "", passingExample: String = "", swiftUIExample: String = ""
    ) {
        self.id = id
        self.scope = scope
        self.judgesCodeOnlyGraphs = judgesCodeOnlyGraphs
        self.drawing = drawing
        self.witness = witness
        self.name = name
        self.severity = severity
        self.summary = summary
        self.rationale = rationale
        self.triggeringExample = triggeringExample
        self.passingExample = passingExample
        self.swiftUIExample = swiftUIExample
    }
}

/// When a graph rule runs (DESIGN §2): a rule that judges an element by its own fields runs on every element
/// without a validity error; a rule that follows references or reachability runs only when every reference
/// resolved and every file was read — a broken name could change its answer.
public enum RuleScope: String, Sendable {
    case element, project

    /// For `flowlint explain` and docs/rules.md.
    public var explanation: String {
        switch self {
        case .element:
            """
            Judges each element by its own fields: runs on every element without a spec-validity error, even when other parts of the \
            project have some.
            """
        case .project:
            """
            Follows references and reachability: runs only when the specs have no spec-validity error (a broken name could change its \
            answer).
            """
        }
    }
}

/// How a diagram marks a rule's findings on the elements they are about.
public enum FindingDrawing: Sendable {
    /// As a problem (error) or a warning, by the finding's configured severity.
    case bySeverity
    /// Greyed out: the element is never shown.
    case unreachable
    /// As a problem whatever the configured severity: a leak or a cycle is one even when configured as a warning.
    case problem
}

/// The path from the entry a rule's findings carry, from one search over the state graph per run (`ShortestPaths`).
public enum FindingWitness: Sendable {
    /// No path: the finding is about an absence (nothing reaches the element) or about an element's own fields.
    case noPath
    /// The shortest state-safe path to the element the finding is about: its route, else its coordinator's first
    /// screen.
    case pathToElement
    /// The same, crossing no presentation: on it, the screen is inside none (`dismiss-without-presentation`).
    case pathWithoutPresentation

    /// For `flowlint explain` and docs/rules.md; nil for `noPath`.
    public var explanation: String? {
        switch self {
        case .noPath: nil
        case .pathToElement:
            """
            Each finding carries the shortest state-safe path from the entry to the element it is about, when one exists (a `note: \
            path:` line, JSON `path`, SARIF `codeFlows`).
            """
        case .pathWithoutPresentation:
            """
            Each finding carries the shortest state-safe path from the entry to the screen that opens no presentation, when one exists \
            (a `note: path:` line, JSON `path`, SARIF `codeFlows`).
            """
        }
    }
}
