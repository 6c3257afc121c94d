import FlowModel

/// Checkstyle XML, which Jenkins (warnings-ng), GitLab converters, reviewdog and Danger read.
///
/// One `<file>` per spec file read (clean ones too, as Checkstyle itself lists them), one `<error>` per finding;
/// `source` is `flowlint.<rule-id>`.
public enum CheckstyleReporter {
    /// `files` are the spec files read; files that only findings name are added.
    public static func render(_ report: Report, files: [String]) -> String {
        let byFile = Dictionary(grouping: report.findings, by: \.location.file)
        let allFiles = Set(files).union(byFile.keys).sorted()
        var output = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<checkstyle version=\"4.3\">\n"
        for file in allFiles {
            let findings = byFile[file] ?? []
            guard !findings.isEmpty else {
                output += "  <file name=\"\(XMLText.attribute(file))\"/>\n"
                continue
            }
            output += "  <file name=\"\(XMLText.attribute(file))\">\n"
            for finding in findings {
                output +=
                    "    <error line=\"\(finding.location.line)\" column=\"\(finding.location.column)\""
                    + " severity=\"\(finding.severity.rawValue)\" message=\"\(XMLText.attribute(ReportText.messageWithNotes(finding)))\""
                    + " source=\"flowlint.\(XMLText.attribute(finding.rule.rawValue))\"/>\n"
            }
            output += "  </file>\n"
        }
        output += "</checkstyle>\n"
        return output
    }

    /// Checkstyle has no related locations: notes follow the message.
}
