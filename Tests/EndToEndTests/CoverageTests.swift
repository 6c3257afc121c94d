import Foundation
import Testing

/// A code-only run says what it read (README: docs/coverage.md): the coordinator-like types found and read, each one
/// not read with its reason, child starts of unknown retention and where the entry comes from, in the text summary,
/// `--explain-open`, JSON's `summary`, SARIF's `runs[].properties` and the atlas index; `--min-read` holds a floor.
@Suite struct CoverageTests {
    static let sampleApp = CodeOnlyLintTests.sampleApp
    static let line =
        "read 3 of 4 coordinator types (1 base: 100% accounted for); retention unknown for 0 of 2 child starts; entry from AppDelegate.swift:10"

    /// A folder to run in, holding no spec; `configuration` becomes its `.flowlint.yml`.
    static func folder(configuration: String? = nil) throws -> URL {
        let folder = try CodeOnlyLintTests.emptyFolder()
        if let configuration {
            try configuration.write(to: folder.appendingPathComponent(".flowlint.yml"), atomically: true, encoding: .utf8)
        }
        return folder
    }

    /// The sample app and, beside it, a type the reader cannot read, one that navigates nowhere and a test double:
    /// 7 found, 3 read, 2 accounted for (base, no navigation), so 71% (5 of 7, rounded down).
    static func appWithGaps(in folder: URL) throws -> URL {
        let sources = folder.appendingPathComponent("Sources")
        try FileManager.default.copyItem(at: sampleApp, to: sources)
        let extra = """
            final class HelpCoordinator {
                let router: HelpRouter
                init(router: HelpRouter) { self.router = router }
                func start() { router.openHelpDesk() }
            }

            final class SyncCoordinator {
                func start() { print("syncing") }
            }

            final class ShelfCoordinatorMock: Coordinator {
                func start() {}
            }

            """
        try extra.write(to: sources.appendingPathComponent("Extra.swift"), atomically: true, encoding: .utf8)
        return sources
    }

    @Test func theSummaryAndExplainOpenSayWhatWasRead() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try Flowlint.run(["lint", "--sources", Self.sampleApp.path, "--explain-open"], in: folder)
        #expect(result.status == 1)
        let lines = result.stderr.split(separator: "\n").map(String.init)
        // The mode comes first; then the counts, then what was read.
        #expect(
            lines.prefix(3) == [
                "flowlint: linting the code in \(Self.sampleApp.path)/ (no spec found)",
                "flowlint: 2 errors, 0 warnings in 5 files",
                "flowlint: " + Self.line,
            ])
        #expect(
            lines.contains(
                "\(Self.sampleApp.path)/Coordinator.swift:4:7: not read: BaseCoordinator [base]: a base others build on (EditorCoordinator, ShelfCoordinator), never made itself: read through them"
            ))
    }

    @Test func jsonAndSARIFCarryEveryField() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let json = try Flowlint.run(["lint", "--sources", Self.sampleApp.path, "--format", "json"], in: folder)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let summary = try #require(document["summary"] as? [String: Any])
        Self.expectCoverage(summary)
        let sarif = try Flowlint.run(["lint", "--sources", Self.sampleApp.path, "--format", "sarif"], in: folder)
        let log = try #require(try JSONSerialization.jsonObject(with: Data(sarif.stdout.utf8)) as? [String: Any])
        let properties = try #require((log["runs"] as? [[String: Any]])?.first?["properties"] as? [String: Any])
        Self.expectCoverage(properties)
    }

    static func expectCoverage(_ object: [String: Any]) {
        #expect(object["coordinators"] as? Int == 4)
        #expect(object["coordinatorsRead"] as? Int == 3)
        #expect(object["readPercent"] as? Int == 100)
        #expect(object["childStarts"] as? Int == 2)
        #expect(object["retentionUnknown"] as? Int == 0)
        #expect(object["entryGuessed"] as? Bool == false)
        let entry = object["entry"] as? [String: Any]
        #expect(entry?["coordinator"] as? String == "ShelfCoordinator")
        #expect(entry?["file"] as? String == sampleApp.path + "/AppDelegate.swift")
        #expect(entry?["line"] as? Int == 10)
        let notRead = object["notRead"] as? [[String: Any]] ?? []
        #expect(notRead.count == 1)
        #expect(notRead.first?["type"] as? String == "BaseCoordinator")
        #expect(notRead.first?["file"] as? String == sampleApp.path + "/Coordinator.swift")
        #expect(notRead.first?["line"] as? Int == 4)
        #expect(notRead.first?["reason"] as? String == "base")
        #expect(Set(notRead.first?.keys.map { $0 } ?? []) == ["type", "file", "line", "reason"])
    }

    /// A spec-only run reads no code: nothing to say about coverage, and no key for it.
    @Test func aSpecOnlyRunHasNoCoverageKeys() throws {
        let result = try Flowlint.run(["lint", "fixtures/extract/uikit/sample-app/expected", "--format", "json"])
        let document = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect((document["summary"] as? [String: Any])?["coordinators"] == nil)
        #expect(!result.stderr.contains("coordinator types"))
    }

    @Test func theAtlasIndexShowsCoverage() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try Flowlint.run(["graph", "--sources", Self.sampleApp.path, "--site", "atlas"], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("flowlint: drawn from the code: " + Self.line))
        let index = try String(contentsOf: folder.appendingPathComponent("atlas/index.html"), encoding: .utf8)
        #expect(index.contains("<p class=\"coverage\">Read from the code: read 3 of 4 coordinator types"))
        #expect(index.contains("BaseCoordinator (base)"))
        #expect(index.contains("The app starts in <a href=\"ShelfCoordinator.html\">ShelfCoordinator</a>."))
        #expect(!index.contains("entry-guessed"))
        let paths = try Flowlint.run(["paths", "--sources", Self.sampleApp.path], in: folder)
        #expect(paths.stderr.contains("flowlint: paths from the code: " + Self.line))
    }

    /// No launch site starts a coordinator: the entry is a guess, and every output says so.
    @Test func aGuessedEntryIsMarked() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let sources = folder.appendingPathComponent("Sources")
        try FileManager.default.copyItem(at: Self.sampleApp, to: sources)
        try FileManager.default.removeItem(at: sources.appendingPathComponent("AppDelegate.swift"))
        let lint = try Flowlint.run(["lint", "--sources", "Sources", "--format", "json", "--explain-open"], in: folder)
        #expect(lint.stderr.contains("entry guessed: ShelfCoordinator (no other coordinator starts it)"))
        #expect(lint.stderr.contains("Sources/ShelfCoordinator.swift:4:13: entry guessed: ShelfCoordinator"))
        let summary = try #require(
            (try JSONSerialization.jsonObject(with: Data(lint.stdout.utf8)) as? [String: Any])?["summary"] as? [String: Any])
        #expect(summary["entryGuessed"] as? Bool == true)
        _ = try Flowlint.run(["graph", "--sources", "Sources", "--site", "atlas"], in: folder)
        let index = try String(contentsOf: folder.appendingPathComponent("atlas/index.html"), encoding: .utf8)
        #expect(
            index.contains(
                "<p class=\"entry-guessed\">The app may start in <a href=\"ShelfCoordinator.html\">ShelfCoordinator</a>: a guess"))
    }

    /// A representable's delegate (`makeCoordinator()`) that only closes its view is SwiftUI's bridge, not a flow:
    /// `no-navigation`, said with the representable; one that shows a screen of its own stays unrecognized.
    @Test func aRepresentablesDelegateIsNoFlow() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let sources = folder.appendingPathComponent("Sources")
        try FileManager.default.createDirectory(at: sources, withIntermediateDirectories: true)
        let picker = """
            import SwiftUI
            import UIKit

            struct LoomPicker: UIViewControllerRepresentable {
                @Binding var isShown: Bool
                func makeUIViewController(context: Context) -> UIImagePickerController {
                    let picker = UIImagePickerController()
                    picker.delegate = context.coordinator
                    return picker
                }
                func updateUIViewController(_ controller: UIImagePickerController, context: Context) {}
                func makeCoordinator() -> Coordinator { Coordinator(self) }

                final class Coordinator: NSObject, UIImagePickerControllerDelegate {
                    let parent: LoomPicker
                    init(_ parent: LoomPicker) { self.parent = parent }
                    func imagePickerControllerDidCancel(_ picker: UIImagePickerController) {
                        picker.dismiss(animated: true)
                        parent.isShown = false
                    }
                }
            }

            """
        let showing = """
            import SwiftUI
            import UIKit

            final class ShuttleDetailViewController: UIViewController {}

            struct ShuttleList: UIViewControllerRepresentable {
                func makeUIViewController(context: Context) -> UITableViewController { UITableViewController() }
                func updateUIViewController(_ controller: UITableViewController, context: Context) {}
                func makeCoordinator() -> ShuttleListCoordinator { ShuttleListCoordinator() }
            }

            final class ShuttleListCoordinator: NSObject {
                weak var host: UIViewController?
                func didPick() { host?.present(ShuttleDetailViewController(), animated: true) }
            }

            """
        try picker.write(to: sources.appendingPathComponent("LoomPicker.swift"), atomically: true, encoding: .utf8)
        try showing.write(to: sources.appendingPathComponent("ShuttleList.swift"), atomically: true, encoding: .utf8)
        let result = try Flowlint.run(["lint", "--sources", "Sources", "--format", "json", "--explain-open"], in: folder)
        #expect(
            result.stderr.contains(
                "Sources/LoomPicker.swift:14:17: not read: Coordinator [no-navigation]: the delegate `LoomPicker.makeCoordinator()` makes"))
        #expect(result.stderr.contains("not read: ShuttleListCoordinator [unrecognized]"))
    }

    /// A presenter coordinators navigate through (a presentation strategy they are given) that shows only the screens
    /// its callers hand it, or a navigation container made around one, and closes: `no-navigation`, said with the
    /// call; one that makes a screen of its own stays unrecognized.
    @Test func aPresenterOfHandedScreensIsNoFlow() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let sources = folder.appendingPathComponent("Sources")
        try FileManager.default.createDirectory(at: sources, withIntermediateDirectories: true)
        let presenters = """
            import UIKit

            protocol GlazeCoordinatorStaging {
                func stage(_ screen: UIViewController)
            }

            final class GlazeSheetStaging: GlazeCoordinatorStaging {
                unowned let host: UIViewController
                init(host: UIViewController) { self.host = host }
                func stage(_ screen: UIViewController) {
                    let wrapper = UINavigationController(rootViewController: screen)
                    host.present(wrapper, animated: true)
                }
                func unstage() { host.dismiss(animated: true) }
            }

            final class GlazeShelfStaging: GlazeCoordinatorStaging {
                unowned let shelf: UINavigationController
                init(shelf: UINavigationController) { self.shelf = shelf }
                func stage(_ screen: UIViewController) {
                    if let screen = screen as? KilnDoorViewController {
                        shelf.pushViewController(screen, animated: false)
                    } else {
                        shelf.pushViewController(screen, animated: true)
                    }
                }
            }

            final class GlazeDoorStaging: GlazeCoordinatorStaging {
                unowned let host: UIViewController
                init(host: UIViewController) { self.host = host }
                func stage(_ screen: UIViewController) { host.present(KilnDoorViewController(), animated: true) }
            }

            final class KilnDoorViewController: UIViewController {}

            """
        try presenters.write(to: sources.appendingPathComponent("GlazeStaging.swift"), atomically: true, encoding: .utf8)
        let result = try Flowlint.run(["lint", "--sources", "Sources", "--format", "json", "--explain-open"], in: folder)
        #expect(
            result.stderr.contains(
                "Sources/GlazeStaging.swift:7:13: not read: GlazeSheetStaging [no-navigation]: shows only the screens its callers hand "
                    + "it (`host.present(wrapper)`, Sources/GlazeStaging.swift:12)"))
        #expect(result.stderr.contains("not read: GlazeShelfStaging [no-navigation]"))
        #expect(result.stderr.contains("not read: GlazeDoorStaging [unrecognized]"))
    }

    /// A screen factory (a step's screen, made and returned to the caller that shows it) that makes no navigation call
    /// and starts no coordinator: `no-navigation`, said with the method; one that also presents, or makes a screen it
    /// does not return, stays unrecognized.
    @Test func aScreenFactoryIsNoFlow() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let sources = folder.appendingPathComponent("Sources")
        try FileManager.default.createDirectory(at: sources, withIntermediateDirectories: true)
        let factories = """
            import UIKit

            enum WeftStep { case warp, finish }

            final class WeftStepCoordinator {
                var host: UIViewController?
                var onDone: (() -> Void)?
                func screen(for step: WeftStep) -> UIViewController? {
                    switch step {
                    case .warp:
                        let screen = WarpBeamViewController()
                        screen.onWoven = { [weak self] in self?.onDone?() }
                        return screen
                    case .finish: return nil
                    }
                }
            }

            final class WeftHelpCoordinator {
                var host: UIViewController?
                func screen(for step: WeftStep) -> UIViewController? {
                    let screen = WarpBeamViewController()
                    screen.onWoven = { [weak self] in self?.host?.present(WarpBeamViewController(), animated: true) }
                    return screen
                }
            }

            final class WeftIdleCoordinator {
                var latest: UIViewController?
                func prepare() { latest = WarpBeamViewController() }
            }

            final class WarpBeamViewController: UIViewController {
                var onWoven: (() -> Void)?
            }

            """
        try factories.write(to: sources.appendingPathComponent("WeftSteps.swift"), atomically: true, encoding: .utf8)
        let result = try Flowlint.run(["lint", "--sources", "Sources", "--format", "json", "--explain-open"], in: folder)
        #expect(
            result.stderr.contains(
                "Sources/WeftSteps.swift:5:13: not read: WeftStepCoordinator [no-navigation]: makes screens only to return them "
                    + "(`screen` returns `WarpBeamViewController`, Sources/WeftSteps.swift:11)"))
        #expect(result.stderr.contains("not read: WeftHelpCoordinator [unrecognized]"))
        #expect(result.stderr.contains("not read: WeftIdleCoordinator [unrecognized]"))
    }

    /// Each reason, at its Swift line; a child start whose keeper was not seen is unknown.
    @Test func everyReasonIsGivenAtItsLine() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let sources = try Self.appWithGaps(in: folder)
        let result = try Flowlint.run(["lint", "--sources", "Sources", "--format", "json", "--explain-open"], in: folder)
        let summary = try #require(
            (try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])?["summary"] as? [String: Any])
        let reasons = (summary["notRead"] as? [[String: Any]] ?? []).map {
            "\($0["type"] as? String ?? ""):\($0["line"] as? Int ?? 0):\($0["reason"] as? String ?? "")"
        }
        #expect(
            reasons == [
                "BaseCoordinator:4:base", "HelpCoordinator:1:unrecognized", "SyncCoordinator:7:no-navigation",
                "ShelfCoordinatorMock:11:test-double",
            ])
        #expect(summary["readPercent"] as? Int == 71)
        #expect(
            result.stderr.contains(
                "Sources/Extra.swift:1:13: not read: HelpCoordinator [unrecognized]: calls `router.openHelpDesk` (Sources/Extra.swift:4), but it was not read as a coordinator"
            ))
        #expect(
            result.stderr.contains(
                "Sources/Extra.swift:7:13: not read: SyncCoordinator [no-navigation]: shows no screen, starts no coordinator and makes no navigation call"
            ))
        #expect(sources.path.hasSuffix("Sources"))
        let unknown = try Flowlint.run(
            [
                "lint", "--sources", Flowlint.packageRoot.appendingPathComponent("fixtures/extract/uikit/retention-not-seen/Sources").path,
                "--explain-open", "--format", "json",
            ], in: folder)
        #expect(unknown.stderr.contains("retention unknown for 1 of 1 child start (leaked-child cannot judge it)"))
        #expect(
            unknown.stderr.contains(
                "ShopCoordinator.swift:19:24: retention unknown: ShopCoordinator.showCheckout starts CheckoutCoordinator: not seen kept"))
        let unknownSummary =
            (try JSONSerialization.jsonObject(with: Data(unknown.stdout.utf8)) as? [String: Any])?["summary"] as? [String: Any]
        #expect(unknownSummary?["retentionUnknown"] as? Int == 1 && unknownSummary?["childStarts"] as? Int == 1)
    }

    /// S is the share the run reports (71 here): `--min-read 71` passes, 72 fails with a line naming both, even
    /// with no finding; `minRead:` in .flowlint.yml does the same.
    @Test func minReadHoldsTheFloor() throws {
        let folder = try Self.folder(configuration: "disabled: [leaked-child]\n")
        defer { try? FileManager.default.removeItem(at: folder) }
        _ = try Self.appWithGaps(in: folder)
        let passes = try Flowlint.run(["lint", "--sources", "Sources", "--min-read", "71"], in: folder)
        #expect(passes.status == 0, "\(passes.stderr)")
        #expect(passes.stderr.contains("flowlint: read 3 of 7 coordinator types (1 base, 1 without navigation: 71% accounted for)"))
        let fails = try Flowlint.run(["lint", "--sources", "Sources", "--min-read", "72"], in: folder)
        #expect(fails.status == 1)
        #expect(fails.stdout.isEmpty)
        #expect(fails.stderr.contains("flowlint: error: read or accounted for 71% of coordinator types (5 of 7), below --min-read 72"))
        let quiet = try Flowlint.run(["lint", "--sources", "Sources", "--min-read", "72", "--quiet"], in: folder)
        #expect(quiet.status == 1 && quiet.stderr.contains("below --min-read 72"))
        try "disabled: [leaked-child]\nminRead: 72\n".write(
            to: folder.appendingPathComponent(".flowlint.yml"), atomically: true, encoding: .utf8)
        let configured = try Flowlint.run(["lint", "--sources", "Sources"], in: folder)
        #expect(configured.status == 1)
        #expect(configured.stderr.contains("below minRead: 72 (.flowlint.yml:2:1)"))
        // The option wins over the file.
        #expect(try Flowlint.run(["lint", "--sources", "Sources", "--min-read", "70"], in: folder).status == 0)
    }

    @Test(arguments: ["abc", "-1", "101", "50.5"])
    func aBadMinReadIsAUsageError(value: String) throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try Flowlint.run(["lint", "--sources", Self.sampleApp.path, "--min-read=\(value)"], in: folder)
        #expect(result.status == 2)
        #expect(result.stderr.contains("--min-read takes a whole percent from 0 to 100, not `\(value)`"))
        #expect(result.stdout.isEmpty)
    }

    @Test(arguments: ["x", "-1", "101", "[50]"])
    func aBadMinReadInTheConfigurationIsLocated(value: String) throws {
        let folder = try Self.folder(configuration: "sources: [Sources]\nminRead: \(value)\n")
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try Flowlint.run(["lint", "--sources", Self.sampleApp.path], in: folder)
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("flowlint: error: .flowlint.yml:2:10: "), "\(result.stderr)")
        #expect(result.stderr.contains("is not a share for `minRead`; use a whole percent from 0 to 100"))
    }

    /// A floor with no code to hold it to is a mistake, not a pass.
    @Test func minReadWithoutSourcesIsAUsageError() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let option = try Flowlint.run(["lint", "--min-read", "50"], in: folder)
        #expect(option.status == 2)
        #expect(
            option.stderr == "flowlint: error: --min-read needs Swift code to read: give --sources PATH (or `sources:` in .flowlint.yml)\n")
        try "minRead: 50\n".write(to: folder.appendingPathComponent(".flowlint.yml"), atomically: true, encoding: .utf8)
        let configured = try Flowlint.run(["lint"], in: folder)
        #expect(configured.status == 2)
        #expect(configured.stderr.contains("flowlint: error: .flowlint.yml:1:1: `minRead` needs Swift code to read"))
    }

    /// Specs and sources together: the first summary line says the specs are checked against the code.
    @Test func theModeIsTheFirstLine() throws {
        let result = try Flowlint.run([
            "lint", "fixtures/extract/uikit/sample-app/expected", "--sources", "fixtures/extract/uikit/sample-app/Sources",
        ])
        #expect(
            result.stderr.hasPrefix(
                "flowlint: specs in fixtures/extract/uikit/sample-app/expected/ checked against fixtures/extract/uikit/sample-app/Sources/\n"
            ), "\(result.stderr)")
        #expect(result.stderr.contains("flowlint: " + Self.line))
    }
}
