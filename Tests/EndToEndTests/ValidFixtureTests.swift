import Foundation
import Testing

/// Correct flows that use every construct of the spec give no finding (fixtures/valid/README.md).
@Suite struct ValidFixtureTests {
    static let folder = Flowlint.packageRoot.appendingPathComponent("fixtures/valid")

    /// Every project under fixtures/valid, one folder each.
    static let projects: [String] = {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { name in
            var isFolder: ObjCBool = false
            return FileManager.default.fileExists(atPath: folder.appendingPathComponent(name).path, isDirectory: &isFolder)
                && isFolder.boolValue
        }.sorted()
    }()

    @Test func thereAreSeveralProjects() {
        #expect(Self.projects.count >= 4, "\(Self.projects)")
    }

    @Test(arguments: projects)
    func textReportsNothing(project: String) throws {
        let result = try Flowlint.run(["lint", "fixtures/valid/\(project)"])
        #expect(result.status == 0)
        #expect(result.stdout == "", "\(result.stdout)")
        #expect(result.stderr.hasPrefix("flowlint: no findings in "), "\(result.stderr)")
    }

    @Test(arguments: projects)
    func strictJSONReportsNothing(project: String) throws {
        let result = try Flowlint.run(["lint", "--strict", "--format", "json", "fixtures/valid/\(project)"])
        #expect(result.status == 0, "\(result.stdout)")
        let data = try #require(result.stdout.data(using: .utf8))
        let report = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let findings = try #require(report["findings"] as? [Any])
        #expect(findings.isEmpty, "\(result.stdout)")
        let summary = try #require(report["summary"] as? [String: Any])
        #expect(summary["errors"] as? Int == 0 && summary["warnings"] as? Int == 0)
        #expect((summary["files"] as? Int ?? 0) >= 1)
    }
}
