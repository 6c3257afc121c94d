import FlowAnalysis
import FlowModel

public struct OutOfScopeTriggerRule: Rule {
    public static let description = RuleDescription(
        id: "out-of-scope-trigger", name: "Out-of-scope trigger", severity: .error,
        summary: "A screen triggers `X.route` where X is not its coordinator nor an ancestor on every path to it.",
        rationale: """
            A screen can only reach the routers of coordinators that are alive while it is shown: its own and \
            those that started it. If some path starts the screen's coordinator without X, X's router does not \
            exist there and the trigger does nothing (or crashes on an unowned reference).
            """,
        triggeringExample: """
            # Product is opened from the feed and from search results; "Refine search" needs Search's router,
            # which does not exist when the product was opened from the feed.
            version: 1
            entry: Shop

            coordinators:
              Shop:
                kind: navigation
                initial: feed
                routes:
                  feed:
                    screen: FeedViewController
                    triggers: [product, search]
                  product:
                    transition: push
                    coordinator: Product
                    retain: hierarchy
                  search:
                    transition: present
                    coordinator: Search
                    retain: hierarchy

              Search:
                kind: navigation
                initial: results
                routes:
                  results:
                    screen: SearchResultsViewController
                    triggers: [product, refine]
                  product:
                    transition: push
                    coordinator: Product
                    retain: hierarchy
                  refine:
                    transition: present
                    screen: RefineSearchViewController

              Product:
                kind: navigation
                stack: parent
                initial: detail
                routes:
                  detail:
                    screen: ProductDetailViewController
                    triggers: [Search.refine]  # expect: out-of-scope-trigger

            """,
        passingExample: """
            # Product is opened only from search results: Search is active whenever Product is, so its
            # screens may trigger Search's routes.
            version: 1
            entry: Shop

            coordinators:
              Shop:
                kind: navigation
                initial: feed
                routes:
                  feed:
                    screen: FeedViewController
                    triggers: [search]
                  search:
                    transition: present
                    coordinator: Search
                    retain: hierarchy

              Search:
                kind: navigation
                initial: results
                routes:
                  results:
                    screen: SearchResultsViewController
                    triggers: [product, refine]
                  product:
                    transition: push
                    coordinator: Product
                    retain: hierarchy
                  refine:
                    transition: present
                    screen: RefineSearchViewController

              Product:
                kind: navigation
                stack: parent
                initial: detail
                routes:
                  detail:
                    screen: ProductDetailViewController
                    triggers: [Search.refine]

            """)

    public init() {}

    public func check(_ analysis: Analysis) -> [Finding] {
        let index = analysis.index
        guard let entry = index.entry, analysis.startGraph.dominators != nil else { return [] }
        var findings: [Finding] = []
        // The start paths that avoid a coordinator, one search per coordinator named out of scope (not per finding).
        var pathsAvoiding: [CoordinatorID: SearchTree<Coordinator>] = [:]
        for route in index.routeIDs where analysis.reachability.reachedRoute[route] {
            let owner = index.owner(of: route)
            func check(_ trigger: RouteReference) {
                // The entry is active on every path, whatever the start graph says about the owner.
                guard let qualifier = trigger.coordinator, let scope = index.coordinator(named: qualifier),
                    !analysis.startGraph.isActive(scope, whenever: owner, entry: entry)
                else { return }
                let coordinator = index[coordinator: owner].name
                if pathsAvoiding[scope] == nil {
                    pathsAvoiding[scope] = analysis.startGraph.starts.breadthFirstTree(from: entry, avoiding: scope)
                }
                let path = pathsAvoiding[scope]!.path(to: owner)
                let how =
                    path.map {
                        let steps = $0.map { index[coordinator: $0].name }.joined(separator: " → ")
                        return "it is started on the path \(steps) without \(qualifier)"
                    }
                    ?? "\(qualifier) is not an ancestor of it"
                findings.append(
                    finding(
                        """
                        `\(trigger.text)` is triggered from \(coordinator), but \(qualifier) is not active on every path to \
                        \(coordinator): \(how); trigger a route of \(coordinator) or of a coordinator that always starts it, and let \
                        it forward
                        """,
                        route: route, in: analysis, at: trigger.location))
            }
            for trigger in index[route: route].triggers where trigger.coordinator != nil { check(trigger) }
            // A `trigger` / `popTo` target calls the other router just as a trigger of the screen does.
            if let target = index[route: route].target, target.coordinator != nil { check(target) }
        }
        return findings
    }
}
