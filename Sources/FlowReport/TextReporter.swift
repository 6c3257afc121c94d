import FlowModel

/// `path:line:col: error: message [rule-id]`, the form Xcode, VS Code problem matchers and vim's quickfix read;
/// related locations follow as `note:` lines.
public enum TextReporter {
    public static func render(_ report: Report) -> String {
        render(report, style: .plain)
    }

    /// Names from specs may hold newlines; one finding stays on one line.
    static func singleLine(_ text: String) -> String {
        // Every line break starts with one of these bytes (U+0085 with 0xC2, U+2028/2029 with 0xE2): most
        // messages have none, and are passed over without splitting them into Characters.
        guard text.utf8.contains(where: { (0x0A...0x0D).contains($0) || $0 == 0xC2 || $0 == 0xE2 }),
            text.contains(where: \.isNewline)
        else { return text }
        return text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).joined(separator: "\\n")
    }
}
