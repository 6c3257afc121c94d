import Foundation
@testable import FlowRender
import Testing

@Suite struct DiagramFileTests {
    @Test func upToDateMeansTheSameBytesNotAnEqualString() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("flowlint-diagram-\(UUID().uuidString).dot").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(DiagramFile.state(of: path, comparedWith: "x") == .missing)
        try DiagramFile.write("label=\"caf\u{E9}\"", to: path)
        #expect(DiagramFile.state(of: path, comparedWith: "label=\"caf\u{E9}\"") == .current)
        // The same String to Swift (canonically equivalent), other bytes in the file: stale.
        #expect("caf\u{E9}" == "cafe\u{301}")
        #expect(DiagramFile.state(of: path, comparedWith: "label=\"cafe\u{301}\"") == .stale)
        #expect(DiagramFile.state(of: path, comparedWith: "label=") == .stale, "a longer file")
        #expect(DiagramFile.state(of: path, comparedWith: "label=\"caf\u{E9}\"\n") == .stale, "a shorter file")
    }
}
