import FlowModel
import Foundation
import Testing
@testable import FlowReport

@Suite struct BaselineTests {
    let leak = Findings.finding()
    let unreachable = Findings.finding("unreachable-route", .warning, "route `x` is never reached", line: 20, route: "x")

    @Test func aFindingWhoseLineMovedStaysSuppressed() {
        let baseline = Baseline(recording: [leak, unreachable])
        var moved = leak
        moved.location.line += 30
        moved.location.column = 1
        let (report, suppressed) = baseline.filter(Report(findings: [moved, unreachable], files: 1))
        #expect(report.findings.isEmpty)
        #expect(suppressed == 2)
    }

    @Test func aNewFindingIsReported() {
        let baseline = Baseline(recording: [leak])
        let (report, suppressed) = baseline.filter(Report(findings: [leak, unreachable], files: 1))
        #expect(report.findings == [unreachable])
        #expect(suppressed == 1)
    }

    @Test func aChangedMessageIsANewFinding() {
        var reworded = leak
        reworded.message = "Auth leaks on swipe"
        #expect(Baseline(recording: [leak]).filter(Report(findings: [reworded], files: 1)).report.findings == [reworded])
    }

    @Test func repeatedKeysAreCounted() {
        var second = leak
        second.location.line = 99
        let once = Baseline(recording: [leak])
        #expect(once.entries.count == 1 && once.entries[0].count == 1)
        #expect(once.filter(Report(findings: [leak, second], files: 1)).report.findings.count == 1)
        let twice = Baseline(recording: [leak, second])
        #expect(twice.entries.count == 1 && twice.entries[0].count == 2)
        #expect(twice.filter(Report(findings: [leak, second], files: 1)).report.findings.isEmpty)
        #expect(twice.findingCount == 2)
    }

    @Test func fileIsPartOfTheKeyOnlyForFindingsAboutNoCoordinator() {
        var movedToAnotherFile = leak
        movedToAnotherFile.location.file = "Flows/Auth.flow.yml"
        #expect(FindingKey(movedToAnotherFile) == FindingKey(leak))
        let syntaxA = Findings.finding("syntax", .error, "invalid YAML", file: "A.flow.yml", coordinator: nil, route: nil)
        var syntaxB = syntaxA
        syntaxB.location.file = "B.flow.yml"
        #expect(FindingKey(syntaxA) != FindingKey(syntaxB))
    }

    @Test func encodingRoundTripsAndIsDeterministic() throws {
        let syntax = Findings.finding("syntax", .error, "invalid YAML", file: "A.flow.yml", coordinator: nil, route: nil)
        let baseline = Baseline(recording: [unreachable, leak, leak, syntax])
        let text = baseline.encoded()
        #expect(Baseline(recording: [syntax, leak, unreachable, leak]).encoded() == text, "order of findings does not matter")
        #expect(try Baseline.decode(Data(text.utf8), source: "b.json") == baseline)
        #expect(!text.contains("line"), "no line numbers: \(text)")
        #expect(text.contains("\"digest\" : \"\(FindingKey.digest(of: "Auth leaks"))\""))
    }

    /// Two entries of one key whose counts add past Int.max: the sum saturates instead of trapping.
    @Test func countsAddingPastIntMaxSaturate() throws {
        let entry =
            #"{"rule": "leaked-child", "coordinator": "App", "route": "login", "digest": "\#(StableHash.hex("Auth leaks"))", "count": \#(Int.max)}"#
        let text = #"{"version": 1, "findings": [\#(entry), \#(entry)]}"#
        let baseline = try Baseline.decode(Data(text.utf8), source: "b.json")
        #expect(baseline.findingCount == Int.max)
        let (report, suppressed) = baseline.filter(Report(findings: [leak, leak, unreachable], files: 1))
        #expect(suppressed == 2)
        #expect(report.findings == [unreachable])
    }

    @Test func countDefaultsToOne() throws {
        let text =
            #"{"version": 1, "findings": [{"rule": "leaked-child", "coordinator": "App", "route": "login", "digest": "\#(StableHash.hex("Auth leaks"))"}]}"#
        let baseline = try Baseline.decode(Data(text.utf8), source: "b.json")
        #expect(baseline.filter(Report(findings: [leak], files: 1)).suppressed == 1)
    }

    @Test(arguments: [
        ("", "b.json is not a flowlint baseline: not JSON; rewrite it with --write-baseline"),
        ("[]", "b.json is not a flowlint baseline: the document: expected Dictionary<String, Any>; rewrite it with --write-baseline"),
        (#"{"findings": []}"#, #"b.json is not a flowlint baseline: the document: missing "version"; rewrite it with --write-baseline"#),
        (
            #"{"version": 1, "findings": [{"rule": 3, "digest": "x"}]}"#,
            "b.json is not a flowlint baseline: findings[0].rule: expected a string; rewrite it with --write-baseline"
        ),
        (
            #"{"version": 1, "findings": [{"rule": "a", "digest": "x", "count": 0}]}"#,
            "b.json is not a flowlint baseline: findings[0].count must be at least 1, found 0; rewrite it with --write-baseline"
        ),
    ])
    func malformedFilesAreOneLineErrors(text: String, message: String) {
        #expect(throws: BaselineError.self) { try Baseline.decode(Data(text.utf8), source: "b.json") }
        do {
            _ = try Baseline.decode(Data(text.utf8), source: "b.json")
        } catch {
            #expect(error.description == message)
            #expect(!error.description.contains("\n"))
        }
    }

    @Test func writesAtomicallyAndReadsBack() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("baseline-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("flowlint-baseline.json").path
        try "old".write(toFile: path, atomically: false, encoding: .utf8)
        let baseline = Baseline(recording: [leak, unreachable])
        try baseline.write(to: path)
        #expect(try Baseline.read(from: path) == baseline)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["flowlint-baseline.json"])
        let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
        #expect(mode.map { $0 & 0o044 } == 0o044, "readable by others, like any committed file")
    }

    @Test func readErrorsNameTheFile() {
        #expect(throws: BaselineError.unreadable(path: "/no/such/b.json", reason: "no such file or directory")) {
            try Baseline.read(from: "/no/such/b.json")
        }
    }
}

@Suite struct FindingKeyTests {
    @Test func lineNumbersQuotedInAMessageDoNotChangeTheDigest() {
        let before = "invalid YAML: did not find expected ',' while parsing a flow sequence that starts at line 4, column 11"
        let after = "invalid YAML: did not find expected ',' while parsing a flow sequence that starts at line 40, column 3"
        #expect(FindingKey.digest(of: before) == FindingKey.digest(of: after))
        #expect(FindingKey.digest(of: "route `a` is never reached") != FindingKey.digest(of: "route `b` is never reached"))
        #expect(FindingKey.digest(of: "Auth leaks") == StableHash.hex("Auth leaks"))
    }

    /// Committed baselines hold digests made with the regexes the scan replaced: it must give the same text.
    @Test(arguments: [
        "starts at line 4, column 11", "line 12", "inline 5 and outline 6", "line x", "line ", "column 7:", "_line 3",
        "éline 3", "(line 3)", "`Settings.about` is pushed in code (SettingsCoordinator.swift:42) but presented",
        "a.swift:", "a.swift:x", "a.swift:12:3", "line 1line 2", "9line 3", "line 4 column 5.swift:6", "",
        "café, line 0012", "ligne 3 \u{301}line 4", "cafe\u{301}line 4", "x\u{301}\u{302}line 5", "٣line 6", "line ٣",
    ])
    func scanReplacesWhatTheRegexesReplaced(_ message: String) {
        let byRegex = message.replacing(#/\b(line|column) [0-9]+/#) { "\($0.output.1) #" }
            .replacing(#/\.swift:[0-9]+/#) { _ in ".swift:#" }
        #expect(FindingKey.withoutLineNumbers(message) == byRegex)
    }
}
