import FlowModel

/// What identifies a finding across edits: its rule, the element it is about and a digest of its message —
/// never its line or column, so a finding whose lines moved is still the same finding.
///
/// The file is part of the key only for findings about no coordinator (`syntax`, a top-level `schema` finding…):
/// coordinator names are unique in a project, so a coordinator that moves to another file keeps its key.
public struct FindingKey: Hashable, Comparable, Sendable {
    public var rule: String
    public var file: String?
    public var coordinator: String?
    public var route: String?
    public var messageDigest: String

    public init(rule: String, file: String?, coordinator: String?, route: String?, messageDigest: String) {
        self.rule = rule
        self.file = file
        self.coordinator = coordinator
        self.route = route
        self.messageDigest = messageDigest
    }

    public init(_ finding: Diagnostic) {
        self.init(
            rule: finding.rule.rawValue,
            file: finding.coordinator == nil ? finding.location.file : nil,
            coordinator: finding.coordinator,
            route: finding.route,
            messageDigest: Self.digest(of: finding.message))
    }

    /// The digest of a message, ignoring line and column numbers it quotes (libyaml's syntax errors say
    /// "… that starts at line 4, column 11"), so that those too survive edits above them.
    public static func digest(of message: String) -> String {
        StableHash.hex(message.replacing(#/\b(line|column) [0-9]+/#) { "\($0.output.1) #" }
            // Drift findings quote the Swift line (`SettingsCoordinator.swift:42`), which moves with every edit.
            .replacing(#/\.swift:[0-9]+/#) { _ in ".swift:#" })
    }

    /// One digest of the whole key; fields are joined with NUL, which no name or path contains.
    public var fingerprint: String {
        StableHash.hex([rule, file ?? "", coordinator ?? "", route ?? "", messageDigest].joined(separator: "\u{0}"))
    }

    public static func < (lhs: FindingKey, rhs: FindingKey) -> Bool {
        (lhs.rule, lhs.file ?? "", lhs.coordinator ?? "", lhs.route ?? "", lhs.messageDigest)
            < (rhs.rule, rhs.file ?? "", rhs.coordinator ?? "", rhs.route ?? "", rhs.messageDigest)
    }
}
