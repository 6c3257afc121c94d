import Foundation
import Testing

/// Every YAML example in docs/spec.md that is a whole project (it declares `entry`) lints clean.
@Suite struct SpecDocumentExampleTests {
    static func projectExamples() throws -> [String] {
        let text = try String(contentsOf: Flowlint.packageRoot.appendingPathComponent("docs/spec.md"), encoding: .utf8)
        let blocks = text.components(separatedBy: "```yaml\n").dropFirst().compactMap { $0.components(separatedBy: "\n```").first }
        return blocks.filter { $0.split(separator: "\n").contains { $0.hasPrefix("entry:") } }
    }

    @Test func projectExamplesHaveNoFindings() throws {
        let examples = try Self.projectExamples()
        #expect(examples.count >= 5, "the first spec and one example per framework")
        let directory = try Subprocess.temporaryDirectory("spec-examples")
        defer { try? FileManager.default.removeItem(at: directory) }
        for (index, example) in examples.enumerated() {
            let file = directory.appendingPathComponent("example\(index).flow.yml")
            try (example + "\n").write(to: file, atomically: true, encoding: .utf8)
            let result = try Flowlint.run(["lint", file.path])
            #expect(
                result.status == 0 && result.stdout == "" && result.stderr.contains("no findings"),
                "example \(index) of docs/spec.md:\n\(example)\n\(result.stdout)\(result.stderr)")
        }
    }
}
