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

    public init(_ finding: Finding) {
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
        StableHash.hex(withoutLineNumbers(message))
    }

    /// `message` with the digits after a word `line ` or `column `, and after `.swift:` (drift findings quote
    /// the Swift line, `SettingsCoordinator.swift:42`, which moves with every edit), replaced by `#`. A scan,
    /// not a regex: Swift builds a regex literal's program on every call, a third of a large SARIF report's time.
    static func withoutLineNumbers(_ message: String) -> String {
        let scalars = Array(message.unicodeScalars)
        var result = String.UnicodeScalarView()
        var position = 0
        while position < scalars.count {
            if let prefix = numberPrefix(in: scalars, at: position) {
                var end = position + prefix.count
                while end < scalars.count, ("0"..."9").contains(scalars[end]) { end += 1 }
                if end > position + prefix.count {
                    result.append(contentsOf: prefix.unicodeScalars)
                    result.append("#")
                    position = end
                    continue
                }
            }
            result.append(scalars[position])
            position += 1
        }
        return String(result)
    }

    /// The word before a line number that starts at `position`, if one does: `line ` and `column ` only at the
    /// start of a word.
    private static func numberPrefix(in scalars: [Unicode.Scalar], at position: Int) -> String? {
        for prefix in ["line ", "column ", ".swift:"] where matches(prefix, scalars, at: position) {
            guard prefix.first != ".", position > 0 else { return prefix }
            // The character before: its base scalar, under any combining marks.
            var base = position - 1
            while base > 0, [.nonspacingMark, .spacingMark, .enclosingMark].contains(scalars[base].properties.generalCategory) { base -= 1 }
            let before = scalars[base]
            let isWordCharacter = before == "_" || before.properties.isAlphabetic || before.properties.numericType != nil
            return isWordCharacter ? nil : prefix
        }
        return nil
    }

    private static func matches(_ prefix: String, _ scalars: [Unicode.Scalar], at position: Int) -> Bool {
        var index = position
        for scalar in prefix.unicodeScalars {
            guard index < scalars.count, scalars[index] == scalar else { return false }
            index += 1
        }
        return true
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
