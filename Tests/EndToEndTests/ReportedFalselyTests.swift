import Foundation
import Testing

/// Issue 24, smaller things: a finding that was false, and a configured path that did not resolve.
@Suite struct ReportedFalselyTests {
    typealias Folder = HostileInputTests.Folder

    static let app = """
        version: 1
        entry: App
        coordinators:
          App:
            kind: navigation
            initial: home
            routes:
              home: { screen: HomeViewController, triggers: [settings] }
              settings: { transition: present, coordinator: Settings, releaseOn: [finish, dismiss] }

        """

    @Test func aSyntaxErrorInOneFileGivesNoInvalidTransitionInAnother() throws {
        let folder = try Folder()
        try folder.write("Flows/app.flow.yml", Self.app)
        try folder.write("Flows/settings.flow.yml", "version: 1\ncoordinators:\n  Settings:\n    kind: navigation\n    initial: list\n    routes:\n      list: { screen: List\n")
        let result = try folder.lint(["Flows"])
        #expect(result.status == 1)
        #expect(!result.stdout.contains("invalid-transition"), "\(result.stdout)")
        #expect(result.stdout.contains("Flows/settings.flow.yml") && result.stdout.contains("[syntax]"), "\(result.stdout)")
    }

    @Test func sourcesUnderTheHomeFolderAreFound() throws {
        let folder = try Folder()
        let spec = Self.app.replacingOccurrences(of: "coordinator: Settings, releaseOn: [finish, dismiss]", with: "screen: SettingsViewController")
        try folder.write("Flows/app.flow.yml", spec)
        try folder.write("home/code/Sources/App.swift", SwiftReaderTests.coordinator)
        try folder.write(".flowlint.yml", "sources: [~/code/Sources]\n")
        let home = folder.url.appendingPathComponent("home").path
        let result = try Subprocess.execute(Flowlint.binary, ["lint", "Flows"], in: folder.url, environment: ["HOME": home], timeout: 30)
        #expect(!result.stderr.contains("no such file"), "\(result.stderr)")
        #expect(result.stdout.contains("drift-missing-coordinator") || result.stdout.contains("drift-"), "the code was read and compared: \(result.stdout)")
    }
}
