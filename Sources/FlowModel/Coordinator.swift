/// A router this coordinator's screens or view models keep (`holds`).
public struct Hold: Hashable, Sendable {
    /// A coordinator name, or `Self`.
    public var target: String
    public var strength: Located<HoldStrength>
    /// The location of the key.
    public var location: SourceLocation

    public init(target: String, strength: Located<HoldStrength>, location: SourceLocation) {
        self.target = target
        self.strength = strength
        self.location = location
    }

    public static let selfReference = "Self"
}

public struct Coordinator: Sendable {
    public var name: String
    /// The location of the coordinator's key.
    public var location: SourceLocation
    /// `nil` only when the spec gave none or an unknown kind (already reported).
    public var kind: Located<CoordinatorKind>?
    /// `initial`: the route shown first, or the routes `start()` picks one of on app state (a list).
    public var initials: [Located<String>] = []
    /// The first `initial` route; setting it replaces the whole list.
    public var initial: Located<String>? {
        get { initials.first }
        set { initials = newValue.map { [$0] } ?? [] }
    }
    /// `triggers`: routes the coordinator fires itself on events no screen shows (DESIGN §1).
    public var triggers: [RouteReference] = []
    /// `mayStart`: the coordinators an unread site of this `open` coordinator may start; `nil` = any.
    public var mayStart: [Located<String>]?
    public var tabs: [Located<String>]?
    public var stack: Located<StackPolicy>?
    public var holds: [Hold] = []
    public var routes: [Route] = []
    public var ignore: [Located<String>] = []
    public var description: Located<String>?
    /// `type:` — the Swift type when its name differs from the coordinator's (drift identity, DESIGN §5).
    public var type: Located<String>?
    /// `open: true` — not every navigation site of the coordinator was read: its routes are a lower bound (DESIGN §1).
    public var open: Located<Bool>?
    /// Route name → index in `routes`.
    public private(set) var routeIndex: [String: Int] = [:]

    public init(name: String, location: SourceLocation) {
        self.name = name
        self.location = location
    }

    public var file: String { location.file }

    /// The Swift type this coordinator describes.
    public var typeName: String { type?.value ?? name }

    public var effectiveStack: StackPolicy { stack?.value ?? .own }

    /// Adds a route; returns the index of an earlier route of the same name instead, if there is one.
    @discardableResult
    public mutating func add(_ route: Route) -> Int? {
        if let existing = routeIndex[route.name] { return existing }
        routeIndex[route.name] = routes.count
        routes.append(route)
        return nil
    }

    /// Replaces every route (the index follows); the first of two routes of the same name is kept.
    public mutating func replaceRoutes(_ routes: [Route]) {
        self.routes = []
        routeIndex = [:]
        for route in routes { add(route) }
    }

    public var isOpen: Bool { open?.value ?? false }

    /// Keeps the facts `keep(field, item)` accepts and clears the rest (the certain-only graph of code); routes are
    /// facts of their own.
    public mutating func keepFacts(_ keep: (CoordinatorField, String?) -> Bool) {
        SpecSchema.keepFacts(of: &self, in: SpecSchema.flowlint.coordinator, keep)
    }

    /// The value of `field` as a spec writes it, `nil` when unset: what the spec and JSON encoders and the round
    /// trip read (the field's accessor in `SpecSchema`).
    public func specValue(_ field: CoordinatorField, schema: SpecSchema = .flowlint) -> SpecValue? {
        schema.entry(field)?.read(self)
    }

    public func route(named name: String) -> Route? {
        routeIndex[name].map { routes[$0] }
    }

    /// The routes shown when the coordinator starts: each `initial` route and, for tab coordinators, every tab.
    public var startRoutes: [String] {
        var names: [String] = []
        for initial in initials where !names.contains(initial.value) { names.append(initial.value) }
        for tab in tabs ?? [] where !names.contains(tab.value) { names.append(tab.value) }
        return names
    }
}
