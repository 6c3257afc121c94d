import Foundation
import Testing

/// What docs/guide/ci-editors.md promises about shell completions and the pre-commit `rev:`.
@Suite struct CompletionAndPinTests {
    @Test(arguments: ["bash", "zsh", "fish"])
    func completionScriptNamesEverySubcommand(shell: String) throws {
        let result = try Flowlint.run(["--generate-completion-script", shell])
        #expect(result.status == 0 && result.stderr.isEmpty)
        for subcommand in ["lint", "graph", "rules", "explain", "init"] {
            #expect(result.stdout.contains(subcommand), "\(shell) completion lacks `\(subcommand)`")
        }
        #expect(result.stdout.contains("--baseline"), "options of `lint` are completed too")
    }

    static let isGitCheckout = FileManager.default.fileExists(atPath: Flowlint.packageRoot.appendingPathComponent(".git").path)

    /// The pre-commit example of docs/guide/ci-editors.md pins a revision pre-commit can check out: a full commit of this repository
    /// that has the hook manifest.
    @Test(.enabled(if: isGitCheckout, "needs the git history"))
    func preCommitExamplePinsACommitWithTheHookManifest() throws {
        let guide = try String(contentsOf: Flowlint.packageRoot.appendingPathComponent("docs/guide/ci-editors.md"), encoding: .utf8)
        let line = try #require(guide.split(separator: "\n").first { $0.trimmingCharacters(in: .whitespaces).hasPrefix("rev: ") })
        let rev = String(line.trimmingCharacters(in: .whitespaces).dropFirst("rev: ".count).prefix { $0 != " " })
        #expect(rev.count == 40 && rev.allSatisfy(\.isHexDigit), "`rev: \(rev)` is not a full commit hash")
        let result = try Subprocess.run(["git", "cat-file", "-e", "\(rev):.pre-commit-hooks.yaml"], in: Flowlint.packageRoot)
        #expect(result.status == 0, "\(rev) is not a commit of this repository with .pre-commit-hooks.yaml: \(result.stderr)")
    }
}
