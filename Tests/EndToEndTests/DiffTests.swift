import Foundation
import Testing

/// `flowlint diff` through the built binary, on git repositories made here: revisions of `fixtures/diff`
/// committed one after another (a renamed route, a removed trigger that orphans a coordinator, a push turned into a
/// sheet that leaks, then the leak fixed in the working tree), goldens of every format, exit statuses, and a working
/// tree that no diff touches.
@Suite struct DiffTests {
    static let goldens = Flowlint.packageRoot.appendingPathComponent("fixtures/golden/diff")
    static let revisions = Flowlint.packageRoot.appendingPathComponent("fixtures/diff")

    /// Fixed names and dates: the commits, and so the goldens' short hashes, are the same on every run.
    static let gitEnvironment = [
        "GIT_AUTHOR_NAME": "flowlint", "GIT_AUTHOR_EMAIL": "flowlint@example.com", "GIT_AUTHOR_DATE": "2024-01-01T00:00:00Z",
        "GIT_COMMITTER_NAME": "flowlint", "GIT_COMMITTER_EMAIL": "flowlint@example.com", "GIT_COMMITTER_DATE": "2024-01-01T00:00:00Z",
        "GIT_CONFIG_NOSYSTEM": "1", "HOME": "/nonexistent",
    ]

    static let haveGit = (try? Subprocess.run(["git", "--version"], in: Flowlint.packageRoot))?.status == 0

    /// A repository with shop-1 and shop-2 committed as Flows/App.flow.yml (tags `one`, `two`) and shop-3 in the
    /// working tree, uncommitted.
    static func repository() throws -> URL {
        let folder = try Subprocess.temporaryDirectory("diff-repo")
        func git(_ arguments: String...) throws {
            let result = try Subprocess.run(["git"] + arguments, in: folder, environment: gitEnvironment)
            #expect(result.status == 0, "git \(arguments.joined(separator: " ")): \(result.stderr)")
        }
        func place(_ revision: Int) throws {
            let flows = folder.appendingPathComponent("Flows")
            try FileManager.default.createDirectory(at: flows, withIntermediateDirectories: true)
            let text = try String(contentsOf: revisions.appendingPathComponent("shop-\(revision)/App.flow.yml"), encoding: .utf8)
            try text.write(to: flows.appendingPathComponent("App.flow.yml"), atomically: true, encoding: .utf8)
        }
        try git("init", "-q", "-b", "main")
        try place(1)
        try git("add", "Flows")
        try git("commit", "-q", "-m", "one")
        try git("tag", "one")
        try place(2)
        try git("commit", "-q", "-am", "two")
        try git("tag", "two")
        try place(3)
        return folder
    }

    static func status(of repository: URL) throws -> String {
        try Subprocess.run(["git", "status", "--porcelain=v1", "--untracked-files=all"], in: repository, environment: gitEnvironment).stdout
    }

    @Test(
        .enabled(if: haveGit, "needs git"),
        arguments: [
            (["one", "two"], "one-two.txt"), (["one", "two", "--format", "json"], "one-two.json"),
            (["one", "two", "--format", "markdown"], "one-two.md"), (["one", "two", "--format", "sarif"], "one-two.sarif"),
            (["two"], "two-worktree.txt"), (["two", "--format", "markdown"], "two-worktree.md"),
        ])
    func matchesGoldenAndLeavesTheWorkingTreeAlone(arguments: [String], golden: String) throws {
        let repository = try Self.repository()
        defer { try? FileManager.default.removeItem(at: repository) }
        let before = try Self.status(of: repository)
        let result = try Flowlint.run(["diff"] + arguments, in: repository)
        #expect(result.status == 0, "\(result.stderr)")
        try Flowlint.expectGolden(result.stdout, Self.goldens.appendingPathComponent(golden))
        #expect(try Self.status(of: repository) == before, "git status is unchanged after a diff")
        #expect(before == " M Flows/App.flow.yml\n")
        let again = try Flowlint.run(["diff"] + arguments, in: repository)
        #expect(again.stdout == result.stdout, "deterministic")
    }

    @Test(.enabled(if: haveGit, "needs git"))
    func failOnSaysWhetherAnythingIsNewOrChanged() throws {
        let repository = try Self.repository()
        defer { try? FileManager.default.removeItem(at: repository) }
        #expect(try Flowlint.run(["diff", "one", "two", "--fail-on", "new-findings"], in: repository).status == 1)
        #expect(try Flowlint.run(["diff", "one", "two", "--fail-on", "any-change"], in: repository).status == 1)
        // two → working tree only fixes the leak: nothing new, but a change.
        #expect(try Flowlint.run(["diff", "two", "--fail-on", "new-findings"], in: repository).status == 0)
        #expect(try Flowlint.run(["diff", "two", "--fail-on", "any-change"], in: repository).status == 1)
        let same = try Flowlint.run(["diff", "two", "two", "--fail-on", "any-change"], in: repository)
        #expect(same.status == 0)
        #expect(same.stdout.hasSuffix("no navigation change, no new or fixed finding\n"))
    }

    @Test(.enabled(if: haveGit, "needs git"))
    func badRevisionsAndFoldersOutsideARepositoryExitTwo() throws {
        let repository = try Self.repository()
        defer { try? FileManager.default.removeItem(at: repository) }
        let bad = try Flowlint.run(["diff", "nope"], in: repository)
        #expect(bad.status == 2)
        #expect(
            bad.stderr
                == "flowlint: error: unknown revision `nope`: not a commit of this repository (with a shallow clone, fetch the base first)\n"
        )
        let option = try Flowlint.run(["diff", "--", "--output=x"], in: repository)
        #expect(option.status == 2 && option.stderr.contains("is not a revision"))
        let outside = try Subprocess.temporaryDirectory("diff-outside")
        defer { try? FileManager.default.removeItem(at: outside) }
        let none = try Flowlint.run(
            ["diff", "main"], in: outside, environment: ["GIT_CEILING_DIRECTORIES": outside.deletingLastPathComponent().path])
        #expect(none.status == 2)
        #expect(none.stderr.hasPrefix("flowlint: error: ") && none.stderr.contains("is not in a git repository"))
        #expect(none.stderr.split(separator: "\n").count == 1)
    }

    @Test(.enabled(if: haveGit, "needs git"))
    func aBrokenSideExitsTwoWithItsRevision() throws {
        let repository = try Self.repository()
        defer { try? FileManager.default.removeItem(at: repository) }
        let flows = repository.appendingPathComponent("Flows")
        try FileManager.default.removeItem(at: flows.appendingPathComponent("App.flow.yml"))
        let gone = try Flowlint.run(["diff", "two", "--path", "Flows/App.flow.yml"], in: repository)
        #expect(gone.status == 2)
        #expect(gone.stderr == "flowlint: error: working tree: no such file or directory: Flows/App.flow.yml\n")
        // A revision from before the specs: everything is added.
        let early = try Flowlint.run(["diff", "one", "--path", "Docs"], in: repository)
        #expect(early.status == 2 || early.stderr.contains("has no flow specs"))
    }

    /// Each revision is linted under the `.flowlint.yml` it holds, as `flowlint lint` at that revision would be;
    /// `--config` serves both; `exclude:` matches paths below the side's root, not the private folder's.
    @Test(.enabled(if: haveGit, "needs git"))
    func eachRevisionIsLintedUnderItsOwnConfiguration() throws {
        let repository = try Self.repository()
        defer { try? FileManager.default.removeItem(at: repository) }
        func git(_ arguments: String...) throws {
            #expect(try Subprocess.run(["git"] + arguments, in: repository, environment: Self.gitEnvironment).status == 0)
        }
        let configuration = repository.appendingPathComponent(".flowlint.yml")
        try "disabled: [leaked-child]\n".write(to: configuration, atomically: true, encoding: .utf8)
        try git("add", ".flowlint.yml")
        try git("commit", "-q", "-m", "quiet", "--", ".flowlint.yml")
        try git("tag", "quiet")
        try "exclude: [\"Flows/**\"]\n".write(to: configuration, atomically: true, encoding: .utf8)
        try git("commit", "-q", "-m", "excluded", "--", ".flowlint.yml")
        try git("tag", "excluded")
        // two has the leak; quiet disables the rule: the leak is fixed, by configuration.
        let quieted = try Flowlint.run(["diff", "two", "quiet"], in: repository)
        #expect(quieted.status == 0, "\(quieted.stderr)")
        #expect(quieted.stdout.contains("fixed findings:\nFlows/App.flow.yml:27:20: error: Help can be closed by dismiss"))
        #expect(quieted.stdout.hasSuffix("0 changes, 0 reachability changes, 0 new findings, 1 fixed finding\n"))
        // One --config for both sides: nothing changed.
        let empty = repository.appendingPathComponent("empty.yml")
        try "\n".write(to: empty, atomically: true, encoding: .utf8)
        let shared = try Flowlint.run(["diff", "two", "quiet", "--config", empty.path], in: repository)
        #expect(shared.stdout.hasSuffix("no navigation change, no new or fixed finding\n"), "\(shared.stdout)")
        // The excluded revision against the working tree (same configuration, leak fixed in the tree): no finding
        // on either side, although the revision's files sit in a private folder.
        let excluded = try Flowlint.run(["diff", "excluded", "--fail-on", "new-findings"], in: repository)
        #expect(excluded.status == 0, "\(excluded.stdout)\(excluded.stderr)")
        #expect(!excluded.stdout.contains("findings:"), "\(excluded.stdout)")
        // A revision's broken configuration names the revision and the file, not the private folder.
        try "rules: [\n".write(to: configuration, atomically: true, encoding: .utf8)
        try git("commit", "-q", "-m", "broken", "--", ".flowlint.yml")
        try "\n".write(to: configuration, atomically: true, encoding: .utf8)
        let broken = try Flowlint.run(["diff", "HEAD"], in: repository)
        #expect(broken.status == 2)
        #expect(broken.stderr.hasPrefix("flowlint: error: HEAD ("), "\(broken.stderr)")
        #expect(broken.stderr.contains(".flowlint.yml") && !broken.stderr.contains("flowlint-diff-"), "\(broken.stderr)")
    }

    /// From a subfolder of the repository, a revision's specs (read from git's objects) are named from the working
    /// directory as the working tree's are: an unchanged tree is no change at all, not every finding fixed and new.
    @Test(.enabled(if: haveGit, "needs git"))
    func aRevisionSeenFromASubfolderNamesItsFilesAsTheWorkingTreeDoes() throws {
        let repository = try Subprocess.temporaryDirectory("diff-subfolder")
        defer { try? FileManager.default.removeItem(at: repository) }
        let flows = repository.appendingPathComponent("App/Flows")
        try FileManager.default.createDirectory(at: flows, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: Self.revisions.appendingPathComponent("shop-2/App.flow.yml"), to: flows.appendingPathComponent("App.flow.yml"))
        for arguments in [["init", "-q", "-b", "main"], ["add", "App"], ["commit", "-q", "-m", "two"]] {
            #expect(try Subprocess.run(["git"] + arguments, in: repository, environment: Self.gitEnvironment).status == 0)
        }
        let app = repository.appendingPathComponent("App")
        let same = try Flowlint.run(["diff", "HEAD", "--fail-on", "any-change"], in: app)
        #expect(same.status == 0, "\(same.stdout)\(same.stderr)")
        #expect(same.stdout.hasSuffix("no navigation change, no new or fixed finding\n"))
        // The leak fixed in the tree: the fixed finding comes from the revision, named as from App/.
        try FileManager.default.removeItem(at: flows.appendingPathComponent("App.flow.yml"))
        try FileManager.default.copyItem(
            at: Self.revisions.appendingPathComponent("shop-3/App.flow.yml"), to: flows.appendingPathComponent("App.flow.yml"))
        let fixed = try Flowlint.run(["diff", "HEAD", "--path", "Flows"], in: app)
        #expect(fixed.stdout.contains("fixed findings:\nFlows/App.flow.yml:27:20: error: Help can be closed by dismiss"), "\(fixed.stdout)")
    }

    /// An interrupted diff leaves no private folder behind: a `git` that stalls in `cat-file` holds the run while
    /// it is stopped by SIGTERM, and the run still ends by that signal.
    @Test(.enabled(if: haveGit, "needs git"))
    func anInterruptedDiffLeavesNoTemporaryFolder() throws {
        let repository = try Self.repository()
        let scratch = try Subprocess.temporaryDirectory("diff-interrupted")
        defer {
            try? FileManager.default.removeItem(at: repository)
            try? FileManager.default.removeItem(at: scratch)
        }
        let bin = scratch.appendingPathComponent("bin"), temporary = scratch.appendingPathComponent("tmp")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
        let ready = scratch.appendingPathComponent("stalled").path, release = scratch.appendingPathComponent("release").path
        let realGit = try Subprocess.run(["sh", "-c", "command -v git"], in: repository).stdout.trimmingCharacters(
            in: .whitespacesAndNewlines)
        // Stalls until the test lets it go (at most 20 s), then fails. It must end: Foundation sees the run end
        // only once every process holding its descriptors has.
        let fake = """
            #!/bin/sh
            case " $* " in *" cat-file "*) : > "\(ready)"; i=0; while [ ! -e "\(release)" ] && [ $i -lt 400 ]; do sleep 0.05; i=$((i+1)); done; exit 1 ;; esac
            exec "\(realGit)" "$@"
            """
        let git = bin.appendingPathComponent("git")
        try fake.write(to: git, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: git.path)
        let process = Process()
        process.executableURL = Flowlint.binary
        process.arguments = ["diff", "one", "two"]
        process.currentDirectoryURL = repository
        var environment = ProcessInfo.processInfo.environment
        environment["PATH"] = bin.path + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
        environment["TMPDIR"] = temporary.path
        process.environment = environment
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(30)
        while !FileManager.default.fileExists(atPath: ready), process.isRunning, Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
        #expect(FileManager.default.fileExists(atPath: ready), "git cat-file was reached")
        #expect(try !FileManager.default.contentsOfDirectory(atPath: temporary.path).isEmpty, "the revision's folder exists")
        process.terminate()
        Thread.sleep(forTimeInterval: 0.2)
        _ = FileManager.default.createFile(atPath: release, contents: nil)
        process.waitUntilExit()
        #expect(process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGTERM)
        #expect(try FileManager.default.contentsOfDirectory(atPath: temporary.path) == [])
    }

    @Test func twoFoldersCompareLikeTwoRevisions() throws {
        let result = try Flowlint.run(["diff", "fixtures/diff/shop-1", "fixtures/diff/shop-2"])
        #expect(result.status == 0, "\(result.stderr)")
        try Flowlint.expectGolden(result.stdout, Self.goldens.appendingPathComponent("folders.txt"))
        let mixed = try Flowlint.run(["diff", "fixtures/diff/shop-1", "main"])
        #expect(mixed.status == 2)
        #expect(
            mixed.stderr == "flowlint: error: `fixtures/diff/shop-1` is a folder but `main` is not: compare two folders, or two revisions\n"
        )
    }

    @Test func theMarkdownDiagramIsMermaidTheProjectsWriterWouldWrite() throws {
        let result = try Flowlint.run(["diff", "fixtures/diff/shop-1", "fixtures/diff/shop-2", "--format", "markdown"])
        let text = result.stdout
        let diagram = try #require(text.components(separatedBy: "```mermaid\n").dropFirst().first?.components(separatedBy: "\n```").first)
        let lines = diagram.split(separator: "\n")
        #expect(lines.first == "%% Drawn by flowlint diff: the changed coordinators and their neighbours.")
        #expect(lines.dropFirst().first == "flowchart TB")
        // Every subgraph is closed, every link drawn is styled once, and labels carry no Mermaid syntax.
        #expect(lines.count { $0.hasPrefix("  subgraph ") } == lines.count { $0 == "  end" })
        let links = lines.count { !$0.hasPrefix("  linkStyle") && ($0.contains(" -->") || $0.contains(" -.->")) }
        let styled = lines.filter { $0.hasPrefix("  linkStyle ") }.flatMap { $0.split(separator: " ")[1].split(separator: ",") }.compactMap
        { Int($0) }
        #expect(styled.sorted() == Array(0..<links))
        #expect(diagram.contains("-.->"), "a removed edge is dashed")
        #expect(diagram.contains("classDef added stroke:#1a7f37"))
    }

    /// The Swift reader reads the code at each revision: a push turned into a presentation in code is the same
    /// change a spec edit is, and its new finding carries its path.
    @Test(.enabled(if: haveGit, "needs git"))
    func theSameChangeSeenFromCode() throws {
        let folder = try Subprocess.temporaryDirectory("diff-code")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.copyItem(
            at: Flowlint.packageRoot.appendingPathComponent("fixtures/extract/uikit/sample-app/Sources"),
            to: folder.appendingPathComponent("Sources"))
        for arguments in [["init", "-q", "-b", "main"], ["add", "Sources"], ["commit", "-q", "-m", "one"]] {
            #expect(try Subprocess.run(["git"] + arguments, in: folder, environment: Self.gitEnvironment).status == 0)
        }
        let shelf = folder.appendingPathComponent("Sources/ShelfCoordinator.swift")
        let code = try String(contentsOf: shelf, encoding: .utf8)
        try code.replacingOccurrences(
            of: "navigationController.pushViewController(book, animated: true)",
            with: "navigationController.present(book, animated: true)"
        ).write(to: shelf, atomically: true, encoding: .utf8)
        let result = try Flowlint.run(["diff", "HEAD", "--sources", "Sources"], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("  ~ `ShelfCoordinator.showBook`: transition `push` → `present` (sheet)\n"))
        #expect(result.stdout.contains("Sources/ShelfCoordinator.swift:63:9: note: path: ShelfCoordinator.showBook\n"))
        #expect(try Self.status(of: folder) == " M Sources/ShelfCoordinator.swift\n")
    }
}
