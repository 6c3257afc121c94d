/// Escaping for the XML reporters (XML 1.0).
enum XMLText {
    /// An attribute value in double quotes; line breaks and tabs become character references so parsers keep them.
    static func attribute(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "\n": result += "&#10;"
            case "\r": result += "&#13;"
            case "\t": result += "&#9;"
            default: result.unicodeScalars.append(allowed(scalar))
            }
        }
        return result
    }

    /// Element content.
    static func content(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\r": result += "&#13;"
            case "\n", "\t": result.unicodeScalars.append(scalar)
            default: result.unicodeScalars.append(allowed(scalar))
            }
        }
        return result
    }

    /// XML 1.0 cannot hold other control characters at all, not even as references: they become U+FFFD.
    private static func allowed(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        switch scalar.value {
        case 0x20...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: scalar
        default: "\u{FFFD}"
        }
    }
}
