import FoundationEssentials
import FlowModel

/// Pieces of text more than one reporter writes.
public enum ReportText {
    /// The message with its notes and its path note on lines of their own (`note: file:line:col: …`), for formats
    /// with one message field per finding (GitHub annotations, Checkstyle).
    static func messageWithNotes(_ finding: Finding) -> String {
        ([finding.message] + finding.notesWithPath.map { "note: \($0.location): \($0.message)" }).joined(separator: "\n")
    }

    /// Pretty-printed JSON with sorted keys (Foundation on Linux does not keep declaration order), no escaped
    /// slashes, and a final newline: the same bytes for the same value.
    public static func json<T: Encodable>(_ value: T) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        // The documents are plain structs of strings and integers, which always encode.
        let data = try! encoder.encode(value)
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}
