import Foundation
import Testing
import FlowModel
import FlowSpec
import FlowAnalysis
@testable import FlowRules
import FlowConfig

/// A deterministic generator (SplitMix64): the same seed gives the same graphs on every machine.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// A small directed graph as an edge list, with the plain definitions the fast algorithms must agree with.
struct EdgeList {
    var nodeCount: Int
    var edges: [(from: Int32, to: Int32)]

    /// `nodeCount` nodes and about `density × nodeCount` random edges (self loops and duplicates included).
    static func random(nodeCount: Int, density: Double, using generator: inout SplitMix64) -> EdgeList {
        let edgeCount = Int(Double(nodeCount) * density)
        let edges = (0..<edgeCount).map { _ in
            (from: Int32(Int.random(in: 0..<nodeCount, using: &generator)), to: Int32(Int.random(in: 0..<nodeCount, using: &generator)))
        }
        return EdgeList(nodeCount: nodeCount, edges: edges)
    }

    var adjacency: Adjacency { Adjacency(nodeCount: nodeCount, edges: edges) }

    /// Nodes reachable from `source` without entering `removed`, by a plain depth-first search.
    func reachable(from source: Int, without removed: Int? = nil) -> Set<Int> {
        guard source != removed else { return [] }
        var successors = [[Int]](repeating: [], count: nodeCount)
        for edge in edges { successors[Int(edge.from)].append(Int(edge.to)) }
        var seen: Set<Int> = [source]
        var stack = [source]
        while let node = stack.popLast() {
            for next in successors[node] where next != removed && seen.insert(next).inserted { stack.append(next) }
        }
        return seen
    }

    /// Nodes reachable from `source` by one edge or more (a node is in it when it lies on a cycle).
    func reachableByOneEdgeOrMore(from source: Int) -> Set<Int> {
        var result: Set<Int> = []
        for edge in edges where Int(edge.from) == source {
            result.formUnion(reachable(from: Int(edge.to)))
        }
        return result
    }
}

/// Spec texts written to a fresh temporary folder and loaded as one project, with its analysis.
struct SpecProject {
    let folder: URL
    let project: LoadedProject
    let analysis: Analysis

    /// Loads `files` (name → YAML); a spec-validity finding fails the test unless `allowingDiagnostics`.
    init(_ files: [String: String], allowingDiagnostics: Bool = false, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flowlint-rules-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        self.folder = folder
        var paths: [String] = []
        for (name, text) in files.sorted(by: { $0.key < $1.key }) {
            let url = folder.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
            paths.append(url.path)
        }
        project = try SpecLoader(knownRules: RuleRegistry.allIDs).load(files: paths)
        if !allowingDiagnostics {
            for diagnostic in project.diagnostics {
                Issue.record(
                    "unexpected \(diagnostic.rule) at \(diagnostic.location): \(diagnostic.message)", sourceLocation: sourceLocation)
            }
        }
        analysis = Analysis(project.graph)
    }

    init(_ yaml: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
        try self.init(["app.flow.yml": yaml], sourceLocation: sourceLocation)
    }

    var index: FlowIndex { analysis.index }

    func coordinator(_ name: String) -> CoordinatorID {
        guard let id = index.coordinator(named: name) else { fatalError("no coordinator \(name)") }
        return id
    }

    /// The id of `Coordinator.route`.
    func route(_ qualified: String) -> RouteID {
        let parts = qualified.split(separator: ".").map(String.init)
        guard parts.count == 2, let id = index.route(named: parts[1], in: coordinator(parts[0])) else {
            fatalError("no route \(qualified)")
        }
        return id
    }

    func isReached(_ qualified: String) -> Bool { analysis.reachability.reachedRoute[route(qualified)] }

    func isStarted(_ name: String) -> Bool { analysis.reachability.startedCoordinator[coordinator(name)] }

    /// The qualified names of every route no path reaches, sorted.
    var unreachedRoutes: [String] {
        index.routeIDs.filter { !analysis.reachability.reachedRoute[$0] }.map(index.qualifiedName).sorted()
    }

    /// The exits of the child that `Coordinator.route` starts; `nil` when it starts none or is unreachable.
    func exits(_ qualified: String) -> ChildExits.Exits? { analysis.exits.exits[route(qualified)] }

    /// The graph rules' findings, as `rule Coordinator.route` strings, sorted.
    func findings(configuration: Configuration = Configuration()) -> [String] {
        RuleRunner(configuration: configuration).findings(for: project)
            .map { "\($0.rule) \([$0.coordinator, $0.route].compactMap { $0 }.joined(separator: "."))" }
            .sorted()
    }
}
