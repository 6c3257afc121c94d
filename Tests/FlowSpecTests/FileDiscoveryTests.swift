import Foundation
import Testing
@testable import FlowSpec

/// A temporary folder, removed when the test ends.
final class TemporaryFolder {
    let path: String

    init() throws {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("flowspec-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }

    /// Creates the file (and its folders) at a path relative to the folder.
    func write(_ relativePath: String, _ contents: String = "version: 1\n") throws {
        let url = URL(fileURLWithPath: path).appendingPathComponent(relativePath)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try contents.write(to: url, atomically: false, encoding: .utf8)
    }

    func folder(_ relativePath: String) throws {
        try FileManager.default.createDirectory(atPath: path + "/" + relativePath, withIntermediateDirectories: true)
    }

    func link(_ relativePath: String, to destination: String) throws {
        try FileManager.default.createSymbolicLink(atPath: path + "/" + relativePath, withDestinationPath: destination)
    }

    func fifo(_ relativePath: String) {
        #expect(mkfifo(path + "/" + relativePath, 0o644) == 0)
    }

    /// Finds specs at paths relative to the folder (absolute ones as they are), and returns what was found relative
    /// to it: the working directory is the whole process's, so tests never change it.
    func find(_ paths: [String]) throws(LoadError) -> [String] {
        let found = try FileDiscovery.find(paths.map { $0.hasPrefix("/") ? $0 : path + "/" + $0 })
        return found.map { $0.hasPrefix(path + "/") ? String($0.dropFirst(path.count + 1)) : $0 }
    }
}

@Suite struct FileDiscoveryTests {
    @Test func foldersAreSearchedRecursivelyInByteOrder() throws {
        let folder = try TemporaryFolder()
        for name in [
            "b.flow.yml", "B.flow.yml", "a.flow.yaml", "ä.flow.yml", "c/z.flow.yml", "c/a.flow.yml", "c/d/e.flow.yml",
            "a0.flow.yml", "Z.flow.yml",
        ] {
            try folder.write(name)
        }
        #expect(
            try folder.find(["."]) == [
                "B.flow.yml", "Z.flow.yml", "a.flow.yaml", "a0.flow.yml", "b.flow.yml", "c/a.flow.yml", "c/d/e.flow.yml", "c/z.flow.yml",
                "ä.flow.yml",
            ])
    }

    @Test func onlySpecEndingsAreFoundInFoldersButNamedFilesAreRead() throws {
        let folder = try TemporaryFolder()
        for name in ["a.flow.yml", "b.yml", "c.flow.yml.orig", "d.flow.YML", "flow.yml", "e.flow.yaml", "notes.txt"] {
            try folder.write(name)
        }
        #expect(try folder.find(["."]) == ["a.flow.yml", "e.flow.yaml"])
        #expect(try folder.find(["b.yml", "a.flow.yml"]) == ["b.yml", "a.flow.yml"])
    }

    @Test func hiddenFoldersAndFilesAreSkippedUnlessNamed() throws {
        let folder = try TemporaryFolder()
        for name in [".git/x.flow.yml", ".build/y.flow.yml", "Flows/.hidden.flow.yml", "Flows/App.flow.yml"] {
            try folder.write(name)
        }
        #expect(try folder.find(["."]) == ["Flows/App.flow.yml"])
        #expect(try folder.find([".build"]) == [".build/y.flow.yml"])
    }

    @Test func pathsAreReportedTheWayTheyWereMeant() throws {
        let folder = try TemporaryFolder()
        try folder.write("Flows/App.flow.yml")
        #expect(try folder.find(["./Flows//"]) == ["Flows/App.flow.yml"])
        #expect(try folder.find(["Flows/./App.flow.yml"]) == ["Flows/App.flow.yml"])
        #expect(try folder.find(["Flows/../Flows"]) == ["Flows/../Flows/App.flow.yml"])
        #expect(try FileDiscovery.find([folder.path + "//Flows/."]) == [folder.path + "/Flows/App.flow.yml"])
    }

    @Test(arguments: [
        ("./a//b/", "a/b"), ("a", "a"), (".", "."), ("./", "."), ("", "."), ("/", "/"), ("//x/./y", "/x/y"), ("../a/./", "../a"),
    ])
    func normalize(path: String, expected: String) {
        #expect(FileDiscovery.normalize(path) == expected)
    }

    @Test func aFileReachedTwiceIsReadOnce() throws {
        let folder = try TemporaryFolder()
        try folder.write("Flows/App.flow.yml")
        try folder.link("Flows/Alias.flow.yml", to: "App.flow.yml")
        #expect(try folder.find(["Flows", "Flows/App.flow.yml", "./Flows/App.flow.yml"]) == ["Flows/Alias.flow.yml"])
    }

    @Test func symlinkLoopsEndAndEveryFolderIsSearchedOnce() throws {
        let folder = try TemporaryFolder()
        try folder.write("Flows/App.flow.yml")
        try folder.write("Flows/Sub/Auth.flow.yml")
        try folder.link("Flows/Sub/up", to: "..")
        try folder.link("Flows/Sub/self", to: ".")
        try folder.link("Flows/Sub/root", to: folder.path)
        try folder.link("Flows/Sub/again", to: "../Sub")
        #expect(try folder.find(["."]) == ["Flows/App.flow.yml", "Flows/Sub/Auth.flow.yml"])
    }

    @Test func aSymlinkedFolderIsFollowed() throws {
        let folder = try TemporaryFolder()
        try folder.write("Shared/Common.flow.yml")
        try folder.folder("App")
        try folder.link("App/shared", to: "../Shared")
        #expect(try folder.find(["App"]) == ["App/shared/Common.flow.yml"])
    }

    @Test func danglingLinksAndFifosInFoldersAreSkipped() throws {
        let folder = try TemporaryFolder()
        try folder.write("App.flow.yml")
        try folder.link("Gone.flow.yml", to: "nowhere.flow.yml")
        folder.fifo("Pipe.flow.yml")
        #expect(try folder.find(["."]) == ["App.flow.yml"])
    }

    @Test func pathsThatCannotBeLintedThrow() throws {
        let folder = try TemporaryFolder()
        try folder.folder("Empty")
        try folder.write("Flows/notes.txt")
        folder.fifo("Pipe.flow.yml")
        let base = folder.path
        #expect(throws: LoadError.noSuchPath(base + "/Missing")) { try folder.find(["Missing"]) }
        #expect(throws: LoadError.noSuchPath(base + "/Missing/App.flow.yml")) { try folder.find(["./Missing/App.flow.yml"]) }
        #expect(throws: LoadError.noSuchPath(base + "/Flows/notes.txt/x.flow.yml")) { try folder.find(["Flows/notes.txt/x.flow.yml"]) }
        #expect(throws: LoadError.noSpecs([base + "/Empty", base + "/Flows"])) { try folder.find(["Empty", "Flows"]) }
        #expect(throws: LoadError.notRegularFile(base + "/Pipe.flow.yml")) { try folder.find(["Pipe.flow.yml"]) }
        // The system's folders are refused before anything in them is looked at (README: Limits).
        #expect(throws: LoadError.refused("/dev/null is in /dev, a folder of the system, not of a project: not searched")) {
            try folder.find(["/dev/null"])
        }
    }

    @Test func loadErrorsReadAsOneLine() {
        #expect(LoadError.noSuchPath("Flows").description == "no such file or directory: Flows")
        #expect(LoadError.notRegularFile("p").description == "not a regular file or directory: p")
        #expect(LoadError.unreadable("a", reason: "permission denied").description == "cannot read a: permission denied")
        #expect(LoadError.noSpecs([".", "x"]).description == "no flow specs (*.flow.yml, *.flow.yaml) found in ., x")
    }
}
