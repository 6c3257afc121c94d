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

    private func retain(body: String, hold: String = "weak") -> RetainPolicy? {
        let source = Self.parent.replacingOccurrences(of: "BODY", with: body).replacingOccurrences(of: "HOLD", with: hold)
        let code = SwiftExtractor.extract(sources: [(path: "Gallery.swift", text: source)])
        return code.graph.coordinators.first { $0.name == "GalleryCoordinator" }?.routes.first { $0.name == "showViewer" }?.retain?.value
    }

    @Test func aChildStartedAndKeptNowhereIsUnretained() {
        #expect(retain(body: "let viewer = ViewerCoordinator(navigationController: navigationController)\nviewer.start()") == .unretained)
    }

    @Test func aChildThatMayBeKeptIsKeptElsewhere() {
        let made = "let viewer = ViewerCoordinator(navigationController: navigationController)\n"
        // Its screen holds it strongly.
        #expect(retain(body: made + "viewer.start()", hold: "") == .hierarchy)
        // Handed to a method of the parent that keeps it.
        #expect(retain(body: made + "keep(viewer)\nviewer.start()") != .unretained)
        // Handed to an object the reader does not follow.
        #expect(retain(body: made + "Registry.shared.add(viewer)\nviewer.start()") == .hierarchy)
        // Captured by a closure that may outlive the method.
        #expect(retain(body: made + "navigationController.transitionCoordinator?.animate(alongsideTransition: nil) { _ in viewer.navigationController.popToRootViewController(animated: false) }\nviewer.start()") == .hierarchy)
    }
}
