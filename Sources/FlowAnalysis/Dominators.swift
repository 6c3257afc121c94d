/// The dominator tree of a graph from a root (Lengauer–Tarjan with path compression, no recursion),
/// with pre/post numbers so "does a dominate b" is answered in O(1).
public struct Dominators: Sendable {
    /// The immediate dominator of each node; -1 for the root and for nodes the root does not reach.
    public let immediateDominator: [Int32]
    private let enter: [Int32]
    private let exit: [Int32]
    /// The dominator tree: each node's children, in the order of their preorder numbers.
    private let tree: Adjacency

    public init(_ graph: Adjacency, root: Int) {
        let count = graph.nodeCount
        let (idom, vertex) = Self.immediateDominators(graph, root: root)
        // Pre/post numbers on the dominator tree, whose children are listed in preorder.
        var treeEdges: [(from: Int32, to: Int32)] = []
        for node in vertex where idom[node] >= 0 { treeEdges.append((Int32(idom[node]), Int32(node))) }
        let tree = Adjacency(nodeCount: count, edges: treeEdges)
        (enter, exit) = Self.prePostNumbers(tree, root: root)
        self.immediateDominator = idom.map { Int32($0) }
        self.tree = tree
    }

    /// Depth-first numbering from `root`: each node's number (-1 when not reached), the nodes in that order, and
    /// each node's parent in the depth-first tree.
    private static func depthFirst(_ graph: Adjacency, root: Int) -> (number: [Int32], vertex: [Int], parent: [Int]) {
        let count = graph.nodeCount
        var number = [Int32](repeating: -1, count: count)
        var vertex: [Int] = []
        var parent = [Int](repeating: -1, count: count)
        var work: [(node: Int, next: Int)] = [(root, 0)]
        number[root] = 0
        vertex.append(root)
        while let (node, position) = work.last {
            let neighbors = graph.neighbors(of: node)
            guard position < neighbors.count else {
                work.removeLast()
                continue
            }
            work[work.count - 1].next += 1
            let next = Int(neighbors[neighbors.startIndex + position])
            if number[next] < 0 {
                number[next] = Int32(vertex.count)
                vertex.append(next)
                parent[next] = node
                work.append((next, 0))
            }
        }
        return (number, vertex, parent)
    }

    /// Each node's immediate dominator (Lengauer–Tarjan; -1 for the root and for nodes it does not reach), and the
    /// nodes reached in depth-first order.
    private static func immediateDominators(_ graph: Adjacency, root: Int) -> (idom: [Int], vertex: [Int]) {
        let count = graph.nodeCount
        let (number, vertex, parent) = depthFirst(graph, root: root)
        let predecessors = graph.reversed()
        var semi = number
        var ancestor = [Int](repeating: -1, count: count)
        var label = Array(0..<count)
        var bucket = [[Int]](repeating: [], count: count)
        var idom = [Int](repeating: -1, count: count)

        func evaluate(_ node: Int) -> Int {
            guard ancestor[node] >= 0 else { return node }
            var path: [Int] = []
            var current = node
            while ancestor[ancestor[current]] >= 0 {
                path.append(current)
                current = ancestor[current]
            }
            for member in path.reversed() {
                let above = ancestor[member]
                if semi[label[above]] < semi[label[member]] { label[member] = label[above] }
                ancestor[member] = ancestor[above]
            }
            return label[node]
        }

        for position in stride(from: vertex.count - 1, to: 0, by: -1) {
            let node = vertex[position]
            for predecessor in predecessors.neighbors(of: node) where number[Int(predecessor)] >= 0 {
                let candidate = evaluate(Int(predecessor))
                if semi[candidate] < semi[node] { semi[node] = semi[candidate] }
            }
            bucket[vertex[Int(semi[node])]].append(node)
            let up = parent[node]
            ancestor[node] = up
            for member in bucket[up] {
                let candidate = evaluate(member)
                idom[member] = semi[candidate] < semi[member] ? candidate : up
            }
            bucket[up].removeAll()
        }
        for position in 1..<max(1, vertex.count) {
            let node = vertex[position]
            if idom[node] != vertex[Int(semi[node])] { idom[node] = idom[idom[node]] }
        }
        idom[root] = -1
        return (idom, vertex)
    }

    /// Entry and exit times of a depth-first walk of the dominator tree from `root`.
    private static func prePostNumbers(_ tree: Adjacency, root: Int) -> (enter: [Int32], exit: [Int32]) {
        var enter = [Int32](repeating: -1, count: tree.nodeCount)
        var exit = [Int32](repeating: -1, count: tree.nodeCount)
        var clock: Int32 = 0
        var walk: [(node: Int, next: Int)] = [(root, 0)]
        enter[root] = clock
        clock += 1
        while let (node, position) = walk.last {
            let children = tree.neighbors(of: node)
            if position < children.count {
                walk[walk.count - 1].next += 1
                let child = Int(children[children.startIndex + position])
                enter[child] = clock
                clock += 1
                walk.append((child, 0))
            } else {
                exit[node] = clock
                clock += 1
                walk.removeLast()
            }
        }
        return (enter, exit)
    }

    /// The child of `ancestor` in the dominator tree whose subtree holds `node`, or nil when `ancestor` does not
    /// strictly dominate `node`. Children are numbered in the order they are listed: a binary search finds it.
    public func child(of ancestor: Int, toward node: Int) -> Int? {
        guard ancestor != node, dominates(ancestor, node) else { return nil }
        let children = tree.neighbors(of: ancestor)
        var low = children.startIndex, high = children.endIndex
        while high - low > 1 {
            let middle = (low + high) / 2
            if enter[Int(children[middle])] <= enter[node] { low = middle } else { high = middle }
        }
        return Int(children[low])
    }

    /// True when every path from the root to `node` passes through `dominator` (a node dominates itself).
    public func dominates(_ dominator: Int, _ node: Int) -> Bool {
        guard enter[dominator] >= 0, enter[node] >= 0 else { return false }
        return enter[dominator] <= enter[node] && exit[node] <= exit[dominator]
    }
}

/// `Dominators` of a graph over ids of one kind (which coordinator starts which).
public struct DominatorTree<Element>: Sendable {
    private let dominators: Dominators

    public init(_ graph: IDAdjacency<Element, Element>, root: IndexID<Element>) {
        dominators = Dominators(graph.adjacency, root: root.position)
    }

    /// True when every path from the root to `node` passes through `dominator` (a node dominates itself).
    public func dominates(_ dominator: IndexID<Element>, _ node: IndexID<Element>) -> Bool {
        dominators.dominates(dominator.position, node.position)
    }

    /// The nearest node other than `node` on every path to it; nil for the root and for nodes it does not reach.
    public func immediateDominator(of node: IndexID<Element>) -> IndexID<Element>? {
        IndexID(stored: dominators.immediateDominator[node.position])
    }

    /// The child of `ancestor` in the tree whose subtree holds `node`; nil when `ancestor` does not strictly dominate it.
    public func child(of ancestor: IndexID<Element>, toward node: IndexID<Element>) -> IndexID<Element>? {
        dominators.child(of: ancestor.position, toward: node.position).map(IndexID.init)
    }
}
