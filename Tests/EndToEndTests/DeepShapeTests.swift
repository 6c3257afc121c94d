import Foundation
import Testing

/// `lint` and `graph` in every format on the deep and wide shapes of scripts/gen-shapes, generated into a temporary
/// folder: each run ends with a status and a whole output, never a stack overflow. Lengths here are kept small
/// enough for a debug build; the 100,000-long shapes are drawn in process by FlowRenderTests.DeepDiagramTests and
/// timed (lint and graph) by scripts/bench.
@Suite struct DeepShapeTests {
    static func generate(_ shape: String, _ count: Int) throws -> URL {
        let folder = try Subprocess.temporaryDirectory("shape-\(shape)")
        let result = try Subprocess.run(["python3", "scripts/gen-shapes", shape, String(count), folder.path], in: Flowlint.packageRoot)
        try #require(result.status == 0, "\(result.stderr)")
        return folder
    }

    @Test(arguments: [
        ("starts", 2_000), ("presents", 2_000), ("pushes", 2_000), ("dismisses", 2_000), ("holds", 2_000),
        ("triggers", 5_000), ("children", 3_000), ("screens", 5_000),
    ])
    func lintAndEveryGraphFormatEnd(shape: String, count: Int) throws {
        let folder = try Self.generate(shape, count)
        defer { try? FileManager.default.removeItem(at: folder) }
        let lint = try Flowlint.run(["lint", "."], in: folder)
        #expect(lint.status == 0, "\(lint.stdout.prefix(500)) \(lint.stderr.prefix(500))")
        for format in ["dot", "mermaid", "json"] {
            let graph = try Flowlint.run(["graph", ".", "-o", "-", "--format", format], in: folder)
            #expect(graph.status == 0, "\(format): \(graph.stderr.prefix(500))")
            let ending = format == "json" ? "}\n" : format == "dot" ? "}\n" : "\n"
            #expect(graph.stdout.hasSuffix(ending), "\(format) output is cut short")
            #expect(!graph.stderr.contains("Fatal error") && !graph.stderr.contains("Backtrace"))
        }
    }

    /// SVG lays out at most 2,000 nodes (slowly: nested clusters): a short chain is drawn, a large one refused in one line.
    @Test func svgIsDrawnWithinTheNodeLimitAndRefusedBeyond() throws {
        let small = try Self.generate("dismisses", 20)
        defer { try? FileManager.default.removeItem(at: small) }
        let drawn = try Flowlint.run(["graph", ".", "-o", "flow.svg"], in: small)
        #expect(drawn.status == 0, "\(drawn.stderr)")
        let svg = try String(contentsOf: small.appendingPathComponent("flow.svg"), encoding: .utf8)
        #expect(svg.contains("<svg") && svg.hasSuffix("</svg>\n"))
        let large = try Self.generate("screens", 3_000)
        defer { try? FileManager.default.removeItem(at: large) }
        let refused = try Flowlint.run(["graph", ".", "-o", "flow.svg"], in: large)
        #expect(refused.status == 2)
        #expect(refused.stderr.hasPrefix("flowlint: error: the diagram has ") && refused.stderr.split(separator: "\n").count == 1)
        #expect(!FileManager.default.fileExists(atPath: large.appendingPathComponent("flow.svg").path))
    }
}
