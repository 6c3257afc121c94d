import Foundation
import Testing

/// The SwiftPM plugins, used the way an app team uses them: a sample package that depends on this one by path
/// lists the command plugin, runs it, and builds a target whose specs the build-tool plugin lints.
///
/// The sample lives at a fixed place under this package's `.build`, so its build (flowlint compiled once more,
/// for the plugins' host) is incremental from one test run to the next: the first run takes minutes, later
/// ones seconds. The tests share it and run one after another.
@Suite(.serialized) struct PluginTests {
    static let root = Flowlint.packageRoot.appendingPathComponent(".build/plugin-tests")
    static let sample = root.appendingPathComponent("Sample")
    static let spec = sample.appendingPathComponent("Sources/App/Flows/App.flow.yml")

    /// Written once per test run; a failure is reported by every test that needs it.
    static let written = Result { try writeSample() }

    static func writeSample() throws {
        try FileManager.default.createDirectory(at: spec.deletingLastPathComponent(), withIntermediateDirectories: true)
        // A path dependency's identity is its folder name, whatever the worktree is called: link it as `flowlint`.
        let link = root.appendingPathComponent("flowlint")
        try? FileManager.default.removeItem(at: link)
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: Flowlint.packageRoot)
        try write(
            """
            // swift-tools-version: 6.0
            import PackageDescription

            let package = Package(
                name: "Sample",
                dependencies: [.package(path: "../flowlint")],
                targets: [
                    .target(name: "App", plugins: [.plugin(name: "FlowlintBuildToolPlugin", package: "flowlint")]),
                ]
            )

            """, to: sample.appendingPathComponent("Package.swift"))
        try write("public let answer = 42\n", to: sample.appendingPathComponent("Sources/App/App.swift"))
    }

    /// Writes only what differs, so that an unchanged sample is not rebuilt.
    static func write(_ text: String, to url: URL) throws {
        guard (try? String(contentsOf: url, encoding: .utf8)) != text else { return }
        try text.write(to: url, atomically: true, encoding: .utf8)
    }

    /// A spec whose `Settings` child is released on `releaseOn` (line 16, column 20): `leaked-child` unless
    /// `dismiss` is among them. Its `done` route (line 24, column 7) is unreachable unless the list triggers it.
    static func writeSpec(releaseOn: String, listTriggers: String = "[done]") throws {
        try write(
            """
            version: 1
            entry: App
            coordinators:
              App:
                kind: navigation
                initial: home
                routes:
                  home:
                    screen: HomeViewController
                    triggers: [settings]
                  settings:
                    transition: present
                    coordinator: Settings
                    retain: parent
                    # the sheet can be swiped away
                    releaseOn: \(releaseOn)
              Settings:
                kind: navigation
                initial: list
                routes:
                  list:
                    screen: SettingsViewController
                    triggers: \(listTriggers)
                  done:
                    transition: finish

            """, to: spec)
    }

    static let finding = "App.flow.yml:16:20: error: Settings can be closed by dismiss"

    static func swift(_ arguments: [String]) throws -> Flowlint.Result {
        try written.get()
        return try Subprocess.run(["swift"] + arguments, in: sample, timeout: 1200)
    }

    @Test func theCommandPluginIsListed() throws {
        let result = try Self.swift(["package", "plugin", "--list"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("‘flowlint’ (plugin ‘FlowlintCommandPlugin’ in package ‘flowlint’)"), "\(result.stdout)")
    }

    @Test func theBuildToolPluginReportsFindingsAtTheSpecLineAndOnlyErrorsFailTheBuild() throws {
        try Self.writeSpec(releaseOn: "[finish]")
        let failed = try Self.swift(["build", "--target", "App"])
        #expect(failed.status != 0)
        // Absolute paths, so that Xcode opens the spec at the line.
        #expect(
            (failed.stdout + failed.stderr).contains(Self.spec.path.replacingOccurrences(of: "App.flow.yml", with: "") + Self.finding),
            "\(failed.stdout)\(failed.stderr)")

        try Self.writeSpec(releaseOn: "[finish, dismiss]", listTriggers: "[]")
        let warned = try Self.swift(["build", "--target", "App"])
        #expect(warned.status == 0, "warnings do not fail the build: \(warned.stdout)\(warned.stderr)")
        #expect(
            (warned.stdout + warned.stderr).contains(Self.spec.path + ":24:7: warning: route `done` of Settings is never reached"),
            "\(warned.stdout)\(warned.stderr)")

        try Self.writeSpec(releaseOn: "[finish, dismiss]")
        let built = try Self.swift(["build", "--target", "App"])
        #expect(built.status == 0, "\(built.stdout)\(built.stderr)")
        #expect(!(built.stdout + built.stderr).contains("error:"))
    }

    @Test func theCommandPluginLintsAndDrawsInThePackageFolder() throws {
        try Self.writeSpec(releaseOn: "[finish]")
        let lint = try Self.swift(["package", "--allow-writing-to-package-directory", "flowlint", "lint", "Sources"])
        #expect(lint.status != 0)
        #expect((lint.stdout + lint.stderr).contains("Sources/App/Flows/" + Self.finding), "\(lint.stdout)\(lint.stderr)")
        #expect(lint.stderr.contains("flowlint lint Sources exited with status 1"))

        let diagram = Self.sample.appendingPathComponent("flow.dot")
        try? FileManager.default.removeItem(at: diagram)
        let graph = try Self.swift(["package", "--allow-writing-to-package-directory", "flowlint", "graph", "Sources", "-o", "flow.dot"])
        #expect(graph.status == 0, "\(graph.stdout)\(graph.stderr)")
        #expect(try String(contentsOf: diagram, encoding: .utf8).contains("digraph"))
    }
}
