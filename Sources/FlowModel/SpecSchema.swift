/// The spec format as one table (docs/spec.md "Fields"): every field of every element, with where it is allowed, its
/// default, its doc line, and what drift and diff do with it. The loader's known keys and placement checks, the
/// encoders' field order, the round trip's comparison, `flowlint diff`'s fields, docs/spec.md's field tables, the
/// JSON Schema's keys and the fuzz dictionary are read from it: a new field is one entry here and its accessor.
///
/// `SpecSchema.flowlint` is the table; the decoder, encoders, drift and diff take it as an argument, so a test can
/// take an entry out and see each of them lose the field.
public struct SpecSchema: Sendable {
    public var file: [SpecFieldEntry<TopLevelField, SpecFile>]
    public var defaults: [SpecFieldEntry<DefaultsField, Route>]
    public var coordinator: [SpecFieldEntry<CoordinatorField, Coordinator>]
    public var route: [SpecFieldEntry<RouteField, Route>]
    public var chain: [SpecFieldEntry<ChainField, Chain>]
    /// The order in which a spec encoder writes a coordinator's fields that come from code (before `routes`).
    public var coordinatorEncoding: [CoordinatorField]
    /// The order in which a spec encoder writes a route's fields that come from code.
    public var routeEncoding: [RouteField]
    /// The order in which a spec encoder writes a chain's fields that come from code.
    public var chainEncoding: [ChainField]
    /// The order in which `flowlint diff` lists a coordinator's changed fields.
    public var coordinatorDiffOrder: [CoordinatorField]
    /// The order in which `flowlint diff` lists a route's changed fields (`screen` and `coordinator` are its
    /// one `destination`).
    public var routeDiffOrder: [RouteField]

    public init(
        file: [SpecFieldEntry<TopLevelField, SpecFile>], defaults: [SpecFieldEntry<DefaultsField, Route>],
        coordinator: [SpecFieldEntry<CoordinatorField, Coordinator>], route: [SpecFieldEntry<RouteField, Route>],
        chain: [SpecFieldEntry<ChainField, Chain>], coordinatorEncoding: [CoordinatorField], routeEncoding: [RouteField],
        chainEncoding: [ChainField], coordinatorDiffOrder: [CoordinatorField], routeDiffOrder: [RouteField]
    ) {
        self.file = file
        self.defaults = defaults
        self.coordinator = coordinator
        self.route = route
        self.chain = chain
        self.coordinatorEncoding = coordinatorEncoding
        self.routeEncoding = routeEncoding
        self.chainEncoding = chainEncoding
        self.coordinatorDiffOrder = coordinatorDiffOrder
        self.routeDiffOrder = routeDiffOrder
    }

    public func entry(_ field: CoordinatorField) -> SpecFieldEntry<CoordinatorField, Coordinator>? {
        coordinator.first { $0.field == field }
    }

    public func entry(_ field: RouteField) -> SpecFieldEntry<RouteField, Route>? {
        route.first { $0.field == field }
    }

    public func entry(_ field: ChainField) -> SpecFieldEntry<ChainField, Chain>? {
        chain.first { $0.field == field }
    }

    /// The coordinator fields an encoder writes, in order.
    public var encodedCoordinatorFields: [SpecFieldEntry<CoordinatorField, Coordinator>] {
        coordinatorEncoding.compactMap(entry)
    }

    /// The route fields an encoder writes, in order.
    public var encodedRouteFields: [SpecFieldEntry<RouteField, Route>] {
        routeEncoding.compactMap(entry)
    }

    /// The chain fields an encoder writes, in order.
    public var encodedChainFields: [SpecFieldEntry<ChainField, Chain>] {
        chainEncoding.compactMap(entry)
    }

    /// The coordinator fields `flowlint diff` compares value by value, in the order it lists them.
    public var diffedCoordinatorFields: [SpecFieldEntry<CoordinatorField, Coordinator>] {
        coordinatorDiffOrder.compactMap(entry).filter { $0.diff == .value }
    }

    /// The route fields `flowlint diff` compares value by value, in the order it lists them.
    public var diffedRouteFields: [SpecFieldEntry<RouteField, Route>] {
        routeDiffOrder.compactMap(entry).filter { $0.diff == .value }
    }

    /// Whether drift compares `field` of a route.
    public func driftCompares(_ field: RouteField) -> Bool {
        entry(field)?.drift ?? false
    }

    /// The table without `field`: what a spec would be if the entry were never written (the tests' proof that
    /// each reader of the table depends on it).
    public func removing<F: SpecField>(_ field: F) -> SpecSchema {
        var schema = self
        let key = field.rawValue
        switch F.element {
        case .file: schema.file.removeAll { $0.field.rawValue == key }
        case .defaults: schema.defaults.removeAll { $0.field.rawValue == key }
        case .coordinator:
            schema.coordinator.removeAll { $0.field.rawValue == key }
            schema.coordinatorEncoding.removeAll { $0.rawValue == key }
            schema.coordinatorDiffOrder.removeAll { $0.rawValue == key }
        case .route:
            schema.route.removeAll { $0.field.rawValue == key }
            schema.routeEncoding.removeAll { $0.rawValue == key }
            schema.routeDiffOrder.removeAll { $0.rawValue == key }
        case .chain:
            schema.chain.removeAll { $0.field.rawValue == key }
            schema.chainEncoding.removeAll { $0.rawValue == key }
        }
        return schema
    }

    /// Clears each field of `model` that `keep(field, nil)` refuses and, of the others, each list item it refuses.
    static func keepFacts<F: SpecField, Model>(
        of model: inout Model, in entries: [SpecFieldEntry<F, Model>],
        _ keep: (F, String?) -> Bool
    ) {
        for entry in entries {
            guard let clear = entry.clear else { continue }
            guard keep(entry.field, nil) else {
                clear(&model, nil)
                continue
            }
            guard case .list(let items)? = entry.read(model) else { continue }
            for item in items where !keep(entry.field, item.key) { clear(&model, item.key) }
        }
    }

    /// The keys of `F` the table knows, in the enumeration's order (the order the loader's hints list them in).
    public func keys<F: SpecField>(_ type: F.Type) -> [F] {
        let known: Set<String> =
            switch F.element {
            case .file: Set(file.map(\.field.rawValue))
            case .defaults: Set(defaults.map(\.field.rawValue))
            case .coordinator: Set(coordinator.map(\.field.rawValue))
            case .route: Set(route.map(\.field.rawValue))
            case .chain: Set(chain.map(\.field.rawValue))
            }
        return F.allCases.filter { known.contains($0.rawValue) }
    }

    /// Where `field` of `F` may be written; `.anywhere` for a field the table does not know.
    public func placement<F: SpecField>(_ field: F) -> SpecPlacement {
        let key = field.rawValue
        return switch F.element {
        case .file: file.first { $0.field.rawValue == key }?.placement ?? .anywhere
        case .defaults: defaults.first { $0.field.rawValue == key }?.placement ?? .anywhere
        case .coordinator: coordinator.first { $0.field.rawValue == key }?.placement ?? .anywhere
        case .route: route.first { $0.field.rawValue == key }?.placement ?? .anywhere
        case .chain: chain.first { $0.field.rawValue == key }?.placement ?? .anywhere
        }
    }
}

/// The elements of a spec that have fields.
public enum SpecElement: String, CaseIterable, Sendable {
    case file, defaults, coordinator, route, chain
}

/// One row of the table: one field of one element. `Field` is a `SpecField`, but the type requires only the marker
/// `Sendable`, which the runtime never checks: making a table's rows at start-up then asks the runtime for no
/// conformance (a search through every conformance the executable has, for each kind of row).
public struct SpecFieldEntry<Field: Sendable, Model>: Sendable {
    public var field: Field
    public var kind: SpecValueKind
    public var placement: SpecPlacement
    /// Whether the field must be given, as docs/spec.md's "required" column says it.
    public var required: String
    /// The value a spec that leaves the field out means, in spec words; `nil` when leaving it out means nothing.
    public var defaultValue: String?
    /// One line: docs/spec.md's "meaning" column.
    public var doc: String
    /// One sentence for editors: the description in schema/flowlint.schema.json.
    public var summary: String?
    /// Whether `lint --sources` compares the field of the spec with the one read from code.
    public var drift: Bool
    /// How `flowlint diff` shows a change of the field.
    public var diff: SpecDiffShow
    /// The field's value on the model as a spec writes it, `nil` when unset (or not kept by the model).
    public var read: @Sendable (Model) -> SpecValue?
    /// Unsets the field on the model, or with an item only that item of a list field; `nil` when the model keeps no
    /// value to clear.
    public var clear: (@Sendable (inout Model, String?) -> Void)?

    public init(
        _ field: Field, _ kind: SpecValueKind, required: String = "no", doc: String, summary: String? = nil,
        placement: SpecPlacement = .anywhere,
        default defaultValue: String? = nil, drift: Bool = false, diff: SpecDiffShow = .hidden,
        read: @escaping @Sendable (Model) -> SpecValue? = { _ in nil },
        clear: (@Sendable (inout Model, String?) -> Void)? = nil
    ) {
        self.field = field
        self.kind = kind
        self.placement = placement
        self.required = required
        self.defaultValue = defaultValue
        self.doc = doc
        self.summary = summary
        self.drift = drift
        self.diff = diff
        self.read = read
        self.clear = clear
    }

    /// The value as a spec encoder writes it: an empty list only where it differs from leaving the field out (the
    /// field has a default: `releaseOn: []`, `mayStart: []`). What the round trip compares, too.
    public func written(_ model: Model) -> SpecValue? {
        guard let value = read(model) else { return nil }
        if case .list(let items) = value, items.isEmpty, defaultValue == nil { return nil }
        return value
    }
}

/// What a field's value is written as.
public enum SpecValueKind: Sendable, Equatable {
    /// The number 1 (`version`).
    case version
    /// A name: text or a number.
    case name
    /// A list of names.
    case names
    /// One name, or a list of them (`initial`, `then`); `emptyList` whether the list may be empty.
    case nameOrNames(emptyList: Bool)
    /// One word of `values`.
    case word([String])
    /// A list of words of `values` (`releaseOn`).
    case words([String])
    case bool
    /// Free text.
    case text
    /// Rule ids (`ignore`).
    case ruleIDs
    /// A mapping of coordinator names to hold strengths (`holds`).
    case holds
    /// `[id: String]` (`params`).
    case parameters
    /// Chain steps.
    case steps
    /// A mapping of names to elements of this kind (`coordinators`, `routes`, `chains`).
    case elements(SpecElement)
    /// `defaults:`.
    case defaults
}

/// Where a field may be written: anywhere on its element, or only where the element is of some kind.
public enum SpecPlacement: Sendable, Equatable {
    case anywhere
    /// Coordinators of these kinds.
    case kinds([CoordinatorKind])
    /// Routes with one of these transitions (or whose transition is unknown).
    case transitions([Transition])
    /// Routes that start a child coordinator.
    case childRoutes

    /// What the field belongs to, for "`style` belongs only to `present` routes".
    public var owner: String {
        switch self {
        case .anywhere: "any element"
        case .kinds(let kinds): kinds.map { "`\($0.rawValue)`" }.joined(separator: " and ") + " coordinators"
        case .transitions(let transitions): transitions.map { "`\($0.rawValue)`" }.joined(separator: " and ") + " routes"
        case .childRoutes: "routes that start a child `coordinator`"
        }
    }

    /// Whether a coordinator of `kind` may have the field; any may when its kind is unknown.
    public func allows(kind: CoordinatorKind?) -> Bool {
        guard case .kinds(let kinds) = self, let kind else { return true }
        return kinds.contains(kind)
    }

    /// Whether a route may have the field: `transition` when known, `startsChild` whether it names a coordinator.
    public func allows(transition: Transition?, known: Bool, startsChild: Bool) -> Bool {
        switch self {
        case .anywhere, .kinds: true
        case .transitions(let transitions): !known || transition.map(transitions.contains) == true
        case .childRoutes: startsChild
        }
    }
}

/// How `flowlint diff` shows a field's change.
public enum SpecDiffShow: Sendable, Equatable {
    /// Not at all: it does not say how the app navigates (`description`, `ignore`).
    case hidden
    /// As the old and new value.
    case value
    /// Item by item, as added and removed (`triggers`).
    case items
}
