import Foundation
import Testing
import FlowModel
import FlowSpec
import FlowAnalysis
@testable import FlowRules

/// The witness paths findings carry (DESIGN §2): which rules trace one, that each leads from the entry to the
/// element over steps that replay, and that a dismiss's path opens no presentation.
@Suite struct WitnessPathsTests {
    /// `forgotPassword` is trapped (full screen, no way out), two coordinators from the entry; `login` leaks Auth
    /// on a swipe; `legacy` is never reached.
    static let twoCoordinators = [
        "App.flow.yml": """
        version: 1
        entry: App
        coordinators:
          App:
            kind: navigation
            initial: splash
            routes:
              splash: { screen: Splash, triggers: [login] }
              login: { transition: present, coordinator: Auth }
              legacy: { transition: push, screen: Legacy }
        """,
        "Auth.flow.yml": """
        version: 1
        coordinators:
          Auth:
            kind: navigation
            initial: login
            routes:
              login: { screen: Login, triggers: [forgotPassword, done] }
              forgotPassword: { transition: present, style: fullScreen, screen: Forgot }
              done: { transition: finish }
        """,
    ]

    static func traced(_ project: SpecProject) -> [Finding] {
        WitnessPaths.tracing(RuleRunner().findings(for: project.project), in: project.analysis)
    }

    @Test func aPathThroughTwoCoordinatorsNamesEachStepAtItsRoute() throws {
        let project = try SpecProject(Self.twoCoordinators)
        let trapped = try #require(Self.traced(project).first { $0.rule == "trapped-flow" })
        let path = try #require(trapped.path)
        #expect(
            path.map(\.step) == [
                NamedPathStep(kind: "tap", route: "App.login", on: "App.splash"),
                NamedPathStep(kind: "tap", route: "Auth.forgotPassword", on: "Auth.login"),
            ])
        #expect(path.map { URL(fileURLWithPath: $0.location.file).lastPathComponent } == ["App.flow.yml", "Auth.flow.yml"])
        #expect(path.map(\.location.line) == [9, 8])
        #expect(trapped.pathNote?.message == "path: App.login → Auth.forgotPassword")
        #expect(trapped.pathNote?.location == trapped.location)
    }

    @Test func findingsAboutAnAbsenceCarryNoPath() throws {
        let findings = Self.traced(try SpecProject(Self.twoCoordinators))
        let unreachable = try #require(findings.first { $0.rule == "unreachable-route" })
        #expect(unreachable.path == nil && unreachable.pathNote == nil)
        #expect(findings.first { $0.rule == "leaked-child" }?.path?.map(\.step.route) == ["App.login"])
    }

    @Test func withoutAnAnalysisNothingIsTraced() throws {
        let project = try SpecProject(Self.twoCoordinators)
        let findings = RuleRunner().findings(for: project.project)
        #expect(WitnessPaths.tracing(findings, in: nil) == findings)
    }

    /// Settings is presented by one tap and made the root by two: the dismiss does nothing only on the longer path,
    /// and that is the one its finding names.
    @Test func aDismissPathOpensNoPresentation() throws {
        let project = try SpecProject([
            "app.flow.yml": """
            version: 1
            entry: App
            coordinators:
              App:
                kind: navigation
                initial: splash
                routes:
                  splash: { screen: Splash, triggers: [sheet, next] }
                  sheet: { transition: present, coordinator: Settings, releaseOn: [finish, dismiss] }
                  next: { transition: push, screen: Next, triggers: [main] }
                  main: { transition: setRoot, coordinator: Settings, releaseOn: [finish, replaced] }
              Settings:
                kind: navigation
                initial: root
                routes:
                  root: { screen: SettingsScreen, triggers: [close] }
                  close: { transition: dismiss }
            """
        ])
        let dismiss = try #require(Self.traced(project).first { $0.rule == "dismiss-without-presentation" })
        #expect(dismiss.path?.map(\.step.route) == ["App.next", "App.main"])
        #expect(ShortestPaths(project.analysis).reaches(try #require(project.analysis.index.route(qualified: "Settings.root"))))
    }

    /// App picks Feed or Setup on app state, each pushed onto App's empty stack as its root; each child's finish runs
    /// the other. Setup has a back button only when Feed's finish pushes it above Feed's screen.
    static var pickedOrContinued: String {
        get throws {
            try String(
                contentsOf: RuleExampleTests.rulesFolder.appendingPathComponent(
                    "leaked-child/triggering/picked-first-then-pushed.flow.yml"), encoding: .utf8)
        }
    }

    /// The shortest path to `showSetup` is its pick at launch, where Setup is the root and has no back button: the
    /// leak's path is the shortest one that routes to it instead, through Feed's finish and its `then`.
    @Test func aBackButtonLeakIsTracedWhereTheRouteIsRoutedTo() throws {
        let project = try SpecProject(["app.flow.yml": try Self.pickedOrContinued])
        let leak = try #require(Self.traced(project).first { $0.rule == "leaked-child" && $0.route == "showSetup" })
        #expect(leak.message.hasPrefix("Setup can be closed by back (the back button or an edge swipe)"))
        #expect(leak.witnessArrival == .routed)
        #expect(
            leak.path?.map(\.step) == [
                NamedPathStep(kind: "initial", route: "App.showFeed"),
                NamedPathStep(kind: "tap", route: "Feed.reset", on: "Feed.list"),
            ])
        #expect(leak.pathNote?.message == "path: App.showFeed (initial, on app state) → Feed.reset")
        let setup = try #require(project.analysis.index.route(qualified: "App.showSetup"))
        #expect(
            ShortestPaths(project.analysis).answer(for: setup) == .path([PathStep(kind: .initial, route: setup, screen: nil, chain: nil)]))
    }

    /// Without the `then` that pushes Setup above Feed, nothing routes to `showSetup`: picked at the start, it is its
    /// stack's root, with no back button, so there is no leak to report (and no path shows one).
    @Test func aPickNothingRoutesToHasNoBackButton() throws {
        let spec = try Self.pickedOrContinued.replacingOccurrences(of: "then: [showSetup] ", with: "")
        let project = try SpecProject(["app.flow.yml": spec])
        #expect(!Self.traced(project).contains { $0.rule == "leaked-child" && $0.route == "showSetup" })
        let setup = try #require(project.analysis.index.route(qualified: "App.showSetup"))
        #expect(
            ShortestPaths(project.analysis).answer(for: setup, arriving: .routed)
                == .noStateSafePath(reason: "every state-safe way in shows it first, at its coordinator's start"))
    }

    /// Every path the rules' own triggering examples give replays from the launch, through the states it passes,
    /// to the screen its last step is taken on.
    @Test(arguments: RuleRegistry.graphRules.map { $0.description }.filter { $0.witness != .noPath }.map(\.id.rawValue))
    func everyWitnessPathOfTheExamplesReplays(id: String) throws {
        let rule = try #require(RuleRegistry.description(of: RuleID(rawValue: id)))
        let project = try SpecProject(["example.flow.yml": rule.triggeringExample])
        let findings = Self.traced(project).filter { $0.rule == rule.id }
        #expect(!findings.isEmpty)
        for finding in findings {
            let path = try #require(finding.path, "\(rule.id): \(finding.message)")
            let index = project.analysis.index
            let steps = try path.map { witness in
                let route = try #require(index.route(qualified: witness.step.route))
                return PathStep(
                    kind: try #require(PathStep.Kind(rawValue: witness.step.kind)), route: route,
                    screen: witness.step.on.flatMap(index.route(qualified:)), chain: nil)
            }
            // Up to the last step, which may be the very action the finding is about (finishing the entry).
            var replay = try PathReplay(project.analysis)
            try replay.replay(Array(steps.dropLast()))
            if let last = steps.last, let screen = last.screen { #expect(replay.visible == screen, "\(rule.id)") }
        }
    }
}
