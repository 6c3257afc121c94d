import Foundation
import Testing

/// `.flowlint.yml` in the working directory, as the README's "Configuration and suppression" promises.
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
        #expect(mistaken.stderr == "flowlint: error: .flowlint.yml:2:3: unknown rule `unreachable-rout`; did you mean `unreachable-route`?\n")
    }
}
