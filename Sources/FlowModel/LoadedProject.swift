/// The project read from the paths of one run.
public struct LoadedProject: Sendable {
    public var graph: FlowGraph
    /// Spec-validity findings, in no particular order.
    public var diagnostics: [Finding]
    /// `.code` when no spec exists and the graph was read from the Swift code (`lint --sources`).
    public var origin: GraphOrigin
    /// Read from code whose launch was not read: the entry is a guess, and what the launch starts is unknown.
    public var entryGuessed = false
    /// Links into `/proc`, `/sys` or `/dev` met while searching for specs, not followed: one line each.
    public var notFollowed: [String] = []

    public init(graph: FlowGraph, diagnostics: [Finding], origin: GraphOrigin = .specs) {
        self.graph = graph
        self.diagnostics = diagnostics
        self.origin = origin
    }
}
