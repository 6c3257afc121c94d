import FlowModel
import Testing
@testable import FlowSwift

/// A child started from a local and kept nowhere is `retain: none` (unretained-child at its start); anything that
/// may keep it leaves it `hierarchy` (kept elsewhere), never a guess.
@Suite struct UnretainedChildTests {
    private static let parent = """
        import UIKit
        protocol Coordinator: AnyObject { func start() }
        final class GalleryCoordinator: Coordinator {
            let navigationController = UINavigationController()
            var children: [Coordinator] = []
            func start() {
                let grid = GridViewController()
                grid.onPhoto = { [weak self] in self?.showViewer() }
                navigationController.setViewControllers([grid], animated: false)
            }
            func showViewer() {
                BODY
            }
            func keep(_ child: Coordinator) { children.append(child) }
        }
        final class GridViewController: UIViewController { var onPhoto: (() -> Void)? }
        final class ViewerViewController: UIViewController { HOLD var coordinator: ViewerCoordinator? }
        final class ViewerCoordinator: Coordinator {
            let navigationController: UINavigationController
            init(navigationController: UINavigationController) { self.navigationController = navigationController }
            func start() {
                let viewer = ViewerViewController()
                viewer.coordinator = self
                navigationController.pushViewController(viewer, animated: true)
            }
        }
        """

    private func route(body: String, hold: String = "weak") -> Route? {
        let source = Self.parent.replacingOccurrences(of: "BODY", with: body).replacingOccurrences(of: "HOLD", with: hold)
        let code = SwiftExtractor.extract(sources: [(path: "Gallery.swift", text: source)])
        return code.graph.coordinators.first { $0.name == "GalleryCoordinator" }?.routes.first { $0.name == "showViewer" }
    }

    private func retain(body: String, hold: String = "weak") -> RetainPolicy? {
        route(body: body, hold: hold)?.retain?.value
    }

    /// Retention unknown: no `retain` guessed, the route open (so leaked-child does not judge it).
    private func unknown(body: String, hold: String = "weak") -> Bool {
        guard let route = route(body: body, hold: hold) else { return false }
        return route.retain == nil && route.isOpen
    }

    @Test func aChildStartedAndKeptNowhereIsUnretained() {
        #expect(retain(body: "let viewer = ViewerCoordinator(navigationController: navigationController)\nviewer.start()") == .unretained)
    }

    @Test func aChildThatMayBeKeptHasUnknownRetention() {
        let made = "let viewer = ViewerCoordinator(navigationController: navigationController)\n"
        // Its screen holds it strongly.
        #expect(unknown(body: made + "viewer.start()", hold: ""))
        // Handed to a method of the parent that keeps it.
        #expect(retain(body: made + "keep(viewer)\nviewer.start()") != .unretained)
        // Handed to an object the reader does not follow.
        #expect(unknown(body: made + "Registry.shared.add(viewer)\nviewer.start()"))
        // Captured by a closure that may outlive the method.
        #expect(
            unknown(
                body: made
                    + "navigationController.transitionCoordinator?.animate(alongsideTransition: nil) { _ in "
                    + "viewer.navigationController.popToRootViewController(animated: false) }\nviewer.start()"
            ))
    }
}
