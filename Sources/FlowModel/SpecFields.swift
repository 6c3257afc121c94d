/// The keys each element of a spec may have (DESIGN §1): the loader reads them, the encoder writes them, and
/// the Swift reader's provenance names facts by them. What each one is, is said by its entry in `SpecSchema`.
public protocol SpecField: RawRepresentable, CaseIterable, Equatable, Sendable where RawValue == String {
    /// The element whose fields these are.
    static var element: SpecElement { get }
}

public enum TopLevelField: String, SpecField {
    case version, entry, defaults, coordinators, chains, description

    public static var element: SpecElement { .file }
}

/// `defaults:` — values for the child routes of the file that leave the field out.
public enum DefaultsField: String, SpecField {
    case retain, releaseOn

    public static var element: SpecElement { .defaults }
}

public enum CoordinatorField: String, SpecField {
    case kind, initial, tabs, stack, holds, routes, ignore, description, type, open, triggers, mayStart

    public static var element: SpecElement { .coordinator }
}

public enum RouteField: String, SpecField {
    case transition, screen, coordinator, triggers, route, tab, style, dismissible, detents
    case retain, releaseOn, then, stack, open, params, ignore, description

    public static var element: SpecElement { .route }
}

public enum ChainField: String, SpecField {
    case url, from, at, steps, ignore, description

    public static var element: SpecElement { .chain }
}
