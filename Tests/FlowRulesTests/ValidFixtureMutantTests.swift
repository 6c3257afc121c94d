import Foundation
import Testing
import FlowModel
import FlowAnalysis
import FlowRules
import FlowSpec

/// The root-switch, setup/feed, Stinsen `customize` and restored-chat projects of `fixtures/valid/` lint clean
/// (ValidFixtureTests); one edit that breaks each (a release left out, a `then` that leaks, a trigger or an
/// `at: launch` removed) gives exactly the findings it should, at the lines it should.
@Suite struct ValidFixtureMutantTests {
    struct Mutant: CustomTestStringConvertible, Sendable {
        var project: String
        var name: String
        /// Replaced once in the project's one spec file.
        var replace: String
        var with: String
        /// Each expected finding: its rule and the exact text of its line in the mutated spec.
        var expected: [(rule: String, line: String)]

        var testDescription: String { "\(project): \(name)" }
    }

    static let validFolder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("fixtures/valid")

    static let mutants: [Mutant] = [
        Mutant(
            project: "root-switch/App.flow.yml", name: "a then that leaks: Main is never released before logout shows auth",
            replace: "coordinator: Main,       releaseOn: [finish], then: auth", with: "coordinator: Main,       releaseOn: [], then: auth",
            expected: [("leaked-child", "      main:       { transition: setRoot, coordinator: Main,       releaseOn: [], then: auth }")]),
        Mutant(
            project: "root-switch/App.flow.yml", name: "a session observer switches to auth: every child is replaced, none released on it",
            replace: "    initial: [onboarding, auth, main]\n", with: "    initial: [onboarding, auth, main]\n    triggers: [auth]\n",
            expected: [
                ("leaked-child", "      onboarding: { transition: setRoot, coordinator: Onboarding, releaseOn: [finish], then: auth }"),
                ("leaked-child", "      auth:       { transition: setRoot, coordinator: Auth,       releaseOn: [finish], then: main }"),
                ("leaked-child", "      main:       { transition: setRoot, coordinator: Main,       releaseOn: [finish], then: auth }"),
            ]),
        Mutant(
            project: "setup-feed/App.flow.yml", name: "a then that leaks: setup is kept after it finishes into the feed",
            replace: "        coordinator: Setup\n        releaseOn: [finish]", with: "        coordinator: Setup\n        releaseOn: []",
            expected: [("leaked-child", "        releaseOn: []")]),
        Mutant(
            project: "setup-feed/App.flow.yml", name: "a missing release: About pushed onto the feed's stack is not released on back",
            replace: "releaseOn: [back, finish]", with: "releaseOn: [finish]  # not on back",
            expected: [("leaked-child", "        releaseOn: [finish]  # not on back")]),
        Mutant(
            project: "setup-feed/App.flow.yml", name: "About with its own stack pushed onto the feed",
            replace: "        stack: parent          # About pushes onto the feed's stack here\n", with: "",
            expected: [("push-container", "        coordinator: About")]),
        Mutant(
            project: "stinsen-customize/Root.flow.yml",
            name: "a missing release: Root keeps Authenticated, which its own root switch replaces",
            replace: "        coordinator: Authenticated\n        retain: hierarchy",
            with: "        coordinator: Authenticated\n        retain: parent",
            expected: [("leaked-child", "      authenticated:")]),
        Mutant(
            project: "stinsen-customize/Root.flow.yml", name: "customize's root switch left out: the authenticated app is never reached",
            replace: "    triggers: [unauthenticated, authenticated]\n", with: "",
            expected: [
                ("unreachable-route", "      authenticated:"), ("unreachable-coordinator", "  Authenticated:"),
                ("unreachable-coordinator", "  Home:"),
            ]),
        Mutant(
            project: "restored-chat/App.flow.yml", name: "the restoring chain is a deep link that may arrive under the account sheet",
            replace: "    at: launch\n", with: "",
            expected: [("chain-under-modal", "      - select: chats")]),
        Mutant(
            project: "restored-chat/App.flow.yml", name: "the media viewer lost its close button",
            replace: "triggers: [closeMedia]", with: "triggers: []",
            expected: [("trapped-flow", "      media:"), ("unreachable-route", "      closeMedia: { transition: dismiss }")]),
    ]

    @Test func theProjectsLintClean() throws {
        for project in Set(Self.mutants.map(\.project)).sorted() {
            let text = try String(contentsOf: Self.validFolder.appendingPathComponent(project), encoding: .utf8)
            #expect(try Self.findings(text) == [], "\(project)")
        }
    }

    @Test(arguments: mutants)
    func mutantGivesExactlyItsFindings(_ mutant: Mutant) throws {
        let original = try String(contentsOf: Self.validFolder.appendingPathComponent(mutant.project), encoding: .utf8)
        #expect(original.components(separatedBy: mutant.replace).count == 2, "the edit must apply once")
        let text = original.replacingOccurrences(of: mutant.replace, with: mutant.with)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let expected = mutant.expected.map { expectation -> String in
            let matches = lines.indices.filter { lines[$0] == expectation.line }
            #expect(matches.count == 1, "`\(expectation.line)` must be one line of the mutant")
            return "\(expectation.rule)@\((matches.first ?? -1) + 1)"
        }.sorted()
        #expect(try Self.findings(text) == expected)
    }

    /// `rule@line` of every finding, sorted.
    static func findings(_ text: String) throws -> [String] {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flowlint-mutant-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("App.flow.yml")
        try Data(text.utf8).write(to: file)
        let project = try SpecLoader(knownRules: RuleRegistry.allIDs).load(files: [file.path])
        return RuleRunner().findings(for: project).map { "\($0.rule.rawValue)@\($0.location.line)" }.sorted()
    }
}
