import FlowModel
import Foundation
import Testing

/// docs/spec.md's field tables and the spec vocabulary of Fuzz/flowlint.dict are generated from `SpecSchema`, as
/// docs/rules.md is from the rule descriptions: a field added to the table reaches both, and an edit to either file
/// by hand fails here. `FLOWLINT_UPDATE_GOLDENS=1 swift test --filter SpecSchemaTextTests` rewrites them.
@Suite struct SpecSchemaTextTests {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let update = ProcessInfo.processInfo.environment["FLOWLINT_UPDATE_GOLDENS"] == "1"

    /// Replaces what lies between the line `from` and the line `to` (both kept) with `generated`; nil when either
    /// line is missing.
    static func replacing(in text: String, from: String, to: String, with generated: String) -> String? {
        guard let start = text.range(of: "\n\(from)"), let end = text.range(of: "\n\(to)\n", range: start.lowerBound..<text.endIndex)
        else { return nil }
        return String(text[..<start.lowerBound]) + "\n" + generated + "\n" + String(text[end.lowerBound...].dropFirst())
    }

    static func check(
        _ path: String, from: String, to: String, generated: String, sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) throws {
        let url = root.appendingPathComponent(path)
        let committed = try String(contentsOf: url, encoding: .utf8)
        let current = try #require(replacing(in: committed, from: from, to: to, with: generated), sourceLocation: sourceLocation)
        if update && current != committed { try current.write(to: url, atomically: true, encoding: .utf8) }
        #expect(
            update || committed == current, "\(path) is stale: run `FLOWLINT_UPDATE_GOLDENS=1 swift test --filter SpecSchemaTextTests`",
            sourceLocation: sourceLocation)
    }

    @Test func theSpecPageFieldTablesAreTheTable() throws {
        try Self.check("docs/spec.md", from: "### File\n", to: "## Values", generated: SpecSchema.flowlint.markdownFieldTables)
    }

    @Test func theFuzzDictionarySpecVocabularyIsTheTable() throws {
        try Self.check(
            "Fuzz/flowlint.dict", from: "# Top-level, defaults, coordinator, route and chain fields.\n",
            to: "# Configuration (.flowlint.yml) and baseline.", generated: SpecSchema.flowlint.fuzzDictionarySections)
    }

    @Test func theJSONSchemaIsTheTable() throws {
        let url = Self.root.appendingPathComponent("schema/flowlint.schema.json")
        let generated = SpecSchema.flowlint.jsonSchema
        if Self.update { try generated.write(to: url, atomically: true, encoding: .utf8) }
        let committed = try String(contentsOf: url, encoding: .utf8)
        #expect(
            committed == generated,
            "schema/flowlint.schema.json is stale: run `FLOWLINT_UPDATE_GOLDENS=1 swift test --filter SpecSchemaTextTests`")
    }

    @Test func replacingKeepsWhatSurroundsTheSection() {
        #expect(Self.replacing(in: "a\n# x\nold\n\n# y\nb", from: "# x\n", to: "# y", with: "# x\nnew\n") == "a\n# x\nnew\n\n# y\nb")
    }
}
