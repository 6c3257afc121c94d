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

    public func check(_ analysis: Analysis) -> [Diagnostic] {
        let index = analysis.index
        let dominators = analysis.startGraph.dominators
        /// A `setRoot` of `presenter` or of a coordinator active whenever it is replaces what `presenter` presented.
        func replacesPresentation(_ trigger: Int32, of presenter: Int) -> Bool {
            let final = Int(index.redirect[Int(trigger)])
            guard final >= 0, index.transition(final) == .setRoot else { return false }
            let root = Int(index.owner[final])
            return root == presenter || dominators?.dominates(root, presenter) == true
        }
        // Per coordinator: one of its screens fires a `setRoot` of a coordinator above it (session expired → `App.auth`).
        var leavesBySetRootAbove = [Bool](repeating: false, count: index.coordinatorCount)
        for route in 0..<index.routeCount where analysis.reachability.reachedRoute[route] && index.showsScreen(route) {
            let owner = Int(index.owner[route])
            guard !leavesBySetRootAbove[owner] else { continue }
            leavesBySetRootAbove[owner] = index.triggers.neighbors(of: route).contains {
                let final = Int(index.redirect[Int($0)])
                return final >= 0 && Int(index.owner[final]) != owner && replacesPresentation($0, of: owner)
            }
        }
        // A coordinator's own `setRoot` trigger fires while anything it or a coordinator inside it presented is open.
        let rootSwitchers = (0..<index.coordinatorCount).filter { c in
            index.coordinatorTriggers.neighbors(of: c).contains {
                let final = Int(index.redirect[Int($0)])
                return final >= 0 && index.transition(final) == .setRoot
            }
        }
        func switchedAway(_ presenter: Int) -> Bool {
            rootSwitchers.contains { $0 == presenter || dominators?.dominates($0, presenter) == true }
        }
        var findings: [Diagnostic] = []
        for route in 0..<index.routeCount where analysis.reachability.reachedRoute[route] && index.transition(route) == .present {
            guard !switchedAway(Int(index.owner[route])) else { continue }
            guard !index[route: route].isDismissibleBySwipe else { continue }
            let spec = index[route: route]
            // An `open` presenter or route may close it from a site that was not read (DESIGN §1 Open world).
            let presenterName = index[coordinator: Int(index.owner[route])].name
            let reason = spec.isOpen ? "route `\(presenterName).\(spec.name)` is open: its style or a close may not have been read"
                : index[coordinator: Int(index.owner[route])].isOpen ? "\(presenterName) is open: a site of it that was not read may close it" : nil
            let how = spec.effectiveStyle.isFullScreen ? "presented full screen" : "presented with `dismissible: false`"
            if index.child[route] >= 0 {
                guard let exits = analysis.exits.exits[route], exits.finish == nil, exits.dismiss == nil,
                      !leavesBySetRootAbove[Int(index.child[route])] else { continue }
                let child = index[coordinator: Int(index.child[route])].name
                // The child's own unread sites may hold the exit that is missing.
                let childOpen = index[coordinator: Int(index.child[route])].isOpen ? "\(child) is open: a route of it that was not read may finish it" : nil
                findings.append(withheld(finding(
                    "\(child) is \(how) and has no reachable `finish` route and no `dismiss` that closes it: the user cannot leave it; add a route that finishes or dismisses it",
                    route: route, in: analysis), because: reason ?? childOpen))
            } else if index.showsScreen(route) {
                let presenter = Int(index.owner[route])
                let leaves = index.triggers.neighbors(of: route).contains {
                    index.effectiveTransition(Int($0)).map(Self.leavingTransitions.contains) ?? false
                        || replacesPresentation($0, of: presenter)
                }
                guard !leaves else { continue }
                findings.append(withheld(finding(
                    "`\(spec.destination!.value.name)` is \(how) and triggers no `dismiss` or `finish`: the user cannot leave it; add a close route to its `triggers`",
                    route: route, in: analysis), because: reason))
            }
        }
        return findings
    }
}
