/// The one loop of every escaper (JSON, YAML and Swift string literals, XML text, GitHub workflow commands): each
/// Unicode scalar of a text is written as the escaper's table names it, else as `otherwise` spells it, else as it is.
public enum Escaping {
    public typealias Table = [Unicode.Scalar: String]

    /// `text` with each scalar `named` replaced, the others by `otherwise` (kept when it gives nil).
    @inlinable
    public static func replacing(
        _ text: String, _ named: Table, otherwise: (Unicode.Scalar) -> String? = { _ in nil }
    ) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            if let spelled = named[scalar] ?? otherwise(scalar) { out += spelled } else { out.unicodeScalars.append(scalar) }
        }
        return out
    }

    /// `text` in double quotes, `"` and `\` backslash-escaped and the rest as for `replacing`: the string literal of
    /// JSON, YAML and Swift, whose control escapes differ.
    @inlinable
    public static func doubleQuoted(_ text: String, _ named: Table, otherwise: (Unicode.Scalar) -> String?) -> String {
        let body = replacing(text, named) { scalar in
            scalar == "\"" ? "\\\"" : scalar == "\\" ? "\\\\" : otherwise(scalar)
        }
        return "\"" + body + "\""
    }

    /// `value` in hexadecimal, zero-padded to `digits`.
    @inlinable
    public static func hex(_ value: UInt32, digits: Int, uppercase: Bool = false) -> String {
        let hex = String(value, radix: 16, uppercase: uppercase)
        return hex.count >= digits ? hex : String(repeating: "0", count: digits - hex.count) + hex
    }
}
