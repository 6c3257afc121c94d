import FlowModel

/// One library's way of writing coordinators (DESIGN §5): XCoordinator, Stinsen, classic UIKit.
///
/// The recognizer asks the styles in order; the first that claims a type builds its coordinator. A style keeps
/// what it learns on the way in its own state, and shares only what it puts in the `Context` (the graph, its
/// provenance, the triggers screens make, which children run on their parent's stack): no style reads another's.
protocol CoordinatorStyle {
    /// A style with nothing learned yet.
    init()
    /// Whether `type` is a coordinator written in this style (a question of its declaration, not of state).
    static func claims(_ type: TypeFacts, _ recognizer: Recognizer) -> Bool
    /// The coordinator `type` declares, or `nil` when it navigates nowhere the reader can see.
    mutating func coordinator(_ type: TypeFacts, _ context: inout Context) -> Coordinator?
    /// Once every coordinator of every style is built: what links one to another (a child's transition taken
    /// from its `start()`, releases in the parent, what screens hold).
    mutating func link(_ context: inout Context)
}
