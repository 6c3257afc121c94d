import FlowModel
import Testing
import FlowAnalysis
@testable import FlowRules
@testable import FlowSpec

/// Issue 41: a field is what its `SpecSchema` entry says, everywhere. Taking a field's entry out of the table makes
/// the loader refuse it, the encoder drop it, the round trip see it missing, drift stop comparing it and diff stop
/// showing it: no reader keeps a list of its own that would go on without the entry, or drop a new field silently.
@Suite struct SpecSchemaRemovalTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var field: RouteField
        /// The fields of route `r` in BASE (the spec) and HEAD (the code, the new revision).
        var base: String
        var head: String
        var testDescription: String { field.rawValue }
    }

    static let cases: [Case] = [
        Case(field: .transition, base: "transition: push\nscreen: Detail", head: "transition: present\nscreen: Detail"),
        Case(field: .screen, base: "transition: push\nscreen: Detail", head: "transition: push\nscreen: Summary"),
        Case(field: .coordinator, base: "transition: present\ncoordinator: Child", head: "transition: present\ncoordinator: Other"),
        Case(field: .style, base: "transition: present\nscreen: Detail", head: "transition: present\nscreen: Detail\nstyle: fullScreen"),
        Case(
            field: .detents, base: "transition: present\nscreen: Detail\ndetents: [large]",
            head: "transition: present\nscreen: Detail\ndetents: [medium, large]"),
        Case(
            field: .retain, base: "transition: present\ncoordinator: Child\nretain: parent",
            head: "transition: present\ncoordinator: Child\nretain: hierarchy"),
        Case(
            field: .releaseOn, base: "transition: present\ncoordinator: Child\nretain: parent\nreleaseOn: [finish]",
            head: "transition: present\ncoordinator: Child\nretain: parent\nreleaseOn: [finish, dismiss]"),
        Case(
            field: .then, base: "transition: present\ncoordinator: Child\nthen: [a]",
            head: "transition: present\ncoordinator: Child\nthen: [b]"),
    ]

    static func spec(_ route: String) -> String {
        let fields = route.split(separator: "\n").map { "        \($0)" }.joined(separator: "\n")
        return """
            version: 1
            entry: App
            coordinators:
              App:
                kind: navigation
                initial: home
                routes:
                  home:
                    screen: Home
                    triggers: [r]
                  a:
                    transition: push
                    screen: First
                  b:
                    transition: push
                    screen: Second
                  r:
            \(fields)
              Child:
                kind: navigation
                initial: c
                routes:
                  c:
                    screen: ChildScreen
              Other:
                kind: navigation
                initial: o
                routes:
                  o:
                    screen: OtherScreen

            """
    }

    static func decode(_ yaml: String, schema: SpecSchema = .flowlint) -> (graph: FlowGraph, findings: [String]) {
        let (tree, problems) = YAMLReader.read(Array(yaml.utf8))
        precondition(problems.isEmpty, "test YAML must parse: \(problems)")
        var decoder = SpecDecoder(tree: tree!, path: "App.swift", schema: schema)
        let file = decoder.decode()
        var graph = FlowGraph()
        graph.entry = file.entry
        file.coordinators.forEach { graph.add($0) }
        return (graph, decoder.diagnostics.map(\.message))
    }

    /// What each reader of the table makes of BASE and HEAD under `schema`.
    struct Outcome {
        var loaded: Bool
        var encoded: Bool
        var roundTrips: Bool
        var drifts: Bool
        var diffs: Bool
    }

    static func outcome(_ test: Case, _ schema: SpecSchema) -> Outcome {
        let key = test.field.rawValue
        let (base, head) = (decode(spec(test.base)).graph, decode(spec(test.head)).graph)
        let loaded = !decode(spec(test.head), schema: schema).findings.contains { $0.hasPrefix("unknown field `\(key)`") }
        let text = SpecEncoder.specs(for: CodeGraph(graph: head), comments: false, schema: schema).map(\.text).joined()
        let encoded = text.split(separator: "\n").contains { $0.trimmingCharacters(in: .whitespaces).hasPrefix("\(key):") }
        let roundTrips = GraphSignature.lines(decode(text).graph) == GraphSignature.lines(head)
        let drifts = !DriftComparison(spec: base, code: CodeGraph(graph: head), schema: schema).findings().isEmpty
        let diffs = FlowDiff(base: base, head: head, schema: schema).changes.contains { $0.field == FlowField.of(test.field) }
        return Outcome(loaded: loaded, encoded: encoded, roundTrips: roundTrips, drifts: drifts, diffs: diffs)
    }

    @Test(arguments: cases)
    func withItsEntryTheFieldIsLoadedWrittenComparedAndShown(_ test: Case) {
        let outcome = Self.outcome(test, .flowlint)
        #expect(outcome.loaded, "decode")
        #expect(outcome.encoded, "encode")
        #expect(outcome.roundTrips, "round trip")
        #expect(outcome.drifts, "drift")
        #expect(outcome.diffs, "diff")
    }

    @Test(arguments: cases)
    func withoutItsEntryEveryReaderLosesTheField(_ test: Case) {
        let outcome = Self.outcome(test, SpecSchema.flowlint.removing(test.field))
        #expect(!outcome.loaded, "decode still reads `\(test.field.rawValue)`")
        #expect(!outcome.encoded, "encode still writes it")
        #expect(!outcome.roundTrips, "the round trip does not miss it")
        #expect(!outcome.drifts, "drift still compares it")
        #expect(!outcome.diffs, "diff still shows it")
    }

    /// No dead entries: a field drift is said to compare is judged by one of its comparisons, and a comparison
    /// judges only such fields; a field diff is said to show is in its order, and the orders name only such fields;
    /// the encoders' orders name only fields of the table.
    @Test func noEntryIsDeadAndNoListGoesBeyondTheTable() {
        let schema = SpecSchema.flowlint
        let judged = Set(DriftComparison.routeComparisons.flatMap(\.fields))
        #expect(Set(schema.route.filter { $0.drift }.map(\.field)) == judged)
        #expect(schema.coordinator.allSatisfy { !$0.drift } && schema.chain.allSatisfy { !$0.drift })
        #expect(Set(schema.route.filter { $0.diff == .value }.map(\.field)) == Set(schema.routeDiffOrder))
        #expect(Set(schema.coordinator.filter { $0.diff == .value }.map(\.field)) == Set(schema.coordinatorDiffOrder))
        #expect(schema.route.filter { $0.diff == .items }.map(\.field) == [.triggers])
        #expect(schema.coordinator.filter { $0.diff == .items }.map(\.field) == [.triggers])
        #expect(schema.encodedRouteFields.count == schema.routeEncoding.count)
        #expect(schema.encodedCoordinatorFields.count == schema.coordinatorEncoding.count)
        #expect(schema.encodedChainFields.count == schema.chainEncoding.count)
        // What the model keeps, the certain-only filter can clear.
        #expect(schema.route.allSatisfy { $0.clear != nil })
        #expect(schema.coordinator.filter { $0.clear == nil }.map(\.field) == [.routes])
    }
}
