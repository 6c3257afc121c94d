import FlowAnalysis
import FlowModel

public struct InvalidTransitionRule: Rule {
    public static let description = RuleDescription(
        id: "invalid-transition", name: "Invalid transition", severity: .error,
        scope: .element, judgesCodeOnlyGraphs: true,
        summary: "A transition its coordinator's kind does not support, or a destination where none is allowed / none where one is needed.",
        rationale: """
            A tab coordinator has no stack to push onto and a navigation coordinator has no tabs to select: the \
            router cannot perform the transition, so the button does nothing or the app traps. A `present` without \
            a destination has nothing to show; a `dismiss` with one shows nothing of it.
            """,
        triggeringExample: """
            # A tab bar coordinator has no navigation stack: the push from the Home tab cannot happen.
            version: 1
            entry: Main

            coordinators:
              Main:
                kind: tab
                initial: home
                tabs: [home, profile]
                routes:
                  home:
                    screen: HomeViewController
                    triggers: [notifications]
                  profile:
                    screen: ProfileViewController
                  notifications:
                    transition: push  # expect: invalid-transition
                    screen: NotificationsViewController

            """,
        passingExample: """
            # The Home tab is a navigation coordinator: it pushes onto its own stack.
            version: 1
            entry: Main

            coordinators:
              Main:
                kind: tab
                initial: home
                tabs: [home, profile]
                routes:
                  home:
                    coordinator: Home
                    retain: hierarchy
                  profile:
                    screen: ProfileViewController

              Home:
                kind: navigation
                initial: home
                routes:
                  home:
                    screen: HomeViewController
                    triggers: [notifications]
                  notifications:
                    transition: push
                    screen: NotificationsViewController

            """,
        swiftUIExample: """
            // `Postage.insured` is appended, but no `navigationDestination(for: Postage.self)` maps it: SwiftUI logs
            // "no matching navigationDestination declaration" and the tap does nothing.
            import SwiftUI

            enum Parcel: Hashable { case tracked }
            enum Postage: Hashable { case insured }

            final class PostRouter: ObservableObject {
                @Published var path = NavigationPath()
            }

            struct PostOfficeView: View {
                @StateObject private var router = PostRouter()

                var body: some View {
                    NavigationStack(path: $router.path) {
                        CounterView(router: router)
                            .navigationDestination(for: Parcel.self) { parcel in
                                switch parcel {
                                case .tracked: TrackingView()
                                }
                            }
                    }
                }
            }

            struct CounterView: View {
                @ObservedObject var router: PostRouter

                var body: some View {
                    Button("Track") { router.path.append(Parcel.tracked) }
                    Button("Insure") { router.path.append(Postage.insured) }  // expect: invalid-transition
                }
            }

            struct TrackingView: View {
                var body: some View { Text("Tracking") }
            }

            """)

    public init() {}

    public func check(_ analysis: Analysis) -> [Finding] {
        let index = analysis.index
        let code = analysis.origin == .code
        // Read from code, the advice names what the code shows, never a spec field.
        let swiftUI = code && analysis.framework == .swiftui
        let noDestination =
            swiftUI
            ? """
            pushes a value no `navigationDestination(for:)` of the stack maps: SwiftUI logs \"no matching navigationDestination \
            declaration\" and the tap does nothing; add a `navigationDestination(for:)` for its type inside the stack
            """
            : code
                ? "shows no screen or child coordinator the code names; show a view controller, or start a child, there"
                : "names no `screen` or `coordinator`; add the destination"
        func spelled(_ transition: Transition) -> String {
            switch (code, transition) {
            case (true, .push) where analysis.framework == .swiftui: "`path.append(…)`"
            case (true, .select): "`.select(…)`"
            case (true, .popTo): "`popToViewController(_:animated:)`"
            default: "`\(transition.rawValue)`"
            }
        }
        var findings: [Finding] = []
        for c in index.coordinatorIDs {
            let kind = index[coordinator: c].kind?.value
            for route in index.routes(of: c) {
                // The per-route facts of the index decide; the `Route` is read only to report.
                let showsSomething = index.showsScreen(route) || index.child(of: route) != nil
                guard let transition = index.transition(route) else {
                    if !showsSomething {
                        let spec = index[route: route]
                        findings.append(
                            finding(
                                """
                                route `\(spec.name)` of \(index[coordinator: c].name) is shown when the coordinator starts but \
                                \(noDestination)
                                """,
                                route: route, in: analysis))
                    }
                    continue
                }
                if let kind, !transition.isSupported(in: kind) {
                    let kinds = transition.supportedKinds ?? []
                    findings.append(
                        finding(
                            """
                            \(spelled(transition)) needs a \(kinds.map(\.rawValue).joined(separator: " or ")) coordinator, but \
                            \(index[coordinator: c].name) is a \(kind.rawValue) coordinator; \
                            \(Self.alternative(for: transition, in: kind))
                            """,
                            route: route, in: analysis, at: index[route: route].transition?.location))
                }
                if let found = destinationFinding(route, transition, showsSomething, noDestination, spelled(transition), analysis) {
                    findings.append(found)
                }
                if let field = transition.targetField {
                    let spec = index[route: route]
                    if field == .route ? spec.target == nil : spec.tab == nil {
                        findings.append(
                            finding(
                                code
                                    ? """
                                    \(spelled(transition)) needs a target: route `\(spec.name)` names no \
                                    \(field == .route ? "route" : "tab") it goes to
                                    """
                                    : "`\(transition.rawValue)` needs a target: add `\(field.rawValue): <name>` to route `\(spec.name)`",
                                route: route, in: analysis, at: spec.transition?.location))
                    }
                }
            }
        }
        return findings
    }

    /// What `transition` must show, and must not, against what the route shows.
    private func destinationFinding(
        _ route: RouteID, _ transition: Transition, _ showsSomething: Bool, _ noDestination: String, _ spelled: String,
        _ analysis: Analysis
    ) -> Finding? {
        let index = analysis.index
        switch transition.destinationRule {
        case .required where !showsSomething:
            return finding(
                "\(spelled) shows something, but route `\(index[route: route].name)` \(noDestination)",
                route: route, in: analysis, at: index[route: route].transition?.location)
        case .forbidden where showsSomething:
            let spec = index[route: route]
            return finding(
                """
                `\(transition.rawValue)` shows nothing, but route `\(spec.name)` names `\(spec.destination!.value.name)`; \
                remove it, or use a transition that shows it
                """,
                route: route, in: analysis, at: spec.destination?.location)
        case .optionalCoordinator where index.showsScreen(route):
            let spec = index[route: route]
            return finding(
                """
                `none` can only attach a child coordinator, not the screen `\(spec.destination!.value.name)`; use `push`, \
                `present` or `setRoot` to show a screen
                """,
                route: route, in: analysis, at: spec.destination?.location)
        default:
            break
        }
        return nil
    }

    private static func alternative(for transition: Transition, in kind: CoordinatorKind) -> String {
        switch transition {
        case .push, .pop, .popToRoot, .popTo: "use `present`, or start a navigation coordinator to get a stack"
        case .select:
            kind == .navigation
                ? "switch tabs in the tab coordinator that contains this one (`TabCoordinator.route`)" : "use a tab coordinator"
        case .show, .showDetail: "use a split coordinator"
        default: "use a transition this kind supports"
        }
    }
}
