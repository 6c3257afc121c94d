/// Tarjan's algorithm without recursion (graphs of 100,000 nodes would overflow the stack).
public struct StronglyConnectedComponents: Sendable {
    /// The component of every node; components are numbered in reverse topological order.
    public let component: [Int32]
    /// True for nodes on a cycle: in a component of several nodes, or with an edge to themselves.
    public let isOnCycle: [Bool]

    public init(_ graph: Adjacency) {
        let count = graph.nodeCount
        var index = [Int32](repeating: -1, count: count)
        var lowLink = [Int32](repeating: 0, count: count)
        var onStack = [Bool](repeating: false, count: count)
        var component = [Int32](repeating: -1, count: count)
        var stack: [Int32] = []
        var work: [(node: Int, next: Int)] = []
        var nextIndex: Int32 = 0
        var components: Int32 = 0
        var sizes: [Int] = []

        for root in 0..<count where index[root] < 0 {
            work.append((root, 0))
            index[root] = nextIndex
            lowLink[root] = nextIndex
            nextIndex += 1
            stack.append(Int32(root))
            onStack[root] = true
            while let (node, position) = work.last {
                let neighbors = graph.neighbors(of: node)
                if position < neighbors.count {
                    work[work.count - 1].next += 1
                    let next = Int(neighbors[neighbors.startIndex + position])
                    if index[next] < 0 {
                        index[next] = nextIndex
                        lowLink[next] = nextIndex
                        nextIndex += 1
                        stack.append(Int32(next))
                        onStack[next] = true
                        work.append((next, 0))
                    } else if onStack[next] {
                        lowLink[node] = min(lowLink[node], index[next])
                    }
                    continue
                }
                work.removeLast()
                if let parent = work.last?.node {
                    lowLink[parent] = min(lowLink[parent], lowLink[node])
                }
                if lowLink[node] == index[node] {
                    var size = 0
                    while true {
                        let member = Int(stack.removeLast())
                        onStack[member] = false
                        component[member] = components
                        size += 1
                        if member == node { break }
                    }
                    sizes.append(size)
                    components += 1
                }
            }
        }
        var isOnCycle = [Bool](repeating: false, count: count)
        for node in 0..<count {
            isOnCycle[node] = sizes[Int(component[node])] > 1 || graph.neighbors(of: node).contains(Int32(node))
        }
        self.component = component
        self.isOnCycle = isOnCycle
    }
}

/// `StronglyConnectedComponents` of a graph over ids of one kind, read by id.
public struct IDComponents<Element>: Sendable {
    /// The component of every element; components are numbered in reverse topological order.
    public let component: PerElement<Element, Int32>
    /// True for elements on a cycle.
    public let isOnCycle: PerElement<Element, Bool>

    public init(_ graph: IDAdjacency<Element, Element>) {
        let components = StronglyConnectedComponents(graph.adjacency)
        component = PerElement(components.component)
        isOnCycle = PerElement(components.isOnCycle)
    }
}
