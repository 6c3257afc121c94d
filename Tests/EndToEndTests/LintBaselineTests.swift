import Foundation
import Testing

/// `--write-baseline` and `--baseline` on a copy of `fixtures/reporters/project`, edited the way a team edits specs.
@Suite struct LintBaselineTests {
    /// A scratch copy of the reporter project, which the caller removes.
    private func project() throws -> URL {
        let directory = try Subprocess.temporaryDirectory("baseline")
        let source = ReporterTests.fixtures.appendingPathComponent("project")
        for name in try FileManager.default.contentsOfDirectory(atPath: source.path) {
            try FileManager.default.copyItem(at: source.appendingPathComponent(name), to: directory.appendingPathComponent(name))
        }
        return directory
    }

    private func edit(_ file: URL, _ change: (String) -> String) throws {
        try change(try String(contentsOf: file, encoding: .utf8)).write(to: file, atomically: true, encoding: .utf8)
    }

    @Test func adoptionPath() throws {
        let directory = try project()
        defer { try? FileManager.default.removeItem(at: directory) }

        let recorded = try Flowlint.run(["lint", "--write-baseline", "flowlint-baseline.json"], in: directory)
        #expect(recorded.status == 0, "writing a baseline reports as usual, and succeeds: the findings are what it records")
        #expect(recorded.stdout.contains("error:"))
        #expect(recorded.stderr.hasSuffix("flowlint: recorded 7 findings in flowlint-baseline.json\n"))
        let baseline = try String(contentsOf: directory.appendingPathComponent("flowlint-baseline.json"), encoding: .utf8)
        #expect(!baseline.contains("\"line\""), "keys hold no line numbers")

        let clean = try Flowlint.run(["lint", "--baseline", "flowlint-baseline.json"], in: directory)
        #expect(clean.status == 0)
        #expect(clean.stdout.isEmpty)
        #expect(clean.stderr == "flowlint: no findings in 4 files (7 baselined)\n")

        // Lines move: a comment and a blank line above everything, and a new route above the baselined ones.
        let app = directory.appendingPathComponent("App.flow.yml")
        try edit(app) {
            "# The root flow.\n\n"
                + $0.replacingOccurrences(
                    of: "    routes:\n",
                    with: """
                            routes:
                              help:
                                transition: present
                                screen: HelpViewController

                        """)
        }
        let moved = try Flowlint.run(["lint", "--baseline", "flowlint-baseline.json"], in: directory)
        #expect(moved.stdout.hasPrefix("App.flow.yml:12:7: warning: route `help` of App is never reached"), "\(moved.stdout)")
        #expect(moved.stdout.split(separator: "\n").count == 1, "only the new finding: \(moved.stdout)")
        #expect(moved.status == 0, "a new warning does not fail without --strict")

        // A fixed finding: the trapped screen gets a way out; the rewritten baseline forgets it.
        let auth = directory.appendingPathComponent("Auth.flow.yml")
        try edit(auth) { $0.replacingOccurrences(of: "style: fullScreen", with: "style: sheet") }
        let rewritten = try Flowlint.run(
            ["lint", "--baseline", "flowlint-baseline.json", "--write-baseline", "flowlint-baseline.json"], in: directory)
        #expect(rewritten.stderr.contains("flowlint: recorded 7 findings in flowlint-baseline.json"))
        let after = try String(contentsOf: directory.appendingPathComponent("flowlint-baseline.json"), encoding: .utf8)
        #expect(baseline.contains("trapped-flow") && !after.contains("trapped-flow"))
        #expect(after.contains("HelpViewController") == false && after.contains("`help`"))
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasPrefix(".") }
        #expect(leftovers.isEmpty, "no temporary file is left behind: \(leftovers)")
    }

    @Test(arguments: [
        ("{", "is not a flowlint baseline: not JSON"),
        ("{\"version\": 1, \"findings\": [{\"rule\": \"x\"}]}", "is not a flowlint baseline: findings[0]: missing \"digest\""),
        ("{\"version\": 2, \"findings\": []}", "is not a flowlint baseline: version 2 is not supported"),
        ("[]", "is not a flowlint baseline"),
    ])
    func malformedBaselineIsOneLineAndStatus2(content: String, message: String) throws {
        let directory = try project()
        defer { try? FileManager.default.removeItem(at: directory) }
        try content.write(to: directory.appendingPathComponent("b.json"), atomically: true, encoding: .utf8)
        let result = try Flowlint.run(["lint", "--baseline", "b.json"], in: directory)
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty, "nothing is reported before the baseline is read")
        #expect(result.stderr.hasPrefix("flowlint: error: b.json \(message)"), "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1)
    }

    @Test func unreadableOrUnwritableBaselineIsStatus2() throws {
        let directory = try project()
        defer { try? FileManager.default.removeItem(at: directory) }
        let missing = try Flowlint.run(["lint", "--baseline", "nope.json"], in: directory)
        #expect(missing.status == 2)
        #expect(missing.stderr == "flowlint: error: cannot read baseline nope.json: no such file or directory\n")
        let folder = try Flowlint.run(["lint", "--baseline", "."], in: directory)
        #expect(folder.stderr == "flowlint: error: cannot read baseline .: not a regular file\n")
        let unwritable = try Flowlint.run(["lint", "--write-baseline", "no/such/folder/b.json"], in: directory)
        #expect(unwritable.status == 2)
        #expect(unwritable.stderr.hasSuffix("flowlint: error: cannot write baseline no/such/folder/b.json: no such file or directory\n"))
    }
}
