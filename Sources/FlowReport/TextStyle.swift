import FlowModel

/// How the text format looks: plain, or with ANSI colours the way clang colours its diagnostics.
/// The CLI picks `.ansi` only for a terminal (never a file or pipe), without `--no-color` or `NO_COLOR`.
public struct TextStyle: Sendable {
    var bold: String
    var red: String
    var yellow: String
    var cyan: String
    var dim: String
    var reset: String

    public static let plain = TextStyle(bold: "", red: "", yellow: "", cyan: "", dim: "", reset: "")
    public static let ansi = TextStyle(
        bold: "\u{1B}[1m", red: "\u{1B}[1;31m", yellow: "\u{1B}[1;33m", cyan: "\u{1B}[1;36m", dim: "\u{1B}[2m",
        reset: "\u{1B}[0m")

    func paint(_ text: String, _ code: String) -> String {
        code.isEmpty ? text : code + text + reset
    }

    func severity(_ severity: Severity) -> String {
        paint("\(severity.rawValue):", severity == .error ? red : yellow)
    }

    /// The summary line: red when there are errors, yellow for warnings only.
    public func summary(_ report: Report) -> String {
        paint(report.summary, report.errors > 0 ? red : report.warnings > 0 ? yellow : bold)
    }
}

extension TextReporter {
    /// The text format in `style` (`.plain` is the text format itself).
    public static func render(_ report: Report, style: TextStyle) -> String {
        var output = ""
        for finding in report.findings {
            output +=
                "\(style.paint("\(finding.location):", style.bold)) \(style.severity(finding.severity)) "
                + "\(singleLine(finding.message)) \(style.paint("[\(finding.rule)]", style.dim))\n"
            for note in finding.notesWithPath {
                output +=
                    "\(style.paint("\(note.location):", style.bold)) \(style.paint("note:", style.cyan)) \(singleLine(note.message))\n"
            }
        }
        return output
    }
}
