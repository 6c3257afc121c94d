import Foundation
import Testing

/// Malformed specs give exactly their spec-validity findings (fixtures/invalid/README.md): the text and JSON output of
/// `flowlint lint fixtures/invalid/NAME` equals `NAME.txt` and `NAME.json` beside the case.
@Suite struct InvalidFixtureTests {
    static let folder = Flowlint.packageRoot.appendingPathComponent("fixtures/invalid")

    /// Every case: a spec file `NAME.flow.yml` / `NAME.flow.yaml`, or a folder `NAME/` (a project of several files).
    static let cases: [String] = {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { name in
            guard !name.hasPrefix(".") else { return false }
            var isFolder: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: folder.appendingPathComponent(name).path, isDirectory: &isFolder)
            return isFolder.boolValue || name.hasSuffix(".flow.yml") || name.hasSuffix(".flow.yaml")
        }.sorted()
    }()

    /// `empty-file.flow.yml` → `empty-file`: the goldens' base name.
    static func baseName(_ name: String) -> String {
        for suffix in [".flow.yml", ".flow.yaml"] where name.hasSuffix(suffix) {
            return String(name.dropLast(suffix.count))
        }
        return name
    }

    static let specValidityRules = ["syntax", "schema", "duplicate-key", "unknown-reference", "entry", "missing-initial"]

    @Test(arguments: cases)
    func outputMatchesTheGoldens(name: String) throws {
        let path = "fixtures/invalid/\(name)"
        let golden = Self.folder.appendingPathComponent(Self.baseName(name))

        let text = try Flowlint.run(["lint", path])
        #expect(text.status == 1, "\(text.stderr)")
        try Flowlint.expectGolden(text.stdout, golden.appendingPathExtension("txt"))
        #expect(
            text.stderr.range(of: #"^flowlint: [1-9][0-9]* errors?, 0 warnings in [1-9][0-9]* files?\n$"#, options: .regularExpression)
                != nil,
            "\(text.stderr)")

        let json = try Flowlint.run(["lint", "--format", "json", path])
        #expect(json.status == 1, "\(json.stderr)")
        try Flowlint.expectGolden(json.stdout, golden.appendingPathExtension("json"))
        #expect(json.stderr == text.stderr)
        try expectSpecValidityFindingsOnly(json.stdout, within: path)
    }

    /// Every finding of a case is a spec-validity error at its own position inside the case.
    private func expectSpecValidityFindingsOnly(_ json: String, within path: String) throws {
        let data = try #require(json.data(using: .utf8))
        let report = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let findings = try #require(report["findings"] as? [[String: Any]])
        #expect(!findings.isEmpty)
        var seen: Set<String> = []
        for finding in findings {
            let rule = try #require(finding["rule"] as? String)
            let file = try #require(finding["file"] as? String)
            let line = try #require(finding["line"] as? Int)
            let column = try #require(finding["column"] as? Int)
            #expect(Self.specValidityRules.contains(rule), "\(finding)")
            #expect(finding["severity"] as? String == "error")
            #expect(file == path || file.hasPrefix(path + "/"), "\(file)")
            #expect(line >= 1 && column >= 1)
            // One mistake, one finding: no two findings of a case point at the same place.
            let position = "\(file):\(line):\(column)"
            #expect(seen.insert(position).inserted, "two findings at \(position)")
        }
    }

    @Test func everySpecValidityRuleHasCases() throws {
        #expect(Self.cases.count >= 30, "\(Self.cases.count) cases")
        var rulesSeen: Set<String> = []
        for name in Self.cases {
            let golden = Self.folder.appendingPathComponent(Self.baseName(name)).appendingPathExtension("txt")
            let text = (try? String(contentsOf: golden, encoding: .utf8)) ?? ""
            for rule in Self.specValidityRules where text.contains("[\(rule)]") { rulesSeen.insert(rule) }
        }
        #expect(rulesSeen == Set(Self.specValidityRules))
    }

    @Test func everyGoldenBelongsToACase() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.folder.path)
        let bases = Set(Self.cases.map(Self.baseName))
        for name in names where name.hasSuffix(".txt") || name.hasSuffix(".json") {
            let base = name.hasSuffix(".txt") ? String(name.dropLast(4)) : String(name.dropLast(5))
            #expect(bases.contains(base), "\(name) has no case")
        }
    }

    /// The seed flows are valid specs: whatever the graph rules find in them, nothing is a spec-validity finding.
    @Test func seedsHaveNoSpecValidityFindings() throws {
        let seeds = Flowlint.packageRoot.appendingPathComponent("fixtures/seeds")
        try #require(FileManager.default.fileExists(atPath: seeds.path), "fixtures/seeds is missing")
        let result = try Flowlint.run(["lint", "--format", "json", "fixtures/seeds"])
        #expect(result.status == 0 || result.status == 1, "\(result.stderr)")
        let data = try #require(result.stdout.data(using: .utf8))
        let report = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let findings = try #require(report["findings"] as? [[String: Any]])
        let invalid = findings.filter { Self.specValidityRules.contains($0["rule"] as? String ?? "") }
        #expect(invalid.isEmpty, "\(invalid)")
        let summary = try #require(report["summary"] as? [String: Any])
        #expect((summary["files"] as? Int ?? 0) >= 1)
    }
}
