import FlowConfig
import FlowAnalysis
import FlowRules
import FlowModel
import FlowSpec
import Foundation
import Testing
@testable import FlowSwift

@Suite struct ExtractorTests {
    static let shelf = """
        import UIKit

        final class ShelfCoordinator: Coordinator {
            var childCoordinators: [Coordinator] = []
            let navigationController: UINavigationController

            func start() {
                let shelf = ShelfViewController()
                shelf.coordinator = self
                navigationController.setViewControllers([shelf], animated: false)
            }

            func showBook(id: String) {
                navigationController.pushViewController(BookViewController(), animated: true)
            }

            func showSettings() {
                let settings = SettingsCoordinator()
                childCoordinators.append(settings)
                settings.onFinish = { [weak self] in
                    self?.childCoordinators.removeAll { $0 === settings }
                }
                settings.start()
            }
        }

        final class SettingsCoordinator: Coordinator {
            var onFinish: (() -> Void)?
            let presenter = UIViewController()
            func start() {
                presenter.present(SettingsViewController(), animated: true)
            }
        }

        final class ShelfViewController: UIViewController {
            weak var coordinator: ShelfCoordinator?
            func tapped() { coordinator?.showBook(id: "1") }
            func settingsTapped() { coordinator?.showSettings() }
        }
        """

    static func project(_ text: String, path: String = "App/Shelf.swift") -> CodeGraph {
        SwiftExtractor.extract(sources: [(path, text)])
    }

    @Test func classicCoordinatorRoutesChildrenAndTriggers() throws {
        let project = Self.project(Self.shelf)
        #expect(project.coordinators.map(\.name) == ["ShelfCoordinator", "SettingsCoordinator"])
        let shelf = try #require(project.coordinator(named: "ShelfCoordinator"))
        #expect(shelf.routes.map(\.name) == ["start", "showBook", "showSettings"])
        #expect(shelf.initial?.value == "start")
        let start = try #require(shelf.route(named: "start"))
        #expect(start.destination?.value == Destination.screen("ShelfViewController"))
        #expect(start.triggers.map(\.text) == ["showBook", "showSettings"])
        let book = try #require(shelf.route(named: "showBook"))
        #expect(book.transition?.value == .push)
        #expect(book.transition?.location == SourceLocation(file: "App/Shelf.swift", line: 14, column: 9))
        #expect(book.params.map(\.name) == ["id"])
        #expect(book.params.map(\.type) == ["String"])
        let settings = try #require(shelf.route(named: "showSettings"))
        #expect(settings.destination?.value == Destination.coordinator("SettingsCoordinator"))
        #expect(settings.transition?.value == .present)
        #expect(project.confidence("ShelfCoordinator", "showSettings", .transition).isCertain == false, "lifted from the child's start()")
        #expect(settings.retain?.value == .parent)
        #expect(settings.releaseOn?.value.map(\.value) == [.finish])
    }

    @Test func theGraphIsTheModelTheLoaderBuilds() throws {
        let graph = Self.project(Self.shelf).graph
        let shelf = try #require(graph.coordinator(named: "ShelfCoordinator"))
        #expect(shelf.kind?.value == .navigation)
        #expect(shelf.route(named: "showSettings")?.destination?.value == .coordinator("SettingsCoordinator"))
        #expect(shelf.route(named: "showSettings")?.effectiveReleaseOn == [.finish])
        #expect(shelf.route(named: "start")?.triggers.map(\.text) == ["showBook", "showSettings"])
        #expect(graph.entry?.value == "ShelfCoordinator")
    }

    @Test func certainOnlyLeavesInferredFactsOut() throws {
        let graph = Self.project(Self.shelf).certainGraph
        let shelf = try #require(graph.coordinator(named: "ShelfCoordinator"))
        #expect(shelf.kind == nil, "a UIKit coordinator's kind is inferred")
        #expect(shelf.route(named: "showSettings")?.transition == nil)
        #expect(shelf.route(named: "showBook")?.transition?.value == .push)
        #expect(graph.entry == nil)
    }

    @Test func theJSONHoldsEachFactWithItsLocationAndWhyItIsInferred() throws {
        let project = Self.project(Self.shelf)
        let json = GraphJSONEncoder.encode(project)
        #expect(json == GraphJSONEncoder.encode(Self.project(Self.shelf)), "the same graph gives the same bytes")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let coordinators = try #require(document["coordinators"] as? [[String: Any]])
        let shelf = try #require(coordinators.first { ($0["name"] as? [String: Any])?["value"] as? String == "ShelfCoordinator" })
        #expect(shelf["framework"] as? String == "uikit")
        let routes = try #require(shelf["routes"] as? [[String: Any]])
        let settings = try #require(routes.first { ($0["name"] as? [String: Any])?["value"] as? String == "showSettings" })
        let transition = try #require(settings["transition"] as? [String: Any])
        #expect(transition["value"] as? String == "present")
        #expect((transition["inferred"] as? String)?.contains("start()") == true)
        let book = try #require(routes.first { ($0["name"] as? [String: Any])?["value"] as? String == "showBook" })
        let push = try #require(book["transition"] as? [String: Any])
        #expect(push["inferred"] == nil, "a certain fact has no `inferred`")
        #expect(push["file"] as? String == "App/Shelf.swift")
        #expect(push["line"] as? Int == 14)
        #expect(push["column"] as? Int == 9)
    }

    @Test func swiftThatDoesNotParseIsANoteAndTheRestIsExtracted() throws {
        let broken = Self.shelf + "\nfinal class Broken: Coordinator { func start( { \n"
        let project = Self.project(broken)
        #expect(project.coordinator(named: "ShelfCoordinator") != nil)
        let note = try #require(project.notes.first { $0.kind == .unreadable })
        #expect(note.location.file == "App/Shelf.swift")
        #expect(note.location.line == 40, "the broken class is the last line")
    }

    @Test func nonUTF8IsANote() {
        let facts = SwiftExtractor.collect(path: "Bad.swift", bytes: [0x63, 0x6C, 0xFF, 0xFE, 0x61])
        #expect(facts.types.isEmpty)
        #expect(facts.notes.map(\.kind) == [.unreadable])
        #expect(facts.notes.first?.location == SourceLocation(file: "Bad.swift", line: 1, column: 3), "at the first byte that is not UTF-8")
    }

    /// A list mapped to a member is kept as written when the list is not spelled out here, to be looked up in the
    /// project: a closure or a key path, over a property or a function's result.
    @Test func aMappedListIsKeptForTheProjectToLookUp() {
        let source = """
            final class HubCoordinator {
                func start() {
                    tabBarController.viewControllers = tabs.map(\\.navigationController)
                    tabBarController.setViewControllers(self.makeTabs().map { $0.rootViewController }, animated: false)
                    let local = [feed, search]
                    tabBarController.viewControllers = local.map(\\.navigationController)
                }
            }
            """
        let facts = SwiftExtractor.collect(path: "Hub.swift", bytes: Array(source.utf8))
        let calls = facts.types.first?.methods.first?.calls.filter { $0.name == "=" || $0.name == "setViewControllers" }
        let values = calls?.map { $0.arguments.first?.value }
        #expect(
            values == [
                .mapped(.reference("tabs"), member: "navigationController"),
                .mapped(.factory("self.makeTabs"), member: "rootViewController"),
                .array([.other("feed.navigationController"), .other("search.navigationController")]),
            ])
    }

    /// Tabs mapped from a list another type makes (`services.makeTabs()`) cannot be followed: the hub is left out
    /// with a note at its line, never given guessed tabs.
    @Test func aMappedListTheReaderCannotFollowIsANote() throws {
        let source = """
            final class HubCoordinator: Coordinator {
                let tabBarController = UITabBarController()
                let services: Services
                func start() {
                    tabBarController.viewControllers = services.makeTabs().map(\\.navigationController)
                }
            }
            final class FeedCoordinator: Coordinator {
                let navigationController = UINavigationController()
                func start() { navigationController.setViewControllers([FeedViewController()], animated: false) }
            }
            """
        let graph = SwiftExtractor.extract(sources: [(path: "Hub.swift", text: source)])
        #expect(graph.coordinator(named: "HubCoordinator") == nil)
        let note = try #require(graph.notes.first { $0.coordinator == "HubCoordinator" })
        #expect(note.message.contains("the tabs of `HubCoordinator` come from values the reader cannot follow"))
        #expect(note.location.line == 1)
    }

    @Test func unreadableFileIsANote() {
        let facts = SwiftExtractor.collect(path: "Gone.swift", bytes: nil)
        #expect(facts.notes.map(\.kind) == [.unreadable])
    }

    @Test func deeplyNestedExpressionsDoNotCrash() {
        let deep = String(repeating: "(", count: 5_000) + "1" + String(repeating: ")", count: 5_000)
        let project = Self.project("final class A: Coordinator { func start() { let x = \(deep) } }")
        #expect(project.coordinators.isEmpty)
    }

    /// scripts/fuzz found it: swift-syntax's parsing time doubles with each `[` of a run, so 40 would take days.
    @Test func longRunsOfBracketsAreANoteNotAHang() throws {
        let grid = "\nlet grid = [[[[ [[[[\n  [[[[" + String(repeating: "[", count: 28) + "1"
        let facts = SwiftExtractor.collect(path: "Grid.swift", bytes: Array((Self.shelf + grid).utf8))
        #expect(facts.types.isEmpty, "the file is skipped")
        let note = try #require(facts.notes.first)
        #expect(facts.notes.map(\.kind) == [.unreadable])
        #expect(note.location == SourceLocation(file: "Grid.swift", line: 41, column: 6), "at the twelfth `[`")
        #expect(note.message.hasPrefix("12 `[` in a row, nested: skipped"))
        // Eleven are parsed: real code nests a few.
        let eleven = "\nlet grid = " + String(repeating: "[", count: 11) + "1" + String(repeating: "]", count: 11) + "\n"
        #expect(SwiftExtractor.collect(path: "Grid.swift", bytes: Array((Self.shelf + eleven).utf8)).notes.isEmpty)
        #expect(Self.project(Self.shelf + eleven).coordinator(named: "ShelfCoordinator") != nil)
    }

    @Test func dynamicDestinationIsANoteNotAGuess() throws {
        let project = Self.project(
            """
            final class Root: Coordinator {
                func start() { navigationController.setViewControllers([HomeViewController()], animated: false) }
                func show(_ screen: UIViewController) { navigationController.pushViewController(screen, animated: true) }
            }
            """)
        let root = try #require(project.coordinator(named: "Root"))
        #expect(root.route(named: "show") == nil)
        #expect(root.isOpen)
        #expect(project.notes.contains { $0.kind == .dynamicDestination && $0.location.line == 3 })
    }

    @Test func theParentsRouteRunInTheChildsFinishClosureIsItsThen() throws {
        let project = Self.project(
            """
            final class AppCoordinator: Coordinator {
                var childCoordinators: [Coordinator] = []
                let window: UIWindow
                func showAuth() {
                    let auth = AuthCoordinator()
                    auth.onFinish = { [weak self] in
                        DispatchQueue.main.async { self?.showMain() }
                    }
                    auth.onCancel = { [weak self] in self?.showHelp() }
                    childCoordinators.append(auth)
                    window.rootViewController = auth.navigationController
                }
                func showMain() { window.rootViewController = MainViewController() }
                func showHelp() { window.rootViewController = HelpViewController() }
            }
            final class AuthCoordinator: Coordinator {
                var onFinish: (() -> Void)?
                var onCancel: (() -> Void)?
                let navigationController = UINavigationController()
                func start() { navigationController.setViewControllers([LoginViewController()], animated: false) }
            }
            """)
        let auth = try #require(project.coordinator(named: "AppCoordinator")?.route(named: "showAuth"))
        #expect(auth.then.map(\.text) == ["showMain"], "a closure not named for finishing is not a continuation")
        #expect(auth.then.first?.location.line == 7)
        #expect(project.confidence("AppCoordinator", "showAuth", .then, item: "showMain") == .certain)
        #expect(project.coordinator(named: "AppCoordinator")?.route(named: "showMain")?.then == [], "only child routes continue")
    }

    @Test func aSecondCoordinatorOfTheSameNameIsANoteNotASilentSkip() throws {
        let first =
            "final class ProfileCoordinator: Coordinator {\n"
            + "    func start() { navigationController.pushViewController(ProfileViewController(), animated: true) }\n}\n"
        let second =
            "import UIKit\nfinal class ProfileCoordinator: Coordinator {\n"
            + "    func start() { navigationController.pushViewController(OtherViewController(), animated: true) }\n}\n"
            + "enum Action { case tap }\n"
        let project = SwiftExtractor.extract(sources: [
            ("A/Profile.swift", first), ("B/Profile.swift", second), ("C/Other.swift", "enum Action { case other }\n"),
        ])
        #expect(
            project.coordinator(named: "ProfileCoordinator")?.route(named: "start")?.destination?.value == .screen("ProfileViewController"))
        let notes = project.notes.filter { $0.message.hasPrefix("a second type named") }
        #expect(
            notes.map { "\($0.location.file):\($0.location.line)" } == ["B/Profile.swift:2"], "a repeated enum is no coordinator: no note")
        #expect(notes.first?.message.contains("(the first is at A/Profile.swift:1)") == true)
    }

    @Test func teamWrappersMapThroughTheConfiguration() throws {
        let source = """
            final class Shop: Coordinator {
                func start() { navigator.show(CatalogViewController()) }
                func openCart() {
                    let cart = CartCoordinator()
                    keep(cart)
                    cart.start()
                }
            }
            final class CartCoordinator: Coordinator {
                func start() { navigator.show(CartViewController()) }
            }
            """
        let plain = SwiftExtractor.extract(sources: [("Shop.swift", source)])
        #expect(plain.coordinators.isEmpty)
        let mapped = SwiftExtractor.extract(sources: [("Shop.swift", source)], mapping: ExtractMapping(push: ["show"], retain: ["keep"]))
        let shop = try #require(mapped.coordinator(named: "Shop"))
        #expect(shop.route(named: "openCart")?.retain?.value == .parent)
        #expect(shop.route(named: "openCart")?.transition?.value == .push)
    }

    /// Tabs filled by `append` under conditions, from factory methods of the hub: each child a tab; an element the
    /// reader cannot follow (a bare `UIViewController()`) is left out of the tabs with a note, the hub kept and open.
    @Test func tabsFilledByAppendKeepWhatTheReaderFollows() throws {
        let project = Self.project(
            """
            final class HubCoordinator: Coordinator {
                var childCoordinators: [Coordinator] = []
                let tabBarController = UITabBarController()
                var showsFeed = true
                func start() {
                    var controllers = [UIViewController]()
                    let home = makeHome()
                    controllers.append(home.navigationController)
                    if showsFeed {
                        let feed = makeFeed()
                        controllers.append(feed.navigationController)
                    }
                    controllers.append(UIViewController())
                    tabBarController.viewControllers = controllers
                }
                private func makeHome() -> HomeCoordinator {
                    let coordinator = HomeCoordinator()
                    childCoordinators.append(coordinator)
                    return coordinator
                }
                private func makeFeed() -> FeedCoordinator {
                    let coordinator = FeedCoordinator()
                    return coordinator
                }
            }
            final class HomeCoordinator: Coordinator {
                let navigationController = UINavigationController()
                func start() { navigationController.setViewControllers([HomeViewController()], animated: false) }
            }
            final class FeedCoordinator: Coordinator {
                let navigationController = UINavigationController()
                func start() { navigationController.setViewControllers([FeedViewController()], animated: false) }
            }
            """)
        let hub = try #require(project.coordinator(named: "HubCoordinator"))
        #expect(hub.tabs?.map(\.value) == ["home", "feed"])
        #expect(hub.route(named: "home")?.retain?.value == .parent)
        #expect(hub.route(named: "feed")?.retain?.value == .hierarchy)
        #expect(hub.isOpen)
        #expect(
            project.notes.contains {
                $0.message.hasPrefix("a tab of `HubCoordinator`, `UIViewController(…)`, is not the controller of a child coordinator")
            })
    }

    /// A raw identifier (``case `default` ``) names `default`: with the backticks it would be a route no
    /// hand-written spec matches.
    @Test func rawIdentifiersLoseTheirBackticks() throws {
        let project = Self.project(
            """
            enum SettingsRoute: Route { case `default`, `return` }
            final class SettingsCoordinator: NavigationCoordinator<SettingsRoute> {
                init() { super.init(initialRoute: .`default`) }
                override func prepareTransition(for route: SettingsRoute) -> NavigationTransition {
                    switch route {
                    case .`default`: return .push(SettingsViewController())
                    case .`return`: return .dismiss()
                    }
                }
            }
            """)
        let settings = try #require(project.coordinator(named: "SettingsCoordinator"))
        #expect(settings.routes.map(\.name) == ["default", "return"])
        #expect(settings.initial?.value == "default")
        #expect(settings.route(named: "return")?.transition?.value == .dismiss)
    }

    @Test func xcoordinatorRoutesAreTheEnumCases() throws {
        let project = Self.project(
            """
            enum NewsRoute: Route { case list, article(id: Int), close }
            final class NewsCoordinator: NavigationCoordinator<NewsRoute> {
                init() { super.init(initialRoute: .list) }
                override func prepareTransition(for route: NewsRoute) -> NavigationTransition {
                    switch route {
                    case .list: return .push(NewsListViewController())
                    case .article(let id): return .push(ArticleViewController(id: id))
                    case .close: return .dismissToRoot()
                    }
                }
            }
            """)
        let news = try #require(project.coordinator(named: "NewsCoordinator"))
        #expect(project.provenance.frameworks["NewsCoordinator"] == .xcoordinator)
        #expect(news.routes.map(\.name) == ["list", "article", "close"])
        #expect(news.routes.map { $0.transition?.value } == [.push, .push, .dismissToRoot])
        #expect(news.route(named: "article")?.params.map(\.name) == ["id"])
        #expect(news.initial != nil)
        #expect(project.provenance.confidence(.coordinator("NewsCoordinator", .initial)) == .certain)
    }

    @Test func filesAreFoundSortedWithHiddenFoldersSkipped() throws {
        let files = try SwiftExtractor.swiftFiles(in: [packageFixture("uikit/sample-app/Sources")])
        #expect(
            files.map { String($0.split(separator: "/").last!) } == [
                "AppDelegate.swift", "Coordinator.swift", "EditorCoordinator.swift", "ReaderCoordinator.swift", "ShelfCoordinator.swift",
            ])
    }

    private func packageFixture(_ path: String) -> String {
        var root = #filePath.split(separator: "/", omittingEmptySubsequences: false).dropLast(3).joined(separator: "/")
        root += "/fixtures/extract/" + path
        return root
    }
}
