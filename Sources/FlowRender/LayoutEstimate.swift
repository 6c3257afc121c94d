#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Picks the direction of `--layout auto` before Graphviz lays anything out, so a drawing costs one layout
/// and the DOT text says which was chosen (`dot -Tsvg` on it draws the same).
///
/// Nodes get the rank of a breadth-first search along the edges that shape the layout; a direction's size
/// is then its widest rank across and its ranks along, with text measured roughly (Helvetica 11 pt is about
/// 6.5 pt a character). Linear in the diagram.
enum LayoutEstimate {
    static func direction(for diagram: Diagram, layout: Layout) -> Direction {
        switch layout {
        case .topToBottom: return .topToBottom
        case .leftToRight: return .leftToRight
        case .auto:
            let sizes = estimate(diagram)
            return distanceToPage(sizes.topToBottom) <= distanceToPage(sizes.leftToRight) ? .topToBottom : .leftToRight
        }
    }

    /// Width over height of each direction's drawing, roughly.
    static func estimate(_ diagram: Diagram) -> (topToBottom: Double, leftToRight: Double) {
        let nodeSep = 36.0, rankSep = 36.0
        var position: [String: Int] = [:]
        for (index, node) in diagram.nodes.enumerated() { position[node.id] = index }
        var outgoing = [[Int]](repeating: [], count: diagram.nodes.count)
        var hasIncoming = [Bool](repeating: false, count: diagram.nodes.count)
        for edge in diagram.edges where edge.shapesLayout {
            guard let from = position[edge.from], let to = position[edge.to], from != to else { continue }
            outgoing[from].append(to)
            hasIncoming[to] = true
        }
        var rank = [Int](repeating: -1, count: diagram.nodes.count)
        var queue: [Int] = []
        for index in diagram.nodes.indices where !hasIncoming[index] {
            rank[index] = 0
            queue.append(index)
        }
        var head = 0
        while true {
            while head < queue.count {
                let node = queue[head]
                head += 1
                for next in outgoing[node] where rank[next] < 0 {
                    rank[next] = rank[node] + 1
                    queue.append(next)
                }
            }
            // A circle no source reaches: start it where it is first drawn.
            guard let unranked = rank.firstIndex(of: -1) else { break }
            rank[unranked] = 0
            queue.append(unranked)
        }
        let ranks = (rank.max() ?? 0) + 1
        var across = [Double](repeating: 0, count: ranks)  // TB: the sum of widths in a rank
        var tall = [Double](repeating: 0, count: ranks)  // LR: the sum of heights in a rank
        var widest = [Double](repeating: 0, count: ranks)  // LR: the widest node of a rank
        for (index, node) in diagram.nodes.enumerated() {
            let characters = max(node.title.count, node.subtitle?.count ?? 0)
            let width = Double(characters) * 6.5 + 30
            let height = node.subtitle == nil ? 30.0 : 42.0
            across[rank[index]] += width + nodeSep
            tall[rank[index]] += height + nodeSep
            widest[rank[index]] = max(widest[rank[index]], width)
        }
        let topToBottom = (across.max() ?? 0) / (Double(ranks) * (42 + rankSep))
        let leftToRight = (widest.reduce(0, +) + Double(ranks) * rankSep) / max(tall.max() ?? 1, 1)
        return (topToBottom, leftToRight)
    }

    /// How far an aspect ratio is from a page, upright or on its side (√2), on a log scale.
    static func distanceToPage(_ aspect: Double) -> Double {
        guard aspect > 0, aspect.isFinite else { return .infinity }
        let page = 2.0.squareRoot()
        return min(abs(log(aspect / page)), abs(log(aspect * page)))
    }
}
