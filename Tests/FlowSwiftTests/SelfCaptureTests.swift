import SwiftParser
import SwiftSyntax
import Testing

@testable import FlowSwift

/// Which closures keep `self` alive: what a `holds: {Self: strong}` read from a closure rests on.
@Suite struct SelfCaptureTests {
    private func keepsSelf(_ closure: String) -> Bool {
        let tree = Parser.parse(source: "let handler = \(closure)")
        guard let node = tree.tokens(viewMode: .sourceAccurate).lazy.compactMap({ $0.parent?.as(ClosureExprSyntax.self) }).first
        else {
            Issue.record("no closure in \(closure)")
            return false
        }
        return FactCollector.keepsSelf(node)
    }

    @Test func aClosureNamingSelfKeepsIt() {
        #expect(keepsSelf("{ self.close() }"))
        #expect(keepsSelf("{ [self] in close() }"))
        #expect(keepsSelf("{ value in if value { self.close() } }"))
    }

    @Test func aWeakOrUnownedCaptureDoesNot() {
        #expect(!keepsSelf("{ [weak self] in self?.close() }"))
        #expect(!keepsSelf("{ [unowned self] in self.close() }"))
        #expect(!keepsSelf("{ [weak self, model] in model.run(); self?.close() }"))
    }

    /// `self` only inside an inner closure that takes it weak is not kept by the outer one; an inner closure that
    /// keeps it makes the outer one keep it too, since the outer captures what the inner needs.
    @Test func innerClosuresDecideForTheirOwnUses() {
        #expect(!keepsSelf("{ queue.async { [weak self] in self?.close() } }"))
        #expect(keepsSelf("{ queue.async { self.close() } }"))
        #expect(!keepsSelf("{ model.close() }"))
    }
}
