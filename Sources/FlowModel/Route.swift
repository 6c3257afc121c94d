/// What a route shows: a screen or a child coordinator.
public enum Destination: Hashable, Sendable {
    case screen(String)
    case coordinator(String)

    public var name: String {
        switch self {
        case .screen(let name), .coordinator(let name): name
        }
    }

    public var coordinatorName: String? {
        if case .coordinator(let name) = self { name } else { nil }
    }

    /// The spec key that names it.
    public var field: RouteField {
        switch self {
        case .screen: .screen
        case .coordinator: .coordinator
        }
    }
}

/// A reference to a route: `name` (same coordinator) or `Coordinator.name`.
public struct RouteReference: Hashable, Sendable {
    /// The qualifying coordinator, `nil` for a plain name.
    public var coordinator: String?
    public var route: String
    public var location: SourceLocation

    public init(coordinator: String?, route: String, location: SourceLocation) {
        self.coordinator = coordinator
        self.route = route
        self.location = location
    }

    /// Splits `A.b` at its last dot: coordinator names may be nested types, route names are cases.
    public init(parsing text: String, at location: SourceLocation) {
        // Bytes, not Characters: a `.` is never part of a grapheme cluster, and this runs for every trigger.
        let utf8 = text.utf8
        if let dot = utf8.lastIndex(of: UInt8(ascii: ".")), dot != utf8.startIndex, utf8.index(after: dot) != utf8.endIndex {
            self.init(coordinator: String(text[..<dot]), route: String(text[utf8.index(after: dot)...]), location: location)
        } else {
            self.init(coordinator: nil, route: text, location: location)
        }
    }

    public var text: String {
        if let coordinator { "\(coordinator).\(route)" } else { route }
    }
}

/// A documented route parameter, such as `id: String`.
public struct RouteParameter: Hashable, Sendable {
    public var name: String
    public var type: String?
    public var location: SourceLocation

    public init(name: String, type: String?, location: SourceLocation) {
        self.name = name
        self.type = type
        self.location = location
    }
}

/// A height a sheet rests at (`detents`): UIKit's `UISheetPresentationController.Detent` and SwiftUI's
/// `PresentationDetent` standard ones.
public enum SheetDetent: String, CaseIterable, Sendable {
    case medium, large
}

public struct Route: Sendable {
    public var name: String
    /// The location of the route's key.
    public var location: SourceLocation
    public var transition: Located<Transition>?
    public var destination: Located<Destination>?
    public var triggers: [RouteReference] = []
    /// The `route:` target of `trigger` and `popTo`.
    public var target: RouteReference?
    /// The `tab:` target of `select`.
    public var tab: Located<String>?
    public var style: Located<PresentationStyle>?
    public var dismissible: Located<Bool>?
    /// `present` sheets: the heights the sheet rests at (`detents: [medium, large]`).
    public var detents: Located<[SheetDetent]>?
    public var retain: Located<RetainPolicy>?
    public var releaseOn: Located<[Located<ExitKind>]>?
    public var params: [RouteParameter] = []
    /// Child routes: the parent's routes one of which runs after the child finishes (`then`, DESIGN §1).
    public var then: [RouteReference] = []
    /// Child routes: `own` or `parent`, overriding the child coordinator's `stack` for this start.
    public var stack: Located<StackPolicy>?
    /// `open: true` — some facts of the route were not read: its `releaseOn` and `triggers` are lower bounds, and
    /// no exit is assumed from its style (DESIGN §1).
    public var open: Located<Bool>?
    public var ignore: [Located<String>] = []
    public var description: Located<String>?
    /// SwiftUI, read from code only (no spec field): the state whose presenter shows this `present` route (`showsMap`,
    /// `sheet`). Two routes of one state replace each other; routes of two states of one owner are two presenters of
    /// one view, which shows one sheet at a time.
    public var presenter: String?

    public init(name: String, location: SourceLocation) {
        self.name = name
        self.location = location
    }

    /// `present` sheets are the default style.
    public var effectiveStyle: PresentationStyle { style?.value ?? .sheet }

    /// Sheets (and popovers, by a tap outside) can be closed by the user unless `dismissible: false`;
    /// full-screen presentations cannot.
    public var isDismissibleBySwipe: Bool {
        !effectiveStyle.isFullScreen && (dismissible?.value ?? true)
    }

    public var isOpen: Bool { open?.value ?? false }

    public var effectiveRetain: RetainPolicy { retain?.value ?? .parent }

    public var effectiveReleaseOn: [ExitKind] {
        releaseOn.map { $0.value.map(\.value) } ?? [.finish]
    }

    /// The value of `field` as a spec writes it, `nil` when the route does not set it: the one view of a route
    /// that the spec and JSON encoders and the certain-only filter read (the field's accessor in `SpecSchema`).
    public func specValue(_ field: RouteField, schema: SpecSchema = .flowlint) -> SpecValue? {
        schema.entry(field)?.read(self)
    }

    /// Removes every reference to a route (`triggers`, `then`, `route:`) that `isGone` accepts: what a reader does when
    /// the routes referred to were left out.
    public mutating func removeReferences(where isGone: (RouteReference) -> Bool) {
        triggers.removeAll(where: isGone)
        then.removeAll(where: isGone)
        if let target, isGone(target) { self.target = nil }
    }

    /// Removes the destination, and with it what only a child start or a presentation has (`retain`, `releaseOn`,
    /// `then`, `stack`, `style`, `dismissible`, `detents`): a reader that finds a route finishes or selects instead of showing
    /// what it seemed to must not leave the child's facts on a route that starts none (the spec would not load).
    public mutating func removeDestination() {
        destination = nil
        for field: RouteField in [.retain, .releaseOn, .then, .stack, .style, .dismissible, .detents] { clear(field) }
    }

    /// Unsets `field`, or with `item` only that item of a list field.
    public mutating func clear(_ field: RouteField, item: String? = nil) {
        SpecSchema.flowlint.entry(field)?.clear?(&self, item)
    }

    /// Keeps the facts `keep(field, item)` accepts and clears the rest (the certain-only graph of code).
    public mutating func keepFacts(_ keep: (RouteField, String?) -> Bool) {
        SpecSchema.keepFacts(of: &self, in: SpecSchema.flowlint.route, keep)
    }
}

/// A field's value as a spec writes it, with where it was read.
public enum SpecValue: Equatable, Sendable {
    /// A name (a route, screen, coordinator, tab): a plain scalar, or quoted when YAML would read it otherwise.
    case name(String, SourceLocation)
    /// A word of the spec's vocabulary (`push`, `parent`, `true`): written as it is.
    case word(String, SourceLocation)
    /// Free text (`description`).
    case text(String, SourceLocation)
    /// A documented parameter, `id: String`.
    case parameter(String, type: String?, SourceLocation)
    /// A key and its word: a hold (`App: weak`), a chain step with a target (`select: todos`).
    case pair(String, String, SourceLocation)
    /// A list of the above (`releaseOn: []` is an empty one).
    indirect case list([SpecValue])

    public var location: SourceLocation? {
        switch self {
        case .name(_, let location), .word(_, let location), .text(_, let location), .parameter(_, _, let location),
            .pair(_, _, let location):
            location
        case .list(let items): items.first?.location
        }
    }

    /// What names the item in a list (the provenance's `item`): the text, or a parameter's or pair's key.
    public var key: String {
        switch self {
        case .name(let text, _), .word(let text, _), .text(let text, _), .parameter(let text, _, _), .pair(let text, _, _): text
        case .list: ""
        }
    }
}
