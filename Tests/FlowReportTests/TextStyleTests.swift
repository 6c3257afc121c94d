import FlowModel
import Testing
@testable import FlowReport

@Suite struct TextStyleTests {
    let report = Report(
        findings: [
            Findings.finding(notes: [FindingNote("first defined here", at: SourceLocation(file: "A.flow.yml", line: 1, column: 2))]),
            Findings.finding("unreachable-route", .warning, "never reached", line: 30),
        ], files: 1)

    @Test func plainIsTheClangStyleTextFormat() {
        #expect(
            TextReporter.render(report) == """
                Flows/App.flow.yml:12:7: error: Auth leaks [leaked-child]
                A.flow.yml:1:2: note: first defined here
                Flows/App.flow.yml:30:7: warning: never reached [unreachable-route]

                """)
    }

    @Test func ansiColoursSeverityLikeClangAndLeavesTheTextIntact() {
        let coloured = TextReporter.render(report, style: .ansi)
        #expect(coloured.contains("\u{1B}[1;31merror:\u{1B}[0m"))
        #expect(coloured.contains("\u{1B}[1;33mwarning:\u{1B}[0m"))
        #expect(coloured.contains("\u{1B}[1;36mnote:\u{1B}[0m"))
        let stripped = coloured.replacing(#/\x1B\[[0-9;]*m/#, with: "")
        #expect(stripped == TextReporter.render(report))
    }

    @Test(arguments: [
        ("plain message", "plain message"),
        ("naïve → screen 日本語", "naïve → screen 日本語"),
        ("a\nb", "a\\nb"), ("a\r\nb", "a\\nb"), ("a\rb", "a\\nb"), ("a\u{0B}b\u{0C}c", "a\\nb\\nc"),
        ("a\u{85}b", "a\\nb"), ("a\u{2028}b\u{2029}c", "a\\nb\\nc"),
    ])
    func findingsStayOnOneLine(message: String, line: String) {
        #expect(TextReporter.singleLine(message) == line)
    }
}
