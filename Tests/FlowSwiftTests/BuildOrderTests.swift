import FlowModel
import FlowConfig
import FlowAnalysis
import FlowRules
import FlowSpec
import Foundation
import Testing
@testable import FlowSwift

/// Coordinators are built side by side, a slice of them per thread, and what each slice adds is put together in
/// declaration order. Building every coordinator on a thread of its own must give the graph one thread gives.
@Suite struct BuildOrderTests {
    static let fixtures: [String] = {
        let root =
            #filePath.split(separator: "/", omittingEmptySubsequences: false).dropLast(3).joined(separator: "/") + "/fixtures/extract"
        let styles = (try? FileManager.default.contentsOfDirectory(atPath: root)) ?? []
        return styles.flatMap { style in
            ((try? FileManager.default.contentsOfDirectory(atPath: root + "/" + style)) ?? []).map { "\(root)/\(style)/\($0)/Sources" }
        }.sorted()
    }()

    @Test func thereAreFixturesToBuild() {
        #expect(Self.fixtures.count >= 40)
    }

    @Test(arguments: fixtures)
    func aCoordinatorPerThreadGivesTheGraphOneThreadGives(sources: String) throws {
        let files = try SwiftExtractor.swiftFiles(in: [sources]).map { path in
            SwiftExtractor.collect(path: path, bytes: FileManager.default.contents(atPath: path).map { Array($0) })
        }
        let oneByOne = Recognizer(files: files, mapping: ExtractMapping(), slice: 1).graph()
        let together = Recognizer(files: files, mapping: ExtractMapping(), slice: .max).graph()
        #expect(SpecEncoder.specs(for: oneByOne) == SpecEncoder.specs(for: together))
        #expect(oneByOne.provenance.notes == together.provenance.notes)
    }
}
