import FlowAnalysis
import FlowModel

public struct ChainUnderModalRule: Rule {
    public static let description = RuleDescription(
        id: "chain-under-modal", name: "Chain under modal", severity: .warning,
        summary: "A chain pushes or selects a tab while a presentation above its `from` coordinator can be open.",
        rationale: """
            A deep link arrives whatever is on screen. When a chain from the entry coordinator, or a \
            coordinator it starts, can present something, that presentation may be open when the link fires: pushes and tab \
            switches then happen under it, out of sight. Start the chain with `dismissToRoot` (or `dismiss`). \
            Pops before the first push are not judged here; a step that presents or replaces the root ends the \
            check. Only chains from the entry are judged: a chain from a deeper coordinator is run by that \
            coordinator, which may close its own presentations first. A chain `at: launch` (state restoration) runs \
            before anything is presented and is not judged. Needs resolved references: runs only when every reference resolved.
            """,
        triggeringExample: """
            # The order link selects the Orders tab and pushes the order, but the compose sheet may still be
            # open above the tabs: everything happens under it.
            version: 1
            entry: App

            coordinators:
              App:
                kind: tab
                initial: home
                tabs: [home, orders]
                routes:
                  home: { coordinator: Home }
                  orders: { coordinator: Orders }

              Home:
                kind: navigation
                initial: feed
                routes:
                  feed:
                    screen: FeedViewController
                    triggers: [compose]
                  compose:
                    transition: present
                    screen: ComposeViewController
                    triggers: [close]
                  close: { transition: dismiss }

              Orders:
                kind: navigation
                initial: list
                routes:
                  list: { screen: OrdersViewController }
                  order:
                    transition: push
                    screen: OrderViewController
                    params: [id: String]

            chains:
              openOrder:
                url: "shop://orders/{id}"
                from: App
                steps:
                  - select: orders  # expect: chain-under-modal
                  - route: order

            """,
        passingExample: """
            # The order link closes whatever is presented first.
            version: 1
            entry: App

            coordinators:
              App:
                kind: tab
                initial: home
                tabs: [home, orders]
                routes:
                  home: { coordinator: Home }
                  orders: { coordinator: Orders }

              Home:
                kind: navigation
                initial: feed
                routes:
                  feed:
                    screen: FeedViewController
                    triggers: [compose]
                  compose:
                    transition: present
                    screen: ComposeViewController
                    triggers: [close]
                  close: { transition: dismiss }

              Orders:
                kind: navigation
                initial: list
                routes:
                  list: { screen: OrdersViewController }
                  order:
                    transition: push
                    screen: OrderViewController
                    params: [id: String]

            chains:
              openOrder:
                url: "shop://orders/{id}"
                from: App
                steps:
                  - dismissToRoot
                  - select: orders
                  - route: order

            """)

    public init() {}

    public func check(_ analysis: Analysis) -> [Finding] {
        let index = analysis.index
        var findings: [Finding] = []
        // A chain `at: launch` runs before anything is presented (state restoration).
        for (chain, walk) in zip(index.graph.chains, analysis.chains) where !chain.runsAtLaunch {
            guard let from = chain.from.flatMap({ index.coordinator(named: $0.value) }), from == index.entry,
                analysis.navigation.canPresentAbove[from],
                let step = Self.firstCoveredStep(chain, walk, index: index)
            else { continue }
            let name = index[coordinator: from].name
            let action = step.action.keyword == "select" ? "selects a tab" : "pushes"
            findings.append(
                finding(
                    """
                    chain `\(chain.name)` \(action) while a presentation above \(name) can be open: it happens under the modal, out of \
                    sight; start the chain with `dismissToRoot`
                    """,
                    at: step.location, coordinator: name, chain: chain.name))
        }
        return findings
    }

    /// The first step that pushes or selects before anything closes or replaces what is presented.
    private static func firstCoveredStep(_ chain: Chain, _ walk: ChainWalk, index: FlowIndex) -> ChainStep? {
        // `route` and `select` steps each put one route in `stepped`, in order, up to a failed step.
        var stepped = 0
        for (position, step) in chain.steps.enumerated() {
            if let failure = walk.failure, failure.step <= position { return nil }
            switch step.action {
            case .select:
                return step
            case .route:
                guard stepped < walk.stepped.count else { return nil }
                let route = walk.stepped[stepped]
                stepped += 1
                switch index.effectiveTransition(route) {
                case .push?, .select?: return step
                case .pop?, .popToRoot?, .popTo?: continue
                default: return nil
                }
            case .pop, .popToRoot, .popTo:
                continue
            case .dismiss, .dismissToRoot:
                return nil
            }
        }
        return nil
    }
}
