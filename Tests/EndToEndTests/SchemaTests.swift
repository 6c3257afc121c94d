import Foundation
import Testing

/// `schema/flowlint.schema.json` (what editors check through yaml-language-server) against the loader: for every spec
/// fixture, `check-jsonschema` rejects the file exactly when flowlint reports a spec-format finding in it.
@Suite struct SchemaTests {
    static let schema = Flowlint.packageRoot.appendingPathComponent("schema/flowlint.schema.json")
    static let fixtures = Flowlint.packageRoot.appendingPathComponent("fixtures")

    /// Findings a file earns on its own when its format is wrong (not references into other files).
    static let specFormatRules: Set<String> = ["syntax", "schema", "duplicate-key", "missing-initial"]

    /// A file with YAML anchors or aliases is not compared: the loader refuses them, while the YAML a JSON Schema
    /// sees has its aliases already expanded.
    static let yamlOnly = "not supported in flow specs"

    /// Loader checks a JSON Schema cannot state: whether a route may leave out `transition` depends on the
    /// coordinator's `initial` and `tabs`.
    static let beyondJSONSchema = ["has no `transition`"]

    static func specFiles(under folders: [String]) -> [URL] {
        folders.flatMap { folder -> [URL] in
            let root = fixtures.appendingPathComponent(folder)
            guard let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil) else { return [] }
            return walker.compactMap { $0 as? URL }.filter {
                $0.lastPathComponent.hasSuffix(".flow.yml") || $0.lastPathComponent.hasSuffix(".flow.yaml")
            }
        }.map { $0.standardizedFileURL }.sorted { $0.path < $1.path }
    }

    /// The files `check-jsonschema` rejects, as invalid or as not parseable, among `files`.
    static func rejected(_ files: [URL]) throws -> Set<String> {
        let result = try Subprocess.run(
            ["python3", "-m", "check_jsonschema", "--output-format", "json", "--schemafile", schema.path] + files.map(\.path),
            in: Flowlint.packageRoot)
        guard let report = try? JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any] else {
            Issue.record("check-jsonschema printed no report: \(result.stdout)\(result.stderr)")
            return []
        }
        let failures = (report["errors"] as? [[String: Any]] ?? []) + (report["parse_errors"] as? [[String: Any]] ?? [])
        return Set(failures.compactMap { ($0["filename"] as? String).map { URL(fileURLWithPath: $0).standardizedFileURL.path } })
    }

    /// The spec-format findings flowlint reports for `file` linted alone, as `rule: message`.
    static func specFormatFindings(_ file: URL) throws -> [String] {
        let result = try Flowlint.run(["lint", "--format", "json", file.path])
        guard let document = try? JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any] else {
            Issue.record("flowlint did not lint \(file.path): \(result.stderr)")
            return []
        }
        return (document["findings"] as! [[String: Any]])
            .filter { specFormatRules.contains($0["rule"] as! String) }
            .map { "\($0["rule"]!): \($0["message"]!)" }
    }

    @Test(.enabled(if: PythonTools.have("check_jsonschema"), "needs check-jsonschema"))
    func schemaIsAValidDraft7Schema() throws {
        let result = try Subprocess.run(
            ["python3", "-m", "check_jsonschema", "--check-metaschema", Self.schema.path],
            in: Flowlint.packageRoot)
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
    }

    @Test(.enabled(if: PythonTools.have("check_jsonschema"), "needs check-jsonschema"))
    func everyValidSpecValidates() throws {
        let files = Self.specFiles(under: ["seeds", "valid", "reporters/project", "drift"])
        #expect(files.count >= 4)
        let rejected = try Self.rejected(files)
        for file in files {
            #expect(!rejected.contains(file.path), "the schema rejects \(file.path)")
        }
    }

    @Test(.enabled(if: PythonTools.have("check_jsonschema"), "needs check-jsonschema"))
    func schemaErrorsAreRejected() throws {
        let files = Self.specFiles(under: ["reporters/schema-invalid"])
        #expect(files.count >= 10)
        let rejected = try Self.rejected(files)
        for file in files {
            #expect(rejected.contains(file.path), "the schema accepts \(file.lastPathComponent)")
            #expect(try Self.specFormatFindings(file).contains { $0.hasPrefix("schema: ") }, "flowlint accepts \(file.lastPathComponent)")
        }
    }

    /// Both ways, over every spec fixture: the schema is neither stricter nor looser than the loader.
    /// (`consumers/validate_specs.py` is check-jsonschema's loader and validator, one fresh parser per file.)
    @Test(.enabled(if: PythonTools.have("check_jsonschema"), "needs check-jsonschema"))
    func schemaAgreesWithTheLoaderOnEveryFixture() async throws {
        let files = Self.specFiles(under: ["seeds", "valid", "invalid", "rules", "reporters", "drift"])
        #expect(files.count >= 30)
        let script = Self.fixtures.appendingPathComponent("reporters/consumers/validate_specs.py").path
        let validation = try Subprocess.run(["python3", script, Self.schema.path] + files.map(\.path), in: Flowlint.packageRoot)
        let schemaProblems = try JSONSerialization.jsonObject(with: Data(validation.stdout.utf8)) as? [String: [String]] ?? [:]
        #expect(schemaProblems.count == files.count, "\(validation.stderr)")
        let verdicts = try await withThrowingTaskGroup(of: (URL, [String]).self) { group in
            for file in files { group.addTask { (file, try Self.specFormatFindings(file)) } }
            return try await group.reduce(into: [URL: [String]]()) { $0[$1.0] = $1.1 }
        }
        for file in files {
            let findings = verdicts[file] ?? []
            if findings.contains(where: { $0.contains(Self.yamlOnly) }) { continue }
            let problems = schemaProblems[file.path] ?? []
            let expressible = findings.filter { finding in !Self.beyondJSONSchema.contains { finding.contains($0) } }
            if !problems.isEmpty {
                #expect(
                    !findings.isEmpty, "the schema rejects \(file.path) (\(problems)), which flowlint reads without a spec-format finding")
            } else {
                #expect(expressible.isEmpty, "the schema accepts \(file.path), where flowlint reports \(expressible)")
            }
        }
    }
}
