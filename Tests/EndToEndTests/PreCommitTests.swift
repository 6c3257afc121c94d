import Foundation
import Testing

/// The hooks, end to end in throwaway git repositories: `.pre-commit-hooks.yaml` through the real `pre-commit`
/// from PyPI, and the plain git hook of `scripts/install-git-hook`. Both use the flowlint built for the tests.
@Suite struct PreCommitTests {
    static let cleanSpec = """
        version: 1
        entry: App
        coordinators:
          App:
            kind: navigation
            initial: home
            routes:
              home: { screen: HomeViewController, triggers: [detail] }
              detail: { transition: push, screen: DetailViewController }

        """
    /// A second file with a schema error: flowlint exits 1.
    static let brokenSpec = """
        version: 1
        coordinators:
          Settings:
            kind: navigaton
            initial: list
            routes:
              list: { screen: SettingsViewController }

        """

    /// A scratch folder with git configured only by the test (no global hooksPath or signing can interfere).
    struct Sandbox {
        let root: URL
        let environment: [String: String]

        init() throws {
            root = try Subprocess.temporaryDirectory("hooks")
            let gitConfig = root.appendingPathComponent("gitconfig")
            try "[user]\n\tname = flowlint tests\n\temail = tests@flowlint.invalid\n[init]\n\tdefaultBranch = main\n"
                .write(to: gitConfig, atomically: true, encoding: .utf8)
            let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
            environment = [
                "GIT_CONFIG_GLOBAL": gitConfig.path, "GIT_CONFIG_NOSYSTEM": "1",
                "PRE_COMMIT_HOME": root.appendingPathComponent("pre-commit-cache").path,
                // The built flowlint first on PATH, as an installed one would be.
                "PATH": Flowlint.binary.deletingLastPathComponent().path + ":" + path,
                "NO_COLOR": "1", "PRE_COMMIT_COLOR": "never",
            ]
        }

        func run(_ arguments: [String], in directory: URL, extra: [String: String] = [:]) throws -> Flowlint.Result {
            try Subprocess.run(arguments, in: directory, environment: environment.merging(extra) { $1 })
        }

        @discardableResult
        func git(_ arguments: [String], in directory: URL) throws -> Flowlint.Result {
            let result = try run(["git"] + arguments, in: directory)
            #expect(result.status == 0, "git \(arguments.joined(separator: " ")): \(result.stderr)")
            return result
        }

        func write(_ text: String, to name: String, in directory: URL) throws {
            let file = directory.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: file, atomically: true, encoding: .utf8)
        }

        /// A new app repository with one commit-free spec folder.
        func app() throws -> URL {
            let app = root.appendingPathComponent("app")
            try FileManager.default.createDirectory(at: app, withIntermediateDirectories: true)
            try git(["init", "-q"], in: app)
            try write(PreCommitTests.cleanSpec, to: "Flows/App.flow.yml", in: app)
            try write("# The app\n", to: "README.md", in: app)
            return app
        }

        func commitCount(in directory: URL) throws -> Int {
            let result = try run(["git", "rev-list", "--count", "HEAD"], in: directory)
            return Int(result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0
        }

        /// This repository as a hook repository: a clone, with the working tree's `.pre-commit-hooks.yaml`
        /// committed on top when it differs (so the test checks the manifest being edited, not the last commit).
        func hookRepository() throws -> (url: URL, revision: String) {
            let hooks = root.appendingPathComponent("flowlint-hooks")
            let manifest = Flowlint.packageRoot.appendingPathComponent(".pre-commit-hooks.yaml")
            if FileManager.default.fileExists(atPath: Flowlint.packageRoot.appendingPathComponent(".git").path) {
                try git(["clone", "-q", Flowlint.packageRoot.path, hooks.path], in: root)
            } else {
                try FileManager.default.createDirectory(at: hooks, withIntermediateDirectories: true)
                try git(["init", "-q"], in: hooks)
            }
            try? FileManager.default.removeItem(at: hooks.appendingPathComponent(".pre-commit-hooks.yaml"))
            try FileManager.default.copyItem(at: manifest, to: hooks.appendingPathComponent(".pre-commit-hooks.yaml"))
            try git(["add", ".pre-commit-hooks.yaml"], in: hooks)
            if try run(["git", "diff", "--cached", "--quiet"], in: hooks).status != 0 {
                try git(["commit", "-q", "-m", "hooks as in the working tree"], in: hooks)
            }
            let revision = try git(["rev-parse", "HEAD"], in: hooks).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
            return (hooks, revision)
        }
    }

    @Test(.enabled(if: PythonTools.have("pre_commit"), "needs pre-commit"), .timeLimit(.minutes(2)))
    func preCommitFrameworkLintsTheWholeProjectWhenASpecChanges() throws {
        let sandbox = try Sandbox()
        defer { try? FileManager.default.removeItem(at: sandbox.root) }
        let (hooks, revision) = try sandbox.hookRepository()
        let app = try sandbox.app()
        try sandbox.write(
            """
            repos:
              - repo: \(hooks.path)
                rev: \(revision)
                hooks:
                  - id: flowlint-system

            """, to: ".pre-commit-config.yaml", in: app)
        let install = try sandbox.run(["python3", "-m", "pre_commit", "install"], in: app)
        #expect(install.status == 0, "\(install.stdout)\(install.stderr)")

        // A clean spec: the hook runs and passes.
        try sandbox.git(["add", "-A"], in: app)
        let first = try sandbox.run(["git", "commit", "-m", "clean flows"], in: app)
        #expect(first.status == 0, "\(first.stdout)\(first.stderr)")
        #expect(first.output.contains("flowlint") && first.output.contains("Passed"), "\(first.output)")

        // No spec in the commit: the hook is skipped.
        try sandbox.write("# The app\n\nWith flows.\n", to: "README.md", in: app)
        try sandbox.git(["add", "-A"], in: app)
        let docs = try sandbox.run(["git", "commit", "-m", "docs"], in: app)
        #expect(docs.status == 0)
        #expect(docs.output.contains("(no files to check)Skipped"), "\(docs.output)")

        // A broken spec: the commit is refused, with flowlint's findings in the output.
        try sandbox.write(Self.brokenSpec, to: "Flows/Settings.flow.yml", in: app)
        try sandbox.git(["add", "-A"], in: app)
        let commits = try sandbox.commitCount(in: app)
        let broken = try sandbox.run(["git", "commit", "-m", "broken settings"], in: app)
        #expect(broken.status != 0)
        #expect(broken.output.contains("Failed"), "\(broken.output)")
        #expect(
            broken.output.contains("Flows/Settings.flow.yml:4:11: error: unknown kind `navigaton`; did you mean `navigation`? [schema]"),
            "\(broken.output)")
        #expect(try sandbox.commitCount(in: app) == commits)

        // Committed anyway; then a change to another spec alone still fails: specs reference each other.
        try sandbox.git(["commit", "-q", "--no-verify", "-m", "broken settings, on purpose"], in: app)
        try sandbox.write(Self.cleanSpec + "# reviewed\n", to: "Flows/App.flow.yml", in: app)
        try sandbox.git(["add", "-A"], in: app)
        let other = try sandbox.run(["git", "commit", "-m", "touch App only"], in: app)
        #expect(other.status != 0)
        #expect(other.output.contains("Flows/Settings.flow.yml:4:11: error:"), "\(other.output)")
    }

    @Test(.timeLimit(.minutes(1)))
    func installGitHookLintsOnCommitsThatTouchSpecs() throws {
        let sandbox = try Sandbox()
        defer { try? FileManager.default.removeItem(at: sandbox.root) }
        let app = try sandbox.app()
        let installer = Flowlint.packageRoot.appendingPathComponent("scripts/install-git-hook").path
        let install = try sandbox.run([installer, "Flows/", "--quiet"], in: app)
        #expect(install.status == 0, "\(install.stderr)")
        #expect(install.stderr.contains("installed"))

        try sandbox.git(["add", "-A"], in: app)
        #expect(try sandbox.run(["git", "commit", "-q", "-m", "clean flows"], in: app).status == 0)

        try sandbox.write(Self.brokenSpec, to: "Flows/Settings.flow.yml", in: app)
        try sandbox.git(["add", "-A"], in: app)
        let broken = try sandbox.run(["git", "commit", "-q", "-m", "broken"], in: app)
        #expect(broken.status == 1)
        #expect(broken.output.contains("Flows/Settings.flow.yml:4:11: error: unknown kind `navigaton`"), "\(broken.output)")
        #expect(try sandbox.commitCount(in: app) == 1)

        // flowlint named by FLOWLINT when it is not on PATH; a missing flowlint is said plainly.
        let noFlowlintPath = "/usr/bin:/bin"
        let named = try sandbox.run(
            ["git", "commit", "-q", "-m", "broken"], in: app,
            extra: ["PATH": noFlowlintPath, "FLOWLINT": Flowlint.binary.path])
        #expect(named.status == 1 && named.output.contains("[schema]"))
        let missing = try sandbox.run(["git", "commit", "-q", "-m", "broken"], in: app, extra: ["PATH": noFlowlintPath])
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("flowlint pre-commit hook: flowlint not found"), "\(missing.stderr)")

        // Commits without a spec are not linted.
        try sandbox.git(["commit", "-q", "--no-verify", "-m", "broken, on purpose"], in: app)
        try sandbox.write("# The app\n\nDocs.\n", to: "README.md", in: app)
        try sandbox.git(["add", "README.md"], in: app)
        #expect(try sandbox.run(["git", "commit", "-q", "-m", "docs"], in: app).status == 0)
    }

    /// With `--sources`, a commit that changes Swift code under the sources lints too: code that drifted from the
    /// committed spec is stopped; Swift files elsewhere do not run it.
    @Test(.timeLimit(.minutes(1)))
    func installGitHookLintsOnCommitsThatTouchSwiftSources() throws {
        let sandbox = try Sandbox()
        defer { try? FileManager.default.removeItem(at: sandbox.root) }
        let app = try sandbox.app()
        let drift = Flowlint.packageRoot.appendingPathComponent("fixtures/drift")
        try FileManager.default.removeItem(at: app.appendingPathComponent("Flows/App.flow.yml"))
        try FileManager.default.copyItem(
            at: drift.appendingPathComponent("agreeing/Library.flow.yml"),
            to: app.appendingPathComponent("Flows/Library.flow.yml"))
        try FileManager.default.copyItem(at: drift.appendingPathComponent("Sources"), to: app.appendingPathComponent("App/Sources"))
        let installer = Flowlint.packageRoot.appendingPathComponent("scripts/install-git-hook").path
        #expect(try sandbox.run([installer, "Flows/", "--sources", "./App/Sources/"], in: app).status == 0)
        try sandbox.git(["add", "-A"], in: app)
        #expect(try sandbox.run(["git", "commit", "-q", "-m", "app and its spec"], in: app).status == 0)

        // The search screen is pushed now; the spec still presents it.
        let library = app.appendingPathComponent("App/Sources/LibraryCoordinator.swift")
        try String(contentsOf: library, encoding: .utf8)
            .replacingOccurrences(
                of: "navigationController.present(search, animated: true)",
                with: "navigationController.pushViewController(search, animated: true)"
            )
            .write(to: library, atomically: true, encoding: .utf8)
        try sandbox.git(["add", "-A"], in: app)
        let drifted = try sandbox.run(["git", "commit", "-q", "-m", "push search"], in: app)
        #expect(drifted.status == 1)
        #expect(drifted.output.contains("`LibraryCoordinator.showSearch` is pushed in code"), "\(drifted.output)")
        #expect(try sandbox.commitCount(in: app) == 1)

        // Swift outside the sources is not linted (the drifted change is committed past the hook first).
        try sandbox.git(["commit", "-q", "--no-verify", "-m", "push search, spec later"], in: app)
        try sandbox.write("// A script.\n", to: "Tools/Script.swift", in: app)
        try sandbox.git(["add", "-A"], in: app)
        #expect(try sandbox.run(["git", "commit", "-q", "-m", "tools"], in: app).status == 0)
    }

    @Test func installGitHookKeepsAForeignHook() throws {
        let sandbox = try Sandbox()
        defer { try? FileManager.default.removeItem(at: sandbox.root) }
        let app = try sandbox.app()
        let installer = Flowlint.packageRoot.appendingPathComponent("scripts/install-git-hook").path
        let hook = app.appendingPathComponent(".git/hooks/pre-commit")
        try "#!/bin/sh\necho theirs\n".write(to: hook, atomically: true, encoding: .utf8)
        let refused = try sandbox.run([installer], in: app)
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("exists and is not flowlint's"))
        #expect(try String(contentsOf: hook, encoding: .utf8) == "#!/bin/sh\necho theirs\n")
        let forced = try sandbox.run([installer, "--force"], in: app)
        #expect(forced.status == 0)
        #expect(try String(contentsOf: hook, encoding: .utf8).contains("# flowlint pre-commit hook"))
        #expect(FileManager.default.fileExists(atPath: hook.path + ".before-flowlint"))
        // Its own hook is replaced without --force.
        #expect(try sandbox.run([installer, "Flows/"], in: app).status == 0)
    }
}

extension Flowlint.Result {
    /// Both streams: git shows a hook's output on stderr, pre-commit on stdout.
    var output: String { stdout + stderr }
}
