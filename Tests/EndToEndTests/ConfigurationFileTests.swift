import Foundation
import Testing

/// `.flowlint.yml` in the working directory, as docs/configuration.md promises.
@Suite struct ConfigurationFileTests {
    static let spec = """
        version: 1
        entry: App
        coordinators:
          App:
            kind: navigation
            initial: home
            routes:
              home: { screen: Home }
              lost: { transition: push, screen: Lost }

        """

    @Test func theWorkingDirectorysConfigurationIsUsedAndAMistakeInItIsExitStatus2() throws {
        let folder = try Subprocess.temporaryDirectory("config")
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.spec.write(to: folder.appendingPathComponent("app.flow.yml"), atomically: false, encoding: .utf8)
        let plain = try Flowlint.run(["lint"], in: folder)
        #expect(plain.stdout.contains("[unreachable-route]"), "\(plain.stdout)")

        let configuration = folder.appendingPathComponent(".flowlint.yml")
        try "rules:\n  unreachable-route: off\n".write(to: configuration, atomically: false, encoding: .utf8)
        let configured = try Flowlint.run(["lint"], in: folder)
        #expect(configured.status == 0 && configured.stdout.isEmpty)
        #expect(configured.stderr == "flowlint: no findings in 1 file\n")
        let drawn = try Flowlint.run(["graph", "--findings", "-o", "-", "--format", "json"], in: folder)
        #expect(drawn.status == 0 && !drawn.stdout.contains("unreachable-route"), "graph --findings reads it too")

        try "rules:\n  unreachable-rout: off\n".write(to: configuration, atomically: false, encoding: .utf8)
        let mistaken = try Flowlint.run(["lint"], in: folder)
        #expect(mistaken.status == 2 && mistaken.stdout.isEmpty)
        #expect(
            mistaken.stderr == "flowlint: error: .flowlint.yml:2:3: unknown rule `unreachable-rout`; did you mean `unreachable-route`?\n")
    }

    @Test func everyMistakeInTheConfigurationIsReportedInOneRun() throws {
        let folder = try Subprocess.temporaryDirectory("config-all")
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.spec.write(to: folder.appendingPathComponent("app.flow.yml"), atomically: false, encoding: .utf8)
        try "rules:\n  unreachable-rout: off\n  push-cycle: fatal\ndisabled: pop-at-root\nframework: rxflow\n"
            .write(to: folder.appendingPathComponent(".flowlint.yml"), atomically: false, encoding: .utf8)
        let result = try Flowlint.run(["lint"], in: folder)
        #expect(result.status == 2 && result.stdout.isEmpty)
        #expect(
            result.stderr == """
                flowlint: error: .flowlint.yml:2:3: unknown rule `unreachable-rout`; did you mean `unreachable-route`?
                flowlint: error: .flowlint.yml:3:15: `fatal` is not a rule setting; use off, on, warning or error
                flowlint: error: .flowlint.yml:4:11: `disabled` must be a list
                flowlint: error: .flowlint.yml:5:12: `rxflow` is not a framework; use uikit, xcoordinator, stinsen, swiftui

                """)
    }

    /// `framework:` sets the default `retain` of child routes and the words of the fix advice.
    @Test func theFrameworkSetsTheDefaultRetainAndTheAdvice() throws {
        let folder = try Subprocess.temporaryDirectory("config-framework")
        defer { try? FileManager.default.removeItem(at: folder) }
        try """
        version: 1
        entry: Profile
        coordinators:
          Profile:
            kind: navigation
            initial: profile
            routes:
              profile: { screen: Profile, triggers: [settings, help] }
              settings: { transition: present, coordinator: Settings }
              help: { transition: present, coordinator: Settings, retain: parent }
          Settings:
            kind: navigation
            initial: settings
            routes:
              settings: { screen: Settings, triggers: [done] }
              done: { transition: finish }

        """.write(to: folder.appendingPathComponent("app.flow.yml"), atomically: false, encoding: .utf8)
        let configuration = folder.appendingPathComponent(".flowlint.yml")
        func leaks(_ framework: String) throws -> [String] {
            try "framework: \(framework)\n".write(to: configuration, atomically: false, encoding: .utf8)
            // The findings, without their `note: path:` lines.
            return try Flowlint.run(["lint"], in: folder).stdout.split(separator: "\n").map(String.init).filter { !$0.contains(": note: ") }
        }
        let uikit = try leaks("uikit")
        #expect(
            uikit.count == 2 && uikit.allSatisfy { $0.contains("childCoordinators") && $0.contains("presentationControllerDidDismiss") })
        // Stinsen and XCoordinator keep children in their own hierarchy: only the explicit `retain: parent` is judged.
        let stinsen = try leaks("stinsen")
        #expect(stinsen.count == 1 && stinsen[0].hasPrefix("app.flow.yml:10:"), "\(stinsen)")
        #expect(stinsen[0].contains("dismissCoordinator()") && !stinsen[0].contains("childCoordinators"))
        let xcoordinator = try leaks("xcoordinator")
        #expect(xcoordinator.count == 1 && xcoordinator[0].contains("`removeChild`") && !xcoordinator[0].contains("childCoordinators"))
    }
}
