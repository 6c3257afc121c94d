import Foundation
import Testing

/// `flowlint lint --sources Sources/` where no spec exists: the graph read from the code is linted, every finding
/// at its Swift line, in every format; with a spec present nothing changes (`DriftTests`).
@Suite struct CodeOnlyLintTests {
    static let sampleApp = Flowlint.packageRoot.appendingPathComponent("fixtures/extract/uikit/sample-app/Sources")

    /// An empty folder to run in: `lint`'s default path `.` holds no spec.
    static func emptyFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flowlint-code-only-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    /// The classic sample app's two leaked children, each at the Swift line that keeps the child.
    @Test func theCodeIsLintedWhenThereIsNoSpec() throws {
        let folder = try Self.emptyFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try Flowlint.run(["lint", "--sources", Self.sampleApp.path], in: folder)
        #expect(result.status == 1, "\(result.stderr)")
        let all = result.stdout.split(separator: "\n").map(String.init)
        let lines = all.filter { !$0.contains(": note: ") }
        #expect(lines.count == 2)
        #expect(lines.allSatisfy { $0.hasPrefix(Self.sampleApp.path + "/ShelfCoordinator.swift:") && $0.hasSuffix("[leaked-child]") })
        #expect(lines.map { $0.split(separator: ":")[1] } == ["19", "32"])
        // Each with its path from the entry, the steps named as the code names them.
        #expect(all.filter { $0.contains(": note: path: ") }.map { String($0.split(separator: " note: ")[1]) }
            == ["path: ShelfCoordinator.showEditor", "path: ShelfCoordinator.showBook → ShelfCoordinator.showReader"])
        #expect(result.stderr.hasPrefix("flowlint: 2 errors, 0 warnings in 5 files\n"))
    }

    @Test func everyFormatReportsTheSwiftLines() throws {
        let folder = try Self.emptyFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let json = try Flowlint.run(["lint", "--sources", Self.sampleApp.path, "--format", "json"], in: folder)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let findings = try #require(document["findings"] as? [[String: Any]])
        #expect(findings.map { $0["rule"] as? String } == ["leaked-child", "leaked-child"])
        #expect(findings.allSatisfy { ($0["file"] as? String)?.hasSuffix("ShelfCoordinator.swift") == true })
        let sarif = try Flowlint.run(["lint", "--sources", Self.sampleApp.path, "--format", "sarif"], in: folder)
        #expect(sarif.status == 1)
        #expect(sarif.stdout.contains("ShelfCoordinator.swift"))
        // The paths' steps are at Swift lines too: JSON names them, SARIF's code flows point at the code.
        #expect(findings.map { ($0["path"] as? [[String: Any]])?.compactMap { $0["route"] as? String } }
            == [["ShelfCoordinator.showEditor"], ["ShelfCoordinator.showBook", "ShelfCoordinator.showReader"]])
        let log = try #require(try JSONSerialization.jsonObject(with: Data(sarif.stdout.utf8)) as? [String: Any])
        let results = try #require((log["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]])
        let flowFiles = results.flatMap { result -> [String] in
            let flow = ((result["codeFlows"] as? [[String: Any]])?.first?["threadFlows"] as? [[String: Any]])?.first
            return (flow?["locations"] as? [[String: Any]] ?? []).compactMap {
                (($0["location"] as? [String: Any])?["physicalLocation"] as? [String: Any]).flatMap { ($0["artifactLocation"] as? [String: Any])?["uri"] as? String }
            }
        }
        #expect(flowFiles.count == 5 && flowFiles.allSatisfy { $0.hasSuffix(".swift") }, "\(flowFiles)")
    }

    /// Configuration applies as to specs: a rule turned off is off.
    @Test func theConfigurationApplies() throws {
        let folder = try Self.emptyFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try "disabled: [leaked-child]\n".write(to: folder.appendingPathComponent(".flowlint.yml"), atomically: true, encoding: .utf8)
        let result = try Flowlint.run(["lint", "--sources", Self.sampleApp.path], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.isEmpty)
    }

    /// Without sources, no spec is still the error it was.
    @Test func noSpecAndNoSourcesIsStillAnError() throws {
        let folder = try Self.emptyFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try Flowlint.run(["lint"], in: folder)
        #expect(result.status == 2)
        #expect(result.stderr.contains("no flow specs"))
    }
}
