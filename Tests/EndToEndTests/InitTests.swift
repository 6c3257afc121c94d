import Foundation
import Testing

/// `flowlint init` sets up an app folder that lints clean, and never replaces a file.
@Suite struct InitTests {
    @Test func writesAConfigurationAndAStarterSpecThatLintClean() throws {
        let folder = try Subprocess.temporaryDirectory("init")
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try Flowlint.run(["init"], in: folder)
        #expect(result.status == 0)
        #expect(result.stdout == "wrote .flowlint.yml\nwrote Flows/App.flow.yml\n")
        let configuration = try String(contentsOf: folder.appendingPathComponent(".flowlint.yml"), encoding: .utf8)
        #expect(configuration.contains("# "), "the configuration explains itself")
        // The lint run reads the written .flowlint.yml from its working directory: a bad one would exit 2.
        let lint = try Flowlint.run(["lint"], in: folder)
        #expect(lint.status == 0 && lint.stdout.isEmpty && lint.stderr == "flowlint: no findings in 1 file\n", "\(lint)")
        let strict = try Flowlint.run(["lint", "--strict", "--config", ".flowlint.yml", "Flows"], in: folder)
        #expect(strict.status == 0, "\(strict)")
        // No temporary file is left beside what was written.
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("Flows").path) == ["App.flow.yml"])
    }

    @Test func writesIntoTheFolderItIsGiven() throws {
        let folder = try Subprocess.temporaryDirectory("init-folder")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("MyApp"), withIntermediateDirectories: false)
        let result = try Flowlint.run(["init", "MyApp"], in: folder)
        #expect(result.status == 0)
        #expect(result.stdout == "wrote MyApp/.flowlint.yml\nwrote MyApp/Flows/App.flow.yml\n")
        #expect(try Flowlint.run(["lint", "MyApp/Flows"], in: folder).status == 0)
    }

    @Test(arguments: [".flowlint.yml", "Flows/App.flow.yml"])
    func refusesToReplaceAFileAndWritesNothing(existing: String) throws {
        let folder = try Subprocess.temporaryDirectory("init-existing")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("Flows"), withIntermediateDirectories: false)
        try "mine\n".write(to: folder.appendingPathComponent(existing), atomically: true, encoding: .utf8)
        let result = try Flowlint.run(["init"], in: folder)
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr == "flowlint: error: \(existing) already exists; flowlint init does not replace files\n")
        #expect(try String(contentsOf: folder.appendingPathComponent(existing), encoding: .utf8) == "mine\n")
        let other = existing == ".flowlint.yml" ? "Flows/App.flow.yml" : ".flowlint.yml"
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent(other).path), "nothing is written")
    }

    @Test func aFileWhereTheSpecFolderGoesIsOneLineAndExit2() throws {
        let folder = try Subprocess.temporaryDirectory("init-flows-file")
        defer { try? FileManager.default.removeItem(at: folder) }
        try "".write(to: folder.appendingPathComponent("Flows"), atomically: true, encoding: .utf8)
        let result = try Flowlint.run(["init"], in: folder)
        #expect(result.status == 2)
        #expect(result.stderr.split(separator: "\n").count == 1 && result.stderr.contains("Flows"), "\(result.stderr)")
    }

    @Test func aMissingFolderIsOneLineAndExit2() throws {
        let folder = try Subprocess.temporaryDirectory("init-missing")
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try Flowlint.run(["init", "NoSuchApp"], in: folder)
        #expect(result.status == 2)
        #expect(result.stderr == "flowlint: error: cannot create NoSuchApp/Flows: no such file or directory\n")
    }
}

/// Issue 24: `init` writes both files or neither, and an empty folder name is a usage error, never `/`.
@Suite struct InitAllOrNothingTests {
    @Test func aSpecFolderThatCannotBeWrittenLeavesNothingBehind() throws {
        let folder = try Subprocess.temporaryDirectory("init-read-only")
        defer { try? FileManager.default.removeItem(at: folder) }
        // A folder nobody can create files in, root included (the tests may run as root, which ignores modes).
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("Flows").path, withDestinationPath: "/proc")
        let result = try Flowlint.run(["init"], in: folder)
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        #expect(
            result.stderr.hasPrefix("flowlint: error: cannot write Flows/App.flow.yml: ")
                && result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["Flows"], "nothing is written")
    }

    @Test func anEmptyFolderNameIsAUsageError() throws {
        let folder = try Subprocess.temporaryDirectory("init-empty")
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try Flowlint.run(["init", ""], in: folder)
        #expect(result.status == 2)
        #expect(result.stderr.contains("not an empty string"), "\(result.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }
}
