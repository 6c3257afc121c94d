import FlowAnalysis
import FlowRules
import FlowModel
import Testing
@testable import FlowSwift

/// Children made by a factory object behind a protocol (`coordinatorFactory.makeX()`): read through the one
/// implementation, marked inferred; never guessed when the implementation or the product is not unique.
@Suite struct CoordinatorFactoryTests {
    static func app(factories: String, call: String = "let child = factory.makeChild()") -> String {
        """
        protocol Coordinator: AnyObject { func start() }
        protocol ChildFactory { func makeChild() -> Coordinator }

        \(factories)

        final class HomeCoordinator: Coordinator {
            var childCoordinators: [Coordinator] = []
            private let factory: ChildFactory
            let navigationController = UINavigationController()
            init(factory: ChildFactory) { self.factory = factory }
            func start() { navigationController.setViewControllers([HomeViewController()], animated: false) }
            func showChild() {
                \(call)
                childCoordinators.append(child)
                child.start()
            }
        }

        final class ChildCoordinator: Coordinator {
            let navigationController = UINavigationController()
            func start() { navigationController.pushViewController(ChildViewController(), animated: true) }
        }

        final class OtherCoordinator: Coordinator {
            let navigationController = UINavigationController()
            func start() { navigationController.pushViewController(OtherViewController(), animated: true) }
        }
        """
    }

    static func showChild(_ source: String) -> (Route, CodeGraph)? {
        let code = SwiftExtractor.extract(sources: [("App.swift", source)])
        return code.coordinator(named: "HomeCoordinator")?.route(named: "showChild").map { ($0, code) }
    }

    @Test func theOneImplementationsProductIsTheChild() throws {
        let (route, code) = try #require(
            Self.showChild(
                Self.app(
                    factories: """
                        final class AppChildFactory: ChildFactory {
                            func makeChild() -> Coordinator { ChildCoordinator() }
                        }
                        """)))
        #expect(route.destination?.value == Destination.coordinator("ChildCoordinator"))
        #expect(
            code.confidence("HomeCoordinator", "showChild", .coordinator) == .inferred("made by `factory.makeChild()` (`AppChildFactory`)"))
        #expect(route.retain?.value == .parent)
        #expect(route.transition?.value == .push)
    }

    @Test func aTupleFromTheFactoryGivesItsCoordinator() throws {
        let source = Self.app(
            factories: """
                final class AppChildFactory: ChildFactory {
                    func makeChild() -> Coordinator { ChildCoordinator() }
                    func makeChildBox() -> (Coordinator, UIViewController) {
                        let child = ChildCoordinator()
                        return (child, child.navigationController)
                    }
                }
                """,
            call: "let (child, module) = factory.makeChildBox()")
        #expect(Self.showChild(source)?.0.destination?.value.name == "ChildCoordinator")
    }

    @Test(arguments: [
        // Two implementations: which one runs is decided at run time.
        """
        final class AppChildFactory: ChildFactory { func makeChild() -> Coordinator { ChildCoordinator() } }
        final class PreviewChildFactory: ChildFactory { func makeChild() -> Coordinator { OtherCoordinator() } }
        """,
        // One implementation whose method makes one of two coordinators.
        """
        final class AppChildFactory: ChildFactory {
            func makeChild() -> Coordinator { Bool.random() ? ChildCoordinator() : OtherCoordinator() }
        }
        """,
    ])
    func anAmbiguousFactoryIsANoteNotAGuess(_ factories: String) throws {
        let source = Self.app(factories: factories)
        let project = SwiftExtractor.extract(sources: [("App.swift", source)])
        #expect(project.coordinator(named: "HomeCoordinator")?.route(named: "showChild") == nil)
        #expect(project.coordinator(named: "HomeCoordinator")?.isOpen == true)
        let note = try #require(project.notes.first { $0.kind == .unresolvedFactory })
        #expect(note.message.hasPrefix("`factory.makeChild()` makes a coordinator decided at run time: "))
        let callLine = source.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains("factory.makeChild()") }
        #expect(note.location.line == callLine.map { $0 + 1 })
    }
}
