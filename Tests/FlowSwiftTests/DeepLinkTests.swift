import FlowAnalysis
import FlowRules
import FlowModel
import Testing
@testable import FlowSwift

/// XCoordinator's `deepLink`: each later route runs on the last coordinator reached that routes its enum, and a
/// chain is written only when every step can be placed; otherwise it is a note, never a guessed chain.
@Suite struct DeepLinkTests {
    /// An app coordinator presenting a tab coordinator whose `feed` tab is a navigation coordinator.
    static func app(_ cases: String, _ transitions: String) -> String {
        """
        import XCoordinator

        enum AppRoute: Route {
            case home
            case tabs
            \(cases)
        }

        final class AppCoordinator: NavigationCoordinator<AppRoute> {
            init() { super.init(initialRoute: .home) }
            override func prepareTransition(for route: AppRoute) -> NavigationTransition {
                switch route {
                case .home: return .set([HomeViewController()])
                case .tabs: return .present(MainCoordinator().strongRouter)
                \(transitions)
                }
            }
        }

        enum MainRoute: Route { case feed }
        final class MainCoordinator: ViewCoordinator<MainRoute> {
            override func prepareTransition(for route: MainRoute) -> ViewTransition {
                switch route {
                case .feed: return .embed(FeedCoordinator().strongRouter, in: rootViewController)
                }
            }
        }

        enum FeedRoute: Route { case list, post(String) }
        final class FeedCoordinator: NavigationCoordinator<FeedRoute> {
            init() { super.init(initialRoute: .list) }
            override func prepareTransition(for route: FeedRoute) -> NavigationTransition {
                switch route {
                case .list: return .set([FeedViewController()])
                case .post(let id): return .push(PostViewController(id: id))
                }
            }
        }
        """
    }

    static func chain(_ project: CodeGraph, _ name: String) -> [String]? {
        project.chains.first { $0.name == name }.map { chain in
            chain.steps.map { step in step.action.target.map { "\(step.action.keyword): \($0)" } ?? step.action.keyword }
        }
    }

    @Test func laterRoutesRunWhereTheirEnumIsRouted() {
        let project = SwiftExtractor.extract(sources: [
            (
                "App.swift",
                Self.app(
                    "case openPost(String)",
                    "case .openPost(let id): return .multiple(.dismissAll(), deepLink(AppRoute.tabs, MainRoute.feed, FeedRoute.post(id)))"
                )
            )
        ])
        #expect(Self.chain(project, "AppCoordinator.openPost") == ["dismissToRoot", "route: tabs", "route: feed", "route: post"])
        #expect(project.notes.isEmpty)
    }

    @Test func aRouteOfACoordinatorLeftBehindIsQualified() {
        let project = SwiftExtractor.extract(sources: [
            (
                "App.swift",
                Self.app(
                    "case feedThenHome",
                    "case .feedThenHome: return deepLink(.tabs, MainRoute.feed, FeedRoute.list, AppRoute.home)"
                )
            )
        ])
        #expect(
            Self.chain(project, "AppCoordinator.feedThenHome") == [
                "route: tabs", "route: feed", "route: list", "route: AppCoordinator.home",
            ])
    }

    @Test func theSequenceFormReadsLikeTheVariadicOne() {
        let project = SwiftExtractor.extract(sources: [
            (
                "App.swift",
                Self.app(
                    "case openFeed",
                    "case .openFeed: return deepLink(AppRoute.tabs, [MainRoute.feed, FeedRoute.list])"
                )
            )
        ])
        #expect(Self.chain(project, "AppCoordinator.openFeed") == ["route: tabs", "route: feed", "route: list"])
    }

    /// Each of these would give a spec chain that fails `invalid-chain` on correct code, or one the code does not
    /// run: left out with a located note, and the route says so.
    @Test(arguments: [
        ("case lost", "case .lost: return deepLink(.tabs, SettingsRoute.about)", "no coordinator it reached routes `SettingsRoute`"),
        ("case early", "case .early: return deepLink(.home, FeedRoute.list)", "no coordinator it reached routes `FeedRoute`"),
        ("case computed", "case .computed: return deepLink(.tabs, next)", "routes to a value the code computes"),
        (
            "case popAfter", "case .popAfter: return .multiple(deepLink(.tabs, MainRoute.feed), .popToRoot())",
            "pops or dismisses on `AppCoordinator` after routing into `FeedCoordinator`"
        ),
    ])
    func unplaceableStepsLeaveTheChainOut(_ routeCase: String, _ transition: String, _ why: String) throws {
        let project = SwiftExtractor.extract(sources: [("App.swift", Self.app(routeCase, transition))])
        #expect(project.chains.isEmpty)
        let note = try #require(project.notes.first { $0.message.contains(why) })
        #expect(note.kind == .dynamicDestination)
        #expect(note.location.line == 15)
        let app = try #require(project.coordinator(named: "AppCoordinator"))
        #expect(app.isOpen)
        let name = String(routeCase.dropFirst(5))
        #expect(app.route(named: name)?.transition != nil)
        #expect(project.confidence("AppCoordinator", name, .transition).isCertain == false)
    }

    /// A deep link through a route whose destination the code computes stops there: the route is left out, and so
    /// is the chain.
    @Test func aStepThroughALeftOutRouteLeavesTheChainOut() {
        let source = Self.app("case go", "case .go: return deepLink(.tabs, MainRoute.feed)")
            .replacingOccurrences(of: ".present(MainCoordinator().strongRouter)", with: ".present(router)")
        let project = SwiftExtractor.extract(sources: [("App.swift", source)])
        #expect(project.chains.isEmpty)
        #expect(project.notes.contains { $0.message.contains("steps to `AppCoordinator.tabs`, which is not in the spec") })
    }
}
