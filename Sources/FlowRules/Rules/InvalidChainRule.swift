import FlowAnalysis
import FlowModel

public struct InvalidChainRule: Rule {
    public static let description = RuleDescription(
        id: "invalid-chain", name: "Invalid chain", severity: .error,
        summary: "A chain step not available in the coordinator reached at that step; names the missing steps when a path exists.",
        rationale: """
            A deep link or programmatic jump runs its steps in order, each on the coordinator the previous step \
            reached. A step that coordinator cannot perform is dropped at run time: the link opens the wrong screen \
            or none.
            """,
        triggeringExample: """
            # The deep link runs in the tab bar, but `todo` is a route of the Todos tab's stack:
            # the chain must select that tab first.
            version: 1
            entry: Authenticated

            coordinators:
              Authenticated:
                kind: tab
                initial: todos
                tabs: [todos, profile]
                routes:
                  todos:
                    coordinator: Todos
                    retain: hierarchy
                  profile:
                    screen: ProfileScreen

              Todos:
                kind: navigation
                initial: start
                routes:
                  start:
                    screen: TodosScreen
                    triggers: [todo]
                  todo:
                    transition: push
                    screen: TodoScreen
                    params: [id: String]

            chains:
              openTodo:
                url: "todoapp://todos/{id}"
                from: Authenticated
                steps:
                  - route: todo  # expect: invalid-chain

            """,
        passingExample: """
            # The Stinsen deep link: select the Todos tab, pop its stack to the list, push the todo.
            version: 1
            entry: Authenticated

            coordinators:
              Authenticated:
                kind: tab
                initial: todos
                tabs: [todos, profile]
                routes:
                  todos:
                    coordinator: Todos
                    retain: hierarchy
                  profile:
                    screen: ProfileScreen

              Todos:
                kind: navigation
                initial: start
                routes:
                  start:
                    screen: TodosScreen
                    triggers: [todo]
                  todo:
                    transition: push
                    screen: TodoScreen
                    params: [id: String]

            chains:
              openTodo:
                url: "todoapp://todos/{id}"
                from: Authenticated
                steps:
                  - select: todos
                  - popToRoot
                  - route: todo

            """)

    public init() {}

    public func check(_ analysis: Analysis) -> [Finding] {
        let index = analysis.index
        var findings: [Finding] = []
        for (position, walk) in analysis.chains.enumerated() {
            let chain = index.graph.chains[position]
            guard let (stepIndex, failure) = walk.failure else { continue }
            let step = chain.steps[stepIndex]
            let message: String
            switch failure {
            case .notInCoordinator(let name, let coordinator):
                message = missingRoute(name, from: coordinator, step: step, analysis: analysis)
            case .wrongKind(let needs, let coordinator):
                let current = index[coordinator: coordinator]
                let select = Self.spelling(of: "select", analysis.origin)
                message =
                    """
                    \(Self.spelling(of: step.action.keyword, analysis.origin)) needs a \(needs.rawValue) coordinator, but the chain is \
                    in \(current.name), a \(current.kind?.value.rawValue ?? "") coordinator, at this step
                    """
                    + missingTabSteps(step, from: coordinator, analysis: analysis)
                    + (needs == .navigation && current.kind?.value == .tab ? "; \(select) the tab whose stack it should act on first" : "")
            case .notActive(let qualifier, let coordinator):
                message =
                    """
                    \(qualifier) is not active at this step: the chain has reached \(index[coordinator: coordinator].name) without \
                    starting \(qualifier)
                    """
            }
            findings.append(finding("chain `\(chain.name)`: \(message)", at: step.location, chain: chain.name))
        }
        return findings
    }

    /// A step as the reader of the finding writes it: the spec's key (`select`), or, for a chain read from code (a
    /// deep link's `.multiple(…)`), XCoordinator's transition (`.select(…)`).
    static func spelling(of keyword: String, _ origin: GraphOrigin) -> String {
        guard origin == .code else { return "`\(keyword)`" }
        switch keyword {
        case "route": return "`.trigger(…)`"
        case "select": return "`.select(…)`"
        case "popTo": return "`.pop(to:)`"
        default: return "`.\(keyword)()`"
        }
    }

    /// Names the steps along the shortest start path to a coordinator that has the route, if there is one.
    private func missingRoute(_ name: String, from coordinator: CoordinatorID, step: ChainStep, analysis: Analysis) -> String {
        let index = analysis.index
        let here = index[coordinator: coordinator]
        let hasRoute = { (candidate: CoordinatorID) in index.route(named: name, in: candidate) != nil }
        switch step.action {
        case .select where hasRoute(coordinator):
            let step = analysis.origin == .code ? "`.trigger(.\(name))`" : "`route: \(name)`"
            return "`\(name)` is a route of \(here.name) but not one of its tabs; step to it with \(step)"
        case .popTo:
            return "\(Self.spelling(of: "popTo", analysis.origin)) goes back within the stack of \(here.name), which has no route `\(name)`"
        default:
            break
        }
        guard let (steps, owner) = stepsToReach(hasRoute, from: coordinator, index) else {
            let owner = index.coordinatorIDs.first(where: hasRoute).map { " (it is a route of \(index[coordinator: $0].name))" } ?? ""
            return "`\(name)` is not a route of \(here.name) or of any coordinator it starts\(owner)"
        }
        return "`\(name)` is a route of \(index[coordinator: owner].name), not of \(here.name): \(steps) first"
    }

    /// For `select` outside a tab coordinator: the steps to the tab coordinator that has the tab, if one is started from here.
    private func missingTabSteps(_ step: ChainStep, from coordinator: CoordinatorID, analysis: Analysis) -> String {
        guard case .select(let tab) = step.action else { return "" }
        let index = analysis.index
        let hasTab = { (candidate: CoordinatorID) in
            index.kind[candidate] == .tab && (index[coordinator: candidate].tabs ?? []).contains { $0.value == tab.value }
        }
        guard let (steps, owner) = stepsToReach(hasTab, from: coordinator, index) else { return "" }
        return "; `\(tab.value)` is a tab of \(index[coordinator: owner].name): \(steps) first"
    }

    /// The chain steps (`route x, then select y`) along the shortest start path to a coordinator `isOwner` accepts, and that owner.
    private func stepsToReach(_ isOwner: (CoordinatorID) -> Bool, from coordinator: CoordinatorID, _ index: FlowIndex) -> (
        steps: String, owner: CoordinatorID
    )? {
        guard let path = index.childStarts.shortestPath(from: coordinator, to: isOwner), path.count > 1 else { return nil }
        var steps: [String] = []
        for (from, to) in zip(path, path.dropFirst()) {
            guard let route = index.routes(of: from).first(where: { index.child(of: $0) == to }) else { continue }
            let keyword =
                index[coordinator: from].kind?.value == .tab
                    && (index[coordinator: from].tabs ?? []).contains { $0.value == index[route: route].name }
                ? "select" : "route"
            steps.append("\(keyword) `\(index[route: route].name)`")
        }
        return (steps.joined(separator: ", then "), path.last!)
    }
}
