#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import FlowConfig
import FlowModel
import SwiftParser
import SwiftSyntax

/// Swift sources → the flow graph and its provenance (DESIGN §5): files are read and parsed in parallel, each
/// into located facts; one pass over all of them recognizes the coordinators of every style.
public enum SwiftExtractor {
    /// Files larger than this are listed as a note and skipped (generated code, data in a `.swift`).
    public static let sizeLimit = 8 << 20

    public enum SourceError: Error, Equatable, CustomStringConvertible {
        case noSuchPath(String)
        case noSources([String])
        case refused(FileSearch.Refusal)

        public var description: String {
            switch self {
            case .refused(let refusal): "\(refusal)"
            case .noSuchPath(let path): "no such file or directory: \(path)"
            case .noSources(let paths): "no Swift files in \(paths.joined(separator: ", "))"
            }
        }
    }

    /// Extracts the coordinators of the Swift files at `paths` (files or folders, searched recursively).
    ///
    /// `keepingFactsUntilExit`: a command that exits once it has the graph need not free what every file said
    /// (as a compiler's `-disable-free`): handing a project's facts back to the allocator costs a twentieth of an
    /// extract. They stay until the process ends.
    /// `measuringCoverage`: what was read of the code (`CodeGraph.coverage`), which a lint reports and `extract` does not.
    public static func extract(
        paths: [String], mapping: ExtractMapping = ExtractMapping(), keepingFactsUntilExit: Bool = false, measuringCoverage: Bool = true
    ) throws(SourceError) -> CodeGraph {
        let (files, skipped) = try search(paths)
        return extract(
            sources: files.map(Source.file), skipped: skipped, mapping: mapping, roots: paths, keepingFactsUntilExit: keepingFactsUntilExit,
            measuringCoverage: measuringCoverage)
    }

    /// Extracts from in-memory sources (tests): path → text.
    public static func extract(sources: [(path: String, text: String)], mapping: ExtractMapping = ExtractMapping()) -> CodeGraph {
        extract(sources: sources.map { Source.text($0.path, Array($0.text.utf8)) }, skipped: [], mapping: mapping)
    }

    private enum Source {
        case file(String)
        case text(String, [UInt8])

        var path: String {
            switch self {
            case .file(let path), .text(let path, _): path
            }
        }

        /// What reading will hold in memory, known before reading: the budget is taken first.
        var size: Int {
            switch self {
            case .file(let path):
                var info = stat()
                return stat(path, &info) == 0 ? Int(info.st_size) : 0
            case .text(_, let bytes): return bytes.count
            }
        }

        func read() -> Result<[UInt8], FileError> {
            switch self {
            case .text(_, let bytes): return .success(bytes)
            case .file(let path):
                do {
                    switch try FileIO.read(path, limit: sizeLimit) {
                    case .bytes(let bytes): return .success(bytes)
                    case .tooLarge(let size): return .failure(.tooLarge(size: size, limit: sizeLimit))
                    }
                } catch {
                    return .failure(error)
                }
            }
        }
    }

    /// Files are read and parsed on all cores at once, but with at most `bytesInFlight` of source parsed at a
    /// time: a parsed file holds about 100 bytes per byte of source until its facts are collected.
    private static func extract(
        sources: [Source], skipped: [ExtractionNote], mapping: ExtractMapping, roots: [String] = [], keepingFactsUntilExit: Bool = false,
        measuringCoverage: Bool = true
    ) -> CodeGraph {
        let budget = ByteBudget(capacity: bytesInFlight)
        var facts = LargeStackThreads.map(sources, stackSize: stackSize) { source in
            budget.withBytes(min(source.size, bytesInFlight)) {
                collect(path: source.path, contents: source.read(), configuration: mapping.build, onLargeStack: true)
            }
        }
        for note in skipped {
            var file = FileFacts(path: note.location.file)
            file.notes = [note]
            facts.append(file)
        }
        let recognizer = Recognizer(files: facts, mapping: mapping)
        let read = recognizer.read()
        var code = read.code
        code.graph.files = sources.map(\.path)
        if measuringCoverage {
            code.coverage = CoverageReading(files: facts, recognizer: recognizer, code: code, roots: roots, mapping: mapping).coverage
        }
        if keepingFactsUntilExit { KeptUntilExit.keep((facts, recognizer, read.work)) }
        return code
    }

    /// Source bytes parsed at once, over all threads: one file of the largest size, or several smaller ones.
    static let bytesInFlight = sizeLimit
    /// The stack of each parsing thread: `NestingGuard`'s limits keep a debug build under a tenth of it. Only
    /// the pages a file touches are ever mapped.
    static let stackSize = 256 << 20

    /// Parses one file; never fails: what cannot be read or parsed becomes a located note.
    static func collect(path: String, bytes: [UInt8]?, configuration: BuildConfiguration = BuildConfiguration()) -> FileFacts {
        collect(path: path, contents: bytes.map { .success($0) } ?? .failure(.system("cannot read the file")), configuration: configuration)
    }

    /// `onLargeStack`: the caller runs on a thread with a stack of `stackSize`; otherwise one is made for the parse.
    static func collect(
        path: String, contents: Result<[UInt8], FileError>, configuration: BuildConfiguration = BuildConfiguration(),
        onLargeStack: Bool = false
    ) -> FileFacts {
        var facts = FileFacts(path: path)
        let start = SourceLocation(file: path, line: 1, column: 1)
        let bytes: [UInt8]
        switch contents {
        case .success(let read): bytes = read
        case .failure(.tooLarge(let size, _)):
            facts.notes.append(
                ExtractionNote(
                    .unreadable, "not read: \(size) bytes, more than the \(sizeLimit >> 20) MiB a Swift file may have", at: start))
            return facts
        case .failure(let error):
            facts.notes.append(ExtractionNote(.unreadable, "not read: \(error)", at: start))
            return facts
        }
        if let bad = firstInvalidUTF8(in: bytes) {
            facts.notes.append(
                ExtractionNote(
                    .unreadable, "not read: not UTF-8 text (the byte 0x\(String(bytes[bad.offset], radix: 16, uppercase: true)) here)",
                    at: SourceLocation(file: path, line: bad.line, column: bad.column)))
            return facts
        }
        if let refusal = NestingGuard.check(bytes) {
            facts.notes.append(
                ExtractionNote(.unreadable, refusal.message, at: SourceLocation(file: path, line: refusal.line, column: refusal.column)))
            return facts
        }
        // swift-syntax's parser and the walk recurse on nesting: on a thread with a stack for the deepest file
        // the guard lets through (a worker thread's own is 512 KiB to 8 MiB).
        return onLargeStack
            ? parse(bytes, into: facts, configuration) : LargeStack.run(size: stackSize) { parse(bytes, into: facts, configuration) }
    }

    private static func parse(_ bytes: [UInt8], into facts: FileFacts, _ configuration: BuildConfiguration) -> FileFacts {
        var facts = facts
        let tree = bytes.withUnsafeBufferPointer { Parser.parse(source: $0, maximumNestingLevel: 2 * NestingGuard.depthLimit) }
        let collector = FactCollector(
            path: facts.path, source: bytes, configuration: configuration, wrappers: NavigationVocabulary.wrapperNames)
        if tree.hasMaximumNestingLevelOverflow {
            let at = firstError(in: tree).map { collector.location(of: $0) } ?? SourceLocation(file: facts.path, line: 1, column: 1)
            facts.notes.append(ExtractionNote(.unreadable, "nested too deep for swift-syntax's parser here: skipped", at: at))
            return facts
        }
        if tree.hasError, let bad = firstError(in: tree) {
            facts.notes.append(
                ExtractionNote(
                    .unreadable, "Swift that does not parse here; the rest of the file is still read", at: collector.location(of: bad)))
        }
        collector.walk(tree)
        collector.linkClosureProperties()
        facts.types = collector.types
        facts.aliases = collector.aliases
        facts.testOnlyArms = collector.testOnlyArms
        facts.isTestCode = collector.importsForTests
        for type in facts.types {
            for method in type.methods {
                for call in method.calls { facts.callCounts[call.name, default: 0] += 1 }
            }
        }
        return facts
    }

    /// The offset, line and UTF-8 column of the first byte that is not UTF-8, if one is.
    private static func firstInvalidUTF8(in bytes: [UInt8]) -> (offset: Int, line: Int, column: Int)? {
        if String(validating: bytes, as: UTF8.self) != nil { return nil }
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        var offset = 0
        var line = 1
        var lineStart = 0
        while case .scalarValue(let scalar) = decoder.decode(&iterator) {
            if scalar == "\n" {
                line += 1
                lineStart = offset + 1
            }
            offset += UTF8.width(scalar)
        }
        return (offset, line, offset - lineStart + 1)
    }

    /// The first unexpected or missing piece of syntax, found without recursion.
    private static func firstError(in tree: SourceFileSyntax) -> Syntax? {
        for token in tree.tokens(viewMode: .all) {
            if token.presence == .missing { return Syntax(token) }
            if let parent = token.parent, parent.is(UnexpectedNodesSyntax.self) { return Syntax(token) }
        }
        return nil
    }

    /// `.swift` files under `paths`, sorted, hidden folders and `.build` skipped; explicit files kept as given.
    public static func swiftFiles(in paths: [String]) throws(SourceError) -> [String] {
        try search(paths).files
    }

    /// The Swift files under `paths` (links followed, each file once, in byte order), and a note for every
    /// file or folder that could hold Swift code and cannot be read.
    static func search(_ paths: [String]) throws(SourceError) -> (files: [String], skipped: [ExtractionNote]) {
        let search = FileSearch.search(paths) { $0.hasSuffix(".swift") }
        if let refusal = search.refusal { throw .refused(refusal) }
        var notes: [ExtractionNote] = []
        for skipped in search.skipped {
            if skipped.explicit, case .missing = skipped.reason { throw .noSuchPath(skipped.path) }
            notes.append(
                ExtractionNote(.unreadable, "not read: \(skipped.reason)", at: SourceLocation(file: skipped.path, line: 1, column: 1)))
        }
        guard !search.found.isEmpty || !notes.isEmpty else { throw .noSources(paths) }
        return (search.found.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }, notes)
    }
}
