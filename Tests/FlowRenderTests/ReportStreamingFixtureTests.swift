import FlowModel
import FlowAnalysis
import FlowRules
import FlowSpec
import Foundation
import Testing
@testable import FlowReport

/// Every spec under `fixtures/`, linted as the CLI lints it (witness paths traced), gives the same JSON and SARIF
/// bytes streamed as through their `Codable` types: each file alone, and each folder of specs as one project.
@Suite struct ReportStreamingFixtureTests {
    static let fixtures = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("fixtures")

    static let specFiles: [String] = {
        guard let walker = FileManager.default.enumerator(at: fixtures, includingPropertiesForKeys: nil) else { return [] }
        return walker.compactMap { ($0 as? URL)?.standardizedFileURL.path }
            .filter { $0.hasSuffix(".flow.yml") || $0.hasSuffix(".flow.yaml") }
            .sorted()
    }()

    static func report(paths: [String]) throws -> Report {
        let project = try SpecLoader(knownRules: RuleRegistry.allIDs).load(paths: paths)
        let run = RuleRunner().run(project)
        return Report(findings: WitnessPaths.tracing(run.findings, in: run.analysis), files: project.graph.files.count)
    }

    func expectSameBytes(_ report: Report, _ name: String) {
        let tool = SARIFReporter.Tool(version: "1.2.3", informationURI: "https://example.com/flowlint")
        let rules = RuleRegistry.allDescriptions
        let workingDirectory = Self.fixtures.path
        #expect(JSONReporter.render(report) == JSONReporter.encoded(report), "\(name)")
        #expect(
            SARIFReporter.render(report, rules: rules, tool: tool, workingDirectory: workingDirectory)
                == SARIFReporter.encoded(report, rules: rules, tool: tool, workingDirectory: workingDirectory), "\(name)")
    }

    @Test func everySpecFile() throws {
        #expect(Self.specFiles.count > 100, "fixtures not found under \(Self.fixtures.path)")
        var findings = 0
        var paths = 0
        for file in Self.specFiles {
            let report = try Self.report(paths: [file])
            findings += report.findings.count
            paths += report.findings.count { $0.path != nil }
            expectSameBytes(report, file)
        }
        #expect(findings > 100 && paths > 20, "the fixtures give findings with witness paths")
    }

    @Test func everyFolderOfSpecs() throws {
        let folders = Set(Self.specFiles.map { URL(fileURLWithPath: $0).deletingLastPathComponent().path }).sorted()
        for folder in folders {
            expectSameBytes(try Self.report(paths: [folder]), folder)
        }
    }
}
