import Testing
import FlowModel
import FlowAnalysis
@testable import FlowRules

@Suite struct ChainWalkTests {
    static let app = """
        version: 1
        entry: Root
        coordinators:
          Root:
            kind: view
            initial: launch
            routes:
              launch: { screen: Launch, triggers: [main] }
              main: { transition: setRoot, coordinator: Main, retain: hierarchy }
          Main:
            kind: tab
            initial: todos
            tabs: [todos, profile]
            routes:
              todos: { coordinator: Todos, retain: hierarchy }
              profile: { screen: Profile, triggers: [settings, help, showTodos] }
              showTodos: { transition: select, tab: todos }
              settings: { transition: present, coordinator: Settings, retain: hierarchy }
              help: { transition: present, screen: Help }
          Todos:
            kind: navigation
            initial: list
            routes:
              list: { screen: List, triggers: [todo, openSettings] }
              todo: { transition: push, screen: Todo }
              openSettings: { transition: trigger, route: Main.settings }
          Settings:
            kind: navigation
            initial: overview
            routes:
              overview: { screen: Overview, triggers: [about, close] }
              about: { transition: push, screen: About }
              close: { transition: dismiss }
        """

    /// The walk of one chain `steps` (YAML list items) from `from` over `app`.
    private func walkChain(from: String, _ steps: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws -> (
        SpecProject, ChainWalk
    ) {
        let indented = steps.split(separator: "\n").map { "      \($0)" }.joined(separator: "\n")
        let spec = try SpecProject(
            ["app.flow.yml": Self.app + "\nchains:\n  link:\n    from: \(from)\n    steps:\n\(indented)\n"],
            sourceLocation: sourceLocation)
        return (spec, spec.analysis.chains[0])
    }

    @Test func validChainThroughTabs() throws {
        let (spec, walk) = try walkChain(from: "Root", "- route: main\n- select: todos\n- popToRoot\n- route: todo")
        #expect(walk.failure == nil)
        #expect(walk.stepped == ["Root.main", "Main.todos", "Todos.todo"].map(spec.route))
    }

    @Test func selectNeedsATabCoordinator() throws {
        let (spec, walk) = try walkChain(from: "Root", "- route: main\n- select: todos\n- select: profile")
        guard case (2, .wrongKind(let needs, let coordinator))? = walk.failure else {
            Issue.record("expected a wrong-kind failure at step 2, got \(String(describing: walk.failure))")
            return
        }
        #expect(needs == .tab && coordinator == spec.coordinator("Todos"))
    }

    @Test func popsNeedANavigationCoordinator() throws {
        for step in ["popToRoot", "pop", "popTo: todos"] {
            let (spec, walk) = try walkChain(from: "Main", "- \(step)")
            guard case (0, .wrongKind(.navigation, let coordinator))? = walk.failure else {
                Issue.record("`\(step)` on a tab coordinator: got \(String(describing: walk.failure))")
                continue
            }
            #expect(coordinator == spec.coordinator("Main"))
        }
    }

    @Test func routeOfAnotherCoordinator() throws {
        let (spec, walk) = try walkChain(from: "Main", "- route: todo")
        guard case (0, .notInCoordinator("todo", let coordinator))? = walk.failure else {
            Issue.record("got \(String(describing: walk.failure))")
            return
        }
        #expect(coordinator == spec.coordinator("Main"))
    }

    @Test func selectOfARouteThatIsNotATab() throws {
        let (_, walk) = try walkChain(from: "Main", "- select: settings")
        guard case (0, .notInCoordinator("settings", _))? = walk.failure else {
            Issue.record("got \(String(describing: walk.failure))")
            return
        }
    }

    @Test func qualifiedStepsNeedAnActiveCoordinatorAndReturnToIt() throws {
        let (spec, walk) = try walkChain(from: "Main", "- select: todos\n- route: todo\n- route: Main.settings\n- route: about")
        #expect(walk.failure == nil)
        #expect(walk.stepped.last == spec.route("Settings.about"))

        let (_, inactive) = try walkChain(from: "Main", "- route: Settings.about")
        guard case (0, .notActive("Settings", _))? = inactive.failure else {
            Issue.record("got \(String(describing: inactive.failure))")
            return
        }
    }

    @Test func dismissReturnsToThePresenter() throws {
        // Settings is presented by Main: after `dismiss` the chain is back in Main and can select a tab.
        let (_, walk) = try walkChain(from: "Main", "- route: settings\n- route: about\n- dismiss\n- select: todos\n- route: todo")
        #expect(walk.failure == nil)
        let (_, all) = try walkChain(from: "Root", "- route: main\n- route: settings\n- dismissToRoot\n- select: profile")
        #expect(all.failure == nil)
    }

    @Test func dismissOfAPresentedScreenStaysInItsCoordinator() throws {
        let (_, walk) = try walkChain(from: "Main", "- select: profile\n- route: help\n- dismiss\n- select: todos")
        #expect(walk.failure == nil)
        // Nothing presented: `dismiss` leaves the chain where it is.
        let (_, nothing) = try walkChain(from: "Todos", "- dismiss\n- route: todo")
        #expect(nothing.failure == nil)
    }

    @Test func aTriggerRouteLandsWhereItRedirects() throws {
        // `openSettings` redirects to Main.settings, which presents Settings.
        let (spec, walk) = try walkChain(from: "Main", "- select: todos\n- route: openSettings\n- route: about")
        #expect(walk.failure == nil)
        #expect(walk.stepped == ["Main.todos", "Todos.openSettings", "Settings.about"].map(spec.route))
    }

    @Test func aSelectRouteLandsOnItsTab() throws {
        // From inside Settings, `Main.showTodos` returns to Main and selects the Todos tab.
        let (spec, walk) = try walkChain(from: "Main", "- route: settings\n- route: Main.showTodos\n- route: todo")
        #expect(walk.failure == nil)
        #expect(walk.stepped == ["Main.settings", "Main.showTodos", "Todos.todo"].map(spec.route))
    }
}
