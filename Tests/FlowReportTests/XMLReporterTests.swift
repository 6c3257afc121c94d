import FlowModel
import Testing
@testable import FlowReport

@Suite struct XMLReporterTests {
    @Test func attributesEscapeMarkupQuotesAndLineBreaks() {
        #expect(XMLText.attribute("a<b>&\"c\"\n'd'\t") == "a&lt;b&gt;&amp;&quot;c&quot;&#10;'d'&#9;")
    }

    @Test func controlCharactersXMLCannotHoldBecomeReplacementCharacters() {
        #expect(XMLText.attribute("a\u{1}b\u{FFFE}") == "a\u{FFFD}b\u{FFFD}")
        #expect(XMLText.content("a\u{0}b\nc") == "a\u{FFFD}b\nc")
    }

    @Test func checkstyleListsEveryFileAndOneErrorPerFinding() {
        let report = Report(
            findings: [
                Findings.finding("leaked-child", .error, "UIHostingController<A> & \"B\""),
                Findings.finding("unreachable-route", .warning, "never reached", file: "Flows/B.flow.yml", line: 2, column: 3),
            ], files: 3)
        #expect(
            CheckstyleReporter.render(report, files: ["Flows/App.flow.yml", "Flows/B.flow.yml", "Flows/Clean.flow.yml"]) == """
                <?xml version="1.0" encoding="UTF-8"?>
                <checkstyle version="4.3">
                  <file name="Flows/App.flow.yml">
                    <error line="12" column="7" severity="error" message="UIHostingController&lt;A&gt; &amp; &quot;B&quot;" source="flowlint.leaked-child"/>
                  </file>
                  <file name="Flows/B.flow.yml">
                    <error line="2" column="3" severity="warning" message="never reached" source="flowlint.unreachable-route"/>
                  </file>
                  <file name="Flows/Clean.flow.yml"/>
                </checkstyle>

                """)
    }

    @Test func junitHasOneCasePerRuleAndFileAndOneFailurePerFinding() {
        let report = Report(
            findings: [
                Findings.finding("unreachable-route", .warning, "route `a` is never reached", line: 3, route: "a"),
                Findings.finding("unreachable-route", .warning, "route `b` is never reached", line: 9, route: "b"),
            ], files: 2)
        let xml = JUnitReporter.render(report, rules: Findings.rules, files: ["Flows/App.flow.yml", "Flows/B.flow.yml"])
        #expect(
            xml == """
                <?xml version="1.0" encoding="UTF-8"?>
                <testsuites name="flowlint" tests="4" failures="2" errors="0">
                  <testsuite name="leaked-child" tests="2" failures="0" errors="0" skipped="0">
                    <testcase name="Flows/App.flow.yml" classname="flowlint.leaked-child" file="Flows/App.flow.yml"/>
                    <testcase name="Flows/B.flow.yml" classname="flowlint.leaked-child" file="Flows/B.flow.yml"/>
                  </testsuite>
                  <testsuite name="unreachable-route" tests="2" failures="2" errors="0" skipped="0">
                    <testcase name="Flows/App.flow.yml" classname="flowlint.unreachable-route" file="Flows/App.flow.yml">
                      <failure type="warning" message="route `a` is never reached">Flows/App.flow.yml:3:7: warning: route `a` is never reached [unreachable-route]</failure>
                      <failure type="warning" message="route `b` is never reached">Flows/App.flow.yml:9:7: warning: route `b` is never reached [unreachable-route]</failure>
                    </testcase>
                    <testcase name="Flows/B.flow.yml" classname="flowlint.unreachable-route" file="Flows/B.flow.yml"/>
                  </testsuite>
                </testsuites>

                """)
    }

    @Test func junitGivesAFindingOfAnUnlistedRuleItsOwnSuite() {
        let report = Report(findings: [Findings.finding("syntax", coordinator: nil, route: nil)], files: 1)
        let xml = JUnitReporter.render(report, rules: Findings.rules, files: [])
        #expect(xml.contains("<testsuite name=\"syntax\" tests=\"1\" failures=\"1\""))
        #expect(xml.contains("<testsuites name=\"flowlint\" tests=\"3\" failures=\"1\""))
    }
}
