import Foundation
import Testing
import FlowModel
import FlowSpec
import FlowAnalysis
@testable import FlowRules

/// The structural and reachability halves of `flowlint diff`, on the three revisions of `fixtures/diff`.
@Suite struct FlowDiffTests {
    static func graph(_ revision: Int) throws -> FlowGraph {
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("fixtures/diff/shop-\(revision)").path
        let project = try SpecLoader().load(paths: [path])
        #expect(project.diagnostics.isEmpty, "\(project.diagnostics)")
        return project.graph
    }

    static func diff(_ from: Int, _ to: Int) throws -> FlowDiff {
        let (base, head) = (try graph(from), try graph(to))
        return FlowDiff(base: base, head: head, baseAnalysis: Analysis(base), headAnalysis: Analysis(head))
    }

    @Test func aRevisionComparedWithItselfHasNoChange() throws {
        #expect(try Self.diff(1, 1).isEmpty)
    }

    @Test func renamesRemovalsTransitionsAndTriggersAreStructuralChanges() throws {
        let diff = try Self.diff(1, 2)
        // The sheet's style goes with the new transition, not as changes of their own.
        #expect(
            diff.changes.map(\.message) == [
                "`App.profile` was renamed `App.account`",
                "`App.settings` no longer triggers `profile`",
                "`App.settings` now triggers `account`",
                "`App.help`: transition `push` → `present` (sheet)",
                "`Cart.checkout` was removed",
                "`Cart.list` no longer triggers `checkout`",
            ])
        #expect(diff.changes.first { $0.field == .route(.transition) }.map { ($0.old, $0.new) }! == ("push", "present"))
    }

    @Test func aCoordinatorNoLongerReachableNamesTheRemovedRoute() throws {
        let diff = try Self.diff(1, 2)
        #expect(
            diff.reachability == [
                ReachabilityChange(
                    coordinator: "Checkout", reachable: false,
                    cause: "`Cart.checkout` was removed")
            ])
        let back = try Self.diff(2, 1)
        #expect(back.reachability.map(\.message) == ["`Checkout` is now reachable: `Cart.checkout` was added"])
    }

    @Test func aRouteOfAKeptCoordinatorThatIsNoLongerTriggeredIsReported() throws {
        var head = try Self.graph(1)
        var base = head
        var app = head.coordinator(named: "App")!
        var routes = app.routes
        routes[routes.firstIndex { $0.name == "settings" }!].triggers = []
        app.replaceRoutes(routes)
        var graph = FlowGraph()
        graph.entry = head.entry
        for coordinator in head.coordinators { graph.add(coordinator.name == "App" ? app : coordinator) }
        head = graph
        base.files = []
        let diff = FlowDiff(base: base, head: head, baseAnalysis: Analysis(base), headAnalysis: Analysis(head))
        #expect(diff.reachability.map(\.message) == ["`App.profile` is no longer reachable: `App.settings` no longer triggers `profile`"])
    }

    @Test func spellingOutADefaultIsNoChange() throws {
        let base = try Self.graph(3)
        var head = FlowGraph()
        head.entry = base.entry
        for var coordinator in base.coordinators {
            var routes = coordinator.routes
            for index in routes.indices where routes[index].transition?.value == .present {
                routes[index].style = Located(.sheet, at: routes[index].location)
            }
            coordinator.replaceRoutes(routes)
            head.add(coordinator)
        }
        #expect(FlowDiff(base: base, head: head).changes.isEmpty)
    }
}
