import FlowAnalysis
import FlowModel

public struct CoveredStackRule: Rule {
    public static let description = RuleDescription(
        id: "covered-stack", name: "Covered stack", severity: .warning, witness: .pathToElement,
        summary: "A presented screen pushes onto or pops a stack that lies underneath its presentation.",
        rationale: """
            A presented screen, or a screen of a coordinator that is presented on every path, sits above the \
            stack it was presented from. A push or pop of that stack triggered there happens under the modal, \
            out of sight: the user sees nothing change, and finds the stack moved after closing the modal. \
            Dismiss first, or push inside the presentation's own stack. Chains are judged by \
            `chain-under-modal`. Needs resolved references: runs only when every reference resolved.
            """,
        triggeringExample: """
            # The filter sheet's Apply button pushes the results onto the feed's stack, under the sheet that
            # is still open: the user sees nothing change.
            version: 1
            entry: Feed

            coordinators:
              Feed:
                kind: navigation
                initial: feed
                routes:
                  feed:
                    screen: FeedViewController
                    triggers: [filter]
                  filter:
                    transition: present
                    screen: FilterViewController
                    triggers: [results]  # expect: covered-stack
                  results:
                    transition: push
                    screen: ResultsViewController

            """,
        passingExample: """
            # The filter screen is pushed: its Apply button pushes the results where the user sees them.
            version: 1
            entry: Feed

            coordinators:
              Feed:
                kind: navigation
                initial: feed
                routes:
                  feed:
                    screen: FeedViewController
                    triggers: [filter]
                  filter:
                    transition: push
                    screen: FilterViewController
                    triggers: [results]
                  results:
                    transition: push
                    screen: ResultsViewController

            """)

    public init() {}

    public func check(_ analysis: Analysis) -> [Finding] {
        let index = analysis.index
        let state = analysis.navigation
        var findings: [Finding] = []
        for screen in index.routeIDs where analysis.reachability.reachedRoute[screen] && index.showsScreen(screen) {
            let owner = index.owner(of: screen)
            // A presented screen has no stack of its own: every stack is beneath it. A screen of an always
            // presented coordinator sees its own stack; the other stacks are beneath.
            let presentedScreen = index.transition(screen) == .present
            guard presentedScreen || state.alwaysPresented[owner] else { continue }
            let ownStack = state.visibleStack(of: screen, index: index)
            guard
                index.triggers.neighbors(of: screen).contains(where: {
                    Self.coveredStack($0, ownStack: ownStack, index: index, state: state) != nil
                })
            else { continue }
            let spec = index[route: screen]
            let modal = presentedScreen ? "`\(spec.name)`" : "\(index[coordinator: owner].name)"
            for reference in spec.triggers {
                guard let resolved = index.route(reference, from: owner),
                    let stack = Self.coveredStack(resolved, ownStack: ownStack, index: index, state: state)
                else { continue }
                let effect = index.effectiveTransition(resolved) == .push ? "pushes onto" : "pops"
                findings.append(
                    finding(
                        """
                        `\(reference.text)` from `\(spec.name)` \(effect) \(index[coordinator: stack].name)'s stack, hidden under the \
                        presented \(modal) that is still open: the change happens out of sight; dismiss first, or show it inside the \
                        presentation
                        """,
                        route: screen, in: analysis, at: reference.location))
            }
        }
        return findings
    }

    /// The stack a push or pop performed by `route` acts on, when it is not `ownStack`.
    private static func coveredStack(_ route: RouteID, ownStack: CoordinatorID?, index: FlowIndex, state: NavigationState) -> CoordinatorID?
    {
        guard let stack = state.stackChange(by: route, index: index)?.stack, stack != ownStack else { return nil }
        return stack
    }
}
