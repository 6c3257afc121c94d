import Foundation
import Testing

/// `flowlint graph --sources Sources/` where no spec exists: the flow read from the code is drawn, as
/// `lint --sources` lints it; with specs present the specs are drawn and the code is not read.
@Suite struct CodeOnlyGraphTests {
    /// The sample app's atlas, with its findings at Swift lines and each coordinator's page.
    @Test func theAtlasIsDrawnFromTheCodeWhenThereIsNoSpec() throws {
        let folder = try CodeOnlyLintTests.emptyFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try Flowlint.run(["graph", "--sources", CodeOnlyLintTests.sampleApp.path, "--site", "atlas"], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        let atlas = folder.appendingPathComponent("atlas")
        let pages = try FileManager.default.contentsOfDirectory(atPath: atlas.path).sorted()
        #expect(pages == ["EditorCoordinator.html", "ReaderCoordinator.html", "ShelfCoordinator.html", "index.html"])
        let index = try String(contentsOf: atlas.appendingPathComponent("index.html"), encoding: .utf8)
        #expect(index.contains("leaked-child"))
        #expect(index.contains("ShelfCoordinator.swift:19"), "the finding is at the Swift line that keeps the child")
    }

    @Test func aDrawingOfTheCodeNamesItsRoutes() throws {
        let folder = try CodeOnlyLintTests.emptyFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try Flowlint.run(["graph", "--sources", CodeOnlyLintTests.sampleApp.path, "--format", "dot"], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("// Drawn by flowlint"))
        #expect(result.stdout.contains("ShelfCoordinator") && result.stdout.contains("showEditor"))
    }

    /// Specs found are what `graph` draws: `--sources` is read only where there is none, never compared. The spec
    /// names the sample app's coordinator with fewer routes than its code has: compared, drift findings would be
    /// marked on the drawing.
    @Test func specsPresentAreDrawnAndTheCodeIsNotRead() throws {
        let folder = try CodeOnlyLintTests.emptyFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try """
        version: 1
        entry: ShelfCoordinator
        coordinators:
          ShelfCoordinator:
            kind: navigation
            initial: start
            routes:
              start: { screen: ShelfViewController }
        """.write(to: folder.appendingPathComponent("shelf.flow.yml"), atomically: true, encoding: .utf8)
        let result = try Flowlint.run(
            ["graph", "--sources", CodeOnlyLintTests.sampleApp.path, "--format", "json", "--findings"], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("ShelfViewController"))
        #expect(!result.stdout.contains("EditorCoordinator"), "the code's routes are not drawn")
        #expect(!result.stdout.contains("drift-"), "the code is not compared")
        // Not read, but a path that does not exist is still said.
        let typo = try Flowlint.run(["graph", "--sources", "Sourcs", "--format", "dot"], in: folder)
        #expect(typo.status == 2 && typo.stderr.contains("--sources: no such file or directory: Sourcs"), "\(typo.stderr)")
    }
}
