import FlowModel
import Foundation
import Testing
@testable import FlowSpec

/// Where extract puts a spec, and how it tells its own text from a person's edit.
@Suite struct ExtractedSpecsTests {
    @Test(arguments: [
        ("Sources/App/Shelf.swift", ["Sources"], "App/Shelf.flow.yml"),
        ("Sources/App/Shelf.swift", ["Sources/"], "App/Shelf.flow.yml"),
        ("./Sources/App/Shelf.swift", ["Sources"], "App/Shelf.flow.yml"),
        ("Sources/App/Shelf.swift", ["."], "Sources/App/Shelf.flow.yml"),
        ("Sources/App/Shelf.swift", ["Sources/App/Shelf.swift"], "Shelf.flow.yml"),
        // Nested roots: the outermost, so naming a folder inside another root moves nothing.
        ("Sources/App/Shelf.swift", ["Sources/App", "Sources"], "App/Shelf.flow.yml"),
        // Another root never moves a file.
        ("Sources/App/Shelf.swift", ["Sources", "Kit"], "App/Shelf.flow.yml"),
        // `..` folds away; what is left of a path never climbs out of the output folder.
        ("a/../Sources/x/../App/Shelf.swift", ["a/../Sources"], "App/Shelf.flow.yml"),
        ("../x/App.swift", ["../x"], "App.flow.yml"),
        ("../../App.swift", ["../../App.swift"], "App.flow.yml"),
        ("/abs/Sources/App.swift", ["/abs/Sources"], "App.flow.yml"),
        ("/../abs/App.swift", ["/"], "abs/App.flow.yml"),
        ("elsewhere/App.swift", ["Sources"], "App.flow.yml"),
    ])
    func specsMirrorTheirRoot(source: String, roots: [String], expected: String) {
        #expect(ExtractedSpecs.relativeSpecPath(of: source, roots: roots) == expected)
    }

    @Test func twoFilesForOnePathAreAnError() {
        let specs = [SpecEncoder.SpecText(source: "x/App.swift", text: "a\n"), SpecEncoder.SpecText(source: "../x/App.swift", text: "b\n")]
        #expect(throws: ExtractedSpecs.WriteError.self) { try ExtractedSpecs.plan(specs, roots: ["x", "../x"], into: "Flows") }
        let files = try? ExtractedSpecs.plan(Array(specs.prefix(1)), roots: ["x"], into: "Flows/")
        #expect(files?.map(\.path) == ["Flows/App.flow.yml"])
    }

    @Test func theDigestTellsAnUneditedSpecFromAnEditedOne() {
        let text = "version: 1\nentry: App\n"
        let stamped = ExtractedSpecs.stamped(text)
        #expect(stamped.hasPrefix(text))
        #expect(ExtractedSpecs.isUnedited(stamped))
        #expect(!ExtractedSpecs.isUnedited(text), "a spec extract never wrote")
        #expect(!ExtractedSpecs.isUnedited(stamped.replacingOccurrences(of: "App", with: "Main")))
        #expect(!ExtractedSpecs.isUnedited(stamped + "# a line added below\n"))
        #expect(!ExtractedSpecs.isUnedited(String(stamped.dropLast())), "the last newline is part of it")
        #expect(!ExtractedSpecs.isUnedited(""))
    }

    @Test func aCheckThatFailsWritesNothing() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("extracted-specs-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        #expect(symlink("/tmp", folder + "/B.flow.yml") == 0)
        let files = try ExtractedSpecs.plan(
            [SpecEncoder.SpecText(source: "S/A.swift", text: "a\n"), SpecEncoder.SpecText(source: "S/B.swift", text: "b\n")],
            roots: ["S"], into: folder)
        #expect(throws: ExtractedSpecs.WriteError.self) { try ExtractedSpecs.write(files, into: folder, inputs: [], force: true) }
        #expect(!FileManager.default.fileExists(atPath: folder + "/A.flow.yml"))
    }
}
