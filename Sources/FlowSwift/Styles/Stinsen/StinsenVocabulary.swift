import FlowModel
import FlowConfig

extension StinsenStyle {
    /// Stinsen's router calls: those that name a route by key path (`route(to: \.x)`, `root(\.x)`), read as the
    /// route's trigger, and those that are routes of their own (`popToRoot()`); its wrappers of a view or a stack
    /// (`NavigationViewCoordinator(X())`, `NavigationStack(initial: \.start)`) and SwiftUI's `some View` makers.
    static let vocabulary = NavigationVocabulary(
        verbs: Dictionary(uniqueKeysWithValues: synthesized.map { ($0.name, NavigationVocabulary.Verb(transition: $0.transition)) })
            .merging(["route": .init(transition: .trigger), "root": .init(transition: .trigger), "focusFirst": .init(transition: .trigger)])
        { own, _ in own },
        wrappers: WrapperNames(
            unlabelled: ["NavigationViewCoordinator", "ViewWrapperCoordinator"], labels: ["initial", "startingItems"],
            trailingClosure: ["NavigationViewCoordinator"], viewProtocols: ["View"]
        )
    )

    /// The router's calls that are routes of the coordinator, with no property behind them.
    static let synthesized: [(name: String, transition: Transition)] = [
        ("popToRoot", .popToRoot), ("popLast", .pop), ("pop", .pop), ("dismissCoordinator", .finish),
    ]

    /// What a router call is: a route named by key path (Stinsen's own, or a team's verb of `extract:`), a route of
    /// its own (`popToRoot`), or neither.
    static func routerCall(_ name: String, _ mapping: ExtractMapping) -> Transition? {
        vocabulary.verbs[name]?.transition ?? mapping.transition(named: name).map { _ in .trigger }
    }
}
