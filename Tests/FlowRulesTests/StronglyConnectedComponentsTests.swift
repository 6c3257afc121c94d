import Testing
import FlowAnalysis
@testable import FlowRules

@Suite struct StronglyConnectedComponentsTests {
    @Test func randomGraphsMatchMutualReachability() {
        var generator = SplitMix64(seed: 0x5CC)
        for round in 0..<400 {
            let nodes = Int.random(in: 1...30, using: &generator)
            let list = EdgeList.random(nodeCount: nodes, density: [0.5, 1.0, 1.5, 3.0][round % 4], using: &generator)
            let scc = StronglyConnectedComponents(list.adjacency)
            let reach = (0..<nodes).map { list.reachable(from: $0) }
            for a in 0..<nodes {
                for b in 0..<nodes {
                    let together = reach[a].contains(b) && reach[b].contains(a)
                    #expect((scc.component[a] == scc.component[b]) == together, "\(a), \(b) in \(list.edges)")
                }
                #expect(scc.isOnCycle[a] == list.reachableByOneEdgeOrMore(from: a).contains(a), "\(a) in \(list.edges)")
            }
            // Reverse topological numbering: an edge between components goes to a lower number.
            for edge in list.edges where scc.component[Int(edge.from)] != scc.component[Int(edge.to)] {
                #expect(scc.component[Int(edge.from)] > scc.component[Int(edge.to)])
            }
            let numbers = Set(scc.component)
            #expect(numbers == Set((0..<Int32(numbers.count))), "components are numbered 0..<count")
        }
    }

    @Test func selfLoopIsACycleOfOne() {
        let scc = StronglyConnectedComponents(Adjacency(nodeCount: 3, edges: [(0, 0), (0, 1), (1, 2)]))
        #expect(scc.isOnCycle == [true, false, false])
        #expect(Set(scc.component).count == 3)
    }

    @Test func twoCyclesJoinedOneWay() {
        // {0, 1} → {2, 3}
        let scc = StronglyConnectedComponents(Adjacency(nodeCount: 5, edges: [(0, 1), (1, 0), (1, 2), (2, 3), (3, 2), (4, 4)]))
        #expect(scc.component[0] == scc.component[1] && scc.component[2] == scc.component[3])
        #expect(scc.component[0] != scc.component[2])
        #expect(scc.component[0] > scc.component[2])
        #expect(scc.isOnCycle == [true, true, true, true, true])
    }

    @Test func emptyGraph() {
        let scc = StronglyConnectedComponents(Adjacency(nodeCount: 0, edges: []))
        #expect(scc.component.isEmpty && scc.isOnCycle.isEmpty)
    }

    @Test func largeCycleDoesNotOverflowTheStack() {
        let count = 100_000
        let edges = (0..<count).map { (from: Int32($0), to: Int32(($0 + 1) % count)) }
        let scc = StronglyConnectedComponents(Adjacency(nodeCount: count, edges: edges))
        #expect(Set(scc.component).count == 1)
        #expect(scc.isOnCycle.allSatisfy { $0 })
    }

    @Test func largeChainIsOneComponentPerNode() {
        let count = 100_000
        let edges = (0..<count - 1).map { (from: Int32($0), to: Int32($0 + 1)) }
        let scc = StronglyConnectedComponents(Adjacency(nodeCount: count, edges: edges))
        #expect(Set(scc.component).count == count)
        #expect(!scc.isOnCycle.contains(true))
        #expect(scc.component[0] > scc.component[count - 1])
    }
}
