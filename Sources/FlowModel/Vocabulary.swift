/// What a coordinator manages (DESIGN §1, `kind`).
public enum CoordinatorKind: String, CaseIterable, Sendable {
    case navigation, tab, split, page, view
}

/// How a presented destination is shown (`style`, `present` only).
public enum PresentationStyle: String, CaseIterable, Sendable {
    case sheet, fullScreen
}

/// Who keeps a child coordinator alive (`retain`).
public enum RetainPolicy: String, CaseIterable, Sendable {
    case parent, hierarchy, none
}

/// How the user can leave a child coordinator (`releaseOn`).
public enum ExitKind: String, CaseIterable, Sendable, Comparable {
    case finish, back, dismiss

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
