import FlowAnalysis
import FlowModel

public struct DismissWithoutPresentationRule: Rule {
    public static let description = RuleDescription(
        id: "dismiss-without-presentation", name: "Dismiss without presentation", severity: .error, witness: .pathWithoutPresentation,
        summary: "A screen that is inside no presentation on some path from the entry triggers `dismiss`.",
        rationale: """
            A `dismiss` closes the nearest presentation containing the screen that fires it. A screen that is \
            pushed, a tab, embedded or the root, with no presented screen or coordinator around it, has nothing \
            to close: its Close button does nothing. Use `pop` for a pushed screen, or present it. Judged on \
            every path from the entry: a screen that is presented from one place and pushed from another is \
            reported. Needs resolved references: runs only when every reference resolved.
            """,
        triggeringExample: """
            # Settings is pushed inside the Home tab's stack, but its Close button dismisses: nothing is
            # presented, so the button does nothing.
            version: 1
            entry: Main

            coordinators:
              Main:
                kind: tab
                initial: home
                tabs: [home, profile]
                routes:
                  home: { coordinator: Home }
                  profile: { screen: ProfileViewController }

              Home:
                kind: navigation
                initial: feed
                routes:
                  feed:
                    screen: FeedViewController
                    triggers: [settings]
                  settings:
                    transition: push
                    screen: SettingsViewController
                    triggers: [close]  # expect: dismiss-without-presentation
                  close: { transition: dismiss }

            """,
        passingExample: """
            # Settings is presented as a sheet: its Close button dismisses it.
            version: 1
            entry: Main

            coordinators:
              Main:
                kind: tab
                initial: home
                tabs: [home, profile]
                routes:
                  home: { coordinator: Home }
                  profile: { screen: ProfileViewController }

              Home:
                kind: navigation
                initial: feed
                routes:
                  feed:
                    screen: FeedViewController
                    triggers: [settings]
                  settings:
                    transition: present
                    screen: SettingsViewController
                    triggers: [close]
                  close: { transition: dismiss }

            """)

    public init() {}

    public func check(_ analysis: Analysis) -> [Finding] {
        let index = analysis.index
        let state = analysis.navigation
        var findings: [Finding] = []
        for screen in index.routeIDs where state.reachedUnpresented[screen] && index.showsScreen(screen) {
            // Names are resolved again (for each trigger's location) only when a dismiss is triggered.
            guard index.triggers.neighbors(of: screen).contains(where: { index.effectiveTransition($0) == .dismiss }) else { continue }
            let owner = index.owner(of: screen)
            let spec = index[route: screen]
            for reference in spec.triggers {
                guard let resolved = index.route(reference, from: owner), index.effectiveTransition(resolved) == .dismiss else { continue }
                findings.append(
                    finding(
                        """
                        the `\(reference.text)` button of `\(spec.name)` does nothing: `\(spec.name)` is \
                        \(Self.placement(of: screen, index: index, state: state)), not presented, on some path from the entry; use \
                        `pop`, or present it
                        """,
                        route: screen, in: analysis, at: reference.location))
            }
        }
        return findings
    }

    /// How the screen is shown on the path without a presentation, in the user's words.
    private static func placement(of screen: RouteID, index: FlowIndex, state: NavigationState) -> String {
        let owner = index.owner(of: screen)
        let stack = state.stackOwner[owner]
        let stackName = index[coordinator: stack ?? owner].name
        if state.isStacked(screen), let stack {
            return index.initialRoute(of: stack) == screen ? "the root of \(stackName)'s stack" : "pushed on \(stackName)'s stack"
        }
        switch index.transition(screen) {
        case .push?: return "pushed on \(stackName)'s stack"
        case .setRoot?: return "the root of \(index[coordinator: owner].name)"
        case .embed?: return "embedded in \(index[coordinator: owner].name)"
        default: return "shown in \(index[coordinator: owner].name)"
        }
    }
}
