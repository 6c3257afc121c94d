import FlowModel

/// An element of a `FlowIndex` by its position: `RouteID` in `0..<routeCount`, `CoordinatorID` in
/// `0..<coordinatorCount` (`FlowGraph` order). One type per kind of element, so a route cannot be passed where
/// a coordinator is meant; each wraps the integer the passes index their arrays with, at no cost.
public struct IndexID<Element>: Hashable, Comparable, Sendable {
    public let raw: Int32

    public init(_ position: Int) { raw = Int32(truncatingIfNeeded: position) }
    public init(_ raw: Int32) { self.raw = raw }

    /// The position, for indexing arrays kept per element.
    public var position: Int { Int(raw) }
    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.raw < rhs.raw }
}

public typealias RouteID = IndexID<Route>
public typealias CoordinatorID = IndexID<Coordinator>
