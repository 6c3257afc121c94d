import Testing
import FlowModel
@testable import FlowReport

/// New and fixed findings match by `FindingKey`, as the baseline does: lines may move, counts matter.
@Suite struct FindingDiffTests {
    @Test func movedFindingsAreNeitherNewNorFixed() {
        let base = Report(findings: [Findings.finding(line: 12)], files: 1)
        let head = Report(findings: [Findings.finding(line: 40)], files: 1)
        #expect(FindingDiff(base: base, head: head).isEmpty)
    }

    @Test func aFindingOnlyHeadHasIsNewAndOneOnlyBaseHadIsFixed() {
        let leak = Findings.finding()
        let unreachable = Findings.finding("unreachable-route", .warning, "`App.about` is unreachable", coordinator: "App", route: "about")
        let diff = FindingDiff(base: Report(findings: [leak], files: 1), head: Report(findings: [unreachable], files: 1))
        #expect(diff.new == [unreachable])
        #expect(diff.fixed == [leak])
    }

    @Test func aSecondFindingWithTheSameKeyIsNew() {
        let leak = Findings.finding()
        let diff = FindingDiff(base: Report(findings: [leak], files: 1), head: Report(findings: [leak, leak], files: 1))
        #expect(diff.new.count == 1 && diff.fixed.isEmpty)
    }
}
