import Testing
import FlowAnalysis
@testable import FlowRules

@Suite struct AdjacencyTests {
    @Test func keepsEdgeOrderPerNodeAndCountsNodesWithoutEdges() {
        let graph = Adjacency(nodeCount: 4, edges: [(2, 1), (0, 3), (2, 0), (0, 1), (2, 2)])
        #expect(graph.nodeCount == 4)
        #expect(Array(graph.neighbors(of: 0)) == [3, 1])
        #expect(Array(graph.neighbors(of: 1)) == [])
        #expect(Array(graph.neighbors(of: 2)) == [1, 0, 2])
        #expect(Array(graph.neighbors(of: 3)) == [])
    }

    @Test func emptyGraph() {
        let graph = Adjacency(nodeCount: 0, edges: [])
        #expect(graph.nodeCount == 0)
        #expect(graph.reachable(from: []) == [])
        #expect(graph.reversed().nodeCount == 0)
    }

    @Test func reversedSwapsEveryEdge() {
        var generator = SplitMix64(seed: 7)
        for _ in 0..<50 {
            let list = EdgeList.random(nodeCount: Int.random(in: 1...20, using: &generator), density: 2, using: &generator)
            let reversed = list.adjacency.reversed()
            var expected = [[Int32]](repeating: [], count: list.nodeCount)
            for edge in list.edges { expected[Int(edge.to)].append(edge.from) }
            for node in 0..<list.nodeCount {
                #expect(reversed.neighbors(of: node).sorted() == expected[node].sorted())
            }
        }
    }

    @Test func reachableAgreesWithDepthFirstSearch() {
        var generator = SplitMix64(seed: 11)
        for _ in 0..<200 {
            let list = EdgeList.random(nodeCount: Int.random(in: 1...30, using: &generator), density: 1.3, using: &generator)
            let sources = (0..<Int.random(in: 1...3, using: &generator)).map { _ in Int.random(in: 0..<list.nodeCount, using: &generator) }
            let expected = sources.reduce(into: Set<Int>()) { $0.formUnion(list.reachable(from: $1)) }
            let seen = list.adjacency.reachable(from: sources)
            #expect(Set(seen.indices.filter { seen[$0] }) == expected)
        }
    }

    @Test func shortestPathIsShortestAndAvoidsTheBlockedNode() {
        // 0 → 1 → 2 → 5 and 0 → 3 → 4 → 2: the direct way is one edge shorter.
        let graph = Adjacency(nodeCount: 6, edges: [(0, 3), (3, 4), (4, 2), (0, 1), (1, 2), (2, 5)])
        #expect(graph.shortestPath(from: 0) { $0 == 5 } == [0, 1, 2, 5])
        #expect(graph.shortestPath(from: 0, avoiding: 1) { $0 == 5 } == [0, 3, 4, 2, 5])
        #expect(graph.shortestPath(from: 0, avoiding: 2) { $0 == 5 } == nil)
        #expect(graph.shortestPath(from: 0, avoiding: 0) { $0 == 5 } == nil)
        #expect(graph.shortestPath(from: 2) { $0 == 2 } == [2])
        #expect(graph.shortestPath(from: 5) { $0 == 0 } == nil)
    }

    @Test func shortestPathLengthMatchesBreadthFirstDistances() {
        var generator = SplitMix64(seed: 3)
        for _ in 0..<100 {
            let list = EdgeList.random(nodeCount: Int.random(in: 2...25, using: &generator), density: 1.5, using: &generator)
            let graph = list.adjacency
            let source = Int.random(in: 0..<list.nodeCount, using: &generator)
            let goal = Int.random(in: 0..<list.nodeCount, using: &generator)
            // Distances by relaxing every edge until nothing changes (Bellman–Ford with unit weights).
            var distance = [Int](repeating: .max, count: list.nodeCount)
            distance[source] = 0
            var changed = true
            while changed {
                changed = false
                for edge in list.edges where distance[Int(edge.from)] != .max && distance[Int(edge.from)] + 1 < distance[Int(edge.to)] {
                    distance[Int(edge.to)] = distance[Int(edge.from)] + 1
                    changed = true
                }
            }
            let path = graph.shortestPath(from: source) { $0 == goal }
            if distance[goal] == .max {
                #expect(path == nil)
            } else {
                let path = try! #require(path)
                #expect(path.count == distance[goal] + 1)
                #expect(path.first == source && path.last == goal)
                for (from, to) in zip(path, path.dropFirst()) {
                    #expect(graph.neighbors(of: from).contains(Int32(to)))
                }
                // One breadth-first tree gives the same path as the search that stops at the goal.
                #expect(Adjacency.path(to: goal, in: graph.breadthFirstTree(from: source)) == path)
            }
        }
    }

    @Test func searchesStayWithinTheAllowedNodesAndTreesAvoidTheBlockedOne() {
        // Two ways from 0 to 5: 0 → 1 → 5 (short, through 1) and 0 → 2 → 3 → 4 → 5.
        let graph = Adjacency(nodeCount: 6, edges: [(0, 1), (1, 5), (0, 2), (2, 3), (3, 4), (4, 5)])
        #expect(graph.shortestPath(from: 0, within: { $0 != 1 }) { $0 == 5 } == [0, 2, 3, 4, 5])
        #expect(graph.shortestPath(from: 0, within: { $0 < 4 }) { $0 == 5 } == nil)
        let tree = graph.breadthFirstTree(from: 0, avoiding: 1)
        #expect(Adjacency.path(to: 5, in: tree) == [0, 2, 3, 4, 5])
        #expect(Adjacency.path(to: 1, in: tree) == nil)
        #expect(Adjacency.path(to: 0, in: tree) == [0])
        #expect(graph.breadthFirstTree(from: 1, avoiding: 1).allSatisfy { $0 == -2 })
    }
}
