/// What a coordinator manages (DESIGN §1, `kind`).
public enum CoordinatorKind: String, CaseIterable, Sendable {
    case navigation, tab, split, page, view
}

/// How a presented destination is shown (`style`, `present` only), with UIKit's names for the same styles.
public enum PresentationStyle: String, CaseIterable, Sendable {
    case sheet, fullScreen
    case pageSheet, formSheet, automatic, overFullScreen, popover

    /// Covers the whole screen: UIKit offers no swipe or tap that closes it.
    public var isFullScreen: Bool { self == .fullScreen || self == .overFullScreen }
}

/// Who keeps a child coordinator alive (`retain`).
public enum RetainPolicy: String, CaseIterable, Sendable, CustomStringConvertible {
    case parent, hierarchy
    /// `none` in a spec: nothing keeps the child. Named apart from `Optional.none`.
    case unretained = "none"

    /// The spec's word (`none` for `.unretained`).
    public var description: String { rawValue }
}

/// How the user can leave a child coordinator (`releaseOn`).
public enum ExitKind: String, CaseIterable, Sendable, Comparable {
    case finish, back, dismiss, replaced

    public static func < (lhs: ExitKind, rhs: ExitKind) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}

/// Where a navigation coordinator pushes (`stack`).
public enum StackPolicy: String, CaseIterable, Sendable {
    case own, parent
}

/// How a coordinator's screens keep another coordinator's router (`holds`).
public enum HoldStrength: String, CaseIterable, Sendable {
    case strong, weak, unowned
}

/// The coordinator framework a project uses (`.flowlint.yml` `framework:`): it sets the default `retain`
/// and the words fix advice speaks.
public enum Framework: String, CaseIterable, Sendable {
    case uikit, xcoordinator, stinsen, swiftui

    /// UIKit's classic pattern keeps children in childCoordinators; the frameworks keep them in their own hierarchy.
    public var defaultRetain: RetainPolicy { self == .uikit ? .parent : .hierarchy }
}

/// What a linted graph was read from. A finding on a graph read from Swift code is a code bug: its fix names the
/// code change, never a spec edit that the drift check would reject (DESIGN §3 Code only).
public enum GraphOrigin: Sendable {
    /// Flow specs (`*.flow.yml`).
    case specs
    /// The Swift code (`lint --sources` where no spec exists, or code the specs do not describe yet).
    case code
}
