@testable import FlowSwift
import Testing

/// The project index: every type as the program sees it, with what it inherits.
@Suite struct ProjectIndexTests {
    private func index(_ files: [String: String]) -> ProjectIndex {
        let facts = files.keys.sorted().map { SwiftExtractor.collect(path: $0, bytes: Array(files[$0]!.utf8)) }
        return ProjectIndex(files: facts) { $0.name.hasSuffix("Coordinator") }
    }

    @Test func membersComeDownAnInheritanceChainAndStayWhereTheyAreWritten() {
        let index = index([
            "Base.swift": """
            class BaseCoordinator: Coordinator {
                var childCoordinators: [Coordinator] = []
                func showHelp() { navigationController.present(HelpViewController(), animated: true) }
            }
            """,
            "Middle.swift": "class FlowCoordinator: BaseCoordinator { func finish() {} }",
            "Leaf.swift": "final class ShopCoordinator: FlowCoordinator { func start() {} }",
        ])
        let shop = index.types["ShopCoordinator"]
        #expect(shop?.inherited.map(\.base) == ["FlowCoordinator", "BaseCoordinator", "Coordinator"])
        #expect(shop?.methods.map(\.name) == ["start", "finish", "showHelp"])
        #expect(shop?.methods.last?.location.file == "Base.swift")
        #expect(shop?.properties.map(\.name) == ["childCoordinators"])
    }

    @Test func aMethodTheTypeDeclaresOverridesTheInheritedOne() {
        let index = index([
            "A.swift": """
            class BaseCoordinator { func start() { print("base") } }
            class FeedCoordinator: BaseCoordinator { override func start() { router.push(FeedViewController()) } }
            """
        ])
        let starts = index.types["FeedCoordinator"]?.methods.filter { $0.name == "start" } ?? []
        #expect(starts.count == 1)
        #expect(starts.first?.location.line == 2)
    }

    @Test func protocolExtensionsGiveDefaultsAndConstrainedOnesApplyOnlyWhenTheirRequirementIsMet() {
        let index = index([
            "P.swift": """
            protocol Coordinator: AnyObject {
                func start()
                func finish()
            }
            extension Coordinator { func finish() { parent?.childDidFinish(self) } }
            extension Coordinator where Self: UIViewController { func close() { dismiss(animated: true) } }
            final class SheetCoordinator: UIViewController, Coordinator { func start() {} }
            final class PlainCoordinator: Coordinator { func start() {} }
            """
        ])
        #expect(index.types["SheetCoordinator"]?.methods.map(\.name) == ["start", "finish", "close"])
        #expect(index.types["PlainCoordinator"]?.methods.map(\.name) == ["start", "finish"])
        // A requirement has no body: it is neither a default nor an override of one.
        #expect(index.types["Coordinator"]?.methods.map(\.name) == ["finish"])
    }

    @Test func aConstraintMetThroughASuperclassCounts() {
        let index = index([
            "A.swift": """
            protocol Routing {}
            extension Routing where Self: BaseViewController { func openSettings() { coordinator?.showSettings() } }
            class BaseViewController: UIViewController {}
            final class FeedViewController: BaseViewController, Routing {}
            """
        ])
        #expect(index.types["FeedViewController"]?.methods.map(\.name) == ["openSettings"])
    }

    @Test func aliasesAreFollowedInInheritance() {
        let index = index([
            "A.swift": """
            typealias Base = AppBaseCoordinator
            class AppBaseCoordinator: Coordinator { func showAbout() {} }
            final class AboutCoordinator: Base {}
            """
        ])
        #expect(index.types["AboutCoordinator"]?.inherited.map(\.base) == ["AppBaseCoordinator", "Coordinator"])
        #expect(index.types["AboutCoordinator"]?.methods.map(\.name) == ["showAbout"])
    }

    /// `typealias RootCoordinator = Coordinator & Provider`: a type that inherits the alias inherits each part.
    @Test func aCompositionAliasIsEachOfItsParts() {
        let index = index([
            "A.swift": """
            protocol Coordinator: AnyObject {}
            protocol RootViewControllerProvider {}
            extension RootViewControllerProvider { func showRoot() {} }
            typealias RootCoordinator = Coordinator & RootViewControllerProvider
            final class SendCoordinator: RootCoordinator {}
            """
        ])
        #expect(index.types["SendCoordinator"]?.inherited.map(\.base) == ["Coordinator", "AnyObject", "RootViewControllerProvider"])
        #expect(index.types["SendCoordinator"]?.methods.map(\.name) == ["showRoot"])
    }

    @Test func anInheritanceCycleEnds() {
        let index = index(["A.swift": "class A: B { func a() {} }\nclass B: A { func b() {} }"])
        #expect(index.types["A"] != nil)
        #expect(index.types["B"] != nil)
    }

    @Test func aProtocolsImplementationsAreItsConformersNotTheirSubclasses() {
        let index = index([
            "A.swift": """
            protocol CoordinatorFactory {}
            class CoordinatorFactoryImpl: CoordinatorFactory {}
            final class TestCoordinatorFactory: CoordinatorFactoryImpl {}
            protocol ScreenFactory: CoordinatorFactory {}
            struct Screens: ScreenFactory {}
            """
        ])
        #expect(index.concreteTypes("CoordinatorFactory") == ["CoordinatorFactoryImpl", "Screens"])
        #expect(index.concreteTypes("CoordinatorFactoryImpl") == ["CoordinatorFactoryImpl"])
    }

    /// A test target's factory, or a double named so, is no implementation the app runs: the app's own is the
    /// one; with only doubles, they are all there is.
    @Test func testDoublesGiveWayToTheAppsOwnImplementation() {
        let index = index([
            "App/Screens.swift": "protocol ScreenFactory {}\nfinal class AppScreens: ScreenFactory {}\nprotocol Clock {}",
            "AppTests/RecordingScreens.swift":
                "@testable import App\nfinal class RecordingScreens: ScreenFactory {}\nfinal class FixedClock: Clock {}",
            "App/Mocks.swift": "final class ScreenFactoryMock: ScreenFactory {}",
        ])
        #expect(index.concreteTypes("ScreenFactory") == ["AppScreens"])
        #expect(index.concreteTypes("Clock") == ["FixedClock"])
    }

    /// A folder named `…Tests` is a test target when it holds test code (a file that imports a test framework or a
    /// module `@testable`); a folder named `…Mocks` always holds doubles; a file so named, or a folder that only starts
    /// so, does not.
    @Test(arguments: [
        ("AppTests/Clock.swift", true), ("/repo/App/UnitTests/Sub/Clock.swift", true), ("Shared/AppMocks/Clock.swift", true),
        ("App/ClockTests.swift", false), ("App/TestsHelpers/Clock.swift", false), ("Tests.swift", false), ("", false),
        ("App/HearingTests/Clock.swift", false),
    ])
    func testFoldersAreFoldersWhoseNamesEndSoAndHoldTestCode(file: String, isTest: Bool) {
        let index = index([
            "AppTests/ClockSpec.swift": "import XCTest\nfinal class ClockSpec {}",
            "/repo/App/UnitTests/Spec.swift": "@testable import App\nfinal class Spec {}",
            "App/HearingTests/Audiogram.swift": "import UIKit\nfinal class Audiogram {}",
        ])
        let type = TypeFacts(name: "Clock", keyword: .class, location: SourceLocation(file: file, line: 1, column: 1))
        #expect(index.isTestDouble(type) == isTest)
    }

    @Test func aFileOfTestCodeHoldsDoublesWhereverItIs() {
        let index = index(["App/Support/Recorder.swift": "@testable import App\nfinal class RecordingRouter {}"])
        #expect(index.testDoubles == ["RecordingRouter"])
    }

    @Test func aSecondTypeOfTheSameNameIsNotedNeverDroppedInSilence() {
        let index = index([
            "iOS/Settings.swift": "final class SettingsCoordinator: Coordinator { func start() {} }",
            "macOS/Settings.swift": "final class SettingsCoordinator: Coordinator { func start() {} }",
        ])
        #expect(index.types["SettingsCoordinator"]?.location.file == "iOS/Settings.swift")
        #expect(index.notes.count == 1)
        #expect(index.notes.first?.location.file == "macOS/Settings.swift")
        #expect(index.notes.first?.message.contains("iOS/Settings.swift:1") == true)
    }

    @Test func everyConstructedTypeIsKnown() {
        let index = index(["A.swift": "final class AppCoordinator { func start() { let child = BaseCoordinator(); child.start() } }"])
        #expect(index.constructed.contains("BaseCoordinator"))
    }

    @Test func aChainOfPropertiesLeadsToTheOneTypeBehindIt() {
        let index = index([
            "Container.swift": """
            final class AppContainer {
                let builder: Building
                lazy var factories = Factories()
                let fallback: Building
                let given: Building
                init(given: Building) {
                    builder = LiveBuilder()
                    self.given = given
                }
            }
            protocol Building { func makeSettings() -> UIViewController }
            final class LiveBuilder: Building { func makeSettings() -> UIViewController { SettingsViewController() } }
            final class PreviewBuilder: Building { func makeSettings() -> UIViewController { UIViewController() } }
            struct Factories { let screens = ScreenFactory() }
            final class ScreenFactory {}
            final class AccountCoordinator { let container: AppContainer }
            """
        ])
        let account = index.types["AccountCoordinator"]!
        // A protocol of two implementations: the one `init` assigns.
        #expect(index.typeBehind(["container", "builder"], from: account)?.name == "LiveBuilder")
        // Initializers, lazy or not, three properties deep.
        #expect(index.typeBehind(["container", "factories", "screens"], from: account)?.name == "ScreenFactory")
        // Two implementations and no assignment, or one handed in from outside: not told, never the first.
        #expect(index.typeBehind(["container", "fallback"], from: account) == nil)
        #expect(index.typeBehind(["container", "given"], from: account) == nil)
        #expect(index.typeBehind(["container", "missing"], from: account) == nil)
    }
}
