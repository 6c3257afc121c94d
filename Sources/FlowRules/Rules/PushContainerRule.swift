import FlowAnalysis
import FlowModel

public struct PushContainerRule: Rule {
    public static let description = RuleDescription(
        id: "push-container", name: "Pushed container", severity: .error,
        scope: .element, judgesCodeOnlyGraphs: true,
        summary: "`push` of a navigation coordinator with its own stack (tab, split and page coordinators may be pushed).",
        rationale: """
            UIKit refuses to push a UINavigationController onto a navigation stack and throws at run time ("pushing a \
            navigation controller is not supported"). Pushing a UITabBarController or UISplitViewController works at \
            run time and real apps ship it (Apple only discourages it), and a UIPageViewController is a plain view \
            controller: none of those is reported. A navigation child that should share the parent's stack needs \
            `stack: parent`. A push its coordinator cannot perform (a push from a tab coordinator) is \
            `invalid-transition`'s finding alone.
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

            """,
        swiftUIExample: """
            // The shelf's stack pushes `ChapterView`, which binds a NavigationStack of its own: a stack inside a stack.
            import SwiftUI

            enum Volume: Hashable { case chapter }
            enum Verse: Hashable { case line }

            struct BookshelfView: View {
                @State private var volumes: [Volume] = []

                var body: some View {
                    NavigationStack(path: $volumes) {
                        Button("Chapter") { volumes.append(.chapter) }
                            .navigationDestination(for: Volume.self) { volume in
                                switch volume {
                                case .chapter: ChapterView()  // expect: push-container
                                }
                            }
                    }
                }
            }

            struct ChapterView: View {
                @State private var verses: [Verse] = []

                var body: some View {
                    NavigationStack(path: $verses) {
                        Button("Line") { verses.append(.line) }
                            .navigationDestination(for: Verse.self) { verse in
                                switch verse {
                                case .line: VerseView()
                                }
                            }
                    }
                }
            }

            struct VerseView: View {
                var body: some View { Text("Verse") }
            }

            """)

    public init() {}

    public func check(_ analysis: Analysis) -> [Finding] {
        let index = analysis.index
        var findings: [Finding] = []
        for route in index.routeIDs {
            guard let child = index.child(of: route), index.transition(route) == .push, index.hasSupportedTransition(route),
                index.kind[child] == .navigation, !index.joinsParentStack(child, startedBy: route)
            else { continue }
            let name = index[coordinator: child].name
            let fix =
                analysis.origin == .code
                ? "hand \(name) this navigation controller to push its first screen onto, or present it"
                : "give it `stack: parent` to push its screens onto this stack, or present it"
            let message =
                analysis.framework == .swiftui
                ? "\(name) binds a NavigationStack of its own and is pushed inside another stack: "
                    + "SwiftUI nests the stacks and the outer path breaks; "
                    + (analysis.origin == .code
                        ? "drop \(name)'s NavigationStack and push its destinations onto this stack, or present it" : fix)
                : """
                \(name) creates its own navigation controller, which cannot be pushed onto another stack (UIKit throws: pushing a \
                navigation controller is not supported); \(fix)
                """
            let location = index[route: route].destination?.location
            findings.append(finding(message, route: route, in: analysis, at: location))
        }
        return findings
    }
}
