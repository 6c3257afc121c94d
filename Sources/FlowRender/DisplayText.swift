/// Spec text made safe to display literally in every format.
enum DisplayText {
    /// Line breaks become `\n`; other control characters their visible control pictures (␀…␟, ␡); the
    /// noncharacters U+FFFE/U+FFFF U+FFFD. None of those is allowed in XML, so none may reach an SVG.
    static func clean(_ text: String) -> String {
        // Printable ASCII (most names) needs nothing: checked on bytes before decoding any scalar.
        guard !text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }), text.unicodeScalars.contains(where: needsCleaning) else {
            return text
        }
        var cleaned = String.UnicodeScalarView()
        var previousWasCarriageReturn = false
        for scalar in text.unicodeScalars {
            defer { previousWasCarriageReturn = scalar == "\r" }
            switch scalar.value {
            case 0x0A where previousWasCarriageReturn: continue
            case 0x0A, 0x0D, 0x0B, 0x0C, 0x85, 0x2028, 0x2029: cleaned.append("\n")
            case 0x09: cleaned.append(" ")
            case 0x00...0x1F: cleaned.append(Unicode.Scalar(0x2400 + scalar.value)!)
            case 0x7F: cleaned.append("\u{2421}")
            case 0x80...0x9F, 0xFFFE, 0xFFFF: cleaned.append("\u{FFFD}")
            default: cleaned.append(scalar)
            }
        }
        return String(cleaned)
    }

    private static func needsCleaning(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0A: false
        case 0x00...0x1F, 0x7F...0x9F, 0x2028, 0x2029, 0xFFFE, 0xFFFF: true
        default: false
        }
    }

    /// `text` with ASCII characters replaced by their escapes (`nil`: kept). Works on bytes, not Characters: a
    /// combining mark after a quote makes one Character of both, which must not hide the quote; and every
    /// character to escape is ASCII, which never occurs inside a multi-byte UTF-8 sequence. Text that needs
    /// no escape is returned as it is.
    static func escaping(_ text: String, _ escape: (UInt8) -> String?) -> String {
        let utf8 = text.utf8
        guard let first = utf8.firstIndex(where: { $0 < 0x80 && escape($0) != nil }) else { return text }
        var bytes = [UInt8](utf8[..<first])
        bytes.reserveCapacity(utf8.count + 16)
        for byte in utf8[first...] {
            if byte < 0x80, let replacement = escape(byte) { bytes += replacement.utf8 } else { bytes.append(byte) }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `text` split at its (cleaned) line breaks.
    static func lines(_ text: String) -> [Substring] {
        let cleaned = clean(text)
        guard cleaned.utf8.contains(UInt8(ascii: "\n")) else { return [cleaned[...]] }
        return cleaned.split(separator: "\n", omittingEmptySubsequences: false)
    }

    /// The entity of a character XML and HTML read as markup, nil for the others.
    static func xmlEntity(_ byte: UInt8) -> String? {
        switch byte {
        case UInt8(ascii: "&"): "&amp;"
        case UInt8(ascii: "<"): "&lt;"
        case UInt8(ascii: ">"): "&gt;"
        case UInt8(ascii: "\""): "&quot;"
        case UInt8(ascii: "'"): "&#39;"
        default: nil
        }
    }
}
