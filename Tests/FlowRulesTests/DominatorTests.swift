import Testing
import FlowAnalysis
@testable import FlowRules

@Suite struct DominatorTests {
    /// Checks every pair against the definition: X dominates C iff C is reachable from the root and
    /// no longer is once X is removed (every node dominates itself); and the immediate dominator is
    /// the strict dominator that every other strict dominator dominates.
    private func expectMatchesDefinition(_ list: EdgeList, root: Int, sourceLocation: SourceLocation = #_sourceLocation) {
        let dominators = Dominators(list.adjacency, root: root)
        let reached = list.reachable(from: root)
        var strict = [Set<Int>](repeating: [], count: list.nodeCount)
        for x in 0..<list.nodeCount {
            let withoutX = x == root ? [] : list.reachable(from: root, without: x)
            for c in 0..<list.nodeCount {
                let expected = reached.contains(c) && reached.contains(x) && (x == c || !withoutX.contains(c))
                if dominators.dominates(x, c) != expected {
                    Issue.record(
                        "dominates(\(x), \(c)) should be \(expected) in \(list.edges) from \(root)", sourceLocation: sourceLocation)
                    return
                }
                if expected && x != c { strict[c].insert(x) }
            }
        }
        for c in 0..<list.nodeCount {
            let expected = strict[c].first { candidate in strict[c].allSatisfy { $0 == candidate || strict[candidate].contains($0) } }
            #expect(
                dominators.immediateDominator[c] == Int32(expected ?? -1), "idom(\(c)) in \(list.edges)", sourceLocation: sourceLocation)
        }
    }

    @Test func randomGraphsMatchTheDefinition() {
        var generator = SplitMix64(seed: 0xD0D0)
        for round in 0..<600 {
            let nodes = Int.random(in: 1...30, using: &generator)
            // Sparse graphs make deep dominator trees, dense ones shallow trees with many cross edges.
            let density = [0.8, 1.2, 2.0, 4.0][round % 4]
            let list = EdgeList.random(nodeCount: nodes, density: density, using: &generator)
            expectMatchesDefinition(list, root: Int.random(in: 0..<nodes, using: &generator))
        }
    }

    @Test func randomGraphsWithASpanningPathMatchTheDefinition() {
        // Every node reachable: exercises semidominators that differ from DFS parents.
        var generator = SplitMix64(seed: 42)
        for _ in 0..<300 {
            let nodes = Int.random(in: 2...30, using: &generator)
            var list = EdgeList.random(nodeCount: nodes, density: 1.5, using: &generator)
            let order = (0..<nodes).shuffled(using: &generator)
            for (from, to) in zip(order, order.dropFirst()) { list.edges.append((Int32(from), Int32(to))) }
            list.edges.shuffle(using: &generator)
            expectMatchesDefinition(list, root: order[0])
        }
    }

    @Test func diamond() {
        // 0 → 1, 0 → 2, 1 → 3, 2 → 3, 3 → 4
        let list = EdgeList(nodeCount: 5, edges: [(0, 1), (0, 2), (1, 3), (2, 3), (3, 4)])
        let dominators = Dominators(list.adjacency, root: 0)
        #expect(dominators.immediateDominator == [-1, 0, 0, 0, 3])
        #expect(!dominators.dominates(1, 3) && !dominators.dominates(2, 3))
        #expect(dominators.dominates(3, 4) && dominators.dominates(0, 4))
        expectMatchesDefinition(list, root: 0)
    }

    @Test func loopBackToTheRoot() {
        // 0 → 1 → 2 → 0, and 1 → 3: edges into the root change nothing.
        let list = EdgeList(nodeCount: 4, edges: [(0, 1), (1, 2), (2, 0), (1, 3)])
        let dominators = Dominators(list.adjacency, root: 0)
        #expect(dominators.immediateDominator == [-1, 0, 1, 1])
        #expect(dominators.dominates(0, 0) && !dominators.dominates(2, 0))
        expectMatchesDefinition(list, root: 0)
    }

    @Test func unreachableNodesAreDominatedByNothingAndDominateNothing() {
        // 3 and 4 are not reachable from 0; 3 → 1 must not change 1's dominator.
        let list = EdgeList(nodeCount: 5, edges: [(0, 1), (1, 2), (3, 1), (4, 3), (3, 4)])
        let dominators = Dominators(list.adjacency, root: 0)
        #expect(dominators.immediateDominator == [-1, 0, 1, -1, -1])
        for node in 0..<5 {
            #expect(!dominators.dominates(3, node) && !dominators.dominates(node, 3))
            #expect(!dominators.dominates(4, node) && !dominators.dominates(node, 4))
        }
        expectMatchesDefinition(list, root: 0)
    }

    @Test func selfLoopsAndDuplicateEdges() {
        let list = EdgeList(nodeCount: 3, edges: [(0, 0), (0, 1), (0, 1), (1, 1), (1, 2), (2, 2)])
        let dominators = Dominators(list.adjacency, root: 0)
        #expect(dominators.immediateDominator == [-1, 0, 1])
        expectMatchesDefinition(list, root: 0)
    }

    @Test func singleNodeAndRootOtherThanZero() {
        let single = Dominators(Adjacency(nodeCount: 1, edges: []), root: 0)
        #expect(single.immediateDominator == [-1])
        #expect(single.dominates(0, 0))
        // Root 2: 0 and 1 only reachable through 2 → 1 → 0.
        let list = EdgeList(nodeCount: 3, edges: [(2, 1), (1, 0), (0, 1)])
        #expect(Dominators(list.adjacency, root: 2).immediateDominator == [1, 2, -1])
        expectMatchesDefinition(list, root: 2)
    }

    @Test func semidominatorIsNotTheImmediateDominator() {
        // The classic case where idom(v) ≠ sdom(v): R → A → B → C, R → C, C → D, B → D... and
        // D → E, A → E; the second pass of Lengauer–Tarjan must correct E's dominator.
        let list = EdgeList(nodeCount: 6, edges: [(0, 1), (1, 2), (2, 3), (0, 3), (3, 4), (2, 4), (4, 5), (1, 5)])
        expectMatchesDefinition(list, root: 0)
    }

    @Test func longChainDoesNotOverflowTheStack() {
        let count = 100_000
        let edges = (0..<count - 1).map { (from: Int32($0), to: Int32($0 + 1)) }
        let dominators = Dominators(Adjacency(nodeCount: count, edges: edges), root: 0)
        #expect(dominators.immediateDominator[0] == -1)
        #expect((1..<count).allSatisfy { dominators.immediateDominator[$0] == Int32($0 - 1) })
        #expect(dominators.dominates(0, count - 1) && dominators.dominates(count / 2, count - 1))
        #expect(!dominators.dominates(count - 1, count / 2))
    }

    @Test func longChainWithEdgesBackToTheRootAndShortcuts() {
        // Every node also loops back to the root, and the root reaches the last node directly:
        // path compression runs over long ancestor chains.
        let count = 100_000
        var edges = (0..<count - 1).map { (from: Int32($0), to: Int32($0 + 1)) }
        edges += (1..<count).map { (from: Int32($0), to: 0) }
        edges.append((0, Int32(count - 1)))
        let dominators = Dominators(Adjacency(nodeCount: count, edges: edges), root: 0)
        #expect(dominators.immediateDominator[count - 1] == 0)
        #expect(dominators.immediateDominator[count - 2] == Int32(count - 3))
        #expect(!dominators.dominates(1, count - 1))
    }

    @Test func largeStar() {
        let count = 100_000
        var edges = (1..<count).map { (from: Int32(0), to: Int32($0)) }
        // Leaves also point at each other: none of them dominates another.
        edges += (1..<count - 1).map { (from: Int32($0 + 1), to: Int32($0)) }
        let dominators = Dominators(Adjacency(nodeCount: count, edges: edges), root: 0)
        #expect((1..<count).allSatisfy { dominators.immediateDominator[$0] == 0 })
        #expect(dominators.dominates(0, count - 1) && !dominators.dominates(count - 1, count - 2))
    }
}
