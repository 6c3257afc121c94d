import FlowAnalysis
import FlowModel

public struct UnreachableCoordinatorRule: Rule {
    public static let description = RuleDescription(
        id: "unreachable-coordinator", name: "Unreachable coordinator", severity: .warning, drawing: .unreachable,
        summary: "A coordinator that no path from the entry starts (reported once, not per route).",
        rationale: """
            No reachable route has `coordinator:` naming it, so none of its screens can ever be shown: the whole \
            flow is dead code, or the route that should start it is missing or itself unreachable.
            """,
        triggeringExample: """
            # No route starts the Referral flow: its screens can never be shown.
            version: 1
            entry: Home

            coordinators:
              Home:
                kind: navigation
                initial: home
                routes:
                  home:
                    screen: HomeViewController

              Referral:  # expect: unreachable-coordinator
                kind: navigation
                initial: invite
                routes:
                  invite:
                    screen: InviteFriendsViewController

            """,
        passingExample: """
            # The home screen starts the Referral flow.
            version: 1
            entry: Home

            coordinators:
              Home:
                kind: navigation
                initial: home
                routes:
                  home:
                    screen: HomeViewController
                    triggers: [referral]
                  referral:
                    transition: present
                    coordinator: Referral
                    retain: hierarchy

              Referral:
                kind: navigation
                initial: invite
                routes:
                  invite:
                    screen: InviteFriendsViewController

            """)

    public init() {}

    public func check(_ analysis: Analysis) -> [Finding] {
        guard analysis.index.entry != nil else { return [] }
        let index = analysis.index
        let starters = index.starterRoutes()
        var findings: [Finding] = []
        for c in index.coordinatorIDs where !analysis.reachability.startedCoordinator[c] {
            // Withheld when a reachable `open` coordinator may start it (`mayStart`, else any; DESIGN §1 Open world).
            let reason =
                analysis.openReachability.startedCoordinator[c]
                ? "a reachable open coordinator may start it from a site that was not read"
                : analysis.entryGuessed ? "the entry is a guess: the app's launch was not read, and may start it" : nil
            let coordinator = index[coordinator: c]
            let notes = starters.neighbors(of: c).map {
                FindingNote("started by `\(index.qualifiedName($0))`, which is itself never reached", at: index[route: $0].location)
            }
            let unstarted = starters.neighbors(of: c).isEmpty
            // Read from the code, the fix is a start the code lacks, not a spec field.
            let message =
                analysis.origin == .code
                ? "`\(coordinator.name)` is never started: "
                    + (unstarted
                        ? "no coordinator the app reaches from its entry makes and starts it"
                        : "only methods nothing the user can reach runs start it")
                    + "; start it where the flow should show it, or remove the type"
                : "coordinator `\(coordinator.name)` is never started: "
                    + (unstarted ? "no route has `coordinator: \(coordinator.name)`" : "only unreachable routes start it")
                    + "; start it from a reachable route or remove it"
            findings.append(
                withheld(finding(message, at: coordinator.location, coordinator: coordinator.name, notes: notes), because: reason))
        }
        return findings
    }
}
