import FlowModel

/// An element of a `FlowIndex` by its position: `RouteID` in `0..<routeCount`, `CoordinatorID` in
/// `0..<coordinatorCount` (`FlowGraph` order). One type per kind of element, so a route cannot be passed where
/// a coordinator is meant; each wraps the integer the passes index their arrays with, at no cost.
public struct IndexID<Element>: Hashable, Comparable, Sendable {
    public let raw: Int32

    @inlinable public init(_ position: Int) { raw = Int32(truncatingIfNeeded: position) }
    @inlinable public init(_ raw: Int32) { self.raw = raw }

    /// Decodes an id kept in flat `Int32` storage, where a negative value means none: the one place that reads
    /// the sentinel (`OptionalIDs`, `DominatorTree`).
    @inlinable package init?(stored raw: Int32) {
        guard raw >= 0 else { return nil }
        self.raw = raw
    }

    /// The position, for indexing arrays kept per element.
    @inlinable public var position: Int { Int(raw) }
    @inlinable public static func < (lhs: Self, rhs: Self) -> Bool { lhs.raw < rhs.raw }

    /// Hashed as its position is, through the integers' one-shot path: the passes keep sets and dictionaries of
    /// ids, and a synthesized `Hashable` would feed a full `Hasher` per lookup.
    @inlinable public func hash(into hasher: inout Hasher) { hasher.combine(position) }
    @inlinable public func _rawHashValue(seed: Int) -> Int { position._rawHashValue(seed: seed) }
}

public typealias RouteID = IndexID<Route>
public typealias CoordinatorID = IndexID<Coordinator>

/// The ids of one kind from `lowerBound` up to `upperBound`, in order: every route, or a coordinator's routes.
public struct IDRange<Element>: RandomAccessCollection, Sendable {
    public let startIndex: Int
    public let endIndex: Int

    @inlinable package init(_ positions: Range<Int>) { (startIndex, endIndex) = (positions.lowerBound, positions.upperBound) }

    @inlinable public subscript(position: Int) -> IndexID<Element> { IndexID(position) }
}

/// One value per element of a kind (whether a route is reached, a coordinator's kind…), read by its id.
public struct PerElement<Element, Value> {
    /// Kept visible to other modules' inlined code (with `@inlinable` accessors): the rules read these per route,
    /// and a call into this module for each read costs more than the read.
    @usableFromInline var storage: [Value]

    public var values: [Value] { storage }

    package init(_ values: [Value]) { storage = values }
    package init(repeating value: Value, count: Int) { storage = [Value](repeating: value, count: count) }

    @inlinable public subscript(id: IndexID<Element>) -> Value {
        get { storage[id.position] }
        set { storage[id.position] = newValue }
    }

    @inlinable public var ids: IDRange<Element> { IDRange(storage.indices) }
}

extension PerElement: Sendable where Value: Sendable {}

public typealias PerRoute<Value> = PerElement<Route, Value>
public typealias PerCoordinator<Value> = PerElement<Coordinator, Value>

/// Per element, at most one element of another kind (a route's child, a coordinator's initial route…), kept flat as
/// `Int32` where -1 is none: the hot path reads these for every route of every pass, and an optional would double them.
public struct OptionalIDs<Element, Target>: Sendable {
    @usableFromInline var stored: [Int32]

    /// None for each of `count` elements.
    package init(count: Int) { stored = [Int32](repeating: -1, count: count) }

    @inlinable public subscript(id: IndexID<Element>) -> IndexID<Target>? {
        get { IndexID(stored: stored[id.position]) }
        set { stored[id.position] = newValue?.raw ?? -1 }
    }

    @inlinable public var ids: IDRange<Element> { IDRange(stored.indices) }
}
