/// One spec file as read, before it is merged into a project.
public struct SpecFile: Sendable {
    public var path: String
    public var version: Located<Int>?
    public var entry: Located<String>?
    public var coordinators: [Coordinator] = []
    public var chains: [Chain] = []

    public init(path: String) {
        self.path = path
    }
}

/// All spec files of one run merged into one project: the route graph the rules analyse.
public struct FlowGraph: Sendable {
    /// The spec files read, in the order they were found.
    public var files: [String] = []
    public var entry: Located<String>?
    public private(set) var coordinators: [Coordinator] = []
    public private(set) var chains: [Chain] = []
    public private(set) var coordinatorIndex: [String: Int] = [:]
    public private(set) var chainIndex: [String: Int] = [:]

    public init() {}

    /// Adds a coordinator; returns the earlier one of the same name instead, if there is one.
    @discardableResult
    public mutating func add(_ coordinator: Coordinator) -> Coordinator? {
        Self.add(coordinator, named: coordinator.name, to: &coordinators, index: &coordinatorIndex)
    }

    /// Adds a chain; returns the earlier one of the same name instead, if there is one.
    @discardableResult
    public mutating func add(_ chain: Chain) -> Chain? {
        Self.add(chain, named: chain.name, to: &chains, index: &chainIndex)
    }

    private static func add<Element>(
        _ element: Element, named name: String, to elements: inout [Element], index: inout [String: Int]
    ) -> Element? {
        if let existing = index[name] { return elements[existing] }
        index[name] = elements.count
        elements.append(element)
        return nil
    }

    public func coordinator(named name: String) -> Coordinator? {
        coordinatorIndex[name].map { coordinators[$0] }
    }

    /// The entry coordinator, when `entry` names one.
    public var entryCoordinator: Coordinator? {
        entry.flatMap { coordinator(named: $0.value) }
    }
}
