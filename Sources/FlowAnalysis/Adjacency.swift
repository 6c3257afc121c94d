/// A directed graph over integer ids as compressed adjacency arrays (CSR).
public struct Adjacency: Sendable {
    @usableFromInline let start: [Int32]
    @usableFromInline let targets: [Int32]

    public var nodeCount: Int { start.count - 1 }
    public var edgeCount: Int { targets.count }
    public var isEmpty: Bool { targets.isEmpty }

    /// Builds from an edge list by counting sort: O(nodes + edges), edge order kept per node.
    public init(nodeCount: Int, edges: [(from: Int32, to: Int32)]) {
        var start = [Int32](repeating: 0, count: nodeCount + 1)
        for edge in edges { start[Int(edge.from) + 1] += 1 }
        for index in 0..<nodeCount { start[index + 1] += start[index] }
        var fill = start
        var targets = [Int32](repeating: 0, count: edges.count)
        for edge in edges {
            targets[Int(fill[Int(edge.from)])] = edge.to
            fill[Int(edge.from)] += 1
        }
        self.start = start
        self.targets = targets
    }

    @inlinable public func neighbors(of node: Int) -> ArraySlice<Int32> {
        targets[Int(start[node])..<Int(start[node + 1])]
    }

    public func reversed() -> Adjacency {
        var edges: [(from: Int32, to: Int32)] = []
        edges.reserveCapacity(targets.count)
        for node in 0..<nodeCount {
            for target in neighbors(of: node) { edges.append((target, Int32(node))) }
        }
        return Adjacency(nodeCount: nodeCount, edges: edges)
    }

    /// Nodes reachable from `sources` (sources included): breadth-first, O(nodes + edges).
    public func reachable(from sources: [Int]) -> [Bool] {
        var seen = [Bool](repeating: false, count: nodeCount)
        var queue: [Int] = []
        for source in sources where !seen[source] {
            seen[source] = true
            queue.append(source)
        }
        var head = 0
        while head < queue.count {
            let node = queue[head]
            head += 1
            for next in neighbors(of: node) where !seen[Int(next)] {
                seen[Int(next)] = true
                queue.append(Int(next))
            }
        }
        return seen
    }

    /// A shortest path from `source` to the first node satisfying `isGoal`, through nodes other than `blocked`
    /// that `isAllowed` admits. Parents are kept in a dictionary: a search costs what it visits, so searches
    /// confined to disjoint parts of the graph (one per strongly connected component) cost the graph once.
    public func shortestPath(
        from source: Int, avoiding blocked: Int? = nil, within isAllowed: (Int) -> Bool = { _ in true },
        to isGoal: (Int) -> Bool
    ) -> [Int]? {
        guard source != blocked else { return nil }
        var parent: [Int: Int] = [source: -1]
        var queue = [source]
        var head = 0
        while head < queue.count {
            let node = queue[head]
            head += 1
            if isGoal(node) { return Self.path(to: node) { parent[$0] ?? -1 } }
            for next in neighbors(of: node).lazy.map(Int.init) where parent[next] == nil && next != blocked && isAllowed(next) {
                parent[next] = node
                queue.append(next)
            }
        }
        return nil
    }

    /// Parents of a breadth-first search from `source` that never enters `blocked`: -1 at the source, -2 where
    /// not reached. One tree answers the shortest path to every node.
    public func breadthFirstTree(from source: Int, avoiding blocked: Int? = nil) -> [Int32] {
        var parent = [Int32](repeating: -2, count: nodeCount)
        guard source != blocked else { return parent }
        parent[source] = -1
        var queue = [source]
        var head = 0
        while head < queue.count {
            let node = queue[head]
            head += 1
            for next in neighbors(of: node) where parent[Int(next)] == -2 && Int(next) != blocked {
                parent[Int(next)] = Int32(node)
                queue.append(Int(next))
            }
        }
        return parent
    }

    /// The path from the root of `tree` (a `breadthFirstTree`) to `node`, nil when the search did not reach it.
    public static func path(to node: Int, in tree: [Int32]) -> [Int]? {
        tree[node] == -2 ? nil : path(to: node) { Int(tree[$0]) }
    }

    private static func path(to node: Int, parent: (Int) -> Int) -> [Int] {
        var path = [node]
        var step = parent(node)
        while step >= 0 {
            path.append(step)
            step = parent(step)
        }
        return path.reversed()
    }
}
