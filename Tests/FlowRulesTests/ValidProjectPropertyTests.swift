import Foundation
import Testing
import PropertyBased
import FlowModel
import FlowAnalysis
@testable import FlowRules

/// Properties of the analysis over generated projects that are valid specs: what no single example shows.
/// PropertyBased's generators draw the shapes from a fixed seed, so every run checks the same projects
/// (`propertyCheck` seeds itself at random, and its `fixedSeed` trait is for debugging: it always reports).
@Suite struct ValidProjectPropertyTests {
    /// Route counts per coordinator (the first is the entry), and a seed for the remaining choices.
    static let routeCounts = Gen.int(in: 1...6).array(of: 1...9)
    static let seeds = Gen.uint64()

    /// Forty projects, the same in every run.
    private func forEachProject(_ body: (ValidProject) throws -> Void) rethrows {
        var random = Xoshiro(seed: "CzBVep/E6Q4zWH2ix+wRNluApcrvFDleg6jN8hc8YYY=")!
        for _ in 0..<40 {
            try body(ValidProject(routeCounts: Self.routeCounts.run(using: &random), seed: Self.seeds.run(using: &random)))
        }
    }

    @Test func findingsAreLocatedInsideTheirFileAndDoNotDependOnFileOrder() throws {
        try forEachProject { project in
            let files = project.files
            let forward = try load(files)
            #expect(forward.validity.isEmpty, "generated specs must be valid: \(forward.validity)")
            let lines = files.mapValues { $0.split(separator: "\n", omittingEmptySubsequences: false) }
            for finding in forward.findings {
                let name = URL(fileURLWithPath: finding.location.file).lastPathComponent
                let fileLines = try #require(lines[name], "\(finding.location.file)")
                #expect(finding.location.line >= 1 && finding.location.line <= fileLines.count, "\(finding)")
                if finding.location.line <= fileLines.count {
                    #expect(
                        finding.location.column >= 1 && finding.location.column <= fileLines[finding.location.line - 1].count + 1,
                        "\(finding)")
                }
            }
            // The same files under other names, so that they load in the other order, give the same findings.
            let reversed = try load(
                Dictionary(uniqueKeysWithValues: files.map { ($0.key == "a.flow.yml" ? "2-a.flow.yml" : "1-b.flow.yml", $0.value) }))
            #expect(Self.summary(reversed.findings) == Self.summary(forward.findings))
        }
    }

    @Test func renamingConsistentlyChangesNothingButNames() throws {
        try forEachProject { project in
            var renamed = project
            (renamed.coordinatorPrefix, renamed.routePrefix) = ("Flow", "step")
            let original = try load(project.files).findings
            let other = try load(renamed.files).findings
            let rename = { (text: String?) in
                text.map { $0.replacingOccurrences(of: "Flow", with: "C").replacingOccurrences(of: "step", with: "r") }
            }
            #expect(
                Self.summary(other).map { "\($0.rule) \($0.line) \(rename($0.coordinator) ?? "-") \(rename($0.route) ?? "-")" }
                    == Self.summary(original).map { "\($0.rule) \($0.line) \($0.coordinator ?? "-") \($0.route ?? "-")" })
        }
    }

    @Test func anUnreferencedCoordinatorAddsExactlyOneUnreachableCoordinator() throws {
        try forEachProject { project in
            var project = project
            let before = try load(project.files).findings
            project.addsUnreferencedCoordinator = true
            let after = try load(project.files).findings
            let added = Self.summary(after).filter { !Self.summary(before).contains($0) }
            #expect(after.count == before.count + 1)
            #expect(added.map(\.rule) == ["unreachable-coordinator"] && added.first?.coordinator == "Unreferenced")
        }
    }

    @Test func releasingOnEveryExitLeavesNoLeakedChild() throws {
        var leaksBefore = 0
        try forEachProject { project in
            leaksBefore += try load(project.files).findings.filter { $0.rule == "leaked-child" }.count
            var project = project
            project.releasesOnEveryExit = true
            let findings = try load(project.files).findings
            #expect(!findings.contains { $0.rule == "leaked-child" }, "\(findings.filter { $0.rule == "leaked-child" })")
        }
        #expect(leaksBefore > 0, "the generated projects must leak before their children are released on every exit")
    }

    private struct Loaded {
        var validity: [Finding]
        var findings: [Finding]
    }

    private func load(_ files: [String: String]) throws -> Loaded {
        let spec = try SpecProject(files, allowingDiagnostics: true)
        return Loaded(validity: spec.project.diagnostics, findings: RuleRunner().findings(for: spec.project))
    }

    private struct Summary: Equatable {
        var file: String, rule: String, line: Int, column: Int, coordinator: String?, route: String?
    }

    /// Findings by file name (without the folder, which differs per load, and an order prefix), line, column, rule.
    private static func summary(_ findings: [Finding]) -> [Summary] {
        findings.map {
            let name = URL(fileURLWithPath: $0.location.file).lastPathComponent
            return Summary(
                file: name.hasPrefix("1-") || name.hasPrefix("2-") ? String(name.dropFirst(2)) : name,
                rule: $0.rule.rawValue, line: $0.location.line, column: $0.location.column,
                coordinator: $0.coordinator, route: $0.route)
        }.sorted { ($0.file, $0.line, $0.column, $0.rule) < ($1.file, $1.line, $1.column, $1.rule) }
    }
}

/// A valid project: every coordinator after the first is started by a route of an earlier one (so the start
/// graph is a tree from the entry), with screens that push, present, dismiss and finish, in two files.
/// Names are `C<n>` and `r<n>` unless prefixes say otherwise, with the same choices for the same seed.
struct ValidProject {
    var routeCounts: [Int]
    var seed: UInt64
    var coordinatorPrefix = "C"
    var routePrefix = "r"
    var addsUnreferencedCoordinator = false
    var releasesOnEveryExit = false

    var files: [String: String] {
        var generator = SplitMix64(seed: seed)
        func chance(_ p: Double) -> Bool { Double.random(in: 0..<1, using: &generator) < p }
        func name(_ c: Int) -> String { "\(coordinatorPrefix)\(c)" }
        func route(_ r: Int) -> String { "\(routePrefix)\(r)" }
        let count = routeCounts.count
        // Who starts each child, and how: a presented child owns its stack, a pushed one shares its parent's.
        var children: [[(child: Int, pushed: Bool)]] = Array(repeating: [], count: count)
        var pushed = [Bool](repeating: false, count: count)
        for c in 1..<max(count, 1) {
            let parent = Int.random(in: 0..<c, using: &generator)
            let push = chance(0.4)
            children[parent].append((c, push))
            pushed[c] = push
        }
        var texts = ["", ""]
        for c in 0..<count {
            var text = "  \(name(c)):\n    kind: navigation\n"
            if pushed[c] { text += "    stack: parent\n" }
            text += "    initial: \(route(0))\n    routes:\n"
            let screens = routeCounts[c]
            var routeNames = (0..<screens).map(route)
            var lines: [String] = []
            for r in 0..<screens {
                var line = "      \(route(r)): { "
                if r > 0 { line += "transition: \(chance(0.6) ? "push" : "present"), " }
                line += "screen: Screen\(c)x\(r)"
                lines.append(line)
            }
            var extra: [String] = []
            for (index, start) in children[c].enumerated() {
                let routeName = "\(routePrefix)child\(index)"
                routeNames.append(routeName)
                var line = "      \(routeName): { transition: \(start.pushed ? "push" : "present"), coordinator: \(name(start.child))"
                if releasesOnEveryExit {
                    line += ", releaseOn: [finish, back, dismiss, replaced]"
                } else if chance(0.5) {
                    line += ", retain: hierarchy"
                } else {
                    line += ", releaseOn: [finish\(chance(0.5) ? ", dismiss" : "")\(chance(0.5) ? ", back" : "")]"
                }
                extra.append(line + " }")
            }
            let closers = ["\(routePrefix)close: { transition: dismiss }", "\(routePrefix)done: { transition: finish }"]
            if c > 0 { routeNames += ["\(routePrefix)close", "\(routePrefix)done"] }
            // Each screen triggers a few routes of its coordinator; every route is triggered by the first screen.
            for r in 0..<screens {
                var triggers = r == 0 ? Array(routeNames.dropFirst()) : []
                for _ in 0..<Int.random(in: 0...2, using: &generator) {
                    triggers.append(routeNames[Int.random(in: 0..<routeNames.count, using: &generator)])
                }
                var seen = Set<String>()
                triggers = triggers.filter { seen.insert($0).inserted }
                lines[r] += ", triggers: [\(triggers.joined(separator: ", "))] }"
            }
            text += (lines + extra + (c > 0 ? closers.map { "      " + $0 } : [])).joined(separator: "\n") + "\n"
            texts[c % 2] += text
        }
        if addsUnreferencedCoordinator {
            texts[1] += "  Unreferenced:\n    kind: view\n    initial: \(route(0))\n    routes:\n      \(route(0)): { screen: Orphan }\n"
        }
        return [
            "a.flow.yml": "version: 1\nentry: \(name(0))\ncoordinators:\n" + texts[0],
            "b.flow.yml": "version: 1\ncoordinators:\n" + texts[1],
        ]
    }
}
