import Foundation
import Testing

/// `flowlint lint --sources` on `fixtures/drift/`: a UIKit app (`Sources/`), a spec that agrees with it and one
/// that drifted in each of the six ways (`# expect:` marks each finding's line). Goldens in `fixtures/drift/golden/`.
@Suite struct DriftTests {
    static let fixtures = Flowlint.packageRoot.appendingPathComponent("fixtures/drift")
    static let drifted = fixtures.appendingPathComponent("drifted/Library.flow.yml")

    static func golden(_ format: String) -> URL {
        fixtures.appendingPathComponent("golden/drifted.\(ReporterTests.formats[format]!)")
    }

    @Test(arguments: ReporterTests.formats.keys.sorted())
    func driftedSpecMatchesGolden(format: String) throws {
        let first = try Flowlint.run(["lint", "drifted", "--sources", "Sources", "--format", format], in: Self.fixtures)
        #expect(first.status == 1, "\(first.stderr)")
        #expect(
            first.stderr
                == "flowlint: specs in drifted/ checked against Sources/\nflowlint: 6 errors, 0 warnings in 1 file\nflowlint: read 3 of 3 coordinator types (100%); retention unknown for 0 of 1 child start; entry from AppDelegate.swift:10\n"
        )
        try Flowlint.expectGolden(first.stdout, Self.golden(format))
        let second = try Flowlint.run(["lint", "drifted", "--sources", "Sources", "--format", format], in: Self.fixtures)
        #expect(second.stdout == first.stdout, "the same input gives the same bytes")
    }

    /// Every marked drift, once, at its line, each with a note at the Swift line; nothing else.
    @Test func eachDriftIsReportedOnceAtItsMarkerWithANoteInTheSwiftCode() throws {
        let result = try Flowlint.run(["lint", "drifted", "--sources", "Sources", "--format", "json"], in: Self.fixtures)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let findings = try #require(document["findings"] as? [[String: Any]])
        let reported = findings.map { "\($0["line"] as? Int ?? 0) \($0["rule"] as? String ?? "")" }
        let text = try String(contentsOf: Self.drifted, encoding: .utf8)
        let marked = text.split(separator: "\n", omittingEmptySubsequences: false).enumerated().compactMap { number, line in
            line.range(of: "# expect: ").map { "\(number + 1) \(line[$0.upperBound...])" }
        }
        #expect(reported == marked)
        #expect(Set(findings.compactMap { $0["rule"] as? String }).count == 6, "all six drift rules")
        for finding in findings {
            let notes = try #require(finding["notes"] as? [[String: Any]])
            let file = notes.first?["file"] as? String ?? ""
            #expect(notes.count == 1 && file.hasPrefix("Sources/") && file.hasSuffix(".swift"), "\(finding)")
            let message = finding["message"] as? String ?? ""
            let quoted = "\((file as NSString).lastPathComponent):\(notes.first?["line"] as? Int ?? 0)"
            #expect(message.contains(quoted), "the message quotes the Swift line: \(message)")
        }
    }

    @Test func agreeingSpecGivesNoFinding() throws {
        for arguments in [["--sources", "Sources"], ["--sources", "Sources", "--include-inferred"]] {
            let result = try Flowlint.run(["lint", "agreeing"] + arguments, in: Self.fixtures)
            #expect(result.status == 0 && result.stdout.isEmpty, "\(arguments): \(result.stdout)")
            #expect(
                result.stderr
                    == "flowlint: specs in agreeing/ checked against Sources/\nflowlint: no findings in 1 file\nflowlint: read 3 of 3 coordinator types (100%); retention unknown for 0 of 1 child start; entry from AppDelegate.swift:10\n"
            )
        }
    }

    /// The graph rules also run on code the spec does not describe: a child that leaks only in code is found, at the Swift
    /// line that keeps it.
    @Test func aLeakOnlyInCodeIsFoundAtItsSwiftLine() throws {
        let result = try Flowlint.run(["lint", "code-only/Flows", "--sources", "code-only/Sources"], in: Self.fixtures)
        #expect(result.status == 1)
        let lines = result.stdout.split(separator: "\n").filter { !$0.contains(": note: ") }
        #expect(
            lines.map { String($0.split(separator: " ").last ?? "") } == [
                "[drift-missing-coordinator]", "[drift-missing-route]", "[leaked-child]",
            ])
        #expect(
            lines.last?.hasPrefix("code-only/Sources/NotesCoordinator.swift:43:9: error: ShareCoordinator can be closed by dismiss")
                == true,
            "\(result.stdout)")
        #expect(lines.last?.contains("found in the Swift code, which the spec does not describe yet") == true)
        let specOnly = try Flowlint.run(["lint", "code-only/Flows"], in: Self.fixtures)
        #expect(specOnly.status == 0 && specOnly.stdout.isEmpty)
    }

    @Test func withoutSourcesThereIsNoDrift() throws {
        let result = try Flowlint.run(["lint", "drifted"], in: Self.fixtures)
        #expect(result.status == 0, "\(result.stdout)")
    }

    /// A scratch folder with a copy of the app, `Flows/Library.flow.yml` (the given spec text) and `files`.
    private func project(spec: String, files: [String: String] = [:]) throws -> URL {
        let directory = try Subprocess.temporaryDirectory("drift")
        try FileManager.default.copyItem(
            at: Self.fixtures.appendingPathComponent("Sources"), to: directory.appendingPathComponent("Sources"))
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("Flows"), withIntermediateDirectories: true)
        try spec.write(to: directory.appendingPathComponent("Flows/Library.flow.yml"), atomically: true, encoding: .utf8)
        for (name, text) in files {
            try text.write(to: directory.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
        return directory
    }

    private func rules(_ result: Flowlint.Result) throws -> [String] {
        let document = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        return (document["findings"] as? [[String: Any]] ?? []).map { "\($0["rule"] as? String ?? "") \($0["severity"] as? String ?? "")" }
    }

    @Test func sourcesFromTheConfigurationWithSeveritiesAndDisabledRules() throws {
        let directory = try project(
            spec: String(contentsOf: Self.drifted, encoding: .utf8),
            files: [
                ".flowlint.yml": "sources: [Sources]\nrules:\n  drift-transition: warning\ndisabled: [drift-retention]\n"
            ])
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try Flowlint.run(["lint", "Flows", "--format", "json"], in: directory)
        #expect(result.status == 1)
        #expect(
            try rules(result) == [
                "drift-missing-coordinator error", "drift-missing-route error", "drift-transition warning",
                "drift-destination error", "drift-extra-route error",
            ])
    }

    @Test func ignoreOnTheSpecElementSilencesItsDrift() throws {
        var spec = try String(contentsOf: Self.drifted, encoding: .utf8)
        spec = spec.replacingOccurrences(
            of: "      showHelp:  # expect: drift-extra-route\n",
            with: "      showHelp:\n        ignore: [drift-extra-route]\n")
        spec = spec.replacingOccurrences(
            of: "  LibraryCoordinator:  # expect: drift-missing-route\n",
            with: "  LibraryCoordinator:\n    ignore: [drift-missing-route]\n")
        let directory = try project(spec: spec)
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try Flowlint.run(["lint", "Flows", "--sources", "Sources", "--format", "json"], in: directory)
        #expect(
            try rules(result) == [
                "drift-missing-coordinator error", "drift-transition error", "drift-destination error", "drift-retention error",
            ])
    }

    /// The baseline keys quote no Swift line: code edits above a drift keep it baselined.
    @Test func baselineSurvivesLinesMovingInTheSwiftCode() throws {
        let directory = try project(spec: String(contentsOf: Self.drifted, encoding: .utf8))
        defer { try? FileManager.default.removeItem(at: directory) }
        let recorded = try Flowlint.run(["lint", "Flows", "--sources", "Sources", "--write-baseline", "baseline.json"], in: directory)
        #expect(recorded.status == 0 && recorded.stdout.contains("[drift-"))
        let library = directory.appendingPathComponent("Sources/LibraryCoordinator.swift")
        try ("// A comment that moves every line.\n\n" + String(contentsOf: library, encoding: .utf8))
            .write(to: library, atomically: true, encoding: .utf8)
        let clean = try Flowlint.run(["lint", "Flows", "--sources", "Sources", "--baseline", "baseline.json"], in: directory)
        #expect(clean.status == 0 && clean.stdout.isEmpty, "\(clean.stdout)")
        #expect(
            clean.stderr.hasPrefix(
                "flowlint: specs in Flows/ checked against Sources/\nflowlint: no findings in 1 file (6 baselined)\nflowlint: read "))
    }

    /// An inferred fact (the profile's transition comes from the child's start()) is compared only on request.
    @Test func includeInferredAddsInferredDifferencesAsWarnings() throws {
        let spec = try String(contentsOf: Self.fixtures.appendingPathComponent("agreeing/Library.flow.yml"), encoding: .utf8)
            .replacingOccurrences(of: "        transition: present\n        style: fullScreen\n", with: "        transition: push\n")
        let directory = try project(spec: spec)
        defer { try? FileManager.default.removeItem(at: directory) }
        let certain = try Flowlint.run(["lint", "Flows", "--sources", "Sources", "--format", "json"], in: directory)
        #expect(try rules(certain).filter { $0.hasPrefix("drift-") }.isEmpty)
        let inferred = try Flowlint.run(["lint", "Flows", "--sources", "Sources", "--include-inferred", "--format", "json"], in: directory)
        #expect(try rules(inferred).filter { $0.hasPrefix("drift-") } == ["drift-transition warning"])
    }

    /// `lint` itself has no swift-syntax: without `--sources` it runs alone; with it, a missing helper is one line, exit 2.
    @Test func plainLintNeedsNoHelperAndSourcesNeedIt() throws {
        let directory = try Subprocess.temporaryDirectory("alone")
        defer { try? FileManager.default.removeItem(at: directory) }
        let alone = directory.appendingPathComponent("flowlint")
        try FileManager.default.copyItem(at: Flowlint.binary, to: alone)
        let plain = try Subprocess.execute(alone, ["lint", "agreeing"], in: Self.fixtures, timeout: 60)
        #expect(plain.status == 0, "\(plain.stderr)")
        let sources = try Subprocess.execute(alone, ["lint", "agreeing", "--sources", "Sources"], in: Self.fixtures, timeout: 60)
        #expect(sources.status == 2)
        #expect(sources.stdout.isEmpty)
        #expect(sources.stderr.hasPrefix("flowlint: error: cannot run \(directory.path)/flowlint-swift"), "\(sources.stderr)")
        #expect(sources.stderr.split(separator: "\n").count == 1)
    }

    @Test func unreadableSourcesAreOneLineAndExitTwo() throws {
        let result = try Flowlint.run(["lint", "agreeing", "--sources", "NoSuchFolder"], in: Self.fixtures)
        #expect(result.status == 2 && result.stdout.isEmpty)
        #expect(result.stderr == "flowlint: error: --sources: no such file or directory: NoSuchFolder\n")
    }
}
