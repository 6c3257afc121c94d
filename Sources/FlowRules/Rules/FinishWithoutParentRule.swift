import FlowAnalysis
import FlowModel

public struct FinishWithoutParentRule: Rule {
    public static let description = RuleDescription(
        id: "finish-without-parent", name: "Finish without parent", severity: .warning, witness: .pathToElement,
        summary: "A `finish` route in the entry coordinator.",
        rationale: """
            `finish` ends a coordinator's flow and tells its parent. The entry coordinator has no parent: \
            nobody is told, and the button does nothing. Replace the route with what should happen (a \
            `setRoot` to the login screen, a `dismiss`…). Only routes a path from the entry reaches are \
            judged. Needs resolved references: runs only when every reference resolved.
            """,
        triggeringExample: """
            # App is the entry coordinator: its Log out button finishes App, but App has no parent to tell.
            version: 1
            entry: App

            coordinators:
              App:
                kind: navigation
                initial: home
                routes:
                  home:
                    screen: HomeViewController
                    triggers: [logout]
                  logout: { transition: finish }  # expect: finish-without-parent

            """,
        passingExample: """
            # Logging out replaces App's root with the login screen instead of finishing App.
            version: 1
            entry: App

            coordinators:
              App:
                kind: navigation
                initial: home
                routes:
                  home:
                    screen: HomeViewController
                    triggers: [logout]
                  logout:
                    transition: setRoot
                    screen: LoginViewController

            """)

    public init() {}

    public func check(_ analysis: Analysis) -> [Finding] {
        let index = analysis.index
        guard let entry = index.entry else { return [] }
        let name = index[coordinator: entry].name
        return index.routes(of: entry).filter { index.transition($0) == .finish && analysis.reachability.reachedRoute[$0] }.map {
            finding(
                """
                `\(index[route: $0].name)` finishes \(name), the entry coordinator: it has no parent to tell, so nothing happens; use \
                `setRoot` (or what should happen) instead
                """,
                route: $0, in: analysis)
        }
    }
}
