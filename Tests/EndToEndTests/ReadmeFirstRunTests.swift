import Foundation
import Testing

/// The README's "first run" shows what `flowlint lint --sources Sources` prints on the bundled sample app: that output
/// is the tool's, today's, line for line.
@Suite struct ReadmeFirstRunTests {
    @Test func theFirstRunInTheReadmeIsWhatFlowlintPrints() throws {
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("flowlint-readme-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: work) }
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: Flowlint.packageRoot.appendingPathComponent("fixtures/extract/uikit/sample-app/Sources"),
            to: work.appendingPathComponent("Sources"))
        let result = try Flowlint.run(["lint", "--sources", "Sources"], in: work)
        #expect(result.status == 1)
        let readme = try String(contentsOf: Flowlint.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let shown = try #require(readme.components(separatedBy: "$ flowlint lint --sources Sources\n").dropFirst().first)
        let block = shown.components(separatedBy: "```").first ?? ""
        let printed = (result.stdout + result.stderr).split(separator: "\n").map(String.init)
        #expect(block.split(separator: "\n").map(String.init).sorted() == printed.sorted())
    }
}
