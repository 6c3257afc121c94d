import FlowModel

/// An element of a `FlowIndex` by its position: `RouteID` in `0..<routeCount`, `CoordinatorID` in
/// `0..<coordinatorCount` (`FlowGraph` order). One type per kind of element, so a route cannot be passed where
/// a coordinator is meant; each wraps the integer the passes index their arrays with, at no cost.
public struct IndexID<Element>: Hashable, Comparable, Sendable {
    public let raw: Int32

    public init(_ position: Int) { raw = Int32(truncatingIfNeeded: position) }
    public init(_ raw: Int32) { self.raw = raw }

    /// Decodes an id kept in flat `Int32` storage, where a negative value means none: the one place that reads
    /// the sentinel (`OptionalIDs`, `DominatorTree`).
    package init?(stored raw: Int32) {
        guard raw >= 0 else { return nil }
        self.raw = raw
    }

    /// The position, for indexing arrays kept per element.
    public var position: Int { Int(raw) }
    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.raw < rhs.raw }

    /// Hashed as its position is, through the integers' one-shot path: the passes keep sets and dictionaries of
    /// ids, and a synthesized `Hashable` would feed a full `Hasher` per lookup.
    public func hash(into hasher: inout Hasher) { hasher.combine(position) }
    public func _rawHashValue(seed: Int) -> Int { position._rawHashValue(seed: seed) }
}

public typealias RouteID = IndexID<Route>
public typealias CoordinatorID = IndexID<Coordinator>

/// The ids of one kind from `lowerBound` up to `upperBound`, in order: every route, or a coordinator's routes.
public struct IDRange<Element>: RandomAccessCollection, Sendable {
    public let startIndex: Int
    public let endIndex: Int

    package init(_ positions: Range<Int>) { (startIndex, endIndex) = (positions.lowerBound, positions.upperBound) }

    @inline(__always) public subscript(position: Int) -> IndexID<Element> { IndexID(position) }
}

/// One value per element of a kind (whether a route is reached, a coordinator's kind…), read by its id.
public struct PerElement<Element, Value> {
    public private(set) var values: [Value]

    package init(_ values: [Value]) { self.values = values }
    package init(repeating value: Value, count: Int) { values = [Value](repeating: value, count: count) }

    public subscript(id: IndexID<Element>) -> Value {
        @inline(__always) get { values[id.position] }
        @inline(__always) set { values[id.position] = newValue }
    }

    public var ids: IDRange<Element> { IDRange(values.indices) }
}

extension PerElement: Sendable where Value: Sendable {}

public typealias PerRoute<Value> = PerElement<Route, Value>
public typealias PerCoordinator<Value> = PerElement<Coordinator, Value>

/// Per element, at most one element of another kind (a route's child, a coordinator's initial route…), kept flat as
/// `Int32` where -1 is none: the hot path reads these for every route of every pass, and an optional would double them.
public struct OptionalIDs<Element, Target>: Sendable {
    private var stored: [Int32]

    /// None for each of `count` elements.
    package init(count: Int) { stored = [Int32](repeating: -1, count: count) }

    public subscript(id: IndexID<Element>) -> IndexID<Target>? {
        @inline(__always) get { IndexID(stored: stored[id.position]) }
        @inline(__always) set { stored[id.position] = newValue?.raw ?? -1 }
    }

    public var ids: IDRange<Element> { IDRange(stored.indices) }
}
