import Foundation
import Testing
import FlowModel
import FlowSpec
@testable import FlowRules

/// Every path `flowlint paths` emits, replayed by `PathReplay` from launch: each step is available on the screen shown
/// at that moment, and the path ends on its screen. Over every valid fixture, the seeds and generated projects.
@Suite struct PathReplayTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let folders = ["fixtures/seeds", "fixtures/render/stinsen", "fixtures/render/classic"]
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
                #expect(replay.visible == route, "\(name): the path to \(index.qualifiedName(route)) ends on \(replay.visible.map(index.qualifiedName) ?? "nothing")",
                        sourceLocation: sourceLocation)
            } catch {
                Issue.record("\(name): the path to \(index.qualifiedName(route)): \(error)", sourceLocation: sourceLocation)
            }
        }
        for (number, steps) in TransitionCover(paths).paths.enumerated() {
            var replay = try PathReplay(analysis)
            do { try replay.replay(steps) } catch { Issue.record("\(name): cover path \(number + 1): \(error)", sourceLocation: sourceLocation) }
        }
        return withPath
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
        #expect(replayed == analysis.index.routeIDs.filter { analysis.index.showsScreen($0) && analysis.reachability.reachedRoute[$0] }.count)
    }

    @Test func aPathFromAScreenReplaysAfterThePathToIt() throws {
        let analysis = try Self.analysis(of: "fixtures/seeds")
        let index = analysis.index
        let from = try #require(index.route(qualified: "StinsenUnauthenticated.start"))
        let to = try #require(index.route(qualified: "StinsenRegistration.password"))
        guard case .path(let first) = ShortestPaths(analysis).answer(for: from),
              case .path(let second) = ShortestPaths(analysis, from: from).answer(for: to) else {
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
    static let coveredStack = CoveredStackRule.description.triggeringExample
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
        #expect(reason == "Feed.filter → Feed.results: it pushes onto or pops Feed's stack, which is not the one shown: under a modal or in another tab (covered-stack)")
        let legacy = try #require(index.route(qualified: "Feed.legacy"))
        #expect(paths.answer(for: legacy) == .unreachable(reason: "no reachable screen triggers it, no coordinator starts it, no chain steps through it"))
        // The path a search without DESIGN §4 would give.
        let filter = try #require(index.route(qualified: "Feed.filter")), feed = try #require(index.route(qualified: "Feed.feed"))
        var replay = try PathReplay(analysis)
        #expect(throws: PathReplay.Failure.self) {
            try replay.replay([PathStep(kind: .tap, route: filter, screen: feed, chain: nil), PathStep(kind: .tap, route: results, screen: filter, chain: nil)])
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
