import FlowAnalysis
import FlowModel

public struct TrappedFlowRule: Rule {
    public static let description = RuleDescription(
        id: "trapped-flow", name: "Trapped flow", severity: .warning, witness: .pathToElement,
        summary: "A presented screen or child coordinator with no exit at all.",
        rationale: """
            A full-screen or non-dismissible presentation that offers no dismiss and no finish cannot be left: \
            the user is stuck until they kill the app.
            """,
        triggeringExample: """
            # The paywall covers the whole screen and offers only the terms: no close button, no way out.
            version: 1
            entry: Library

            coordinators:
              Library:
                kind: navigation
                initial: library
                routes:
                  library:
                    screen: LibraryViewController
                    triggers: [paywall]
                  paywall:  # expect: trapped-flow
                    transition: present
                    style: fullScreen
                    screen: PaywallViewController
                    triggers: [terms]
                  terms:
                    transition: present
                    screen: TermsViewController

            """,
        passingExample: """
            # The full-screen paywall has a close button.
            version: 1
            entry: Library

            coordinators:
              Library:
                kind: navigation
                initial: library
                routes:
                  library:
                    screen: LibraryViewController
                    triggers: [paywall]
                  paywall:
                    transition: present
                    style: fullScreen
                    screen: PaywallViewController
                    triggers: [terms, close]
                  terms:
                    transition: present
                    screen: TermsViewController
                  close: { transition: dismiss }

            """)

    public init() {}

    private static let leavingTransitions: Set<Transition> = [.dismiss, .dismissToRoot, .finish]

    public func check(_ analysis: Analysis) -> [Finding] {
        let index = analysis.index
        let dominators = analysis.startGraph.dominators
        /// A `setRoot` of `presenter` or of a coordinator active whenever it is replaces what `presenter` presented.
        func replacesPresentation(_ trigger: RouteID, of presenter: CoordinatorID) -> Bool {
            guard let final = index.redirectEnd(of: trigger), index.transition(final) == .setRoot else { return false }
            let root = index.owner(of: final)
            return root == presenter || dominators?.dominates(root, presenter) == true
        }
        let leavesBySetRootAbove = Self.leavesBySetRootAbove(analysis, replacesPresentation)
        // A coordinator's own `setRoot` trigger fires while anything it or a coordinator inside it presented is open.
        let rootSwitchers = index.coordinatorIDs.filter { c in
            index.coordinatorTriggers.neighbors(of: c).contains { index.effectiveTransition($0) == .setRoot }
        }
        func switchedAway(_ presenter: CoordinatorID) -> Bool {
            rootSwitchers.contains { $0 == presenter || dominators?.dominates($0, presenter) == true }
        }
        var findings: [Finding] = []
        for route in index.routeIDs where analysis.reachability.reachedRoute[route] && index.transition(route) == .present {
            let presenter = index.owner(of: route)
            guard !switchedAway(presenter) else { continue }
            guard !index[route: route].isDismissibleBySwipe else { continue }
            let spec = index[route: route]
            // An `open` presenter or route may close it from a site that was not read (DESIGN §1 Open world).
            let presenterName = index[coordinator: presenter].name
            let reason =
                spec.isOpen
                ? "route `\(presenterName).\(spec.name)` is open: its style or a close may not have been read"
                : index[coordinator: presenter].isOpen ? "\(presenterName) is open: a site of it that was not read may close it" : nil
            let how =
                spec.effectiveStyle.isFullScreen
                ? "presented full screen"
                : analysis.origin == .code ? "presented with `isModalInPresentation = true`" : "presented with `dismissible: false`"
            if let started = index.child(of: route) {
                guard let exits = analysis.exits.exits[route], exits.finish == nil, exits.dismiss == nil,
                    !leavesBySetRootAbove[started]
                else { continue }
                let child = index[coordinator: started].name
                // The child's own unread sites may hold the exit that is missing.
                let childOpen = index[coordinator: started].isOpen ? "\(child) is open: a route of it that was not read may finish it" : nil
                findings.append(
                    withheld(
                        finding(
                            analysis.origin == .code
                                ? """
                                \(child) is \(how) and nothing the user can reach finishes its flow or dismisses it: the user cannot \
                                leave it; give it a close action that finishes it or dismisses it
                                """
                                : """
                                \(child) is \(how) and has no reachable `finish` route and no `dismiss` that closes it: the user \
                                cannot leave it; add a route that finishes or dismisses it
                                """,
                            route: route, in: analysis), because: reason ?? childOpen))
            } else if index.showsScreen(route) {
                let leaves = index.triggers.neighbors(of: route).contains {
                    index.effectiveTransition($0).map(Self.leavingTransitions.contains) ?? false
                        || replacesPresentation($0, of: presenter)
                }
                guard !leaves else { continue }
                findings.append(
                    withheld(
                        finding(
                            analysis.origin == .code
                                ? """
                                `\(spec.destination!.value.name)` is \(how) and nothing on it dismisses it or finishes its flow: the \
                                user cannot leave it; add a close button whose action dismisses it
                                """
                                : """
                                `\(spec.destination!.value.name)` is \(how) and triggers no `dismiss` or `finish`: the user cannot \
                                leave it; add a close route to its `triggers`
                                """,
                            route: route, in: analysis), because: reason))
            }
        }
        return findings
    }

    /// Per coordinator: one of its screens fires a `setRoot` of a coordinator above it (session expired → `App.auth`).
    private static func leavesBySetRootAbove(
        _ analysis: Analysis, _ replacesPresentation: (RouteID, CoordinatorID) -> Bool
    ) -> PerCoordinator<Bool> {
        let index = analysis.index
        var leaves = PerCoordinator(repeating: false, count: index.coordinatorCount)
        for route in index.routeIDs where analysis.reachability.reachedRoute[route] && index.showsScreen(route) {
            let owner = index.owner(of: route)
            guard !leaves[owner] else { continue }
            leaves[owner] = index.triggers.neighbors(of: route).contains {
                guard let final = index.redirectEnd(of: $0) else { return false }
                return index.owner(of: final) != owner && replacesPresentation($0, owner)
            }
        }
        return leaves
    }
}
