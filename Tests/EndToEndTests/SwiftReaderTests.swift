import Foundation
import Testing

/// Issue 24, the reader's side, through the built binary: every Swift input ends in a note or a spec, never
/// a crash or a wait, and nothing is skipped without a located note saying why. Inputs are made here.
@Suite struct SwiftReaderTests {
    typealias Folder = HostileInputTests.Folder

    static let coordinator = """
        final class AppCoordinator: Coordinator {
            func start() { navigationController.pushViewController(HomeViewController(), animated: true) }
        }

        """

    static func extract(_ arguments: [String], in folder: Folder) throws -> Flowlint.Result {
        try Flowlint.run(["extract"] + arguments + ["-o", "Flows"], in: folder.url, timeout: 30)
    }

    static func notes(_ result: Flowlint.Result) -> [String] {
        result.stderr.split(separator: "\n").map(String.init).filter { $0.hasSuffix("[unreadable]") }
    }

    @Test func linkedFoldersAndFilesAreReadAndALinkLoopEnds() throws {
        let folder = try Folder()
        try folder.write("elsewhere/Sources/App.swift", Self.coordinator)
        try folder.write("elsewhere/Other.swift", Self.coordinator.replacingOccurrences(of: "AppCoordinator", with: "OtherCoordinator"))
        try folder.folder("project")
        try folder.link("project/Sources", to: "../elsewhere/Sources")
        try folder.link("project/Other.swift", to: "../elsewhere/Other.swift")
        try folder.link("elsewhere/Sources/loop", to: "../../project")
        let result = try Self.extract(["project"], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(Self.notes(result).isEmpty, "\(result.stderr)")
        #expect(result.stderr.contains("2 spec files written"), "\(result.stderr)")
    }

    @Test func everySkippedFileIsALocatedNoteWithItsReason() throws {
        let folder = try Folder()
        try folder.write("src/App.swift", Self.coordinator)
        try folder.link("src/Gone.swift", to: "nowhere.swift")
        try folder.fifo("src/Pipe.swift")
        try folder.write("src/Latin1.swift", Data("// caf".utf8) + Data([0xE9]) + Data("\nlet x = 1\n".utf8))
        let big = folder.url.appendingPathComponent("src/Big.swift").path
        #expect(FileManager.default.createFile(atPath: big, contents: nil))
        #expect(truncate(big, 8 << 20 + 1) == 0)
        // A name that is not UTF-8: made with the raw bytes, as a Latin-1 file system would hold it.
        let raw = Array(folder.url.appendingPathComponent("src/Caf").path.utf8) + [0xE9] + Array(".swift".utf8) + [0]
        let descriptor = raw.withUnsafeBufferPointer {
            $0.withMemoryRebound(to: CChar.self) { open($0.baseAddress!, O_CREAT | O_WRONLY, 0o644) }
        }
        try #require(descriptor >= 0)
        close(descriptor)
        if getuid() != 0 {  // root reads everything
            try folder.write("src/Locked.swift", Self.coordinator)
            chmod(folder.url.appendingPathComponent("src/Locked.swift").path, 0)
            try folder.write("src/Closed/Inner.swift", Self.coordinator)
            chmod(folder.url.appendingPathComponent("src/Closed").path, 0)
        }
        defer { chmod(folder.url.appendingPathComponent("src/Closed").path, 0o755) }

        let result = try Self.extract(["src"], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        let notes = Self.notes(result)
        #expect(notes.contains("src/Gone.swift:1:1: note: not read: no such file or directory (a symbolic link to nothing?) [unreadable]"))
        #expect(notes.contains("src/Pipe.swift:1:1: note: not read: a FIFO, not a regular file [unreadable]"))
        #expect(notes.contains("src/Big.swift:1:1: note: not read: 8388609 bytes, more than the 8 MiB a Swift file may have [unreadable]"))
        #expect(notes.contains("src/Latin1.swift:1:7: note: not read: not UTF-8 text (the byte 0xE9 here) [unreadable]"))
        #expect(notes.contains("src/Caf\u{FFFD}.swift:1:1: note: not read: the name is not UTF-8 [unreadable]"))
        if getuid() != 0 {
            #expect(notes.contains("src/Locked.swift:1:1: note: not read: permission denied [unreadable]"))
            #expect(notes.contains("src/Closed:1:1: note: not read: cannot list the folder: permission denied [unreadable]"))
        }
        #expect(result.stderr.contains("1 spec file written"), "App.swift is still extracted")
    }

    @Test func aFolderOfOnlyUnreadableSwiftSaysWhyInsteadOfNoSwiftFiles() throws {
        let folder = try Folder()
        try folder.folder("src")
        try folder.fifo("src/Pipe.swift")
        let result = try Self.extract(["src"], in: folder)
        #expect(Self.notes(result) == ["src/Pipe.swift:1:1: note: not read: a FIFO, not a regular file [unreadable]"])
    }

    /// The issue's reproductions: each crashed (SIGSEGV), ran for minutes or took gigabytes.
    static let hostile: [(name: String, text: String)] = [
        ("generics", "let v = " + String(repeating: "A<", count: 2_000) + "Int" + String(repeating: ">", count: 2_000) + "()\n"),
        ("try", "let v = " + String(repeating: "try ", count: 40_000) + "x\n"),
        ("force unwraps", "let v = x" + String(repeating: "!", count: 60_000) + "\n"),
        ("function types", "let v: " + String(repeating: "(Int) -> ", count: 5_000) + "Int\n"),
        ("members", "let v = x" + String(repeating: ".a", count: 100_000) + "\n"),
        ("brackets between comments", "let v = " + String(repeating: "[/**/", count: 30) + "1" + String(repeating: "]", count: 30) + "\n"),
        ("call chain, 80 KB", "func f() { x" + String(repeating: ".a()", count: 20_000) + " }\n"),
        (
            "nested interpolation, 50 KB",
            "let v = " + String(repeating: "\"\\(", count: 8_000) + "1" + String(repeating: ")\"", count: 8_000) + "\n"
        ),
    ]

    /// Issue 24: one coordinator starting 26,000 children took 66 s, copying and searching its routes per child. Speed
    /// is scripts/bench's; this checks that every child of a wide coordinator is read, in order, with the transition
    /// its start() makes.
    @Test func aCoordinatorStartingThousandsOfChildrenHasARouteForEach() throws {
        let count = 3_000
        let folder = try Folder()
        var parent = """
            protocol Coordinator: AnyObject { func start() }
            final class HomeViewController: UIViewController {}
            final class AppCoordinator: Coordinator {
                private var childCoordinators: [Coordinator] = []
                let navigationController = UINavigationController()
                func start() { navigationController.pushViewController(HomeViewController(), animated: true) }

            """
        var children = ""
        for index in 0..<count {
            parent += "    func s\(index)() { let c = C\(index)Coordinator(); childCoordinators.append(c); c.start() }\n"
            let start =
                index.isMultiple(of: 2)
                ? "nav.pushViewController(HomeViewController(), animated: true)" : "nav.present(HomeViewController(), animated: true)"
            children += "final class C\(index)Coordinator: Coordinator { let nav = UINavigationController(); func start() { \(start) } }\n"
        }
        try folder.write("src/App.swift", parent + "}\n")
        try folder.write("src/Children.swift", children)
        let result = try Flowlint.run(["extract", "src", "--format", "json"], in: folder.url, timeout: 120)
        #expect(result.status == 0, "\(result.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let coordinators = try #require(json["coordinators"] as? [[String: Any]])
        let app = try #require(coordinators.first { ($0["name"] as? [String: Any])?["value"] as? String == "AppCoordinator" })
        let routes = try #require(app["routes"] as? [[String: Any]])
        let started = routes.compactMap { route -> (String, String)? in
            guard let child = (route["coordinator"] as? [String: Any])?["value"] as? String,
                let transition = (route["transition"] as? [String: Any])?["value"] as? String
            else { return nil }
            return (child, transition)
        }
        #expect(started.count == count)
        #expect(started.map(\.0) == (0..<count).map { "C\($0)Coordinator" })
        #expect(started.map(\.1) == (0..<count).map { $0.isMultiple(of: 2) ? "push" : "present" })
    }

    @Test(arguments: hostile.indices)
    func whatBrokeTheReaderIsANoteAndTheRestIsExtracted(index: Int) throws {
        let (name, text) = Self.hostile[index]
        let folder = try Folder()
        try folder.write("src/App.swift", Self.coordinator)
        try folder.write("src/Hostile.swift", text)
        let result = try Self.extract(["src"], in: folder)
        #expect(result.status == 0, "\(name): \(result.stderr)")
        let notes = Self.notes(result)
        #expect(notes.count == 1 && notes[0].hasPrefix("src/Hostile.swift:1:"), "\(name): \(result.stderr)")
        #expect(result.stderr.contains("1 spec file written"), "\(name)")
    }
}
