import Testing
import FlowModel
import FlowAnalysis
@testable import FlowRules

/// NavigationState (DESIGN §4): presentations on paths, stacks, what is below a screen on every path.
@Suite struct NavigationStateTests {
    static let project = """
        version: 1
        entry: App
        coordinators:
          App:
            kind: tab
            initial: home
            tabs: [home, help]
            routes:
              home: { coordinator: Home }
              help: { coordinator: Help }
          Home:
            kind: navigation
            initial: feed
            routes:
              feed: { screen: Feed, triggers: [a, b, sheet, helpModal] }
              a: { transition: push, screen: A, triggers: [c] }
              b: { transition: push, screen: B, triggers: [c, flow] }
              c: { transition: push, screen: C }
              sheet: { transition: present, screen: Sheet }
              helpModal: { transition: present, coordinator: Modal, retain: hierarchy }
              flow: { transition: push, coordinator: Flow, retain: hierarchy }
          Flow:
            kind: navigation
            stack: parent
            initial: step
            routes:
              step: { screen: Step }
          Help:
            kind: navigation
            initial: article
            routes:
              article: { screen: Article }
          Modal:
            kind: navigation
            initial: start
            routes:
              start: { screen: Start, triggers: [next] }
              next: { transition: push, screen: Next }
        """

    @Test func presentationsOnSomePath() throws {
        let spec = try SpecProject(Self.project)
        let state = spec.analysis.navigation
        #expect(state.reachedUnpresented[spec.route("Home.c")] && state.reachedUnpresented[spec.route("Help.article")])
        #expect(!state.reachedUnpresented[spec.route("Home.sheet")] && !state.reachedUnpresented[spec.route("Modal.next")])
        #expect(state.alwaysPresented[spec.coordinator("Modal")] && !state.alwaysPresented[spec.coordinator("Help")])
        #expect(state.canPresentAbove[spec.coordinator("App")] && state.canPresentAbove[spec.coordinator("Home")])
        #expect(!state.canPresentAbove[spec.coordinator("Help")] && !state.canPresentAbove[spec.coordinator("Flow")])
    }

    @Test func stacksAndWhatIsBelow() throws {
        let spec = try SpecProject(Self.project)
        let state = spec.analysis.navigation
        #expect(state.stackOwner[spec.coordinator("Flow")] == spec.coordinator("Home"))
        #expect(state.stackOwner[spec.coordinator("App")] == nil)
        #expect(state.isAlwaysBelow(spec.route("Home.feed"), spec.route("Home.c")))
        // c is pushed from a and from b: neither is below it on every path.
        #expect(!state.isAlwaysBelow(spec.route("Home.a"), spec.route("Home.c")))
        #expect(state.isAlwaysBelow(spec.route("Home.b"), spec.route("Flow.step")))
        #expect(state.isAlwaysBelow(spec.route("Modal.start"), spec.route("Modal.next")))
        #expect(!state.isStacked(spec.route("Home.sheet")))
        #expect(
            state.stackPath(to: spec.route("Home.c"), avoiding: spec.route("Home.a"))
                == [spec.route("Home.feed"), spec.route("Home.b"), spec.route("Home.c")])
    }
}
