import FlowAnalysis
import FlowModel

public struct UnreachableRouteRule: Rule {
    public static let description = RuleDescription(
        id: "unreachable-route", name: "Unreachable route", severity: .warning, drawing: .unreachable,
        summary: "A route of a reachable coordinator that no path from the entry reaches.",
        rationale: """
            The route is declared but no screen triggers it, it is not the initial route or a tab, and no chain \
            steps through it: it is dead navigation code, or a trigger is missing from the screen that should offer it.
            """,
        triggeringExample: """
            # `editProfile` is declared, but no screen offers it.
            version: 1
            entry: Profile

            coordinators:
              Profile:
                kind: navigation
                initial: profile
                routes:
                  profile:
                    screen: ProfileViewController
                    triggers: [settings]
                  settings:
                    transition: push
                    screen: SettingsViewController
                  editProfile:  # expect: unreachable-route
                    transition: present
                    screen: EditProfileViewController

            """,
        passingExample: """
            # The profile screen offers both routes.
            version: 1
            entry: Profile

            coordinators:
              Profile:
                kind: navigation
                initial: profile
                routes:
                  profile:
                    screen: ProfileViewController
                    triggers: [settings, editProfile]
                  settings:
                    transition: push
                    screen: SettingsViewController
                  editProfile:
                    transition: present
                    screen: EditProfileViewController

            """)

    public init() {}

    public func check(_ analysis: Analysis) -> [Finding] {
        guard analysis.index.entry != nil else { return [] }
        let index = analysis.index
        var findings: [Finding] = []
        for c in index.coordinatorIDs where analysis.reachability.startedCoordinator[c] {
            let name = index[coordinator: c].name
            let isOpen = index[coordinator: c].isOpen
            for route in index.routes(of: c) where !analysis.reachability.reachedRoute[route] {
                // Withheld where an unread site could reach it (DESIGN §1 Open world).
                let reason =
                    isOpen
                    ? "\(name) is open: a site of it that was not read may trigger it"
                    : analysis.openReachability.reachedRoute[route] ? "an open coordinator may start what triggers it" : nil
                // Read from the code, the fix is a call the code lacks, not a spec field.
                let message =
                    analysis.origin == .code
                    ? """
                    `\(name).\(index[route: route].name)` is never reached: no screen the app can show calls it and no event runs it; \
                    call it from the screen that offers it (a button's action, or a closure or delegate method \(name) sets on that \
                    screen), or remove it
                    """
                    : """
                    route `\(index[route: route].name)` of \(name) is never reached: no reachable screen triggers it; add it to the \
                    `triggers` of the screen that offers it, or remove it
                    """
                findings.append(withheld(finding(message, route: route, in: analysis), because: reason))
            }
        }
        return findings
    }
}
