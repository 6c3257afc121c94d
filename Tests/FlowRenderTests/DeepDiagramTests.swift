import FlowModel
import FlowRender
import FlowSpec
import Foundation
import Testing

/// 10,000-long chains and 10,000-wide fan-outs of scripts/gen-shapes, drawn in process without the rules: far
/// deeper than recursion survives on a test thread's stack, and quadratic work would not finish. The 100,000-long
/// shapes are run end to end by scripts/bench; EndToEndTests.DeepShapeTests runs `lint` and `graph` on shorter ones.
@Suite struct DeepDiagramTests {
    static let scripts = Fixtures.root.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("scripts")

    static func graph(_ shape: String, _ count: Int) throws -> FlowGraph {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flowlint-deep-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", scripts.appendingPathComponent("gen-shapes").path, shape, String(count), folder.path]
        try process.run()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0)
        return try Fixtures.graph(paths: [folder.path])
    }

    /// Draws `graph` both ways and writes every text format: none may crash, and each output is whole.
    static func drawEverything(_ graph: FlowGraph) -> Diagram {
        let overview = DiagramBuilder.build(graph, options: DiagramOptions(overview: true))
        let diagram = DiagramBuilder.build(graph)
        for drawn in [overview, diagram] {
            #expect(DOTWriter.write(drawn).hasSuffix("}\n"))
            #expect(MermaidWriter.write(drawn).contains("flowchart"))
            #expect(JSONGraphWriter.write(drawn).hasSuffix("}\n"))
        }
        return diagram
    }

    @Test(arguments: ["starts", "pushes"])
    func manyChildStartsAreDrawnInStartOrder(shape: String) throws {
        let diagram = Self.drawEverything(try Self.graph(shape, 10_000))
        #expect(diagram.clusters.count == 10_000)
        #expect(diagram.clusters.enumerated().allSatisfy { $0.element.id == "C\($0.offset)" })
        #expect(diagram.edges.filter { $0.kind == .start }.count == 9_999)
    }

    @Test func manyPresentedChildrenDismissToTheirPresenters() throws {
        let diagram = Self.drawEverything(try Self.graph("presents", 10_000))
        let dismissals = diagram.edges.filter { $0.kind == .dismiss }
        #expect(dismissals.count == 9_999)
        #expect(dismissals.last?.from == diagram.node("C9999", "home")?.id)
        #expect(dismissals.last?.destination == diagram.node("C9998", "next")?.id)
    }

    @Test func manyPushedChildrenWithDismissalsLeaveTheDrawing() throws {
        let diagram = Self.drawEverything(try Self.graph("dismisses", 10_000))
        let dismissals = diagram.edges.filter { $0.kind == .dismiss }
        #expect(dismissals.count == 9_999)
        // C0 presents C1, and every later child pushes onto C1's stack: each dismissal closes that one
        // presentation and lands where it was opened, on C0's `next`.
        let presenter = try #require(diagram.node("C0", "next")).id
        #expect(dismissals.allSatisfy { $0.destination == presenter })
    }

    @Test func manyTriggerRedirectsLeadEveryScreenToTheEnd() throws {
        let diagram = Self.drawEverything(try Self.graph("triggers", 10_000))
        let end = try #require(diagram.node("T", "r10000"))
        let redirected = diagram.edges.filter { $0.to == end.id && $0.label == "r0" }
        #expect(redirected.count == 1_000)
    }

    @Test(arguments: ["children", "screens"])
    func tenThousandWideFanOutsAreDrawn(shape: String) throws {
        let diagram = Self.drawEverything(try Self.graph(shape, 10_000))
        let home = try #require(diagram.node("T", "home"))
        #expect(diagram.edges.filter { $0.from == home.id }.count == 10_000)
    }
}
