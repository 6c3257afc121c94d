import Testing
import FlowModel

@Suite struct StableHashTests {
    /// The published FNV-1a 64 test vectors: the digest must never change, or every baseline breaks.
    @Test(arguments: [("", "cbf29ce484222325"), ("a", "af63dc4c8601ec8c"), ("foobar", "85944171f73967e8")])
    func knownVectors(text: String, digest: String) {
        #expect(StableHash.hex(text) == digest)
    }

    @Test func hexIsSixteenDigitsEvenWithLeadingZeros() {
        for text in ["x", "flowlint", "Auth leaks", "é"] {
            #expect(StableHash.hex(text).count == 16)
        }
    }
}
