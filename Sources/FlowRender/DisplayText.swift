/// Spec text made safe to display literally in every format.
enum DisplayText {
    /// Line breaks become `\n`; other control characters their visible control pictures (␀…␟, ␡); the
    /// noncharacters U+FFFE/U+FFFF U+FFFD. None of those is allowed in XML, so none may reach an SVG.
    static func clean(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: needsCleaning) else { return text }
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

    /// `text` split at its (cleaned) line breaks.
    static func lines(_ text: String) -> [Substring] {
        clean(text).split(separator: "\n", omittingEmptySubsequences: false)
    }
}
