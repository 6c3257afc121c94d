import FlowAnalysis
import FlowModel

public struct PushWithoutStackRule: Rule {
    public static let description = RuleDescription(
        id: "push-without-stack", name: "Push without a stack", severity: .error,
        summary: "A `stack: parent` navigation coordinator started by anything but push, setRoot or none from a navigation coordinator.",
        rationale: """
            A `stack: parent` coordinator pushes onto the navigation controller of the coordinator that started it. \
            Presented, embedded, or started from a tab coordinator, there is no such stack: its pushes do nothing.
            """,
        triggeringExample: """
            # Login pushes onto the stack of the coordinator that started it, but it is presented:
            # there is no parent stack to push onto, so its pushes do nothing.
            version: 1
            entry: App

            coordinators:
              App:
                kind: navigation
                initial: home
                routes:
                  home:
                    screen: HomeViewController
                    triggers: [login]
                  login:
                    transition: present  # expect: push-without-stack
                    coordinator: Login
                    retain: hierarchy

              Login:
                kind: navigation
                stack: parent
                initial: email
                routes:
                  email:
                    screen: EmailViewController
                    triggers: [password]
                  password:
                    transition: push
                    screen: PasswordViewController

            """,
        passingExample: """
            # A presented flow brings its own navigation controller (`stack: own`, the default).
            version: 1
            entry: App

            coordinators:
              App:
                kind: navigation
                initial: home
                routes:
                  home:
                    screen: HomeViewController
                    triggers: [login]
                  login:
                    transition: present
                    coordinator: Login
                    retain: hierarchy

              Login:
                kind: navigation
                initial: email
                routes:
                  email:
                    screen: EmailViewController
                    triggers: [password]
                  password:
                    transition: push
                    screen: PasswordViewController

            """,
        swiftUIExample: """
            // The glossary is presented as a sheet with no NavigationStack around it: its `navigationDestination(for:)`
            // lies outside every stack, and its links push nothing.
            import SwiftUI

            enum Term: Hashable { case ligature }

            struct ReadingRoomView: View {
                @State private var showsGlossary = false

                var body: some View {
                    Button("Glossary") { showsGlossary = true }
                        .sheet(isPresented: $showsGlossary) {
                            GlossaryView()  // expect: push-without-stack
                        }
                }
            }

            struct GlossaryView: View {
                var body: some View {
                    NavigationLink("Ligature", value: Term.ligature)
                        .navigationDestination(for: Term.self) { term in
                            switch term {
                            case .ligature: TermView()
                            }
                        }
                }
            }

            struct TermView: View {
                var body: some View { Text("Ligature") }
            }

            """)

    public init() {}

    /// The transitions that put a `stack: parent` child on its parent's stack. A switch, not a `Set<Transition?>`:
    /// building that set looks up how optionals hash at run time, 2% of what a small lint adds to `--version`.
    private static func joinsStack(_ transition: Transition?) -> Bool {
        switch transition {
        case .push?, .setRoot?, .attach?, nil: true
        default: false
        }
    }

    public func check(_ analysis: Analysis) -> [Finding] {
        let index = analysis.index
        var findings: [Finding] = []
        for route in index.routeIDs {
            guard let child = index.child(of: route), index.joinsParentStack(child, startedBy: route), index.hasSupportedTransition(route)
            else { continue }
            let parent = index.owner(of: route)
            let transition = index.transition(route)
            if let kind = index.kind[parent], kind != .navigation {
                let name = index[coordinator: child].name
                let message =
                    analysis.framework == .swiftui
                    ? Self.swiftUIMessage(child: name, starter: index[coordinator: parent].name, origin: analysis.origin)
                    : analysis.origin == .code
                        ? """
                        \(name) pushes onto its parent's navigation controller, but \(index[coordinator: parent].name) is a \
                        \(kind.rawValue) coordinator with no navigation stack: its pushes do nothing; give \(name) a navigation controller \
                        of its own
                        """
                        : """
                        \(name) has `stack: parent`, but \(index[coordinator: parent].name) is a \(kind.rawValue) coordinator with no \
                        navigation stack: its pushes do nothing; give \(name) `stack: own`
                        """
                findings.append(
                    finding(
                        message,
                        route: route, in: analysis, at: index[route: route].destination?.location))
            } else if !Self.joinsStack(transition), let transition {
                let child = index[coordinator: child].name, owner = index[coordinator: parent].name
                let message =
                    analysis.framework == .swiftui
                    ? Self.swiftUIMessage(child: child, starter: owner, origin: analysis.origin)
                    : analysis.origin == .code
                        ? """
                        \(child) pushes onto \(owner)'s navigation controller but is started with `\(transition.rawValue)`, which puts it \
                        on no stack of \(owner)'s: its pushes do nothing; push its first screen, or give it a navigation controller of its \
                        own
                        """
                        : """
                        \(child) has `stack: parent` but is started with `\(transition.rawValue)`, which gives it no stack of \(owner)'s: \
                        its pushes do nothing; push it, or give it `stack: own`
                        """
                findings.append(
                    finding(
                        message,
                        route: route, in: analysis, at: index[route: route].transition?.location))
            }
        }
        return findings
    }

    /// SwiftUI's form: a view whose `navigationDestination(for:)` is shown outside every `NavigationStack`.
    private static func swiftUIMessage(child: String, starter: String, origin: GraphOrigin) -> String {
        let fix =
            origin == .code
            ? "wrap \(child) in a NavigationStack where \(starter) shows it, or push it inside one"
            : "push it, or give it `stack: own`"
        return """
            \(child)'s `navigationDestination(for:)` lies outside every NavigationStack: \(starter) shows it in no stack, so \
            SwiftUI ignores the destination and its links push nothing; \(fix)
            """
    }
}
