/// How sure the Swift reader is of a fact.
public enum Confidence: Hashable, Sendable {
    /// Read directly from the code (`pushViewController(vc)`, a `Route` enum case).
    case certain
    /// Derived by a convention or a look-up; the text says which (`name ends in Coordinator`).
    case inferred(String)

    public var isCertain: Bool { self == .certain }

    public var reason: String? {
        if case .inferred(let why) = self { why } else { nil }
    }
}

/// One value read from the code, where, and how sure the reader is: what the Swift reader's recognizers hand on
/// until the value is placed in the graph (which records the confidence in the provenance), and one fact of
/// `flowlint extract --format json` (its value, file, line, column and, when inferred, why).
public struct Fact<Value> {
    public var value: Value
    public var location: SourceLocation
    public var confidence: Confidence

    @inlinable
    public init(_ value: Value, at location: SourceLocation, _ confidence: Confidence = .certain) {
        self.value = value
        self.location = location
        self.confidence = confidence
    }

    @inlinable
    public init(_ located: Located<Value>, _ confidence: Confidence) {
        self.init(located.value, at: located.location, confidence)
    }
}

extension Fact: Sendable where Value: Sendable {}

extension Fact: Encodable where Value: Encodable {
    private enum CodingKeys: String, CodingKey {
        case value, inferred
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(value, forKey: .value)
        try container.encodeIfPresent(confidence.reason, forKey: .inferred)
        try location.encode(to: encoder)
    }
}

/// The place of one fact in a `FlowGraph`: a coordinator, a route or a chain, one of its fields by its spec key
/// (`nil` for the element itself), and for list fields the item (a trigger's text, an exit, a tab, a hold's
/// target, a parameter's name).
public struct FactPath: Hashable, Sendable {
    public enum Owner: Hashable, Sendable {
        case entry
        case coordinator(String)
        case route(coordinator: String, route: String)
        case chain(String)
    }

    public var owner: Owner
    /// The spec key: `transition`, `releaseOn`, … A new spec field needs no new case here.
    public var field: String?
    public var item: String?

    public init(_ owner: Owner, field: String? = nil, item: String? = nil) {
        self.owner = owner
        self.field = field
        self.item = item
    }

    public static func coordinator(_ name: String, _ field: CoordinatorField? = nil, item: String? = nil) -> FactPath {
        FactPath(.coordinator(name), field: field?.rawValue, item: item)
    }

    public static func route(_ coordinator: String, _ route: String, _ field: RouteField? = nil, item: String? = nil) -> FactPath {
        FactPath(.route(coordinator: coordinator, route: route), field: field?.rawValue, item: item)
    }

    public static func chain(_ name: String, _ field: ChainField? = nil, item: String? = nil) -> FactPath {
        FactPath(.chain(name), field: field?.rawValue, item: item)
    }

    public static let entry = FactPath(.entry)
}

/// A site the reader saw but could not turn into a fact: listed, never guessed.
public struct ExtractionNote: Hashable, Sendable, Comparable {
    public enum Kind: String, Hashable, Sendable {
        /// A transition whose destination is computed at run time (a variable, a function result).
        case dynamicDestination = "dynamic-destination"
        /// A destination built by a factory whose product type the reader cannot see.
        case unresolvedFactory = "unresolved-factory"
        /// A push onto a navigation controller that is not the coordinator's own.
        case foreignStack = "foreign-stack"
        /// The file could not be read or parsed (the rest of the project is still extracted).
        case unreadable
        /// Navigation the reader does not recognize (a custom transition), or a container whose tabs it cannot
        /// resolve: left out of the spec rather than written invalid.
        case unrecognized
    }
    public var kind: Kind
    public var message: String
    public var location: SourceLocation
    /// The coordinator the site belongs to, if any.
    public var coordinator: String?

    public init(_ kind: Kind, _ message: String, at location: SourceLocation, coordinator: String? = nil) {
        self.kind = kind
        self.message = message
        self.location = location
        self.coordinator = coordinator
    }

    public static func < (lhs: ExtractionNote, rhs: ExtractionNote) -> Bool {
        (lhs.location, lhs.kind.rawValue, lhs.message) < (rhs.location, rhs.kind.rawValue, rhs.message)
    }
}

/// Where the facts of a graph read from Swift code come from (DESIGN §6). Every fact's Swift location is the
/// `Located` location in the graph itself; this table adds how sure the reader is of each (certain unless it
/// holds a reason), the library each coordinator is written with, and the sites the reader saw but could not
/// turn into facts. A graph loaded from YAML has an empty table: every fact certain.
public struct Provenance: Sendable {
    /// Fact → why it is inferred. A fact not listed is certain.
    public private(set) var inferred: [FactPath: String] = [:]
    /// Coordinator → the library its code is written with.
    public var frameworks: [String: Framework] = [:]
    /// Sorted by location.
    public var notes: [ExtractionNote] = []

    public init() {}

    public func confidence(_ path: FactPath) -> Confidence {
        inferred[path].map(Confidence.inferred) ?? .certain
    }

    public mutating func set(_ path: FactPath, _ confidence: Confidence) {
        inferred[path] = confidence.reason
    }

    /// Takes in the inferred facts, frameworks and notes of another provenance, which was recorded for other
    /// facts (other coordinators): where both name a fact or framework, the other's is kept.
    public mutating func absorb(_ other: Provenance) {
        inferred.merge(other.inferred) { _, new in new }
        frameworks.merge(other.frameworks) { _, new in new }
        notes += other.notes
    }
}

/// What the Swift reader returns: the same model the YAML loader builds, every location in Swift code, and
/// how sure it is of each fact.
public struct CodeGraph: Sendable {
    public var graph: FlowGraph
    public var provenance: Provenance
    /// What the reader found and read of the coordinator-like types (`nil` where nobody counted, as in a graph
    /// built by hand).
    public var coverage: Coverage?

    public init(graph: FlowGraph = FlowGraph(), provenance: Provenance = Provenance(), coverage: Coverage? = nil) {
        self.graph = graph
        self.provenance = provenance
        self.coverage = coverage
    }

    /// The graph with only the facts read with certainty (drift compares those by default, DESIGN §5): an
    /// inferred coordinator, route or chain is left out, an inferred field is left unset, an inferred list item
    /// dropped.
    public var certainGraph: FlowGraph {
        let inferred = provenance.inferred
        var certainGraph = FlowGraph()
        certainGraph.files = graph.files
        if inferred[.entry] == nil { certainGraph.entry = graph.entry }
        for var coordinator in graph.coordinators where inferred[.coordinator(coordinator.name)] == nil {
            let name = coordinator.name
            coordinator.keepFacts { field, item in inferred[.coordinator(name, field, item: item)] == nil }
            coordinator.replaceRoutes(
                coordinator.routes.compactMap { route in
                    guard inferred[.route(name, route.name)] == nil else { return nil }
                    var route = route
                    let routeName = route.name
                    route.keepFacts { field, item in inferred[.route(name, routeName, field, item: item)] == nil }
                    return route
                })
            certainGraph.add(coordinator)
        }
        for chain in graph.chains where inferred[.chain(chain.name)] == nil {
            certainGraph.add(chain)
        }
        return certainGraph
    }
}
