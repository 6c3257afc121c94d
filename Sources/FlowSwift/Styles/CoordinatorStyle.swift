import FlowModel

/// One library's way of writing coordinators (DESIGN §5): XCoordinator, Stinsen, SwiftUI, classic UIKit.
///
/// The recognizer asks the styles in order; the first that claims a type builds its coordinator. A style keeps
/// what it learns on the way in its own state, and shares only what it puts in the `Context` (the graph, its
/// provenance, the triggers screens make, which children run on their parent's stack): no style reads another's.
protocol CoordinatorStyle {
    /// A style with nothing learned yet.
    init()
    /// Whether `type` is a coordinator written in this style (a question of its declaration, not of state).
    static func claims(_ type: TypeFacts, _ recognizer: Recognizer) -> Bool
    /// Before the first coordinator of the style is built: what it reads of every type at once (the triggers
    /// screens and view models make), put in the context or kept in the style.
    mutating func prepare(_ context: inout Context)
    /// The coordinator `type` declares, or `nil` when it navigates nowhere the reader can see. It reads the
    /// recognizer, the context's links and what `prepare` and its own build put there, never what another
    /// coordinator's build did: coordinators are built side by side (`build(_:_:)`).
    mutating func coordinator(_ type: TypeFacts, _ context: inout Context) -> Coordinator?
    /// A style to build some of the coordinators with: what `prepare` learned, and nothing a build added.
    func forBuilding() -> Self
    /// Takes in what a style from `forBuilding()` learned while building, in declaration order.
    mutating func merge(_ built: Self)
    /// Once every coordinator of every style is built: what links one to another (a child's transition taken
    /// from its `start()`, releases in the parent, what screens hold).
    mutating func link(_ context: inout Context)
}

extension CoordinatorStyle {
    /// Builds the coordinators `names` declare, slices of them side by side, each on a context that holds none of
    /// the others' output; what each slice adds to the context and learns is then taken in, in declaration order,
    /// so the result is the one a build of one after another gives. A test double is noted, not built.
    mutating func build(_ names: [String], _ context: inout Context) {
        // Prepared for a coordinator to build, not for test doubles alone.
        let doubles = context.recognizer.index.testDoubles
        guard names.contains(where: { context.recognizer.types[$0] != nil && !doubles.contains($0) }) else {
            for name in names {
                guard let type = context.recognizer.types[name] else { continue }
                context.notes.append(Self.testDoubleNote(type))
            }
            return
        }
        prepare(&context)
        let start = context.forBuilding()
        let style = forBuilding()
        let slices = LargeStackThreads.map(Parallel.slices(of: names, minimum: context.recognizer.slice)) { slice in
            var context = start
            var style = style
            for name in slice {
                guard let type = context.recognizer.types[name] else { continue }
                guard !doubles.contains(name) else {
                    context.notes.append(Self.testDoubleNote(type))
                    continue
                }
                context.coordinators[name] = style.coordinator(type, &context)
            }
            return (context, style)
        }
        for (built, learned) in slices {
            context.absorb(built)
            merge(learned)
        }
    }
}

extension CoordinatorStyle {
    /// A test target's coordinator (`AppTests/FakeClaimCoordinator`) is no flow of the app: said, not read.
    fileprivate static func testDoubleNote(_ type: TypeFacts) -> ExtractionNote {
        ExtractionNote(
            .unrecognized, "`\(type.name)` is a test double or lives in a test target: not a flow of the app, not read", at: type.location,
            coordinator: type.name)
    }
}
