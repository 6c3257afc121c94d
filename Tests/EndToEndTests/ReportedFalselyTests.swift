import Foundation
import Testing

/// Issue 24, smaller things: a finding that was false, and a configured path that did not resolve.
@Suite struct ReportedFalselyTests {
    typealias Folder = HostileInputTests.Folder

    @Test func aSyntaxErrorInOneFileGivesNoInvalidTransitionInAnother() throws {
        let folder = try Folder()
        // App presents Auth, defined in a file that does not parse.
        try folder.write("Flows/app.flow.yml", HostileInputTests.app)
        try folder.write(
            "Flows/auth.flow.yml",
            HostileInputTests.auth.replacingOccurrences(of: "triggers: [done, signUp]", with: "triggers: [done, signUp"))
        let result = try folder.lint(["Flows"])
        #expect(result.status == 1)
        #expect(!result.stdout.contains("invalid-transition"), "\(result.stdout)")
        #expect(result.stdout.contains("Flows/auth.flow.yml") && result.stdout.contains("[syntax]"), "\(result.stdout)")
    }

    @Test func sourcesUnderTheHomeFolderAreFound() throws {
        let folder = try Folder()
        try folder.write("Flows/app.flow.yml", HostileInputTests.app)
        try folder.write("Flows/auth.flow.yml", SitePagesTests.auth)
        try folder.write("home/code/Sources/App.swift", SwiftReaderTests.coordinator)
        try folder.write(".flowlint.yml", "sources: [~/code/Sources]\n")
        let home = folder.url.appendingPathComponent("home").path
        let result = try Subprocess.execute(Flowlint.binary, ["lint", "Flows"], in: folder.url, environment: ["HOME": home], timeout: 30)
        #expect(!result.stderr.contains("no such file"), "\(result.stderr)")
        #expect(
            result.stdout.contains("drift-missing-coordinator") || result.stdout.contains("drift-"),
            "the code was read and compared: \(result.stdout)")
    }
}
