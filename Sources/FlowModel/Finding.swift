public enum Severity: String, CaseIterable, Sendable, Comparable {
    case warning, error

    public static func < (lhs: Severity, rhs: Severity) -> Bool {
        lhs == .warning && rhs == .error
    }
}

/// The identifier of a rule, such as `leaked-child`.
public struct RuleID: RawRepresentable, Hashable, Comparable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    public var rawValue: String

    public init(rawValue: String) { self.rawValue = rawValue }
    public init(stringLiteral value: String) { self.rawValue = value }

    public static func < (lhs: RuleID, rhs: RuleID) -> Bool { lhs.rawValue < rhs.rawValue }
    public var description: String { rawValue }

    // The spec-validity rules, reported while specs are read.
    public static let syntax: RuleID = "syntax"
    public static let schema: RuleID = "schema"
    public static let duplicateKey: RuleID = "duplicate-key"
    public static let unknownReference: RuleID = "unknown-reference"
    public static let entry: RuleID = "entry"
    public static let missingInitial: RuleID = "missing-initial"

    public static let specValidity: [RuleID] = [.syntax, .schema, .duplicateKey, .unknownReference, .entry, .missingInitial]
}

/// A related location shown under a finding.
public struct FindingNote: Hashable, Sendable {
    public var message: String
    public var location: SourceLocation

    public init(_ message: String, at location: SourceLocation) {
        self.message = message
        self.location = location
    }
}

/// A finding: what is wrong, where, and which rule says so.
public struct Finding: Hashable, Sendable {
    public var rule: RuleID
    public var severity: Severity
    public var message: String
    public var location: SourceLocation
    /// The coordinator the finding is about, `nil` for file-level findings.
    public var coordinator: String?
    /// The route the finding is about, `nil` for coordinator- and file-level findings.
    public var route: String?
    /// The chain the finding is about (its `ignore:` silences it), `nil` for other findings.
    public var chain: String?
    public var notes: [FindingNote]
    /// Set when an `open` element could supply what the finding says is missing (DESIGN §1 Open world): the
    /// finding is withheld, counted and listed by `--explain-open` with this reason, never reported.
    public var withheldBecause: String?
    /// How the user gets from the entry to what the finding is about (DESIGN §2), for the rules whose findings
    /// depend on reachability or state (`RuleDescription.witness`); nil when none is traced or none is safe.
    public var path: [WitnessStep]?
    /// How `path` must arrive at the finding's route, set by the rule when the finding holds only on some ways in.
    public var witnessArrival: WitnessArrival = .any

    public init(
        rule: RuleID, severity: Severity, message: String, location: SourceLocation,
        coordinator: String? = nil, route: String? = nil, chain: String? = nil, notes: [FindingNote] = []
    ) {
        self.rule = rule
        self.severity = severity
        self.message = message
        self.location = location
        self.coordinator = coordinator
        self.route = route
        self.chain = chain
        self.notes = notes
    }

    /// The report order: file, line, column, rule, then message so equal positions stay stable.
    public static func reportOrder(_ lhs: Finding, _ rhs: Finding) -> Bool {
        (lhs.location.file, lhs.location.line, lhs.location.column, lhs.rule.rawValue, lhs.message)
            < (rhs.location.file, rhs.location.line, rhs.location.column, rhs.rule.rawValue, rhs.message)
    }
}
