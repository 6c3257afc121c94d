import FlowAnalysis
import FlowModel

public struct PopAtRootRule: Rule {
    public static let description = RuleDescription(
        id: "pop-at-root", name: "Pop at root", severity: .warning, witness: .pathToElement,
        summary: "The initial screen of a coordinator that owns its stack triggers `pop` or `popToRoot` of that same stack.",
        rationale: """
            The initial screen is the root of its own navigation stack: there is nothing to pop, so the button \
            does nothing. Dismiss or finish the coordinator instead.
            """,
        triggeringExample: """
            # Settings is presented with its own navigation controller: its first screen is the root of
            # that stack, so its Back button pops nothing.
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
                    transition: present
                    coordinator: Settings
                    retain: hierarchy

              Settings:
                kind: navigation
                initial: settings
                routes:
                  settings:
                    screen: SettingsViewController
                    triggers: [back]  # expect: pop-at-root
                  back: { transition: pop }

            """,
        passingExample: """
            # Settings pushes its screens onto Profile's stack (`stack: parent`): popping its first screen
            # goes back to the profile.
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
                    coordinator: Settings
                    retain: hierarchy

              Settings:
                kind: navigation
                stack: parent
                initial: settings
                routes:
                  settings:
                    screen: SettingsViewController
                    triggers: [back]
                  back: { transition: pop }

            """)

    public init() {}

    public func check(_ analysis: Analysis) -> [Finding] {
        let index = analysis.index
        var findings: [Finding] = []
        for c in index.coordinatorIDs where index.kind[c] == .navigation && !index.joinsParentStack[c] {
            guard let initial = index.initialRoute(of: c) else { continue }
            // Most roots pop nothing; names are resolved again (for each trigger's location) only when one does.
            guard index.triggers.neighbors(of: initial).contains(where: { popsOwnStack($0, of: c, index) }) else { continue }
            let coordinator = index[coordinator: c]
            let spec = index[route: initial]
            for reference in spec.triggers {
                guard let resolved = index.route(reference, from: c), popsOwnStack(resolved, of: c, index) else { continue }
                findings.append(
                    finding(
                        """
                        `\(reference.text)` pops, but `\(spec.name)` is the root of the stack \(coordinator.name) owns: nothing to \
                        pop, the button does nothing; dismiss or finish \(coordinator.name) instead
                        """,
                        route: initial, in: analysis, at: reference.location))
            }
        }
        return findings
    }

    /// A qualified `Parent.back` pops the parent's stack, not this one: it is judged there (covered-stack).
    private func popsOwnStack(_ route: RouteID, of coordinator: CoordinatorID, _ index: FlowIndex) -> Bool {
        guard let final = index.redirectEnd(of: route), index.owner(of: final) == coordinator else { return false }
        return index.transition(final) == .pop || index.transition(final) == .popToRoot
    }
}
