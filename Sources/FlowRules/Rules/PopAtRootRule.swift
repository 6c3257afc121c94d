import FlowModel

public struct PopAtRootRule: Rule {
    public static let description = RuleDescription(
        id: "pop-at-root", name: "Pop at root", severity: .warning,
        summary: "The initial screen of a coordinator that owns its stack triggers `pop` or `popToRoot`.",
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

    public func check(_ analysis: Analysis) -> [Diagnostic] {
        let index = analysis.index
        var findings: [Diagnostic] = []
        for c in 0..<index.coordinatorCount {
            let coordinator = index[coordinator: c]
            guard coordinator.kind?.value == .navigation, coordinator.effectiveStack == .own,
                  let initial = coordinator.initial.flatMap({ index.routeID($0.value, in: c) }) else { continue }
            let spec = index[route: initial]
            for (reference, resolved) in zip(spec.triggers, resolvedTriggers(of: spec, in: c, index)) {
                guard let resolved, let transition = index.effectiveTransition(resolved),
                      transition == .pop || transition == .popToRoot else { continue }
                findings.append(finding(
                    "`\(reference.text)` pops, but `\(spec.name)` is the root of the stack \(coordinator.name) owns: nothing to pop, the button does nothing; dismiss or finish \(coordinator.name) instead",
                    route: initial, in: analysis, at: reference.location))
            }
        }
        return findings
    }

    private func resolvedTriggers(of route: Route, in coordinator: Int, _ index: FlowIndex) -> [Int?] {
        route.triggers.map { reference in
            let scope = reference.coordinator.map(index.coordinatorID) ?? coordinator
            return scope.flatMap { index.routeID(reference.route, in: $0) }
        }
    }
}
