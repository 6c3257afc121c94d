import FlowAnalysis
import FlowModel

public struct CoveredStackRule: Rule {
    public static let description = RuleDescription(
        id: "covered-stack", name: "Covered stack", severity: .warning, witness: .pathToElement,
        summary: """
            A presented screen pushes onto or pops a stack that lies underneath its presentation, or (SwiftUI) presents again \
            from the view underneath it.
            """,
        rationale: """
            A presented screen, or a screen of a coordinator that is presented on every path, sits above the \
            stack it was presented from. A push or pop of that stack triggered there happens under the modal, \
            out of sight: the user sees nothing change, and finds the stack moved after closing the modal. \
            Dismiss first, or push inside the presentation's own stack. In SwiftUI, read from code, a sheet that \
            presents another of the view underneath it (a second `.sheet` of that view, bound to other state) is \
            not shown at all: that view is still presenting, and it shows one sheet at a time. Chains are judged by \
            `chain-under-modal`. Needs resolved references: runs only when every reference resolved.
            """,
        triggeringExample: """
            # The filter sheet's Apply button pushes the results onto the feed's stack, under the sheet that
            # is still open: the user sees nothing change.
            version: 1
            entry: Feed

            coordinators:
              Feed:
                kind: navigation
                initial: feed
                routes:
                  feed:
                    screen: FeedViewController
                    triggers: [filter]
                  filter:
                    transition: present
                    screen: FilterViewController
                    triggers: [results]  # expect: covered-stack
                  results:
                    transition: push
                    screen: ResultsViewController

            """,
        passingExample: """
            # The filter screen is pushed: its Apply button pushes the results where the user sees them.
            version: 1
            entry: Feed

            coordinators:
              Feed:
                kind: navigation
                initial: feed
                routes:
                  feed:
                    screen: FeedViewController
                    triggers: [filter]
                  filter:
                    transition: push
                    screen: FilterViewController
                    triggers: [results]
                  results:
                    transition: push
                    screen: ResultsViewController

            """,
        swiftUIExample: """
            // The filter sheet's button appends to the stack under it while it is still up (a push out of sight), and
            // raises a second sheet of the same view, which SwiftUI does not show.
            import SwiftUI

            enum Listing: Hashable { case results }

            @Observable
            final class CatalogueModel {
                var listings: [Listing] = []
                var showsFilter = false
                var showsSort = false
            }

            struct CatalogueView: View {
                @State private var model = CatalogueModel()

                var body: some View {
                    NavigationStack(path: $model.listings) {
                        Button("Filter") { model.showsFilter = true }
                            .navigationDestination(for: Listing.self) { listing in
                                switch listing {
                                case .results: ResultsView()
                                }
                            }
                    }
                    .sheet(isPresented: $model.showsFilter) {
                        FilterView(model: model)
                    }
                    .sheet(isPresented: $model.showsSort) {
                        SortView()
                    }
                }
            }

            struct FilterView: View {
                let model: CatalogueModel

                var body: some View {
                    Button("Show results") { model.listings.append(.results) }  // expect: covered-stack
                    Button("Sort") { model.showsSort = true }  // expect: covered-stack
                }
            }

            struct ResultsView: View {
                var body: some View { Text("Results") }
            }

            struct SortView: View {
                var body: some View { Text("Sort") }
            }

            """)

    public init() {}

    public func check(_ analysis: Analysis) -> [Finding] {
        let index = analysis.index
        let state = analysis.navigation
        var findings: [Finding] = []
        for screen in index.routeIDs where analysis.reachability.reachedRoute[screen] && index.showsScreen(screen) {
            let owner = index.owner(of: screen)
            // A presented screen has no stack of its own: every stack is beneath it. A screen of an always
            // presented coordinator sees its own stack; the other stacks are beneath.
            let presentedScreen = index.transition(screen) == .present
            guard presentedScreen || state.alwaysPresented[owner] else { continue }
            let ownStack = state.visibleStack(of: screen, index: index)
            guard
                index.triggers.neighbors(of: screen).contains(where: {
                    Self.coveredStack($0, ownStack: ownStack, index: index, state: state) != nil
                })
            else { continue }
            let spec = index[route: screen]
            let modal = presentedScreen ? "`\(spec.name)`" : "\(index[coordinator: owner].name)"
            for reference in spec.triggers {
                guard let resolved = index.route(reference, from: owner),
                    let stack = Self.coveredStack(resolved, ownStack: ownStack, index: index, state: state)
                else { continue }
                let effect = index.effectiveTransition(resolved) == .push ? "pushes onto" : "pops"
                // An open route's push may work on another stack (one the presentation brought): not certain.
                let unread = index[route: resolved].isOpen ? "route `\(reference.text)` is open: which stack it works on was not read" : nil
                let fix =
                    analysis.framework == .swiftui && analysis.origin == .code
                    ? "close the sheet first, or give it a NavigationStack of its own and push there"
                    : "dismiss first, or show it inside the presentation"
                let covered = finding(
                    "`\(reference.text)` from `\(spec.name)` \(effect) \(index[coordinator: stack].name)'s stack, hidden under the "
                        + "presented \(modal) that is still open: the change happens out of sight; \(fix)",
                    route: screen, in: analysis, at: reference.location)
                findings.append(withheld(covered, because: unread))
            }
        }
        return findings + sheetsOverSheets(analysis)
    }

    /// SwiftUI, read from code: a presented screen that presents another route of the view that presented it, through
    /// other state of that view (`showsSpindle` while `showsLoom` is up). The view is still presenting, and SwiftUI shows
    /// one sheet per view at a time: the second is not shown. Two cases of one item replace each other and are not
    /// judged, nor a screen that may close its own presentation first, nor one whose closing the reader left open.
    func sheetsOverSheets(_ analysis: Analysis) -> [Finding] {
        let index = analysis.index
        var findings: [Finding] = []
        for screen in index.routeIDs where analysis.reachability.reachedRoute[screen] && index.transition(screen) == .present {
            let spec = index[route: screen]
            guard let state = spec.presenter, !spec.isOpen else { continue }
            let owner = index.owner(of: screen)
            let resolved = spec.triggers.compactMap { reference in
                index.route(reference, from: owner).map { (reference: reference, route: $0) }
            }
            guard !resolved.contains(where: { index.owner(of: $0.route) == owner && index.transition($0.route) == .dismiss }) else {
                continue
            }
            for (reference, route) in resolved
            where route != screen && index.owner(of: route) == owner && index.transition(route) == .present {
                guard let other = index[route: route].presenter, other != state else { continue }
                findings.append(
                    finding(
                        "`\(reference.text)` from `\(spec.name)` is a second sheet of the view that presents `\(spec.name)` "
                            + "(\(index[coordinator: owner].name)'s), which is still up: SwiftUI shows one sheet per view at a time and "
                            + "does not show it; close `\(spec.name)` first, or present it from `\(spec.name)`'s own view",
                        route: screen, in: analysis, at: reference.location))
            }
        }
        return findings
    }

    /// The stack a push or pop performed by `route` acts on, when it is not `ownStack`.
    private static func coveredStack(_ route: RouteID, ownStack: CoordinatorID?, index: FlowIndex, state: NavigationState) -> CoordinatorID?
    {
        guard let stack = state.stackChange(by: route, index: index)?.stack, stack != ownStack else { return nil }
        return stack
    }
}
