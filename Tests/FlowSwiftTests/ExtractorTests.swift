import FlowExtract
import FlowModel
import FoundationEssentials
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

    static func project(_ text: String, path: String = "App/Shelf.swift") -> ExtractedProject {
        SwiftExtractor.extract(sources: [(path, text)])
    }

    @Test func classicCoordinatorRoutesChildrenAndTriggers() throws {
        let project = Self.project(Self.shelf)
        #expect(project.coordinators.map(\.name) == ["ShelfCoordinator", "SettingsCoordinator"])
        let shelf = try #require(project.coordinator(named: "ShelfCoordinator"))
        #expect(shelf.routes.map(\.name) == ["start", "showBook", "showSettings"])
        #expect(shelf.initial?.value == "start")
        let start = try #require(shelf.route(named: "start"))
        #expect(start.destination?.value == ExtractedDestination(.screen, "ShelfViewController"))
        #expect(start.triggers.map(\.value) == ["showBook", "showSettings"])
        let book = try #require(shelf.route(named: "showBook"))
        #expect(book.transition?.value == .push)
        #expect(book.transition?.location == SourceLocation(file: "App/Shelf.swift", line: 14, column: 9))
        #expect(book.params.map(\.value) == [ExtractedParameter(name: "id", type: "String")])
        let settings = try #require(shelf.route(named: "showSettings"))
        #expect(settings.destination?.value == ExtractedDestination(.coordinator, "SettingsCoordinator"))
        #expect(settings.transition?.value == .present)
        #expect(settings.transition?.confidence.isCertain == false, "lifted from the child's start()")
        #expect(settings.retain?.value == .parent)
        #expect(settings.releaseOn?.map(\.value) == [.finish])
    }

    @Test func flowGraphIsTheModelTheLoaderBuilds() throws {
        let graph = Self.project(Self.shelf).flowGraph()
        let shelf = try #require(graph.coordinator(named: "ShelfCoordinator"))
        #expect(shelf.kind?.value == .navigation)
        #expect(shelf.route(named: "showSettings")?.destination?.value == .coordinator("SettingsCoordinator"))
        #expect(shelf.route(named: "showSettings")?.effectiveReleaseOn == [.finish])
        #expect(shelf.route(named: "start")?.triggers.map(\.text) == ["showBook", "showSettings"])
        #expect(graph.entry?.value == "ShelfCoordinator")
    }

    @Test func certainOnlyLeavesInferredFactsOut() throws {
        let graph = Self.project(Self.shelf).flowGraph(certainOnly: true)
        let shelf = try #require(graph.coordinator(named: "ShelfCoordinator"))
        #expect(shelf.kind == nil, "a UIKit coordinator's kind is inferred")
        #expect(shelf.route(named: "showSettings")?.transition == nil)
        #expect(shelf.route(named: "showBook")?.transition?.value == .push)
        #expect(graph.entry == nil)
    }

    @Test func factsRoundTripThroughJSON() throws {
        let project = Self.project(Self.shelf)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let data = try encoder.encode(project)
        let decoded = try JSONDecoder().decode(ExtractedProject.self, from: data)
        #expect(try encoder.encode(decoded) == data)
        #expect(decoded.coordinators.first?.routes.first?.destination == project.coordinators.first?.routes.first?.destination)
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
        let project = Self.project("""
            final class Root: Coordinator {
                func start() { navigationController.setViewControllers([HomeViewController()], animated: false) }
                func show(_ screen: UIViewController) { navigationController.pushViewController(screen, animated: true) }
            }
            """)
        let root = try #require(project.coordinator(named: "Root"))
        #expect(root.route(named: "show") == nil)
        #expect(!root.allSitesResolved)
        #expect(project.notes.contains { $0.kind == .dynamicDestination && $0.location.line == 3 })
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

    @Test func xcoordinatorRoutesAreTheEnumCases() throws {
        let project = Self.project("""
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
        #expect(news.style == .xcoordinator)
        #expect(news.routes.map(\.name) == ["list", "article", "close"])
        #expect(news.routes.map { $0.transition?.value } == [.push, .push, .dismissToRoot])
        #expect(news.route(named: "article")?.params.map(\.value.name) == ["id"])
        #expect(news.initial?.confidence == .certain)
    }

    @Test func filesAreFoundSortedWithHiddenFoldersSkipped() throws {
        let files = try SwiftExtractor.swiftFiles(in: [packageFixture("uikit/sample-app/Sources")])
        #expect(files.map { String($0.split(separator: "/").last!) } == ["AppDelegate.swift", "Coordinator.swift", "EditorCoordinator.swift", "ReaderCoordinator.swift", "ShelfCoordinator.swift"])
    }

    private func packageFixture(_ path: String) -> String {
        var root = #filePath.split(separator: "/", omittingEmptySubsequences: false).dropLast(3).joined(separator: "/")
        root += "/fixtures/extract/" + path
        return root
    }
}
