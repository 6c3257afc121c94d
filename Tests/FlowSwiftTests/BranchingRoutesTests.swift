import FlowModel
import Testing
@testable import FlowSwift

/// A route method other than `start()` whose branches navigate differently is one route per branch, and what
/// triggers it reaches every branch (issue 22 item 10).
@Suite struct BranchingRoutesTests {
    static func extract(_ body: String) -> CodeGraph {
        let source = """
            final class FeedCoordinator: Coordinator {
                let navigationController: UINavigationController
                func start() {
                    let feed = FeedViewController()
                    feed.onOpen = { [weak self] item in self?.open(item) }
                    navigationController.setViewControllers([feed], animated: false)
                }
            \(body)
            }
            """
        return SwiftExtractor.extract(sources: [(path: "Feed.swift", text: source)])
    }

    @Test func eachArmOfAnIfIsARouteAndTheScreenTriggersBoth() throws {
        let graph = Self.extract(
            """
                func open(_ item: Item) {
                    if item.isVideo {
                        navigationController.present(PlayerViewController(), animated: true)
                    } else if item.isLink {
                        navigationController.present(PlayerViewController(), animated: false)
                    } else {
                        navigationController.pushViewController(ArticleViewController(), animated: true)
                    }
                }
            """)
        let feed = try #require(graph.coordinator(named: "FeedCoordinator"))
        #expect(feed.routes.map(\.name) == ["start", "open", "openArticle"])
        #expect(feed.route(named: "open")?.transition?.value == .present)
        #expect(feed.route(named: "openArticle")?.transition?.value == .push)
        #expect(feed.route(named: "openArticle")?.destination?.value == .screen("ArticleViewController"))
        #expect(feed.route(named: "start")?.triggers.map(\.route) == ["open", "openArticle"])
    }

    @Test func switchCasesAreNamedAfterTheCaseAndACaseThatRunsAnotherRouteReachesIt() throws {
        let graph = Self.extract(
            """
                func open(_ item: Item) {
                    switch item.kind {
                    case .video:
                        navigationController.present(PlayerViewController(), animated: true)
                    case .article:
                        navigationController.pushViewController(ArticleViewController(), animated: true)
                    case .unknown:
                        showUnsupported()
                    }
                }
                func showUnsupported() {
                    navigationController.present(UnsupportedViewController(), animated: true)
                }
            """)
        let feed = try #require(graph.coordinator(named: "FeedCoordinator"))
        #expect(feed.routes.map(\.name) == ["start", "open", "openArticle", "showUnsupported"])
        #expect(feed.route(named: "start")?.triggers.map(\.route) == ["open", "openArticle", "showUnsupported"])
    }

    /// Two `if`s one after the other may both run: not alternatives, read whole as before.
    @Test func ifsThatMayBothRunAreNotSplit() throws {
        let graph = Self.extract(
            """
                func open(_ item: Item) {
                    if item.isStale {
                        navigationController.popToRootViewController(animated: false)
                    }
                    if item.isVideo {
                        navigationController.present(PlayerViewController(), animated: true)
                    }
                }
            """)
        let feed = try #require(graph.coordinator(named: "FeedCoordinator"))
        #expect(feed.routes.map(\.name) == ["start", "open"])
        #expect(feed.route(named: "open")?.transition?.value == .present)
    }
}
