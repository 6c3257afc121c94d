import FlowModel

/// GitHub Actions workflow commands, one per finding: the runner turns each into an annotation on the pull request.
///
/// `::error file=App.flow.yml,line=12,col=7,title=flowlint(leaked-child)::message`; notes follow in the message.
public enum GitHubReporter {
    public static func render(_ report: Report) -> String {
        var output = ""
        for finding in report.findings {
            let message = ReportText.messageWithNotes(finding)
            let properties = [
                "file=\(escapeProperty(finding.location.file))",
                "line=\(finding.location.line)",
                "col=\(finding.location.column)",
                "title=\(escapeProperty("flowlint(\(finding.rule))"))",
            ]
            output += "::\(finding.severity.rawValue) \(properties.joined(separator: ","))::\(escapeData(message))\n"
        }
        return output
    }

    /// The message: `%`, CR and LF would end or corrupt the command.
    static func escapeData(_ text: String) -> String {
        Escaping.replacing(text, dataEscapes)
    }

    /// A property value: additionally `:` and `,`, which separate the command's parts.
    static func escapeProperty(_ text: String) -> String {
        Escaping.replacing(text, propertyEscapes)
    }

    private static let dataEscapes: Escaping.Table = ["%": "%25", "\r": "%0D", "\n": "%0A"]
    private static let propertyEscapes = dataEscapes.merging([":": "%3A", ",": "%2C"]) { $1 }
}
