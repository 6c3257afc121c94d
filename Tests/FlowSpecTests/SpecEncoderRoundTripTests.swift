import FlowModel
import PropertyBased
import Testing
@testable import FlowSpec

/// decode(encode(g)) == g: what `SpecEncoder` writes for a graph loads back as that graph, every field of every
/// element, locations aside (they point at the YAML then). The graphs are generated from a fixed seed, so every
/// run checks the same ones.
@Suite struct SpecEncoderRoundTripTests {
    static let shapes = Gen.int(in: 1...6).array(of: 1...8)
    static let seeds = Gen.uint64()

    @Test func generatedGraphsLoadBackAsWritten() throws {
        var random = Xoshiro(seed: "R0undTr1pOfTheSpecEncoderAndDecoderXYZ01234=")!
        for _ in 0..<60 {
            var generator = GraphGenerator(routeCounts: Self.shapes.run(using: &random), seed: Self.seeds.run(using: &random))
            let code = generator.graph()
            let specs = SpecEncoder.specs(for: code)
            let decoded = specs.map { DecodedSpec($0.text, path: $0.source + ".flow.yml") }
            let problems = decoded.flatMap(\.diagnostics).filter { $0.severity == .error }
            #expect(problems.isEmpty, "\(problems.map(\.message)) in\n\(specs.map(\.text).joined(separator: "\n"))")
            var graph = FlowGraph()
            graph.entry = decoded.compactMap(\.file.entry).first
            for file in decoded {
                file.file.coordinators.forEach { graph.add($0) }
                file.file.chains.forEach { graph.add($0) }
            }
            #expect(GraphSignature.lines(graph) == GraphSignature.lines(code.graph))
        }
    }

    /// Issue 24: characters YAML forbids in a file (DEL, C1 controls, U+FFFE, U+FFFF) or reads as line breaks
    /// (NEL, U+2028, U+2029) are escaped in a quoted name and never reach a comment as they are.
    @Test(arguments: [
        "a\u{7F}b", "a\u{85}b", "a\u{9B}b", "a\u{2028}b", "a\u{2029}b", "a\u{FEFF}b", "a\u{FFFE}b", "a\u{FFFF}b", "\u{0}\u{1F}\"\\",
    ])
    func namesOfAnyCharacterLoadBack(_ name: String) throws {
        let (tree, problems) = YAMLReader.read(Array("\(SpecEncoder.scalar(name)): 1  # \(SpecEncoder.oneLine(name))\n".utf8))
        #expect(problems.isEmpty, "\(problems)")
        let root = try #require(tree?.root)
        #expect(tree?.entries(root).map { tree?.text($0.0) } == [name])
    }

    @Test func inferredFactsAndNotesAreCommentsThatDoNotChangeTheGraph() throws {
        var generator = GraphGenerator(routeCounts: [3, 2], seed: 7)
        var code = generator.graph()
        let plain = SpecEncoder.specs(for: code, comments: false)
        let route = try #require(code.graph.coordinators.first?.routes.last)
        code.provenance.set(.route("C0", route.name), .inferred("a guess"))
        code.provenance.notes = [
            ExtractionNote(.unrecognized, "something else", at: FlowModel.SourceLocation(file: "Sources/F0.swift", line: 3, column: 1))
        ]
        let commented = SpecEncoder.specs(for: code)
        #expect(commented.first?.text.contains("# inferred: a guess (Sources/F0.swift:") == true)
        #expect(commented.first?.text.contains("# note: unrecognized: Sources/F0.swift:3: something else") == true)
        #expect(SpecEncoder.specs(for: code, comments: false) == plain)
    }
}

/// Random graphs in the shapes the Swift reader returns: every kind, transition, destination and list field,
/// spread over two source files, with references that resolve.
struct GraphGenerator {
    var routeCounts: [Int]
    var random: Xoshiro

    init(routeCounts: [Int], seed: UInt64) {
        self.routeCounts = routeCounts
        random = Xoshiro(seed: (seed, seed &* 31 &+ 1, seed ^ 0x9E37_79B9_7F4A_7C15, 42))
    }

    private mutating func chance(_ percent: Int) -> Bool { Int.random(in: 0..<100, using: &random) < percent }
    private mutating func pick<T>(_ items: [T]) -> T { items[Int.random(in: 0..<items.count, using: &random)] }

    private func at(_ coordinator: Int, _ line: Int) -> FlowModel.SourceLocation {
        FlowModel.SourceLocation(file: "Sources/F\(coordinator % 2).swift", line: coordinator * 100 + line, column: 5)
    }

    mutating func graph() -> CodeGraph {
        var graph = FlowGraph()
        let names = routeCounts.indices.map { "C\($0)" }
        for (index, count) in routeCounts.enumerated() {
            graph.add(coordinator(index, routes: count, names: names))
        }
        graph.entry = Located("C0", at: at(0, 0))
        if chance(60), let first = graph.coordinators.first {
            var chain = Chain(name: "link\(Int.random(in: 0..<100, using: &random))", location: at(0, 99))
            chain.from = Located(first.name, at: at(0, 99))
            var steps: [ChainAction] = [
                .dismissToRoot, .route(RouteReference(coordinator: nil, route: first.routes.last!.name, location: at(0, 98))),
            ]
            if first.kind?.value == .navigation { steps.insert(.popToRoot, at: 1) }
            if let tab = first.tabs?.first { steps.append(.select(tab)) }
            chain.steps = steps.map { ChainStep($0, at: at(0, 97)) }
            if chance(30) { chain.at = Located(.launch, at: at(0, 99)) }
            graph.add(chain)
        }
        return CodeGraph(graph: graph)
    }

    private mutating func coordinator(_ index: Int, routes count: Int, names: [String]) -> Coordinator {
        var coordinator = Coordinator(name: names[index], location: at(index, 1))
        let kind = pick(CoordinatorKind.allCases)
        coordinator.kind = Located(kind, at: at(index, 2))
        let routeNames = (0..<count).map { "r\($0)" }
        coordinator.initial = Located(routeNames[0], at: at(index, 3))
        // `start()` picking one of several routes on app state: an `initial` list.
        if kind != .tab, count > 1, chance(30) {
            coordinator.initials = routeNames.prefix(Int.random(in: 2...min(count, 3), using: &random)).map {
                Located($0, at: at(index, 3))
            }
        }
        if kind == .tab {
            let tabCount = Int.random(in: 1...count, using: &random)
            coordinator.tabs = routeNames.prefix(tabCount).map { Located($0, at: at(index, 4)) }
        }
        if kind == .navigation, chance(40) { coordinator.stack = Located(pick(StackPolicy.allCases), at: at(index, 5)) }
        if chance(30) {
            coordinator.holds = [
                Hold(
                    target: pick([Hold.selfReference] + names), strength: Located(pick(HoldStrength.allCases), at: at(index, 6)),
                    location: at(index, 6))
            ]
        }
        if chance(30) {
            coordinator.open = Located(true, at: at(index, 1))
            if chance(50) { coordinator.mayStart = names.filter { _ in chance(40) }.map { Located($0, at: at(index, 7)) } }
        }
        if chance(30) {
            coordinator.triggers = routeNames.filter { _ in chance(40) }.map {
                RouteReference(coordinator: nil, route: $0, location: at(index, 8))
            }
        }
        let initials = Set(coordinator.initials.map(\.value))
        let tabs = Set(coordinator.tabs?.map(\.value) ?? [])
        for (position, name) in routeNames.enumerated() {
            var route = Route(name: name, location: at(index, 10 + position * 10))
            let base = at(index, 10 + position * 10)
            func line(_ offset: Int) -> FlowModel.SourceLocation {
                FlowModel.SourceLocation(file: base.file, line: base.line + offset, column: base.column)
            }
            let starts = initials.contains(name) || tabs.contains(name)
            let transition =
                starts ? nil : pick(Transition.allCases.filter { $0.isSupported(in: kind) && ($0 != .select || !tabs.isEmpty) })
            route.transition = transition.map { Located($0, at: line(1)) }
            let rule = transition?.destinationRule ?? .required
            if rule == .required || (rule == .optionalCoordinator && chance(50)) {
                let child = rule == .optionalCoordinator || chance(40)
                route.destination = Located(child ? .coordinator(pick(names)) : .screen("Screen\(index)x\(position)"), at: line(2))
                if child {
                    route.retain = Located(pick(RetainPolicy.allCases), at: line(3))
                    if chance(30) { route.stack = Located(pick(StackPolicy.allCases), at: line(10)) }
                    if chance(40) {
                        route.then = routeNames.filter { _ in chance(40) }.map {
                            RouteReference(coordinator: nil, route: $0, location: line(9))
                        }
                    }
                    if route.retain?.value == .parent, chance(60) {
                        var exits: [Located<ExitKind>] = []
                        for exit in ExitKind.allCases where chance(50) { exits.append(Located(exit, at: line(4))) }
                        route.releaseOn = Located(exits, at: line(4))
                    }
                }
            }
            if transition?.targetField == .route {
                route.target = RouteReference(coordinator: nil, route: pick(routeNames), location: line(5))
            }
            if transition == .select { route.tab = Located(pick(Array(tabs).sorted()), at: line(5)) }
            if transition == .present, chance(50) {
                let style = pick(PresentationStyle.allCases)
                route.style = Located(style, at: line(6))
                if !style.isFullScreen, chance(40) { route.dismissible = Located(chance(50), at: line(6)) }
            }
            if route.destination?.value.coordinatorName == nil, route.destination != nil {
                route.triggers = routeNames.filter { _ in chance(30) }.map {
                    RouteReference(coordinator: nil, route: $0, location: line(7))
                }
                if chance(20), index > 0 { route.triggers.append(RouteReference(coordinator: "C0", route: "r0", location: line(7))) }
            }
            if chance(15) { route.open = Located(chance(80), at: line(11)) }
            if chance(20) { route.params = [RouteParameter(name: "id", type: chance(50) ? "String" : nil, location: line(8))] }
            coordinator.add(route)
        }
        return coordinator
    }
}
