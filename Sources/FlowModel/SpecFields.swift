/// The keys each element of a spec may have (DESIGN §1): the loader reads them, the encoder writes them, and
/// the Swift reader's provenance names facts by them.
public protocol SpecField: RawRepresentable, CaseIterable, Equatable, Sendable where RawValue == String {}

public enum TopLevelField: String, SpecField {
    case version, entry, defaults, coordinators, chains, description
}

/// `defaults:` — values for the child routes of the file that leave the field out.
public enum DefaultsField: String, SpecField {
    case retain, releaseOn
}

public enum CoordinatorField: String, SpecField {
    case kind, initial, tabs, stack, holds, routes, ignore, description, type, open, triggers, mayStart

    /// The list fields an encoder writes from `Coordinator.specValue(_:)`, in this order, after `open`.
    public static let listed: [CoordinatorField] = [.triggers, .mayStart]
}

public enum RouteField: String, SpecField {
    case transition, screen, coordinator, triggers, route, tab, style, dismissible
    case retain, releaseOn, then, stack, open, params, ignore, description

    /// The order in which a spec encoder writes the fields that come from code.
    public static let encoded: [RouteField] = [
        .transition, .style, .dismissible, .screen, .coordinator, .route, .tab, .retain, .releaseOn, .then, .stack, .open, .triggers, .params,
    ]
}

public enum ChainField: String, SpecField {
    case url, from, at, steps, ignore, description
}
