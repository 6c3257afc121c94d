import FlowModel

/// JUnit XML for CI test-report views (GitLab `artifacts:reports:junit`, Jenkins `junit`, Azure, Buildkite).
///
/// One `<testsuite>` per rule, one `<testcase>` per rule and spec file (named by the file, class `flowlint.<rule-id>`),
/// one `<failure>` per finding in it (so `failures` counts findings). Clean files are passing test cases, so a clean
/// run still reports tests.
public enum JUnitReporter {
    /// `rules` give the suites, in order; `files` are the spec files read.
    public static func render(_ report: Report, rules: [RuleDescription], files: [String]) -> String {
        let byRule = Dictionary(grouping: report.findings, by: \.rule.rawValue)
        var ruleIDs = rules.map(\.id.rawValue)
        // A finding of a rule not passed in still gets its suite.
        ruleIDs += Set(byRule.keys).subtracting(ruleIDs).sorted()
        let allFiles = Set(files).union(report.findings.map(\.location.file)).sorted()

        var suites = ""
        var totalFailures = 0
        for rule in ruleIDs {
            let findings = byRule[rule] ?? []
            let byFile = Dictionary(grouping: findings, by: \.location.file)
            // `failures` counts failure elements, one per finding, as junitparser and Jenkins count them.
            let failures = findings.count
            totalFailures += failures
            suites +=
                """
                  <testsuite name=\"\(XMLText.attribute(rule))\" tests=\"\(allFiles.count)\" failures=\"\(failures)\" errors=\"0\" \
                skipped=\"0\">\n
                """
            for file in allFiles {
                let testCase =
                    """
                        <testcase name=\"\(XMLText.attribute(file))\" classname=\"flowlint.\(XMLText.attribute(rule))\" \
                    file=\"\(XMLText.attribute(file))\"
                    """
                guard let findings = byFile[file] else {
                    suites += testCase + "/>\n"
                    continue
                }
                suites += testCase + ">\n"
                for finding in findings {
                    suites +=
                        "      <failure type=\"\(finding.severity.rawValue)\" message=\"\(XMLText.attribute(finding.message))\">"
                        + XMLText.content(body(finding)) + "</failure>\n"
                }
                suites += "    </testcase>\n"
            }
            suites += "  </testsuite>\n"
        }
        let tests = ruleIDs.count * allFiles.count
        return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
            + "<testsuites name=\"flowlint\" tests=\"\(tests)\" failures=\"\(totalFailures)\" errors=\"0\">\n"
            + suites
            + "</testsuites>\n"
    }

    /// The text form, which CI views show as the failure's details.
    static func body(_ finding: Finding) -> String {
        var text = "\(finding.location): \(finding.severity.rawValue): \(finding.message) [\(finding.rule)]"
        for note in finding.notesWithPath {
            text += "\n\(note.location): note: \(note.message)"
        }
        return text
    }
}
