import FlowAnalysis
import FlowModel

public struct RetainCycleRule: Rule {
    public static let description = RuleDescription(
        id: "retain-cycle", name: "Retain cycle", severity: .error, judgesCodeOnlyGraphs: true, drawing: .problem, witness: .pathToElement,
        summary: "A strong `holds` reference back up the ownership chain (to itself or to a coordinator that retains it).",
        rationale: """
            A child's screens or view models that keep a strong router of the coordinator itself, or of a parent \
            that retains the child, form a cycle: when the user leaves, neither is deallocated. So does a closure \
            that keeps the coordinator (one naming `self` without `[weak self]`, or one of its methods handed by \
            name) kept by a screen, view model or subscription the coordinator keeps. Child starts alone never form \
            a cycle (each start makes a new instance), so every cycle contains a strong hold.
            """,
        triggeringExample: """
            # Checkout's screens keep Shop's router strongly, and Shop keeps Checkout in childCoordinators.
            version: 1
            entry: Shop

            coordinators:
              Shop:
                kind: navigation
                initial: cart
                routes:
                  cart:
                    screen: CartViewController
                    triggers: [checkout]
                  checkout:
                    transition: present
                    coordinator: Checkout
                    releaseOn: [finish, dismiss]

              Checkout:
                kind: navigation
                initial: payment
                holds:
                  Shop: strong  # expect: retain-cycle
                routes:
                  payment:
                    screen: PaymentViewController
                    triggers: [paid]
                  paid: { transition: finish }

            """,
        passingExample: """
            # Checkout's screens keep Shop's router weakly: Shop owns Checkout, not the other way round.
            version: 1
            entry: Shop

            coordinators:
              Shop:
                kind: navigation
                initial: cart
                routes:
                  cart:
                    screen: CartViewController
                    triggers: [checkout]
                  checkout:
                    transition: present
                    coordinator: Checkout
                    releaseOn: [finish, dismiss]

              Checkout:
                kind: navigation
                initial: payment
                holds:
                  Shop: weak
                routes:
                  payment:
                    screen: PaymentViewController
                    triggers: [paid]
                  paid: { transition: finish }

            """)

    public init() {}

    public func check(_ analysis: Analysis) -> [Finding] {
        let index = analysis.index
        let components = analysis.ownership.components.component
        var findings: [Finding] = []
        for c in index.coordinatorIDs where analysis.reachability.startedCoordinator[c] && !index[coordinator: c].holds.isEmpty {
            let coordinator = index[coordinator: c]
            // A hold on a child it starts runs beside the start: making it weak breaks nothing, the hold back up is the fix.
            let startedChildren = Set(analysis.startGraph.starts.neighbors(of: c))
            for hold in coordinator.holds where hold.strength.value == .strong {
                if hold.target == Hold.selfReference {
                    findings.append(
                        finding(
                            """
                            \(coordinator.name) is held strongly by what it keeps (its screens, their view models, or a closure \
                            they keep), so neither is ever deallocated; make that reference `weak` or `unowned` (`[weak self]` in \
                            a closure)
                            """,
                            at: hold.location, coordinator: coordinator.name))
                    continue
                }
                guard let target = index.coordinator(named: hold.target), components[target] == components[c],
                    !startedChildren.contains(target)
                else { continue }
                let path =
                    analysis.ownership.owns.shortestPath(from: target, within: { components[$0] == components[c] }) { $0 == c }
                    ?? [target, c]
                let cycle = (path + [target]).map { index[coordinator: $0].name }.joined(separator: " → ")
                findings.append(
                    finding(
                        """
                        \(coordinator.name) holds \(hold.target)'s router strongly, and \(hold.target) retains \(coordinator.name): \
                        retain cycle \(cycle); neither is ever deallocated; make the hold `weak` or `unowned`
                        """,
                        at: hold.location, coordinator: coordinator.name))
            }
        }
        return findings
    }
}
