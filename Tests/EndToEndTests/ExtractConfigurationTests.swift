import Foundation
import Testing

/// `#if` is read for one configuration (docs/guide/extract.md, "One configuration at a time"): iOS without `DEBUG` by default, another
/// with `--platform`/`-D` or `extract: { platform:, defines: }`; a type or method declared once per branch is one
/// coordinator or route, never two of one name.
@Suite struct ExtractConfigurationTests {
    static let fixture = "fixtures/extract/uikit/platform-branches/Sources"
    static let at = "fixtures/extract/uikit/platform-branches/Sources/"

    /// Extracts the fixture with `arguments` and returns the hub's spec without its digest, and the run.
    static func spec(_ arguments: [String]) throws -> (String, Flowlint.Result) {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("flowlint-config-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: output) }
        let result = try Flowlint.run(["extract", fixture, "-o", output.path] + arguments)
        let text = (try? String(contentsOf: output.appendingPathComponent("MediaCoordinator.flow.yml"), encoding: .utf8)) ?? ""
        return (ExtractTests.withoutDigest(text), result)
    }

    /// A `.flowlint.yml` with `text` in a fresh folder; the caller removes the folder.
    static func configuration(_ text: String) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flowlint-config-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let config = folder.appendingPathComponent(".flowlint.yml")
        try text.write(to: config, atomically: true, encoding: .utf8)
        return config
    }

    @Test func theDefaultIsAnIOSReleaseBuild() throws {
        let (spec, result) = try Self.spec([])
        #expect(result.status == 0, "\(result.stderr)")
        // The iOS `showTitle` (a push), once; the tvOS one (full screen) is not read.
        #expect(spec.components(separatedBy: "      showTitle:").count == 2)
        #expect(spec.contains("      showTitle:  # \(Self.at)MediaCoordinator.swift:36\n        transition: push"))
        #expect(spec.contains("      showDownloads:") && !spec.contains("showSearch"))
        // `#if DEBUG`: no debug menu, and the UI-test branch of `start()` does not hide the screen after it.
        #expect(!spec.contains("showDebugMenu") && !spec.contains("FixtureScreen"))
        #expect(spec.contains("      start:  # \(Self.at)MediaCoordinator.swift:17\n        screen: LibraryScreen"))
        // A `switch` with an `#if DEBUG` case reads the cases after it; the phone's settings child (declared per
        // platform) is the one read.
        #expect(spec.contains("          - showSettings  # inferred: `handle` calls `showSettings()`"))
        #expect(spec.contains("        screen: SettingsScreen") && !spec.contains("TVSettingsScreen"))
        #expect(spec.contains("      showSettings:  # \(Self.at)MediaCoordinator.swift:72\n        transition: present"))
    }

    @Test func flagsChooseAnotherConfiguration() throws {
        let (spec, result) = try Self.spec(["--platform", "tvOS", "-D", "DEBUG"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(spec.components(separatedBy: "      showTitle:").count == 2)
        #expect(spec.contains("      showTitle:  # \(Self.at)MediaCoordinator.swift:30\n        transition: present"))
        #expect(spec.contains("      showSearch:") && !spec.contains("showDownloads"))
        #expect(spec.contains("      showDebugMenu:  # \(Self.at)MediaCoordinator.swift:54"))
        #expect(spec.contains("          - showDebugMenu  # inferred: `handle` calls `showDebugMenu()`"))
        #expect(spec.contains("        screen: TVSettingsScreen"))
    }

    @Test func theConfigurationFileChoosesTheSameAsTheFlags() throws {
        let config = try Self.configuration("extract: { platform: tvOS, defines: [DEBUG] }\n")
        defer { try? FileManager.default.removeItem(at: config.deletingLastPathComponent()) }
        let (fromFile, _) = try Self.spec(["--config", config.path])
        let (fromFlags, _) = try Self.spec(["--platform", "tvOS", "-D", "DEBUG"])
        #expect(!fromFile.isEmpty && fromFile == fromFlags)
        // The flag wins over the file's platform.
        let (phone, _) = try Self.spec(["--config", config.path, "--platform", "iOS"])
        #expect(phone.contains("showDownloads") && phone.contains("showDebugMenu"))
    }

    @Test func anUnknownPlatformIsAnError() throws {
        let (_, flag) = try Self.spec(["--platform", "tvos"])
        #expect(flag.status == 2)
        #expect(
            flag.stderr.contains("--platform is one of iOS, tvOS, watchOS, visionOS, macOS, macCatalyst; did you mean `tvOS`?"),
            "\(flag.stderr)")
        let config = try Self.configuration("extract: { platform: [iOS, tvOS] }\n")
        defer { try? FileManager.default.removeItem(at: config.deletingLastPathComponent()) }
        let (_, file) = try Self.spec(["--config", config.path])
        #expect(file.status == 2)
        #expect(file.stderr.contains("`extract.platform` is one of iOS, tvOS, watchOS, visionOS, macOS, macCatalyst"), "\(file.stderr)")
    }
}
