import FlowModel
import Foundation
import Testing
@testable import FlowSpec
@testable import FlowSwift

/// Shapes met in real open-source apps (docs/oss-check.md) whose extracted specs used to
/// fail `flowlint lint` with validity errors or false findings. Each is written here in our own words.
@Suite struct RealAppShapeTests {
    /// Extracts `sources`, writes the specs, loads them back: the spec-validity findings, and the project. The
    /// specs load back as the graph that was written (locations aside).
    static func roundTrip(_ sources: [(String, String)]) throws -> (CodeGraph, LoadedProject) {
        let project = SwiftExtractor.extract(sources: sources.map { (path: $0.0, text: $0.1) })
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flowlint-shapes-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var files: [String] = []
        for (position, spec) in SpecEncoder.specs(for: project).enumerated() {
            let file = folder.appendingPathComponent("spec\(position).flow.yml")
            try spec.text.write(to: file, atomically: true, encoding: .utf8)
            files.append(file.path)
        }
        let loaded = try SpecLoader().load(files: files)
        if !loaded.diagnostics.contains(where: { $0.severity == .error }) {
            let written = SpecEncoder.specs(for: project, comments: false).map(\.text).sorted()
            #expect(SpecEncoder.specs(for: CodeGraph(graph: loaded.graph), comments: false).map(\.text).sorted() == written)
        }
        return (project, loaded)
    }

    static func errors(_ loaded: LoadedProject) -> [String] {
        loaded.diagnostics.filter { $0.severity == .error }.map { "\($0.rule.rawValue): \($0.message)" }
    }

    /// A Router app: the first screen comes from a factory, a screen's callback ends the flow, and a screen
    /// kept in a property is pushed.
    @Test func routerFlowWithFactoryScreens() throws {
        let auth = """
            protocol RegisterView: AnyObject {
                var onRegistered: (() -> Void)? { get set }
            }

            final class AuthCoordinator: BaseCoordinator {
                var finishFlow: (() -> Void)?
                private let factory: AuthScreenFactory
                private let router: Router
                private weak var register: RegisterView?

                init(router: Router, factory: AuthScreenFactory) {
                    self.router = router
                    self.factory = factory
                }

                override func start() {
                    showSignIn()
                }

                private func showSignIn() {
                    let signIn = factory.makeSignIn()
                    signIn.onSignedIn = { [weak self] in self?.finishFlow?() }
                    signIn.onRegister = { [weak self] in self?.showRegister() }
                    router.setRootModule(signIn)
                }

                private func showRegister() {
                    register = factory.makeRegister()
                    register?.onRegistered = { [weak self] in self?.finishFlow?() }
                    router.push(register)
                }
            }
            """
        let (project, loaded) = try Self.roundTrip([("Auth.swift", auth)])
        #expect(Self.errors(loaded) == [])
        let coordinator = try #require(project.coordinator(named: "AuthCoordinator"))
        let root = try #require(coordinator.route(named: "showSignIn"))
        #expect(root.destination?.value.name == "UnresolvedScreen", "a placeholder the reader fills in")
        #expect(project.confidence("AuthCoordinator", "showSignIn", .screen).reason?.contains("write its type here") == true)
        // The callback's finish is a route of its own, triggered by the screen, not `showRegister`'s transition.
        #expect(coordinator.route(named: "showRegister")?.transition?.value == .push)
        #expect(coordinator.route(named: "finishFlow")?.transition?.value == .finish)
    }

    /// XCoordinator: a case with a hand-made `Transition`, and tabs handed in through `init` parameters.
    @Test func xcoordinatorShapesTheReaderCannotFollowAreLeftOutWithNotes() throws {
        let source = """
            import XCoordinator

            enum InfoRoute: Route {
                case home
                case website
            }

            final class InfoCoordinator: NavigationCoordinator<InfoRoute> {
                init() {
                    super.init(initialRoute: .home)
                }

                override func prepareTransition(for route: InfoRoute) -> NavigationTransition {
                    switch route {
                    case .home:
                        return .push(InfoViewController())
                    case .website:
                        return Transition(presentables: [], animationInUse: nil) { _, _, completion in completion?() }
                    }
                }
            }

            enum MainRoute: Route {
                case info
                case more
            }

            final class MainTabCoordinator: TabBarCoordinator<MainRoute> {
                private let infoRouter: StrongRouter<InfoRoute>
                private let moreRouter: StrongRouter<InfoRoute>

                init(infoRouter: StrongRouter<InfoRoute>, moreRouter: StrongRouter<InfoRoute>) {
                    self.infoRouter = infoRouter
                    self.moreRouter = moreRouter
                    super.init(tabs: [infoRouter, moreRouter], select: infoRouter)
                }

                override func prepareTransition(for route: MainRoute) -> TabBarTransition {
                    switch route {
                    case .info: return .select(infoRouter)
                    case .more: return .select(moreRouter)
                    }
                }
            }
            """
        let (project, loaded) = try Self.roundTrip([("Main.swift", source)])
        #expect(Self.errors(loaded) == [])
        #expect(project.coordinator(named: "InfoCoordinator")?.route(named: "website") == nil)
        // Tabs handed in as `StrongRouter<InfoRoute>` parameters are the one coordinator that routes `InfoRoute`.
        let tabs = try #require(project.coordinator(named: "MainTabCoordinator"))
        #expect(tabs.tabs?.map(\.value) == ["infoRouter", "moreRouter"])
        #expect(tabs.route(named: "moreRouter")?.destination?.value == .coordinator("InfoCoordinator"))
        #expect(
            project.provenance.confidence(.route("MainTabCoordinator", "moreRouter", .coordinator))
                == .inferred("the one coordinator that routes `InfoRoute`"))
        let notes = project.notes.filter { $0.kind == .unrecognized }.map(\.message)
        #expect(notes.contains { $0.hasPrefix("`InfoCoordinator.website` navigates in a way the reader does not recognize") })
    }

    /// Stinsen: one coordinator pushed bare here and run in its own navigation view there.
    @Test func stinsenCoordinatorWithTwoStacksKeepsItsOwn() throws {
        let source = """
            import Stinsen
            import SwiftUI

            final class GalleryCoordinator: NavigationCoordinatable {
                let stack = NavigationStack(initial: \\GalleryCoordinator.start)
                @Root var start = makeStart
                @Route(.push) var deeper = makeDeeper
                @Route(.modal) var sheet = makeSheet

                func makeStart() -> some View { GalleryScreen() }
                func makeDeeper() -> GalleryCoordinator { GalleryCoordinator() }
                func makeSheet() -> NavigationViewCoordinator<GalleryCoordinator> { NavigationViewCoordinator(GalleryCoordinator()) }
            }
            """
        let (project, loaded) = try Self.roundTrip([("Gallery.swift", source)])
        #expect(Self.errors(loaded) == [])
        #expect(project.entry?.value == "GalleryCoordinator", "starting a copy of itself does not make it a child only")
        let gallery = try #require(project.coordinator(named: "GalleryCoordinator"))
        #expect(gallery.stack == nil, "no `stack: parent`: it also runs in its own navigation view")
        #expect(gallery.route(named: "deeper") == nil)
        #expect(gallery.route(named: "sheet")?.transition?.value == .present)
        #expect(project.notes.contains { $0.kind == .unrecognized && $0.message.contains("`GalleryCoordinator.deeper` pushes") })
    }

    /// XCoordinator: the routers the view models a coordinator makes keep are its `holds`.
    @Test func xcoordinatorViewModelRoutersAreHolds() throws {
        let source = """
            import XCoordinator

            enum FeedRoute: Route {
                case feed
                case post
            }

            final class FeedCoordinator: NavigationCoordinator<FeedRoute> {
                init() {
                    super.init(initialRoute: .feed)
                }

                override func prepareTransition(for route: FeedRoute) -> NavigationTransition {
                    switch route {
                    case .feed:
                        let viewModel = FeedViewModel(router: unownedRouter)
                        return .push(FeedViewController(viewModel: viewModel))
                    case .post:
                        let viewModel = PostViewModel(router: strongRouter)
                        return .push(PostViewController(viewModel: viewModel))
                    }
                }
            }

            final class FeedViewModel {
                private let router: UnownedRouter<FeedRoute>
                init(router: UnownedRouter<FeedRoute>) { self.router = router }
            }

            final class PostViewModel {
                private let router: StrongRouter<FeedRoute>
                init(router: StrongRouter<FeedRoute>) { self.router = router }
            }
            """
        let (project, loaded) = try Self.roundTrip([("Feed.swift", source)])
        #expect(Self.errors(loaded) == [])
        let holds = try #require(project.coordinator(named: "FeedCoordinator")).holds
        #expect(holds.map(\.target) == ["Self"])
        #expect(holds.first?.strength.value == .strong, "the strongest router any view model keeps")
        #expect(loaded.graph.coordinator(named: "FeedCoordinator")?.holds.first?.strength.value == .strong)
    }

    /// An app's own `NavigationCoordinator` protocol is not XCoordinator's class (which is always generic over its
    /// route): its conformers are classic coordinators. And a child whose routes were all left out is left out
    /// with the routes that start it, so no spec names a coordinator that was not written.
    @Test func ownNavigationCoordinatorProtocolAndAChildWithNoRoutes() throws {
        let source = """
            protocol Coordinator: AnyObject { func start() }
            protocol NavigationCoordinator: Coordinator { var navigationController: UINavigationController { get } }

            final class AppCoordinator: NavigationCoordinator {
                let navigationController = UINavigationController()
                private var children: [Coordinator] = []
                func start() {
                    let feed = FeedCoordinator(navigationController: navigationController)
                    children.append(feed)
                    feed.start()
                }
                func showLegal() {
                    let legal = LegalCoordinator()
                    children.append(legal)
                    legal.start()
                }
            }

            final class FeedCoordinator: NavigationCoordinator {
                let navigationController: UINavigationController
                init(navigationController: UINavigationController) { self.navigationController = navigationController }
                func start() { navigationController.pushViewController(FeedViewController(), animated: false) }
            }

            // Its route enum lives in another module: no routes can be read.
            final class LegalCoordinator: ViewCoordinator<LegalRoute> {}
            """
        let (project, loaded) = try Self.roundTrip([("App.swift", source)])
        #expect(Self.errors(loaded) == [])
        #expect(project.provenance.frameworks["FeedCoordinator"] == .uikit)
        #expect(project.coordinator(named: "AppCoordinator")?.route(named: "start")?.destination?.value.name == "FeedCoordinator")
        #expect(project.coordinator(named: "LegalCoordinator") == nil)
        #expect(project.coordinator(named: "AppCoordinator")?.route(named: "showLegal") == nil)
        #expect(
            project.notes.contains {
                $0.kind == .unresolvedFactory && $0.message.contains("starts `LegalCoordinator`, whose routes were not recognized")
            })
    }

    /// Screens from a dependency container behind a property, configured with `&>` or `.then`, and delegate calls
    /// made through RxSwift's `owner` alias of `self`, are read like plain ones.
    @Test func containerScreensConfigureOperatorsAndOwnerAlias() throws {
        let source = """
            protocol Coordinator: AnyObject { func start() }
            final class Container {
                func makeListViewController() -> ListViewController { ListViewController() }
                func makeDetailViewController() -> DetailViewController { DetailViewController() }
            }

            final class ListCoordinator: Coordinator {
                let navigationController = UINavigationController()
                private let container: Container
                init(container: Container) { self.container = container }
                func start() {
                    let list = container.makeListViewController() &> { $0.delegate = self }
                    navigationController.setViewControllers([list], animated: false)
                }
                func showDetail() {
                    navigationController.pushViewController(container.makeDetailViewController().then { $0.title = "Detail" }, \
            animated: true)
                }
            }

            extension ListCoordinator: ListViewControllerDelegate {
                func userDidSelect() { showDetail() }
            }

            protocol ListViewControllerDelegate: AnyObject { func userDidSelect() }
            final class ListViewController: UIViewController {
                weak var delegate: ListViewControllerDelegate?
                func bind() { table.onSelect(owner: self) { owner in owner.delegate?.userDidSelect() } }
            }
            final class DetailViewController: UIViewController {}
            """
        let (project, loaded) = try Self.roundTrip([("List.swift", source)])
        #expect(Self.errors(loaded) == [])
        let list = try #require(project.coordinator(named: "ListCoordinator"))
        #expect(list.route(named: "start")?.destination?.value.name == "ListViewController")
        #expect(project.confidence("ListCoordinator", "start", .screen) == .inferred("made by `container.makeListViewController()`"))
        #expect(list.route(named: "showDetail")?.destination?.value.name == "DetailViewController")
        #expect(list.route(named: "start")?.triggers.map(\.text) == ["showDetail"])
        #expect(project.notes.isEmpty)
    }

    /// A large wallet app's shapes: screens in `lazy var x: T = { … }()` (multi-line code the notes must not spill
    /// into the YAML, and whose declared type is the screen), a child pushed onto its parent's stack in one place and
    /// presented in a navigation controller of its own in another, and the app coordinator made by a static factory.
    @Test func lazyScreensOneStackPerChildAndAFactoryMadeEntry() throws {
        let source = """
            protocol Coordinator: AnyObject { func start() }

            final class AppDelegate: UIResponder {
                var appCoordinator: WalletCoordinator!
                func application() { appCoordinator = WalletCoordinator.create(window: UIWindow()) }
            }

            final class WalletCoordinator: Coordinator {
                let navigationController: UINavigationController
                var coordinators: [Coordinator] = []
                lazy var walletViewController: WalletViewController = {
                    let controller = WalletViewController()
            \tcontroller.title = "Wallet"
                    return controller
                }()
                static func create(window: UIWindow) -> WalletCoordinator { \
            WalletCoordinator(navigationController: UINavigationController()) }
                init(navigationController: UINavigationController) { self.navigationController = navigationController }
                func start() { navigationController.setViewControllers([walletViewController], animated: false) }
                func showServers() {
                    let servers = ServersCoordinator(navigationController: navigationController)
                    coordinators.append(servers)
                    servers.start()
                }
                func chooseServer() {
                    let own = UINavigationController()
                    let servers = ServersCoordinator(navigationController: own)
                    coordinators.append(servers)
                    servers.start()
                    navigationController.present(own, animated: true)
                }
            }

            final class ServersCoordinator: Coordinator {
                let navigationController: UINavigationController
                init(navigationController: UINavigationController) { self.navigationController = navigationController }
                func start() { navigationController.pushViewController(ServersViewController(), animated: true) }
            }

            final class WalletViewController: UIViewController {
                weak var coordinator: WalletCoordinator?
                func serversTapped() { coordinator?.showServers() }
                func chooseTapped() { coordinator?.chooseServer() }
            }
            """
        let (project, loaded) = try Self.roundTrip([("Wallet.swift", source)])
        #expect(Self.errors(loaded) == [])
        let wallet = try #require(project.coordinator(named: "WalletCoordinator"))
        #expect(project.entry?.value == "WalletCoordinator")
        #expect(wallet.route(named: "start")?.destination?.value.name == "WalletViewController")
        #expect(wallet.route(named: "showServers")?.destination?.value.name == "ServersCoordinator")
        #expect(wallet.route(named: "chooseServer") == nil)
        #expect(
            project.notes.contains {
                $0.message.contains("`WalletCoordinator.chooseServer` presents `ServersCoordinator`, which elsewhere is pushed")
            })
    }

    /// A note quoting a destination written over several lines stays one `# note:` line in the spec, which parses.
    @Test func aNoteQuotingMultiLineCodeKeepsTheSpecValid() throws {
        let source = """
            protocol Coordinator: AnyObject { func start() }
            final class ShopCoordinator: Coordinator {
                let navigationController = UINavigationController()
                func start() { navigationController.setViewControllers([ShopViewController()], animated: false) }
                func showOffer() {
            \t\tnavigationController.pushViewController(offers
                        .currentOffer
                        .makeScreen(), animated: true)
                }
            }
            final class ShopViewController: UIViewController {
                weak var coordinator: ShopCoordinator?
                func offerTapped() { coordinator?.showOffer() }
            }
            """
        let (project, loaded) = try Self.roundTrip([("Shop.swift", source)])
        #expect(Self.errors(loaded) == [])
        #expect(project.notes.contains { $0.message.contains("\n") }, "the note quotes the code as written")
        let spec = try #require(SpecEncoder.specs(for: project).first?.text)
        let noteLines = spec.split(separator: "\n").filter { $0.hasPrefix("# note:") }
        #expect(!noteLines.isEmpty && noteLines.allSatisfy { !$0.contains("\t") })
    }

    /// Comments stay on one line whatever the code they quote: newlines and tabs in a note become spaces.
    @Test func specCommentsStayOnOneLine() {
        #expect(SpecEncoder.oneLine("the destination comes from `{\n\t\tlet x = 1\r\n}`") == "the destination comes from `{ let x = 1 }`")
        #expect(SpecEncoder.oneLine(String(repeating: "a", count: 400)).count == 300)
    }
}
