import FlowModel
import Testing
@testable import FlowReport

@Suite struct GitHubReporterTests {
    @Test func oneCommandPerFindingWithSeverityLocationAndTitle() {
        let report = Report(
            findings: [
                Findings.finding(),
                Findings.finding("unreachable-route", .warning, "route `x` is never reached", line: 20, column: 3, route: "x"),
            ], files: 1)
        #expect(
            GitHubReporter.render(report) == """
                ::error file=Flows/App.flow.yml,line=12,col=7,title=flowlint(leaked-child)::Auth leaks
                ::warning file=Flows/App.flow.yml,line=20,col=3,title=flowlint(unreachable-route)::route `x` is never reached

                """)
    }

    @Test func messageEscapesPercentAndLineBreaksButKeepsColonsAndCommas() {
        #expect(GitHubReporter.escapeData("50% off:\r\nnext, then") == "50%25 off:%0D%0Anext, then")
    }

    @Test func propertiesAlsoEscapeColonAndComma() {
        #expect(GitHubReporter.escapeProperty("C:\\Flows\\a, b%.flow.yml\n") == "C%3A\\Flows\\a%2C b%25.flow.yml%0A")
    }

    @Test func notesFollowOnEscapedLines() {
        let finding = Findings.finding(notes: [FindingNote("first defined here", at: SourceLocation(file: "A, b.yml", line: 3, column: 5))])
        let line = GitHubReporter.render(Report(findings: [finding], files: 1))
        #expect(
            line
                == "::error file=Flows/App.flow.yml,line=12,col=7,title=flowlint(leaked-child)::Auth leaks%0Anote: A, b.yml:3:5: first defined here\n"
        )
    }

    @Test func aNameWithANewlineCannotStartASecondCommand() {
        let finding = Findings.finding("leaked-child", .error, "route `a\n::error::forged` is bad", file: "x:\n::warning::y.yml")
        let output = GitHubReporter.render(Report(findings: [finding], files: 1))
        #expect(output.split(separator: "\n").count == 1)
    }
}
