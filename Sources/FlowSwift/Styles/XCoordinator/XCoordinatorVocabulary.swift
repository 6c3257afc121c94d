import FlowModel

extension XCoordinatorStyle {
    /// XCoordinator's transitions (`.push(…)`, `.present(…)` in `prepareTransition`) and the router a coordinator
    /// gives (`UserCoordinator().strongRouter`); presented screens are UIKit's, with UIKit's full-screen styles.
    static let vocabulary = NavigationVocabulary(
        verbs: [
            "push": .init(transition: .push), "present": .init(transition: .present),
            "presentFullScreen": .init(transition: .present), "dismiss": .init(transition: .dismiss),
            "dismissToRoot": .init(transition: .dismissToRoot), "dismissAll": .init(transition: .dismissToRoot),
            "pop": .init(transition: .pop), "popToRoot": .init(transition: .popToRoot),
            "set": .init(transition: .setRoot), "select": .init(transition: .select), "show": .init(transition: .show),
            "showDetail": .init(transition: .showDetail), "trigger": .init(transition: .trigger),
            "none": .init(transition: .attach), "embed": .init(transition: .embed),
        ],
        wrappers: WrapperNames(routerSuffixes: ["router"]),
        fullScreenStyles: UIKitStyle.vocabulary.fullScreenStyles
    )
}
