import FlowAnalysis
import FlowModel

public struct UnretainedChildRule: Rule {
    public static let description = RuleDescription(
        id: "unretained-child", name: "Unretained child coordinator", severity: .error,
        scope: .element, judgesCodeOnlyGraphs: true, drawing: .problem, witness: .pathToElement,
        summary: "A child coordinator with `retain: none`: nothing keeps it alive.",
        rationale: """
            A coordinator that neither its parent nor the view hierarchy retains is deallocated right after \
            `start()` returns: its screens show, but every button that calls back into it does nothing.
            """,
        triggeringExample: """
            # Nothing keeps the Share coordinator: its screens show, but their buttons call into a
            # deallocated coordinator.
            version: 1
            entry: Photos

            coordinators:
              Photos:
                kind: navigation
                initial: grid
                routes:
                  grid:
                    screen: PhotoGridViewController
                    triggers: [share]
                  share:
                    transition: present
                    coordinator: Share
                    retain: none  # expect: unretained-child

              Share:
                kind: navigation
                initial: recipients
                routes:
                  recipients:
                    screen: RecipientsViewController
                    triggers: [sent]
                  sent: { transition: finish }

            """,
        passingExample: """
            # Photos keeps Share in its childCoordinators until it is finished or swiped away.
            version: 1
            entry: Photos

            coordinators:
              Photos:
                kind: navigation
                initial: grid
                routes:
                  grid:
                    screen: PhotoGridViewController
                    triggers: [share]
                  share:
                    transition: present
                    coordinator: Share
                    retain: parent
                    releaseOn: [finish, dismiss]

              Share:
                kind: navigation
                initial: recipients
                routes:
                  recipients:
                    screen: RecipientsViewController
                    triggers: [sent]
                  sent: { transition: finish }

            """)

    public init() {}

    public func check(_ analysis: Analysis) -> [Finding] {
        let index = analysis.index
        var findings: [Finding] = []
        for route in index.routeIDs {
            guard let started = index.child(of: route), index[route: route].retain?.value == .unretained else { continue }
            let retain = index[route: route].retain
            let parent = index[coordinator: index.owner(of: route)].name
            let child = index[coordinator: started]
            // Attached by `none` onto the parent's stack, its view controller is the parent's: only the parent can keep it.
            let fix =
                switch analysis.origin {
                case .specs where index.transition(route) == .attach && index.joinsParentStack[started]:
                    "keep it in \(parent)'s childCoordinators (`retain: parent`)"
                case .specs:
                    "keep it in \(parent)'s childCoordinators (`retain: parent`) or tie it to its view controller (`retain: hierarchy`)"
                // Read from the code, the fix is the code's: a place to keep it, and its release.
                case .code:
                    "keep it where \(parent) keeps its children (childCoordinators, or a property) and release it when it leaves"
                }
            findings.append(
                finding(
                    "nothing retains \(child.name): it is deallocated as soon as it starts and its screens' actions go nowhere; \(fix)",
                    route: route, in: analysis, at: retain?.location))
        }
        return findings
    }
}
