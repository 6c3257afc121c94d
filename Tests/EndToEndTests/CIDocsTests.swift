import Foundation
import Testing

/// The CI configurations in `docs/ci.md` cannot run here, but they can be checked against the schemas GitHub
/// Actions and GitLab CI publish (vendored in check-jsonschema), and `.pre-commit-hooks.yaml` by pre-commit itself.
@Suite struct CIDocsTests {
    /// The YAML blocks of `docs/ci.md` that follow a `<!-- checked: KIND -->` line.
    static func checkedBlocks() throws -> [(kind: String, yaml: String)] {
        let text = try String(contentsOf: Flowlint.packageRoot.appendingPathComponent("docs/ci.md"), encoding: .utf8)
        var blocks: [(String, String)] = []
        var kind: String?
        var yaml: [Substring]?
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if let collected = yaml {
                if line == "```" {
                    blocks.append((kind!, collected.joined(separator: "\n") + "\n"))
                    (kind, yaml) = (nil, nil)
                } else {
                    yaml = collected + [line]
                }
            } else if line.hasPrefix("<!-- checked: "), line.hasSuffix(" -->") {
                kind = String(line.dropFirst("<!-- checked: ".count).dropLast(" -->".count))
            } else if kind != nil, line == "```yaml" {
                yaml = []
            }
        }
        return blocks
    }

    @Test(.enabled(if: PythonTools.have("check_jsonschema"), "needs check-jsonschema"))
    func workflowsMatchTheirCISchemas() throws {
        let blocks = try Self.checkedBlocks()
        #expect(blocks.map(\.kind).sorted() == ["github-workflow", "github-workflow", "github-workflow", "gitlab-ci"])
        let schemas = ["github-workflow": "vendor.github-workflows", "gitlab-ci": "vendor.gitlab-ci"]
        let directory = try Subprocess.temporaryDirectory("ci-docs")
        defer { try? FileManager.default.removeItem(at: directory) }
        for (number, (kind, yaml)) in blocks.enumerated() {
            let file = directory.appendingPathComponent("\(kind)-\(number).yml")
            try yaml.write(to: file, atomically: true, encoding: .utf8)
            let result = try Subprocess.run(
                ["python3", "-m", "check_jsonschema", "--builtin-schema", schemas[kind]!, file.path], in: directory)
            #expect(result.status == 0, "docs/ci.md, \(kind): \(result.stdout)\(result.stderr)")
        }
    }

    /// The diff job needs the base revision in its clone and finds its own comment by the report's first line.
    @Test func theDiffJobFetchesTheBaseAndUpdatesOneComment() throws {
        let yaml = try #require(Self.checkedBlocks().first { $0.yaml.contains("flowlint diff") }?.yaml)
        #expect(yaml.contains("fetch-depth: 0"))
        #expect(yaml.contains("flowlint diff \"origin/${{ github.base_ref }}\""))
        #expect(yaml.contains("const marker = '<!-- flowlint diff -->';"))
        #expect(yaml.contains("updateComment") && yaml.contains("createComment"))
    }

    @Test(.enabled(if: PythonTools.have("pre_commit"), "needs pre-commit"))
    func preCommitAcceptsTheHookManifest() throws {
        let result = try Subprocess.run(
            ["python3", "-m", "pre_commit", "validate-manifest", ".pre-commit-hooks.yaml"],
            in: Flowlint.packageRoot)
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
    }
}
