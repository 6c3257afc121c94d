import FlowModel

public struct PushContainerRule: Rule {
    public static let description = RuleDescription(
        id: "push-container", name: "Pushed container", severity: .error,
        scope: .element, judgesCodeOnlyGraphs: true,
        summary: "`push` of a tab or split coordinator, or of a navigation coordinator with its own stack (a page coordinator may be pushed).",
        rationale: """
        UIKit refuses to push a UINavigationController onto a navigation stack and throws at run time; a \
        UITabBarController or UISplitViewController must be a root. A UIPageViewController is a plain view \
        controller and may be pushed. A navigation child that should share the parent's stack needs `stack: parent`.
        """,
        triggeringExample: """
        # Orders creates its own navigation controller, which UIKit cannot push onto Account's stack.
        version: 1
        entry: Account

        coordinators:
          Account:
            kind: navigation
            initial: account
            routes:
              account:
                screen: AccountViewController
                triggers: [orders]
              orders:
                transition: push
                coordinator: Orders  # expect: push-container
                retain: hierarchy

          Orders:
            kind: navigation
            initial: list
            routes:
              list:
                screen: OrderListViewController

        """,
        passingExample: """
        # Orders pushes its screens onto Account's stack (`stack: parent`).
        version: 1
        entry: Account

        coordinators:
          Account:
            kind: navigation
            initial: account
            routes:
              account:
                screen: AccountViewController
                triggers: [orders]
              orders:
                transition: push
                coordinator: Orders
                retain: hierarchy

          Orders:
            kind: navigation
            stack: parent
            initial: list
            routes:
              list:
                screen: OrderListViewController

        """)

    public init() {}

    public func check(_ analysis: Analysis) -> [Diagnostic] {
        let index = analysis.index
        var findings: [Diagnostic] = []
        for route in 0..<index.routeCount where index.child[route] >= 0 && index.transition(route) == .push {
            let child = Int(index.child[route])
            guard let kind = index.kind[child] else { continue }
            let name = index[coordinator: child].name
            let message: String
            switch kind {
            case .tab, .split:
                message = "\(name) is a \(kind.rawValue) coordinator, a container that UIKit cannot push onto a stack (it throws); present it or set it as root instead"
            case .navigation where !index.joinsParentStack[child]:
                message = "\(name) creates its own navigation controller, which cannot be pushed onto another stack (UIKit throws); give it `stack: parent` to push its screens onto this stack, or present it"
            default:
                continue
            }
            let location = index[route: route].destination?.location
            findings.append(finding(message, route: route, in: analysis, at: location))
        }
        return findings
    }
}
