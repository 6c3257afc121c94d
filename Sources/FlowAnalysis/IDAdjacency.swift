/// An `Adjacency` from ids of one kind to ids of another (a route's triggers, a coordinator's starts…): the same
/// arrays, read by id, so a route cannot be looked up where a coordinator is meant.
public struct IDAdjacency<From, To>: Sendable {
    /// The graph over positions, for the algorithms that need no kind (SCC, dominators).
    public let adjacency: Adjacency

    package init(_ adjacency: Adjacency) { self.adjacency = adjacency }

    /// From `count` elements of `From`, edges as positions (`IndexID.raw`).
    package init(count: Int, edges: [(from: Int32, to: Int32)]) { adjacency = Adjacency(nodeCount: count, edges: edges) }

    public var edgeCount: Int { adjacency.edgeCount }
    public var isEmpty: Bool { adjacency.isEmpty }

    @inlinable public func neighbors(of node: IndexID<From>) -> IDList<To> { IDList(adjacency.neighbors(of: node.position)) }
}

extension IDAdjacency where From == To {
    public typealias Node = IndexID<From>

    /// Nodes reachable from `sources` (sources included).
    public func reachable(from sources: [Node]) -> PerElement<From, Bool> {
        PerElement(adjacency.reachable(from: sources.map(\.position)))
    }

    /// `Adjacency.shortestPath`, by id.
    public func shortestPath(
        from source: Node, within isAllowed: (Node) -> Bool = { _ in true },
        to isGoal: (Node) -> Bool
    ) -> [Node]? {
        adjacency.shortestPath(from: source.position, within: { isAllowed(Node($0)) }, to: { isGoal(Node($0)) })?.map(Node.init)
    }

    /// A breadth-first search from `source` that never enters `blocked`: one tree answers the path to every node.
    public func breadthFirstTree(from source: Node, avoiding blocked: Node) -> SearchTree<From> {
        SearchTree(parents: adjacency.breadthFirstTree(from: source.position, avoiding: blocked.position))
    }
}

/// The neighbours of one node, as ids.
public struct IDList<Element>: RandomAccessCollection, Sendable {
    @usableFromInline let targets: ArraySlice<Int32>

    @inlinable package init(_ targets: ArraySlice<Int32>) { self.targets = targets }

    @inlinable public var startIndex: Int { targets.startIndex }
    @inlinable public var endIndex: Int { targets.endIndex }
    @inlinable public subscript(position: Int) -> IndexID<Element> { IndexID(targets[position]) }
}

/// The tree of an `IDAdjacency.breadthFirstTree`.
public struct SearchTree<Element>: Sendable {
    package let parents: [Int32]

    /// The path from the root to `node`, nil when the search did not reach it.
    public func path(to node: IndexID<Element>) -> [IndexID<Element>]? {
        Adjacency.path(to: node.position, in: parents)?.map(IndexID.init)
    }
}
