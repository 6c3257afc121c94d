import Testing
import FlowModel
import FlowAnalysis
@testable import FlowRules

/// PushGraph (screens pushing screens in one stack) and OwnershipGraph (who keeps whom alive).
@Suite struct StackAndOwnershipTests {
    @Test func pushesFollowStackParentChildrenButNotPresentations() throws {
        let spec = try SpecProject(
            """
            version: 1
            entry: App
            coordinators:
              App:
                kind: navigation
                initial: list
                routes:
                  list: { screen: List, triggers: [detail, modal, flow] }
                  detail: { transition: push, screen: Detail, triggers: [flow, related] }
                  related: { transition: trigger, route: detail }
                  flow: { transition: none, coordinator: Flow, releaseOn: [back] }
                  modal: { transition: present, coordinator: Modal, releaseOn: [finish, dismiss] }
              Flow:
                kind: navigation
                stack: parent
                initial: step
                routes:
                  step: { screen: Step, triggers: [App.detail] }
              Modal:
                kind: navigation
                initial: start
                routes:
                  start: { screen: Start, triggers: [next, App.detail] }
                  next: { transition: push, screen: Next }
            """)
        let pushes = spec.analysis.pushGraph.pushes
        func targets(_ route: String) -> Set<RouteID> { Set(pushes.neighbors(of: spec.route(route))) }
        #expect(targets("App.list") == [spec.route("App.detail"), spec.route("Flow.step")])
        // `related` redirects to `detail`: detail pushes itself.
        #expect(targets("App.detail") == [spec.route("Flow.step"), spec.route("App.detail")])
        #expect(targets("Flow.step") == [spec.route("App.detail")])
        // Modal has its own stack: its trigger of App.detail pushes onto another stack.
        #expect(targets("Modal.start") == [spec.route("Modal.next")])
        let cycle = spec.analysis.pushGraph.components
        #expect(cycle.isOnCycle[spec.route("App.detail")] && cycle.isOnCycle[spec.route("Flow.step")])
        #expect(!cycle.isOnCycle[spec.route("App.list")] && !cycle.isOnCycle[spec.route("Modal.next")])
    }

    @Test func ownershipHasRetainingStartsAndStrongHolds() throws {
        let spec = try SpecProject(
            """
            version: 1
            entry: App
            coordinators:
              App:
                kind: view
                initial: home
                holds: { Kept: strong, Weak: weak }
                routes:
                  home: { screen: Home, triggers: [kept, tied, loose] }
                  kept: { transition: present, coordinator: Kept, releaseOn: [finish, dismiss] }
                  tied: { transition: present, coordinator: Weak, retain: hierarchy }
                  loose: { transition: present, coordinator: Loose, retain: none }
              Kept:
                kind: view
                initial: page
                holds: { App: unowned }
                routes:
                  page: { screen: Page }
              Weak:
                kind: view
                initial: page
                holds: { App: strong }
                routes:
                  page: { screen: Page }
              Loose:
                kind: view
                initial: page
                holds: { App: strong }
                routes:
                  page: { screen: Page }
            """)
        let owns = spec.analysis.ownership.owns
        func owned(_ name: String) -> [String] {
            owns.neighbors(of: spec.coordinator(name)).map { spec.index[coordinator: $0].name }.sorted()
        }
        #expect(owned("App") == ["Kept", "Kept", "Weak"])
        #expect(owned("Kept").isEmpty)
        #expect(owned("Weak") == ["App"] && owned("Loose") == ["App"])
        let component = spec.analysis.ownership.components.component
        // App ⇄ Weak is a cycle through a strong hold; Loose is not retained by App, so it is not.
        #expect(component[spec.coordinator("App")] == component[spec.coordinator("Weak")])
        #expect(component[spec.coordinator("App")] != component[spec.coordinator("Loose")])
        #expect(component[spec.coordinator("App")] != component[spec.coordinator("Kept")])
    }
}
