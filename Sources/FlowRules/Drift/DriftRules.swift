import FlowAnalysis
import FlowModel

/// The rules that compare the spec with the Swift code (`lint --sources`, DESIGN §5). Their examples
/// need Swift sources too: they live in `fixtures/drift/`, not in `fixtures/rules/`.
public enum DriftRules {
    public static let missingCoordinator: RuleID = "drift-missing-coordinator"
    public static let missingRoute: RuleID = "drift-missing-route"
    public static let extraRoute: RuleID = "drift-extra-route"
    public static let transition: RuleID = "drift-transition"
    public static let destination: RuleID = "drift-destination"
    public static let retention: RuleID = "drift-retention"

    private static let examples = "Examples: fixtures/drift/ (a Swift app and a spec that disagrees with it in each way)."

    public static let descriptions: [RuleDescription] = [
        RuleDescription(
            id: missingCoordinator, name: "Coordinator missing from the spec", severity: .error,
            summary: "A coordinator type in the Swift sources that no spec coordinator describes.",
            rationale: """
                The spec no longer describes the app: the flows of this coordinator are not checked. Add it to \
                the spec (`flowlint extract` writes a starting point), or give the spec coordinator that describes \
                it `type: TheSwiftType`. Reported at the spec coordinator whose code starts it, else at `entry`. \(examples)
                """),
        RuleDescription(
            id: missingRoute, name: "Route missing from the spec", severity: .error,
            summary: "A route of a coordinator in code (enum case, Stinsen property, navigating method) that its spec coordinator lacks.",
            rationale: """
                A screen or child the code can show is not in the spec, so no rule judges it. Add the route to the \
                spec coordinator, or remove the dead code. \(examples)
                """),
        RuleDescription(
            id: extraRoute, name: "Route missing from the code", severity: .error,
            summary:
                """
                A spec route that its Swift coordinator does not have; judged only when every navigation site of the coordinator was \
                resolved.
                """,
            rationale: """
                The spec describes navigation the app cannot do, so findings about it are fiction. Remove the route \
                from the spec, or rename it to match the code. A coordinator with a navigation site the extractor \
                could not resolve (a dynamic destination, an unseen factory) is never judged. \(examples)
                """),
        RuleDescription(
            id: transition, name: "Transition differs", severity: .error,
            summary: "A route's transition (or presentation style) in the spec is not the one the code performs.",
            rationale: """
                Stack, presentation and exit rules reason from the transition: a route pushed in code but presented \
                in the spec gets the wrong back and dismiss findings. Change the spec's `transition:`/`style:` or \
                the code. \(examples)
                """),
        RuleDescription(
            id: destination, name: "Destination differs", severity: .error,
            summary: "A route shows a different screen or child coordinator in the spec than in code.",
            rationale: """
                The spec's graph goes somewhere the app does not: reachability and lifetime findings follow the \
                wrong coordinator. Change the spec's `screen:`/`coordinator:` or the code. \(examples)
                """),
        RuleDescription(
            id: retention, name: "Retention differs", severity: .error,
            summary: "A child route's `retain` or `releaseOn` in the spec differs from what the code does.",
            rationale: """
                `leaked-child` and `unretained-child` judge the spec's retention: a spec that releases a child on \
                dismiss while the code never removes it hides a leak, and the other way round reports one that is \
                not there. Change `retain:`/`releaseOn:` in the spec, or the code that keeps and removes the child. \(examples)
                """),
    ]

    public static let ids: Set<RuleID> = Set(descriptions.map(\.id))
}
