import FlowAnalysis
import FlowModel

public struct PopToNotOnStackRule: Rule {
    public static let description = RuleDescription(
        id: "popto-not-on-stack", name: "popTo not on stack", severity: .error,
        summary:
            """
            A screen triggers `popTo` a route that, on some path, is not below it on its stack; or a chain pops to a route it has not \
            pushed.
            """,
        rationale: """
            `popTo` pops back to a view controller that must be on the stack: UIKit throws when it is not, \
            and the app crashes. The target is on the stack below the firing screen on every path only when \
            every chain of pushes from the bottom of that stack to the screen passes through it (it dominates \
            the screen in the stack's push graph; `stack: parent` children push onto their parent's stack). \
            Pop to a route every path passes, or use `pop`/`popToRoot`. A chain's `popTo` step (or `popTo` \
            route) is judged in navigation coordinators the chain itself started, whose stack it knows exactly: \
            their initial screen and what the chain pushed since. Needs resolved references: runs only when \
            every reference resolved.
            """,
        triggeringExample: """
            # After changing the password the app pops back to `changePassword`, but `privacy` is pushed on
            # another branch: there `changePassword` is not on the stack and UIKit throws.
            version: 1
            entry: Settings

            coordinators:
              Settings:
                kind: navigation
                initial: settings
                routes:
                  settings:
                    screen: SettingsViewController
                    triggers: [changePassword, privacy]
                  changePassword:
                    transition: push
                    screen: ChangePasswordViewController
                    triggers: [confirm]
                  confirm:
                    transition: push
                    screen: ConfirmViewController
                    triggers: [backToPassword]
                  privacy:
                    transition: push
                    screen: PrivacyViewController
                    triggers: [backToPassword]  # expect: popto-not-on-stack
                  backToPassword:
                    transition: popTo
                    route: changePassword

            """,
        passingExample: """
            # Only screens pushed from `changePassword` pop back to it: it is below them on every path.
            version: 1
            entry: Settings

            coordinators:
              Settings:
                kind: navigation
                initial: settings
                routes:
                  settings:
                    screen: SettingsViewController
                    triggers: [changePassword, privacy]
                  changePassword:
                    transition: push
                    screen: ChangePasswordViewController
                    triggers: [confirm]
                  confirm:
                    transition: push
                    screen: ConfirmViewController
                    triggers: [backToPassword]
                  privacy:
                    transition: push
                    screen: PrivacyViewController
                    triggers: [backToSettings]
                  backToPassword:
                    transition: popTo
                    route: changePassword
                  backToSettings:
                    transition: popTo
                    route: settings

            """)

    public init() {}

    public func check(_ analysis: Analysis) -> [Finding] {
        let index = analysis.index
        let state = analysis.navigation
        var findings: [Finding] = []
        for screen in index.routeIDs where index.showsScreen(screen) && state.isStacked(screen) {
            let owner = index.owner(of: screen)
            // A miss is judged on the stack the screen is pushed on: a coordinator without one has none.
            guard let stack = state.stackOwner[owner] else { continue }
            for trigger in index.triggers.neighbors(of: screen) {
                guard let target = state.popToMiss(of: trigger, from: screen, index: index) else { continue }
                // Names are resolved again (for the trigger's location) only for a finding.
                let spec = index[route: screen]
                for reference in spec.triggers where index.route(reference, from: owner) == trigger {
                    let path = state.stackPath(to: screen, avoiding: target).map {
                        $0.map { index[route: $0].name }.joined(separator: " → ")
                    }
                    let example = path.map { " (\($0))" } ?? ""
                    findings.append(
                        finding(
                            """
                            `\(reference.text)` from `\(spec.name)` pops to `\(index[route: target].name)`, which is not on \
                            \(index[coordinator: stack].name)'s stack below `\(spec.name)` on some path\(example): UIKit throws and \
                            the app crashes; pop to a route every path passes, or use `pop`
                            """,
                            route: screen, in: analysis, at: reference.location))
                }
            }
        }
        return findings + chainFindings(analysis)
    }

    /// `popTo` steps of chains, on the stacks the chains started.
    private func chainFindings(_ analysis: Analysis) -> [Finding] {
        let index = analysis.index
        var findings: [Finding] = []
        for (chain, walk) in zip(index.graph.chains, analysis.chains) {
            for miss in walk.popToMisses {
                let owner = index[coordinator: index.owner(of: miss.target)].name
                let stack = miss.stack.map { index[route: $0].name }.joined(separator: " → ")
                findings.append(
                    finding(
                        """
                        chain `\(chain.name)` pops to `\(index[route: miss.target].name)`, which is not on \(owner)'s stack at that \
                        step (\(stack)): UIKit throws and the app crashes; route to it earlier in the chain, or pop to a route on the \
                        stack
                        """,
                        at: chain.steps[miss.step].location, coordinator: owner, chain: chain.name))
            }
        }
        return findings
    }
}
