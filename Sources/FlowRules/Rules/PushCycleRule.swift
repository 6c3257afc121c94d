import FlowAnalysis
import FlowModel

public struct PushCycleRule: Rule {
    public static let description = RuleDescription(
        id: "push-cycle", name: "Push cycle", severity: .warning, drawing: .problem, witness: .pathToElement,
        summary: "A cycle of pushes inside one navigation stack (A pushes B pushes A…).",
        rationale: """
            Each push adds a new screen on top of the stack; a cycle lets the user grow it without bound, and the \
            back button then walks through every copy. Go back to the earlier screen with `popTo` instead.
            """,
        triggeringExample: """
            # Product pushes Reviews and Reviews pushes Product again: every round adds two screens.
            version: 1
            entry: Shop

            coordinators:
              Shop:
                kind: navigation
                initial: feed
                routes:
                  feed:
                    screen: FeedViewController
                    triggers: [product]
                  product:  # expect: push-cycle
                    transition: push
                    screen: ProductViewController
                    triggers: [reviews]
                  reviews:
                    transition: push
                    screen: ReviewsViewController
                    triggers: [product]

            """,
        passingExample: """
            # Reviews goes back to the product it was opened from with `popTo`: the stack does not grow.
            version: 1
            entry: Shop

            coordinators:
              Shop:
                kind: navigation
                initial: feed
                routes:
                  feed:
                    screen: FeedViewController
                    triggers: [product]
                  product:
                    transition: push
                    screen: ProductViewController
                    triggers: [reviews]
                  reviews:
                    transition: push
                    screen: ReviewsViewController
                    triggers: [backToProduct]
                  backToProduct: { transition: popTo, route: product }

            """)

    public init() {}

    public func check(_ analysis: Analysis) -> [Finding] {
        let index = analysis.index
        let graph = analysis.pushGraph
        var reported = Set<Int32>()
        var findings: [Finding] = []
        for route in index.routeIDs where graph.components.isOnCycle[route] {
            let component = graph.components.component[route]
            guard reported.insert(component).inserted else { continue }
            let successors = graph.pushes.neighbors(of: route).filter { graph.components.component[$0] == component }
            let rest =
                successors.first.flatMap { first in
                    graph.pushes.shortestPath(from: first, within: { graph.components.component[$0] == component }) { $0 == route }
                } ?? [route]
            let cycle = ([route] + rest).map { index.qualifiedName($0) }.joined(separator: " → ")
            let back =
                switch (analysis.origin, analysis.framework) {
                case (.specs, _): "`popTo`"
                case (.code, .xcoordinator): "`.pop(to:)`"
                case (.code, .stinsen): "the router's `popToRoot()` or `popLast()`"
                case (.code, _): "`popToViewController(_:animated:)`"
                }
            findings.append(
                finding(
                    """
                    pushes form a cycle in one stack: \(cycle); every round adds screens the back button must walk through; go back \
                    with \(back) instead of pushing again
                    """,
                    route: route, in: analysis))
        }
        return findings
    }
}
