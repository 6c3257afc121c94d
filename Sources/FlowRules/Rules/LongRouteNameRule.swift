import FlowAnalysis
import FlowModel

/// Scratch rule: shows what adding a rule touches. Not for committing.
public struct LongRouteNameRule: Rule {
    public static let description = RuleDescription(
        id: "long-route-name", name: "Long route name", severity: .warning,
        summary: "A route name over 60 characters.",
        rationale: """
            A route's name is read in every finding, diagram and path; a name over 60 characters crowds them. Name the \
            route by where it goes.
            """,
        triggeringExample: """
            version: 1
            entry: Lobby

            coordinators:
              Lobby:
                kind: navigation
                initial: hall
                routes:
                  hall:
                    screen: HallViewController
                    triggers: [openTheVeryLongAndWindingCorridorThatLeadsToTheBackOfTheLobby]
                  openTheVeryLongAndWindingCorridorThatLeadsToTheBackOfTheLobby:  # expect: long-route-name
                    transition: push
                    screen: CorridorViewController

            """,
        passingExample: """
            version: 1
            entry: Lobby

            coordinators:
              Lobby:
                kind: navigation
                initial: hall
                routes:
                  hall:
                    screen: HallViewController
                    triggers: [corridor]
                  corridor:
                    transition: push
                    screen: CorridorViewController

            """)

    public init() {}

    public func check(_ analysis: Analysis) -> [Finding] {
        let index = analysis.index
        return index.routeIDs.compactMap { route in
            let name = index[route: route].name
            guard name.count > 60 else { return nil }
            return finding("route `\(name)` has \(name.count) characters; name it in 60 or fewer", route: route, in: analysis)
        }
    }
}
