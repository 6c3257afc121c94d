import FlowModel

extension UIKitStyle {
    /// UIKit's navigation and the Router wrappers apps write over it (`pushModule`, `setRootModule`).
    static let vocabulary = NavigationVocabulary(
        verbs: [
            "pushViewController": .init(transition: .push), "pushModule": .init(transition: .push),
            "setViewControllers": .init(transition: .setRoot, condition: .notGivenNil),
            "setRootModule": .init(transition: .setRoot, condition: .notGivenNil),
            "setRootViewController": .init(transition: .setRoot, condition: .notGivenNil),
            "setRootController": .init(transition: .setRoot, condition: .notGivenNil),
            "setRootCoordinator": .init(transition: .setRoot, condition: .notGivenNil),
            // Navigation coordinators that wrap SwiftUI's presentations (`setSheetCoordinator(stack)`); `nil` closes it.
            "setSheetCoordinator": .init(transition: .present, condition: .nilCloses),
            "setFullScreenCoverCoordinator": .init(transition: .present, condition: .nilCloses),
            "popViewController": .init(transition: .pop), "popModule": .init(transition: .pop),
            "popToRootViewController": .init(transition: .popToRoot), "popToRootModule": .init(transition: .popToRoot),
            "popToRoot": .init(transition: .popToRoot),
            "dismissModule": .init(transition: .dismiss),
            "dismiss": .init(transition: .dismiss, condition: .noClosure),
            "present": .init(transition: .present, condition: .hasArguments),
            "push": .init(transition: .push, receivers: ["router", "navigation"]),
            // A split view controller's columns: `showDetailViewController`, `show`, `setViewController(_:for:)`.
            "showDetailViewController": .init(transition: .showDetail, receivers: ["split"]),
            "show": .init(transition: .show, receivers: ["split"]),
            "setViewController": .init(transition: .show, receivers: ["split"], condition: .splitColumn),
        ],
        retain: ["addDependency", "addChild", "addChildCoordinator", "addChildDependency", "addCoordinator", "store"],
        release: [
            "removeDependency", "removeChild", "removeChildCoordinator", "removeChildDependency", "removeCoordinator",
            "childDidFinish", "free", "removeAll",
        ],
        // `UINavigationController(rootViewController:)`, `UIHostingController(rootView: Welcome().padding())`.
        // `await MainActor.run { … }` runs its closure then and there, as `Task { … }` does (`bodyClosures`).
        wrappers: WrapperNames(
            labels: ["rootViewController", "rootView"], viewLabels: ["rootView"], qualifiedClosureCalls: ["MainActor.run"],
            selfBinders: ["withUnretained"], testModules: ["XCTest", "Testing"]),
        fullScreenStyles: ["fullScreen", "overFullScreen", "overCurrentContext", "currentContext", "custom"],
        selfClosingControllers: [
            "SFSafariViewController": "its Done button", "UIActivityViewController": "its Cancel button and its actions",
            "UIDocumentPickerViewController": "its Cancel button", "QLPreviewController": "its Done button",
            "CNContactPickerViewController": "its Cancel button",
        ]
    )
}
