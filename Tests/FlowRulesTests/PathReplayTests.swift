import Foundation
import Testing
import FlowModel
import FlowSpec
import FlowAnalysis
@testable import FlowRules

/// Every path `flowlint paths` emits, replayed by `PathReplay` from launch: each step is available on the screen shown
/// at that moment, and the path ends on its screen. Over every valid fixture, the seeds and generated projects.
@Suite struct PathReplayTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let folders =
        ["fixtures/seeds", "fixtures/render/stinsen", "fixtures/render/classic"]
        + ((try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("fixtures/valid").path)) ?? [])
        .filter { !$0.hasSuffix(".md") }.sorted().map { "fixtures/valid/\($0)" }

    static func analysis(of folder: String) throws -> Analysis {
        let project = try SpecLoader(knownRules: RuleRegistry.allIDs).load(paths: [root.appendingPathComponent(folder).path])
        #expect(!project.diagnostics.contains { $0.severity == .error }, "\(folder): \(project.diagnostics)")
        return Analysis(project.graph)
    }

    /// Replays every shortest path and every cover path of `analysis`; returns how many screens have a path.
    @discardableResult
    static func replayAll(_ analysis: Analysis, _ name: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws -> Int {
        let paths = ShortestPaths(analysis)
        let index = analysis.index
        var withPath = 0
        for route in index.routeIDs where index.showsScreen(route) {
            guard case .path(let steps) = paths.answer(for: route) else { continue }
            withPath += 1
            var replay = try PathReplay(analysis)
            do {
                try replay.replay(steps)
                #expect(
                    replay.visible == route,
                    "\(name): the path to \(index.qualifiedName(route)) ends on \(replay.visible.map(index.qualifiedName) ?? "nothing")",
                    sourceLocation: sourceLocation)
            } catch {
                Issue.record("\(name): the path to \(index.qualifiedName(route)): \(error)", sourceLocation: sourceLocation)
            }
        }
        for (number, steps) in TransitionCover(paths).paths.enumerated() {
            var replay = try PathReplay(analysis)
            do { try replay.replay(steps) } catch {
                Issue.record("\(name): cover path \(number + 1): \(error)", sourceLocation: sourceLocation)
            }
        }
        return withPath
    }

    /// The rules whose findings stand for a step's hazard (`StepHazard`), at the screen that fires the step or the route
    /// it fires.
    static let stateRules: Set<RuleID> = [
        "out-of-scope-trigger", "dismiss-without-presentation", "covered-stack", "popto-not-on-stack",
        "push-container", "push-without-stack", "invalid-transition", "chain-under-modal",
    ]

    /// The screens lint lets a user reach: from launch, every move of `paths`' graph, a step with a hazard included unless
    /// lint reports a state or scope error at the screen that fires it or at the route fired. The hazards no rule
    /// judges (a redirect loop, a route with no transition, the continuation of a child with several starters, a deep
    /// link whose chain is invalid) are not taken. `paths` must find a state-safe path to each: both read one set of facts.
    static func screensLintPasses(_ analysis: Analysis) -> [RouteID] {
        let index = analysis.index
        let findings = RuleRegistry.graphRules.flatMap { $0.init().check(analysis) }.filter { stateRules.contains($0.rule) }
        let flagged = Set(findings.compactMap { finding in finding.route.map { "\(finding.coordinator ?? "").\($0)" } })
        func isFlagged(_ route: RouteID) -> Bool { flagged.contains(index.qualifiedName(route)) }
        // `push-without-stack` is reported at the route that starts the coordinator without a stack.
        let stackless = Set(
            findings.filter { $0.rule == "push-without-stack" }.compactMap { finding in
                finding.route.flatMap { index.route(qualified: "\(finding.coordinator ?? "").\($0)") }.flatMap(index.child(of:))
            })
        let graph = PathGraph(analysis)
        var seen = [Bool](repeating: false, count: graph.nodeCount)
        var pending = [graph.launch]
        seen[graph.launch] = true
        while let node = pending.popLast() {
            graph.forEachEdge(from: node) { edge in
                if let hazard = edge.hazard {
                    switch hazard {
                    case .unresolvedRedirect, .unsupportedTransition(nil), .severalStarters, .invalidChain: return
                    default: break
                    }
                    let fired = RouteID(edge.target)
                    if case .stackNotShown(nil) = hazard, let acting = index.redirectEnd(of: fired),
                        stackless.contains(index.owner(of: acting))
                    {
                        return
                    }
                    if node != graph.launch, isFlagged(RouteID(node)) { return }
                    if isFlagged(fired) || index.redirectEnd(of: fired).map(isFlagged) == true { return }
                }
                guard !seen[edge.target] else { return }
                seen[edge.target] = true
                pending.append(edge.target)
            }
        }
        return index.routeIDs.filter { seen[$0.position] && index.showsScreen($0) }
    }

    /// Every screen lint passes has a path (`screensLintPasses`).
    static func expectLintPassedScreensHavePaths(
        _ analysis: Analysis, _ name: String, sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) {
        let paths = ShortestPaths(analysis)
        for screen in screensLintPasses(analysis) {
            guard case .path = paths.answer(for: screen) else {
                Issue.record(
                    "\(name): lint finds no state error on the way to \(analysis.index.qualifiedName(screen)), but paths says: \(paths.answer(for: screen))",
                    sourceLocation: sourceLocation)
                continue
            }
        }
    }

    /// Every spec project among the fixtures that loads without a validity error: folders of projects, and each rule
    /// example, which is a project of its own.
    static let specProjects: [String] = {
        let manager = FileManager.default
        func children(_ folder: String) -> [String] {
            ((try? manager.contentsOfDirectory(atPath: root.appendingPathComponent(folder).path)) ?? []).sorted().map { "\(folder)/\($0)" }
        }
        let folders =
            ["fixtures/seeds"]
            + ["fixtures/valid", "fixtures/render", "fixtures/diff", "fixtures/drift"].flatMap(children)
            .filter { !$0.hasSuffix(".md") && !$0.hasSuffix("/golden") && !$0.hasSuffix("/Sources") && !$0.hasSuffix("/code-only") }
        let examples = children("fixtures/rules").flatMap { rule in ["passing", "triggering"].flatMap { children("\(rule)/\($0)") } }
            .filter { $0.hasSuffix(".flow.yml") || $0.hasSuffix(".flow.yaml") }
        return folders + examples
    }()

    @Test func everyScreenLintPassesHasAPathInEveryFixture() throws {
        var checked = 0
        for project in Self.specProjects {
            guard
                let loaded = try? SpecLoader(knownRules: RuleRegistry.allIDs).load(paths: [Self.root.appendingPathComponent(project).path]),
                !loaded.diagnostics.contains(where: { $0.severity == .error })
            else { continue }
            let analysis = Analysis(loaded.graph)
            guard analysis.index.entry != nil else { continue }
            Self.expectLintPassedScreensHavePaths(analysis, project)
            checked += 1
        }
        #expect(checked > 100, "\(checked) fixture projects checked")
    }

    /// Random projects (kinds, transitions and stacks combined without regard to the rules), those without a
    /// validity error: what lint passes, `paths` reaches.
    @Test func everyScreenLintPassesHasAPathInRandomProjects() throws {
        var generator = SplitMix64(seed: 0x40)
        var checked = 0
        for round in 0..<300 {
            let text = RandomProjectTests.randomSpec(coordinators: Int.random(in: 1...8, using: &generator), using: &generator)
            let spec = try SpecProject(["app.flow.yml": text], allowingDiagnostics: true)
            guard !spec.project.diagnostics.contains(where: { $0.severity == .error }) else { continue }
            Self.expectLintPassedScreensHavePaths(spec.analysis, "random project \(round):\n\(text)")
            checked += 1
        }
        #expect(checked > 50)
    }

    /// The two stack shapes `paths` once called unsafe while lint passed them (issue 40): a `stack: parent` child pushed
    /// from two places on one stack, and a `page` coordinator pushed onto its parent's stack.
    @Test(arguments: ["fixtures/valid/shared-preferences", "fixtures/valid/pushed-slideshow"])
    func stackShapesLintPassesHavePaths(folder: String) throws {
        let analysis = try Self.analysis(of: folder)
        let reachable = analysis.index.routeIDs.filter { analysis.index.showsScreen($0) && analysis.reachability.reachedRoute[$0] }
        #expect(Self.screensLintPasses(analysis) == reachable)
        Self.expectLintPassedScreensHavePaths(analysis, folder)
    }

    @Test(arguments: folders)
    func everyPathOfAFixtureReplays(folder: String) throws {
        let analysis = try Self.analysis(of: folder)
        let screens = analysis.index.routeIDs.filter(analysis.index.showsScreen).count
        let replayed = try Self.replayAll(analysis, folder)
        // The fixtures are lint-clean: every reachable screen has a state-safe path.
        let reachable = analysis.index.routeIDs.filter { analysis.index.showsScreen($0) && analysis.reachability.reachedRoute[$0] }.count
        #expect(replayed == reachable && replayed > 0, "\(folder): \(replayed) of \(reachable) reachable screens (\(screens) screens)")
    }

    @Test func everyPathOfGeneratedProjectsReplays() throws {
        var generator = SplitMix64(seed: 25)
        for number in 0..<40 {
            let counts = (0..<Int.random(in: 1...6, using: &generator)).map { _ in Int.random(in: 1...9, using: &generator) }
            let project = ValidProject(routeCounts: counts, seed: generator.next())
            let spec = try SpecProject(project.files)
            try Self.replayAll(spec.analysis, "generated project \(number)")
            Self.expectLintPassedScreensHavePaths(spec.analysis, "generated project \(number)")
        }
    }

    /// The benchmark's generator (scripts/gen-flows), at 1,100 routes.
    @Test func everyPathOfTheBenchmarkProjectReplays() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flowlint-paths-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let generator = Process()
        generator.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        generator.arguments = ["python3", Self.root.appendingPathComponent("scripts/gen-flows").path, "--routes", "1100", folder.path]
        generator.standardOutput = FileHandle.nullDevice
        try generator.run()
        generator.waitUntilExit()
        try #require(generator.terminationStatus == 0)
        let project = try SpecLoader(knownRules: RuleRegistry.allIDs).load(paths: [folder.path])
        let analysis = Analysis(project.graph)
        let replayed = try Self.replayAll(analysis, "gen-flows 1100")
        Self.expectLintPassedScreensHavePaths(analysis, "gen-flows 1100")
        #expect(
            replayed == analysis.index.routeIDs.filter { analysis.index.showsScreen($0) && analysis.reachability.reachedRoute[$0] }.count)
    }

    @Test func aPathFromAScreenReplaysAfterThePathToIt() throws {
        let analysis = try Self.analysis(of: "fixtures/seeds")
        let index = analysis.index
        let from = try #require(index.route(qualified: "StinsenUnauthenticated.start"))
        let to = try #require(index.route(qualified: "StinsenRegistration.password"))
        guard case .path(let first) = ShortestPaths(analysis).answer(for: from),
            case .path(let second) = ShortestPaths(analysis, from: from).answer(for: to)
        else {
            Issue.record("no path")
            return
        }
        var replay = try PathReplay(analysis)
        try replay.replay(first + second)
        #expect(replay.visible == to)
        #expect(second.count == 2)
    }
}

/// What the search answers on small projects, and that the replay checker rejects what the search must not emit.
@Suite struct ShortestPathsTests {
    /// `covered-stack`'s own example (the filter sheet pushes the results under itself), with a branch that pushes
    /// in view, a close button and a route nothing triggers.
    static let coveredStack =
        CoveredStackRule.description.triggeringExample
        .replacingOccurrences(of: "triggers: [filter]", with: "triggers: [filter, details]")
        .replacingOccurrences(of: "triggers: [results]  # expect: covered-stack", with: "triggers: [results, close]")
            + """
                  details:
                    transition: push
                    screen: DetailsViewController
                    triggers: [more]
                  more:
                    transition: push
                    screen: MoreViewController
                  close: { transition: dismiss }
                  legacy:
                    transition: push
                    screen: LegacyViewController

            """

    @Test func aPushUnderAModalIsNoStateSafePathAndTheCheckerRejectsIt() throws {
        let analysis = try SpecProject(["a.flow.yml": Self.coveredStack]).analysis
        let index = analysis.index
        let paths = ShortestPaths(analysis)
        let results = try #require(index.route(qualified: "Feed.results"))
        guard case .noStateSafePath(let reason) = paths.answer(for: results) else {
            Issue.record("results: \(paths.answer(for: results))")
            return
        }
        #expect(
            reason
                == "Feed.filter → Feed.results: it pushes onto or pops Feed's stack, which is not the one shown: under a modal or in another tab (covered-stack)"
        )
        let legacy = try #require(index.route(qualified: "Feed.legacy"))
        #expect(
            paths.answer(for: legacy)
                == .unreachable(reason: "no reachable screen triggers it, no coordinator starts it, no chain steps through it"))
        // The path a search without DESIGN §4 would give.
        let filter = try #require(index.route(qualified: "Feed.filter")), feed = try #require(index.route(qualified: "Feed.feed"))
        var replay = try PathReplay(analysis)
        #expect(throws: PathReplay.Failure.self) {
            try replay.replay([
                PathStep(kind: .tap, route: filter, screen: feed, chain: nil),
                PathStep(kind: .tap, route: results, screen: filter, chain: nil),
            ])
        }
        let more = try #require(index.route(qualified: "Feed.more"))
        guard case .path(let steps) = paths.answer(for: more) else {
            Issue.record("more has no path")
            return
        }
        #expect(steps.map { index.qualifiedName($0.route) } == ["Feed.details", "Feed.more"])
    }

    @Test func theCoverTakesEveryStateSafeStepAndNamesTheOthers() throws {
        let analysis = try SpecProject(["a.flow.yml": Self.coveredStack]).analysis
        let cover = TransitionCover(ShortestPaths(analysis))
        let names = cover.paths.map { $0.map { analysis.index.qualifiedName($0.route) } }
        // feed → filter → close, feed → details → more: the step to results is not state-safe.
        #expect(names == [["Feed.filter", "Feed.close"], ["Feed.details", "Feed.more"]])
        #expect(cover.steps == 4 && cover.unsafe.count == 1 && cover.lowerBound == 1)
    }

    @Test func theSameProjectGivesTheSamePaths() throws {
        let first = PathReport(ShortestPaths(try SpecProject(["a.flow.yml": Self.coveredStack]).analysis))
        let second = PathReport(ShortestPaths(try SpecProject(["a.flow.yml": Self.coveredStack]).analysis))
        #expect(first == second)
    }
}
