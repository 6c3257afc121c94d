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
    public var retain: Located<RetainPolicy>?
    public var releaseOn: Located<[Located<ExitKind>]>?
    public var params: [RouteParameter] = []
    public var ignore: [Located<String>] = []
    public var description: Located<String>?

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

    public var effectiveRetain: RetainPolicy { retain?.value ?? .parent }

    public var effectiveReleaseOn: [ExitKind] {
        releaseOn.map { $0.value.map(\.value) } ?? [.finish]
    }

    /// Keeps the facts `keep(field, item)` accepts and clears the rest (the certain-only graph of code).
    public mutating func keepFacts(_ keep: (RouteField, String?) -> Bool) {
        for field in RouteField.allCases where !keep(field, nil) {
            switch field {
            case .transition: transition = nil
            case .screen, .coordinator: if destination?.value.field == field { destination = nil }
            case .triggers: triggers = []
            case .route: target = nil
            case .tab: tab = nil
            case .style: style = nil
            case .dismissible: dismissible = nil
            case .retain: retain = nil
            case .releaseOn: releaseOn = nil
            case .params: params = []
            case .ignore: ignore = []
            case .description: description = nil
            }
        }
        triggers.removeAll { !keep(.triggers, $0.text) }
        if let releaseOn { self.releaseOn = Located(releaseOn.value.filter { keep(.releaseOn, $0.value.rawValue) }, at: releaseOn.location) }
        params.removeAll { !keep(.params, $0.name) }
    }
}
