import FlowModel

/// Escaping for the XML reporters (XML 1.0).
enum XMLText {
    /// An attribute value in double quotes; line breaks and tabs become character references so parsers keep them.
    static func attribute(_ text: String) -> String {
        Escaping.replacing(text, attributeReferences, otherwise: replacement)
    }

    /// Element content.
    static func content(_ text: String) -> String {
        Escaping.replacing(text, references) { $0 == "\n" || $0 == "\t" ? nil : replacement($0) }
    }

    private static let references: Escaping.Table = ["&": "&amp;", "<": "&lt;", ">": "&gt;", "\r": "&#13;"]
    private static let attributeReferences = references.merging(["\"": "&quot;", "\n": "&#10;", "\t": "&#9;"]) { $1 }

    /// XML 1.0 cannot hold other control characters at all, not even as references: they become U+FFFD.
    private static func replacement(_ scalar: Unicode.Scalar) -> String? {
        switch scalar.value {
        case 0x20...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: nil
        default: "\u{FFFD}"
        }
    }
}
