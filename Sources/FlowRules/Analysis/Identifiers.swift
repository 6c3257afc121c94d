/// A route of a `FlowIndex`, by its position in `0..<routeCount`: a type of its own, so a route cannot be
/// passed where a coordinator is meant. It wraps the integer the passes index their arrays with, at no cost.
public struct RouteID: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let raw: Int32

    public init(_ position: Int) { raw = Int32(truncatingIfNeeded: position) }
    public init(_ raw: Int32) { self.raw = raw }

    /// The position, for indexing arrays kept per route.
    public var position: Int { Int(raw) }
    public var description: String { "route #\(raw)" }
    public static func < (lhs: RouteID, rhs: RouteID) -> Bool { lhs.raw < rhs.raw }
}

/// A coordinator of a `FlowIndex`, by its position in `0..<coordinatorCount` (`FlowGraph` order).
public struct CoordinatorID: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let raw: Int32

    public init(_ position: Int) { raw = Int32(truncatingIfNeeded: position) }
    public init(_ raw: Int32) { self.raw = raw }

    /// The position, for indexing arrays kept per coordinator.
    public var position: Int { Int(raw) }
    public var description: String { "coordinator #\(raw)" }
    public static func < (lhs: CoordinatorID, rhs: CoordinatorID) -> Bool { lhs.raw < rhs.raw }
}
