import FlowModel
import Foundation
import Testing
@testable import FlowReport

/// JSON and SARIF are written as they go; their `Codable` types define them. Over generated findings (witness paths,
/// notes, unicode, escapes, control characters, absent elements) the streamed bytes equal the `Codable` encoding.
/// `fixtures/` is covered by `ReportStreamingFixtureTests` (FlowRenderTests) and the goldens of `ReporterTests`.
@Suite struct StreamingReportTests {
    let tool = SARIFReporter.Tool(version: "1.2.3", informationURI: "https://example.com/flowlint")

    func expectSameBytes(_ report: Report, _ comment: Comment? = nil) {
        #expect(JSONReporter.render(report) == JSONReporter.encoded(report), comment)
        for workingDirectory in ["/work/app", "/"] {
            #expect(
                SARIFReporter.render(report, rules: Findings.rules, tool: tool, workingDirectory: workingDirectory)
                    == SARIFReporter.encoded(report, rules: Findings.rules, tool: tool, workingDirectory: workingDirectory),
                comment)
        }
    }

    @Test func noFindings() {
        expectSameBytes(Report(findings: [], files: 0))
        var report = Report(findings: [], files: 3)
        report.withheld = [Findings.finding()]
        report.unread = [FindingNote("unreadable", at: SourceLocation(file: "A.swift", line: 1, column: 1))]
        expectSameBytes(report)
    }

    @Test func everyEscapeJSONEncoderWrites() {
        let controls = String(String.UnicodeScalarView((0..<0x20).map { Unicode.Scalar(UInt8($0)) }))
        let texts = [controls, "\"quoted\" \\ back/slash", "é 😀 \u{2028} \u{85} \u{7F} 日本", "", "a\r\nb\tc"]
        for text in texts {
            let finding = Findings.finding(
                "leaked-child", .error, text, file: "Flows/\(text).flow.yml", coordinator: text, route: text,
                notes: [FindingNote(text, at: SourceLocation(file: text, line: 2, column: 3))])
            var traced = finding
            traced.path = [
                WitnessStep(
                    NamedPathStep(kind: "deepLink", route: text, on: text, chain: text, url: text),
                    at: SourceLocation(file: text, line: 4, column: 5))
            ]
            expectSameBytes(Report(findings: [finding, traced], files: 1), "\(text.debugDescription)")
        }
    }

    @Test func pathsNotesAndAbsentElements() {
        var atLaunch = Findings.finding("trapped-flow", .warning, "trapped", coordinator: "App", route: nil)
        atLaunch.path = []
        let fileLevel = Findings.finding("syntax", .error, "bad", coordinator: nil, route: nil)
        let unknownRule = Findings.finding("not-listed", .warning, "no rule index")
        expectSameBytes(Report(findings: [atLaunch, fileLevel, unknownRule], files: 2))
    }

    /// Many findings with long paths, from a fixed seed: enough bytes that the writer hands them over in pieces.
    @Test func generatedFindingsInPieces() {
        var random = SeededRandom(seed: 40)
        let names = ["App", "Auth", "Ünïcode", "Tab\"s", "Back\\slash", "日本", "Sp ace", "new\nline", "/abs/path"]
        let kinds = ["tap", "tab", "event", "deepLink", "initial", "then"]
        let findings = (0..<3_000).map { index -> Finding in
            let name = { names[random.next(below: names.count)] }
            var finding = Findings.finding(
                RuleID(rawValue: ["leaked-child", "unreachable-route", "trapped-flow"][index % 3]), index % 2 == 0 ? .error : .warning,
                "finding \(index) of \(name())", file: "\(index % 7 == 0 ? "/elsewhere/" : "/work/app/")\(name()).flow.yml",
                line: random.next(below: 5_000) + 1, column: random.next(below: 80) + 1,
                coordinator: index % 11 == 0 ? nil : name(), route: index % 5 == 0 ? nil : name(),
                notes: (0..<random.next(below: 3)).map {
                    FindingNote("note \($0) \(name())", at: SourceLocation(file: name(), line: $0 + 1, column: 1))
                })
            if random.next(below: 4) > 0 {
                finding.path = (0..<random.next(below: 12)).map { _ in
                    let kind = kinds[random.next(below: kinds.count)]
                    return WitnessStep(
                        NamedPathStep(
                            kind: kind, route: "\(name()).\(name())", on: kind == "tap" ? name() : nil,
                            chain: kind == "deepLink" ? name() : nil,
                            url: kind == "deepLink" && random.next(below: 2) == 0 ? "app://\(name())" : nil),
                        at: SourceLocation(file: "/work/app/\(name()).flow.yml", line: random.next(below: 900) + 1, column: 7))
                }
            }
            return finding
        }
        let report = Report(findings: findings, files: 9)
        expectSameBytes(report)
        var pieces: [[UInt8]] = []
        JSONReporter.write(report) { pieces.append($0) }
        #expect(pieces.count > 1, "written as it goes, not as one text")
        #expect(String(decoding: pieces.joined(), as: UTF8.self) == JSONReporter.encoded(report))
    }
}

/// A small deterministic generator (SplitMix64): the same findings on every run and platform.
struct SeededRandom {
    var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next(below bound: Int) -> Int {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return Int((z ^ (z >> 31)) % UInt64(bound))
    }
}
