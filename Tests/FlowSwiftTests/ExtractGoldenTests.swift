import FlowModel
import FlowConfig
import FlowAnalysis
import FlowRules
import FlowSpec
import Foundation
import Testing
@testable import FlowSwift

/// Every extraction shape's fixture is its test: `fixtures/extract/<style>/<shape>/Sources` read by the library in
/// this process (no built binary) gives the specs of its `expected/` folder, byte for byte but for the digest line
/// extract adds when it writes. The same goldens EndToEndTests' ExtractTests checks through the command line.
@Suite struct ExtractGoldenTests {
    /// The package root: what the goldens' paths are relative to.
    static let root = #filePath.split(separator: "/", omittingEmptySubsequences: false).dropLast(3).joined(separator: "/")

    static let fixtures: [String] = {
        let manager = FileManager.default
        let extract = root + "/fixtures/extract"
        let styles = (try? manager.contentsOfDirectory(atPath: extract)) ?? []
        return styles.flatMap { style in
            ((try? manager.contentsOfDirectory(atPath: "\(extract)/\(style)")) ?? [])
                .filter { manager.fileExists(atPath: "\(extract)/\(style)/\($0)/Sources") }
                .map { "\(style)/\($0)" }
        }.sorted()
    }()

    @Test func everyStyleHasFixtures() {
        for style in ["uikit", "xcoordinator", "stinsen", "swiftui"] {
            #expect(Self.fixtures.filter { $0.hasPrefix(style + "/") }.count >= 3, "\(style) needs a sample app and shapes")
        }
    }

    @Test(arguments: fixtures) func specsMatchExpected(_ fixture: String) throws {
        let folder = "\(Self.root)/fixtures/extract/\(fixture)"
        let sources = folder + "/Sources"
        let config = folder + "/.flowlint.yml"
        let mapping =
            FileManager.default.fileExists(atPath: config)
            ? try Configuration.load(path: config, knownRules: RuleRegistry.allIDs).extract : ExtractMapping()
        // Named as the command line is given them, relative to the package root (notes are cut to a width, so a
        // longer path would cut them elsewhere), and read from where they are.
        let prefix = Self.root + "/"
        let files = try SwiftExtractor.swiftFiles(in: [sources]).map { path in
            (path: String(path.dropFirst(prefix.count)), text: try String(contentsOfFile: path, encoding: .utf8))
        }
        let code = SwiftExtractor.extract(sources: files, mapping: mapping)
        let specs = SpecEncoder.specs(for: code)
        #expect(!specs.isEmpty)
        let expected = folder + "/expected"
        let expectedFiles = (FileManager.default.enumerator(atPath: expected)?.allObjects as? [String] ?? [])
            .filter { $0.hasSuffix(".flow.yml") }.sorted()
        let written = specs.map { ExtractedSpecs.relativeSpecPath(of: $0.source, roots: ["fixtures/extract/\(fixture)/Sources"]) }
        #expect(written.sorted() == expectedFiles)
        for (spec, file) in zip(specs, written) {
            let actual = spec.text
            guard let golden = try? String(contentsOfFile: "\(expected)/\(file)", encoding: .utf8) else {
                Issue.record("missing golden \(fixture)/expected/\(file)")
                continue
            }
            #expect(actual == Self.withoutDigest(golden), "\(fixture)/expected/\(file) differs")
        }
    }

    /// The golden without the digest line, when it has one (goldens hold the spec; the digest is ExtractedSpecs').
    static func withoutDigest(_ text: String) -> String {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard lines.count >= 2, lines[lines.count - 2].hasPrefix("# extract digest ") else { return text }
        lines.remove(at: lines.count - 2)
        return lines.joined(separator: "\n")
    }
}
