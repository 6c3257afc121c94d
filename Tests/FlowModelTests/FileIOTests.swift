import Foundation
import Testing
@testable import FlowModel

@Suite struct FileIOTests {
    let folder: String

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("flowlint-fileio-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    private func entries() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
    }

    @Test func readsARegularFileWholeAndRefusesOthers() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/a.txt"
        try FileIO.writeAtomically("héllo\n", to: path)
        guard case .bytes(let bytes) = try FileIO.read(path, limit: 100) else {
            Issue.record("expected the bytes")
            return
        }
        #expect(String(decoding: bytes, as: UTF8.self) == "héllo\n")
        guard case .tooLarge(let size) = try FileIO.read(path, limit: 3) else {
            Issue.record("expected too large")
            return
        }
        #expect(size == 7)
        #expect(throws: FileError.notRegularFile) { try FileIO.read(folder, limit: 100) }
        #expect(throws: FileError.system("no such file or directory")) { try FileIO.read(folder + "/missing", limit: 100) }
    }

    @Test func replacesAtomicallyKeepingTheModeAndLeavingNoTemporaryFile() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/diagram.svg"
        try FileIO.writeAtomically("old", to: path)
        #expect(chmod(path, 0o640) == 0)
        try FileIO.writeAtomically("new", to: path)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "new")
        let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
        #expect(mode == 0o640)
        #expect(try entries() == ["diagram.svg"])
    }

    @Test func aNewFileGetsTheUsualModeNotMkstemps() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/baseline.json"
        let mask = umask(0o022)
        defer { umask(mask) }
        try FileIO.writeAtomically("{}", to: path)
        let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
        #expect(mode == 0o644)
    }

    @Test func aFailedWriteLeavesTheOldFileAndNoLitter() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/kept.txt"
        try FileIO.writeAtomically("kept", to: path)
        // Renaming a file over a folder fails after the temporary file was written.
        let blocked = folder + "/blocked"
        try FileManager.default.createDirectory(atPath: blocked + "/inside", withIntermediateDirectories: true)
        #expect(throws: FileError.self) { try FileIO.writeAtomically("new", to: blocked) }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "kept")
        #expect(try entries() == ["blocked", "kept.txt"])
        #expect(throws: FileError.self) { try FileIO.writeAtomically("x", to: folder + "/no/such/folder/x") }
    }

    @Test func severalFilesAreWrittenTogetherKeepingTheirModes() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder + "/sub", withIntermediateDirectories: true)
        try FileIO.writeAtomically("old", to: folder + "/kept-mode.yml")
        #expect(chmod(folder + "/kept-mode.yml", 0o640) == 0)
        let files = (0..<40).map { (path: folder + (($0 % 2 == 0) ? "/sub" : "") + "/f\($0).yml", text: "spec \($0)\n") }
        try FileIO.writeAtomically(texts: files + [(folder + "/kept-mode.yml", "new")])
        for file in files { #expect(try String(contentsOfFile: file.path, encoding: .utf8) == file.text) }
        #expect(try String(contentsOfFile: folder + "/kept-mode.yml", encoding: .utf8) == "new")
        #expect(try FileManager.default.attributesOfItem(atPath: folder + "/kept-mode.yml")[.posixPermissions] as? Int == 0o640)
        #expect(try entries().filter { $0.hasPrefix(".") }.isEmpty)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder + "/sub").filter { $0.hasPrefix(".") }.isEmpty)
    }

    @Test func aFileThatCannotBeWrittenLeavesEveryOtherAsItWas() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileIO.writeAtomically("kept a", to: folder + "/a.yml")
        try FileIO.writeAtomically("kept b", to: folder + "/b.yml")
        // The second of three fails (its folder does not exist): the first is not replaced either.
        let error = #expect(throws: FileIO.PathError.self) {
            try FileIO.writeAtomically(texts: [(folder + "/a.yml", "new a"), (folder + "/none/c.yml", "c"), (folder + "/b.yml", "new b")])
        }
        #expect(error?.path == folder + "/none/c.yml")
        #expect(try String(contentsOfFile: folder + "/a.yml", encoding: .utf8) == "kept a")
        #expect(try String(contentsOfFile: folder + "/b.yml", encoding: .utf8) == "kept b")
        #expect(try entries() == ["a.yml", "b.yml"])
    }
}
