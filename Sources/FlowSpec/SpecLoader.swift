#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import FlowModel

/// Loads spec files and folders into one `FlowGraph` with every spec-validity finding.
public struct SpecLoader: Sendable {
    public var limits = SpecLimits()
    /// Rule ids that `ignore:` may name; empty means not checked.
    public var knownRules: Set<RuleID> = []
    /// `retain` of child routes that neither set it nor have a file `defaults:` (the project's framework).
    public var defaultRetain: RetainPolicy

    public init(limits: SpecLimits = SpecLimits(), knownRules: Set<RuleID> = [], defaultRetain: RetainPolicy = .parent) {
        self.limits = limits
        self.knownRules = knownRules
        self.defaultRetain = defaultRetain
    }

    public func load(paths: [String]) throws(LoadError) -> LoadedProject {
        let (files, notFollowed) = try FileDiscovery.search(paths)
        var project = try load(files: files)
        project.notFollowed = notFollowed
        return project
    }

    /// Reads the files in parallel (each is independent), then resolves names across them in file order.
    public func load(files: [String]) throws(LoadError) -> LoadedProject {
        let results = try Parallel.map(files, inParallel: Self.worthThreads(files)) { path throws(LoadError) in
            try SpecReader.read(path, limits: limits, defaultRetain: defaultRetain)
        }
        return resolve(files, results)
    }

    /// Below this many bytes of specs (a small app's, `fixtures/seeds`), files are read on one thread: waking
    /// others costs a small lint more than they save.
    static let parallelBytes = 64 * 1024

    private static func worthThreads(_ files: [String]) -> Bool {
        var total = 0
        for file in files {
            var info = stat()
            if stat(file, &info) == 0 { total += Int(info.st_size) }
            if total >= parallelBytes { return true }
        }
        return false
    }

    /// Specs whose bytes are at hand (a revision read from git's objects), each named by its path, in that order.
    public func load(contents: [(path: String, bytes: [UInt8])]) -> LoadedProject {
        let results = Parallel.map(contents, inParallel: contents.reduce(0) { $0 + $1.bytes.count } >= Self.parallelBytes) { file in
            SpecReader.read(file.path, bytes: file.bytes, limits: limits, defaultRetain: defaultRetain)
        }
        return resolve(contents.map(\.path), results)
    }

    private func resolve(_ files: [String], _ results: [SpecReader.Result]) -> LoadedProject {
        let counts = Dictionary(
            zip(files, results).map { ($0, $1.diagnostics.count + ($1.omitted?.count ?? 0)) },
            uniquingKeysWith: +)
        let omitted = Dictionary(
            zip(files, results).compactMap { path, result in result.omitted.map { (path, $0) } },
            uniquingKeysWith: { first, _ in first })
        var resolver = ProjectResolver(
            knownRules: knownRules, findingLimit: limits.maximumFindingsPerFile,
            findingCounts: counts, omitted: omitted)
        let graph = resolver.resolve(
            files: results.compactMap(\.file),
            allPaths: files,
            gaps: results.reduce(into: SpecGaps()) { $0.formUnion($1.gaps) })
        return LoadedProject(graph: graph, diagnostics: results.flatMap(\.diagnostics) + resolver.diagnostics)
    }
}
