import FlowAnalysis
import FlowModel

public struct LeakedChildRule: Rule {
    public static let description = RuleDescription(
        id: "leaked-child", name: "Leaked child coordinator", severity: .error, judgesCodeOnlyGraphs: true, drawing: .problem,
        witness: .pathToElement,
        summary: "A child kept in childCoordinators that the user can leave by an exit the parent does not release it on.",
        rationale: """
            With `retain: parent` the parent keeps the child in childCoordinators until it removes it. Every way \
            out — finish, the back button or swipe, a swipe down or dismiss of a sheet, a `setRoot` above it that \
            replaces its container (App switching from `auth` to `main`) — must release it, or the \
            child and its screens stay in memory and keep reacting to events after the user left. A `stack: parent` \
            child attached by `none` with `retain: hierarchy` is never released either: the view controller it is \
            tied to is the parent's navigation controller, which outlives it.
            """,
        triggeringExample: """
            # Settings is a sheet the user can swipe down, but Profile releases it only on finish.
            version: 1
            entry: Profile

            coordinators:
              Profile:
                kind: navigation
                initial: profile
                routes:
                  profile:
                    screen: ProfileViewController
                    triggers: [settings]
                  settings:
                    transition: present
                    coordinator: Settings
                    releaseOn: [finish]  # expect: leaked-child

              Settings:
                kind: navigation
                initial: settings
                routes:
                  settings:
                    screen: SettingsViewController
                    triggers: [done]
                  done: { transition: finish }

            """,
        passingExample: """
            # Settings is released on every way out: its Done button (finish) and a swipe down (dismiss).
            version: 1
            entry: Profile

            coordinators:
              Profile:
                kind: navigation
                initial: profile
                routes:
                  profile:
                    screen: ProfileViewController
                    triggers: [settings]
                  settings:
                    transition: present
                    coordinator: Settings
                    releaseOn: [finish, dismiss]

              Settings:
                kind: navigation
                initial: settings
                routes:
                  settings:
                    screen: SettingsViewController
                    triggers: [done]
                  done: { transition: finish }

            """)

    public init() {}

    public func check(_ analysis: Analysis) -> [Finding] {
        let index = analysis.index
        var findings: [Finding] = []
        // Only reachable child starts are judged: an unreachable one already has its warning.
        for route in index.routeIDs where analysis.reachability.reachedRoute[route] {
            guard let started = index.child(of: route) else { continue }
            // Names only for findings: reading them for every child start would cost more than the check.
            func names() -> (parent: String, child: String) {
                (index[coordinator: index.owner(of: route)].name, index[coordinator: started].name)
            }
            switch index[route: route].effectiveRetain {
            case .parent:
                guard let exits = analysis.exits.exits[route] else { continue }
                let released = index[route: route].effectiveReleaseOn
                guard ExitKind.allCases.contains(where: { exits.has($0) && !released.contains($0) }) else { continue }
                let spec = index[route: route]
                let leaking = exits.kinds.filter { !released.contains($0) }
                let ways = leaking.map { describe($0, exits, child: started, index) }.joined(separator: ", ")
                let releasedText =
                    released.isEmpty ? "never releases it" : "releases it only on \(released.map(\.rawValue).joined(separator: ", "))"
                let (parent, child) = names()
                let advice = Self.advice(
                    analysis.framework, parent: parent, swipe: leaking.contains(.dismiss) && exits.dismiss?.swipe == true,
                    replaced: leaking.contains(.replaced))
                // Read from the code, the leak is the code's: the fix is the release the code lacks, not a spec field.
                let fix =
                    switch analysis.origin {
                    case .specs: "add \(leaking.map { "`\($0.rawValue)`" }.joined(separator: " and ")) to releaseOn\(advice.fix)"
                    case .code:
                        Self.codeFix(
                            analysis.framework, parent: parent, child: child,
                            places: leaking.map { place($0, exits, framework: analysis.framework, child: started, index) })
                    }
                // An `open` route may release on exits that were not read: no release is certainly absent.
                let reason =
                    spec.isOpen ? "route `\(parent).\(spec.name)` is open: it may release \(child) on exits that were not read" : nil
                // Code keeps a child in a list or in a property of its own (`authFlow = flow`): the spec's words assume the list.
                let kept = analysis.origin == .code && analysis.framework == .uikit ? "it stays where \(parent) keeps it" : advice.kept
                var leak = finding(
                    "\(child) can be closed by \(ways), but \(parent) \(releasedText): \(kept); \(fix)",
                    route: route, in: analysis, at: spec.releaseOn?.location)
                // Picked at the start, the child is its stack's root: the path must show it pushed onto a screen.
                if leaking.contains(.back), exits.backOnlyWhenRoutedTo { leak.witnessArrival = .routed }
                findings.append(withheld(leak, because: reason))
            // Without a parent stack there is no navigation controller to outlive it: push-without-stack reports that.
            case .hierarchy
            where index.transition(route) == .attach && index.joinsParentStack[started]
                && index.kind[index.owner(of: route)] == .navigation:
                findings.append(hierarchyLeak(route, started: started, analysis))
            default:
                continue
            }
        }
        return findings
    }

    /// A child attached by `none` onto its parent's stack with `retain: hierarchy`: the navigation controller outlives it.
    private func hierarchyLeak(_ route: RouteID, started: CoordinatorID, _ analysis: Analysis) -> Finding {
        let index = analysis.index
        let exits = analysis.exits.exits[route]
        let kinds = exits?.kinds ?? [.back]
        let (parent, child) = (index[coordinator: index.owner(of: route)].name, index[coordinator: started].name)
        let (tie, fix) =
            switch analysis.origin {
            case .specs:
                (
                    "`retain: hierarchy` ties it",
                    "use `retain: parent` with `releaseOn: [\(kinds.map(\.rawValue).joined(separator: ", "))]`"
                )
            case .code:
                (
                    "its lifetime is tied",
                    Self.codeFix(
                        analysis.framework, parent: parent, child: child, keep: true,
                        places: kinds.map {
                            place(
                                $0, exits ?? ChildExits.Exits(back: .backButton), framework: analysis.framework, child: started,
                                index)
                        })
                )
            }
        return finding(
            """
            \(child) is attached by `none` and pushes onto \(parent)'s stack, so \(tie) to \(parent)'s navigation \
            controller, which outlives it: it is never released; \(fix)
            """,
            route: route, in: analysis, at: index[route: route].retain?.location)
    }

    /// Where the child stays and how to release it, in the words of the project's framework.
    private static func advice(_ framework: Framework, parent: String, swipe: Bool, replaced: Bool) -> (kept: String, fix: String) {
        switch framework {
        case .uikit:
            // UIKit tells the parent about a swipe only through the presentation controller's delegate.
            var fix = swipe ? " and remove the child in presentationControllerDidDismiss" : ""
            if replaced { fix += (fix.isEmpty ? " and" : ",") + " remove it from childCoordinators before \(parent)'s root is replaced" }
            return ("it stays in childCoordinators", fix)
        case .xcoordinator:
            return ("it stays among \(parent)'s children (`addChild`)", " and call `removeChild` there (or `removeChildrenIfNeeded()`)")
        case .stinsen:
            return (
                "the reference \(parent) keeps outlives it (Stinsen's `dismissCoordinator()` and `popToRoot()` do not clear it)",
                " and clear the reference there"
            )
        case .swiftui:
            return (
                "the property \(parent) keeps it in outlives it (clearing the path or the sheet's item does not)",
                " and clear that property there"
            )
        }
    }

    /// The change to the code that releases the child at `places` (one per leaking exit), in the framework's words.
    /// `keep`: the parent does not keep the child yet, so keeping it comes first (XCoordinator's `addChild` already does).
    private static func codeFix(_ framework: Framework, parent: String, child: String, keep: Bool = false, places: [String]) -> String {
        let places =
            places.count <= 2
            ? places.joined(separator: " and ")
            : places.dropLast().joined(separator: ", ") + ", and " + places[places.count - 1]
        switch framework {
        case .uikit:
            return
                (keep
                ? "keep \(child) in \(parent)'s childCoordinators and remove it "
                : "release \(child) (take it out of the list or property \(parent) keeps it in) ") + places
        case .xcoordinator:
            return "call `removeChild` for \(child) " + places
        case .stinsen, .swiftui:
            return (keep ? "keep a reference to \(child) in \(parent) and clear it " : "clear \(parent)'s reference to \(child) ") + places
        }
    }

    /// Where the code learns that the child left by `exit`: the place its release belongs.
    private func place(_ exit: ExitKind, _ exits: ChildExits.Exits, framework: Framework, child: CoordinatorID, _ index: FlowIndex)
        -> String
    {
        switch exit {
        case .finish:
            return "where it reports it is done"
        case .back:
            if case .popRoute(let route)? = exits.back { return "where its `\(name(route, child: child, index))` route pops its screen" }
            return framework == .stinsen
                ? "when its screen is popped"
                : "when its screen is popped (navigationController(_:didShow:animated:) or the screen's back action)"
        case .dismiss:
            var places: [String] = []
            if let route = exits.dismiss?.route { places.append("where its `\(name(route, child: child, index))` route dismisses it") }
            if exits.dismiss?.swipe == true {
                // UIKit tells the parent about a swipe only through the presentation controller's delegate.
                places.append(
                    framework == .stinsen
                        ? "when its sheet is swiped down"
                        : "in presentationControllerDidDismiss (or set the presented controller's isModalInPresentation)")
            }
            return places.joined(separator: " and ")
        case .replaced:
            guard let route = exits.replaced else { return "before its root is replaced" }
            return "before `\(index.qualifiedName(route))` replaces its root"
        }
    }

    /// A route of the child by its name; one of a coordinator inside the child (a pushed step's Cancel button) qualified.
    private func name(_ route: RouteID, child: CoordinatorID, _ index: FlowIndex) -> String {
        index.owner(of: route) == child ? index[route: route].name : index.qualifiedName(route)
    }

    private func describe(_ exit: ExitKind, _ exits: ChildExits.Exits, child: CoordinatorID, _ index: FlowIndex) -> String {
        func name(_ route: RouteID) -> String { self.name(route, child: child, index) }
        switch exit {
        case .finish:
            return "finish (its `\(exits.finish.map(name) ?? "finish")` route)"
        case .back:
            if case .popRoute(let route)? = exits.back { return "back (its `\(name(route))` route)" }
            return "back (the back button or an edge swipe)"
        case .dismiss:
            var ways: [String] = []
            if let route = exits.dismiss?.route { ways.append("its `\(name(route))` route") }
            if exits.dismiss?.swipe == true { ways.append("a swipe down") }
            return "dismiss (\(ways.joined(separator: ", or ")))"
        case .replaced:
            guard let route = exits.replaced else { return "replaced" }
            return "replaced (`\(index.qualifiedName(route))` sets a new root while it is shown)"
        }
    }
}
