import Testing
@testable import FlowSwift

/// A pattern matches a value: `case .finished(let value)` or `if case let .failed(error) = result` calls nothing,
/// so a method that only tests a result is no route (a finish named by a pattern once made one).
@Suite struct PatternTests {
    static let source = """
        import UIKit

        class Coordinator { func start() {} }

        enum Outcome { case finished(Bool), failed(String) }

        final class KilnViewController: UIViewController {}

        final class KilnCoordinator: Coordinator {
            let stack = UINavigationController()
            override func start() { stack.setViewControllers([KilnViewController()], animated: false) }

            static func isFired(_ outcome: Outcome) -> Bool {
                if case let .finished(done) = outcome { return done }
                return false
            }

            func describe(_ outcome: Outcome) -> String {
                switch outcome {
                case .finished(let done): return done ? "done" : "cold"
                case .failed(let reason): return reason
                }
            }
        }
        """

    @Test func aMethodThatOnlyMatchesAResultIsNoRoute() throws {
        let code = SwiftExtractor.extract(sources: [(path: "Kiln.swift", text: Self.source)])
        let kiln = try #require(code.graph.coordinators.first { $0.name == "KilnCoordinator" })
        #expect(kiln.routes.map(\.name) == ["start"])
    }
}
