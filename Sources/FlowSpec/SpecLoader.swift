import Dispatch
import FlowModel

/// The project read from the paths of one run.
public struct LoadedProject: Sendable {
    public var graph: FlowGraph
    /// Spec-validity findings, in no particular order.
    public var diagnostics: [Diagnostic]
}

/// Loads spec files and folders into one `FlowGraph` with every spec-validity finding.
public struct SpecLoader: Sendable {
    public var limits = SpecLimits()
    /// Rule ids that `ignore:` may name; empty means not checked.
    public var knownRules: Set<RuleID> = []

    public init(limits: SpecLimits = SpecLimits(), knownRules: Set<RuleID> = []) {
        self.limits = limits
        self.knownRules = knownRules
    }

    public func load(paths: [String]) throws(LoadError) -> LoadedProject {
        try load(files: FileDiscovery.find(paths))
    }

    /// Reads the files in parallel (each is independent), then resolves names across them in file order.
    public func load(files: [String]) throws(LoadError) -> LoadedProject {
        let results = try ParallelMap.map(files) { path throws(LoadError) in
            try SpecReader.read(path, limits: limits)
        }
        var resolver = ProjectResolver(knownRules: knownRules)
        let graph = resolver.resolve(
            files: results.compactMap(\.file),
            allPaths: files,
            gaps: results.reduce(into: SpecGaps()) { $0.formUnion($1.gaps) })
        return LoadedProject(graph: graph, diagnostics: results.flatMap(\.diagnostics) + resolver.diagnostics)
    }
}

/// `map` over both cores; results keep the input order.
enum ParallelMap {
    static func map<T, R: Sendable>(_ items: [T], _ transform: (T) throws(LoadError) -> R) throws(LoadError) -> [R] {
        let slots = Slots<Result<R, LoadError>>(count: items.count)
        items.withUnsafeBufferPointer { buffer in
            nonisolated(unsafe) let buffer = buffer
            withoutActuallyEscaping(transform) { transform in
                nonisolated(unsafe) let transform = transform
                DispatchQueue.concurrentPerform(iterations: buffer.count) { index in
                    slots.set(index, Result { () throws(LoadError) -> R in try transform(buffer[index]) })
                }
            }
        }
        return try slots.values.map { result throws(LoadError) in try result.get() }
    }

    /// Each index is written by exactly one iteration, so no two threads touch the same slot.
    private final class Slots<Value>: @unchecked Sendable {
        private let storage: UnsafeMutableBufferPointer<Value?>

        init(count: Int) {
            storage = .allocate(capacity: count)
            storage.initialize(repeating: nil)
        }

        deinit {
            storage.deinitialize()
            storage.deallocate()
        }

        func set(_ index: Int, _ value: Value) {
            storage[index] = value
        }

        var values: [Value] { storage.map { $0! } }
    }
}
