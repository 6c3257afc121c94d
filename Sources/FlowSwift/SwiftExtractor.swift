#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import FlowRules
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

        public var description: String {
            switch self {
            case .noSuchPath(let path): "no such file or directory: \(path)"
            case .noSources(let paths): "no Swift files in \(paths.joined(separator: ", "))"
            }
        }
    }

    /// Extracts the coordinators of the Swift files at `paths` (files or folders, searched recursively).
    public static func extract(paths: [String], mapping: ExtractMapping = ExtractMapping()) throws(SourceError) -> CodeGraph {
        let files = try swiftFiles(in: paths)
        return extract(files: files.map { path in { () -> [UInt8]? in read(path) } }, paths: files, mapping: mapping)
    }

    /// Extracts from in-memory sources (tests): path → text.
    public static func extract(sources: [(path: String, text: String)], mapping: ExtractMapping = ExtractMapping()) -> CodeGraph {
        extract(files: sources.map { source in { Array(source.text.utf8) } }, paths: sources.map(\.path), mapping: mapping)
    }

    private static func extract(files: [() -> [UInt8]?], paths: [String], mapping: ExtractMapping) -> CodeGraph {
        let indices = Array(paths.indices)
        let facts = Parallel.map(indices) { index in
            collect(path: paths[index], bytes: files[index]())
        }
        var code = Recognizer(files: facts, mapping: mapping).graph()
        code.graph.files = paths
        return code
    }

    private static func read(_ path: String) -> [UInt8]? {
        switch try? FileIO.read(path, limit: sizeLimit) {
        case .bytes(let bytes): bytes
        default: nil
        }
    }

    /// Parses one file; never fails: what cannot be read or parsed becomes a located note.
    static func collect(path: String, bytes: [UInt8]?) -> FileFacts {
        var facts = FileFacts(path: path)
        let start = SourceLocation(file: path, line: 1, column: 1)
        guard let bytes else {
            facts.notes.append(ExtractionNote(.unreadable, "cannot read the file, or it is larger than \(sizeLimit >> 20) MiB: skipped", at: start))
            return facts
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            facts.notes.append(ExtractionNote(.unreadable, "not UTF-8 text: skipped", at: start))
            return facts
        }
        if let deep = bracketRun(in: bytes) {
            facts.notes.append(ExtractionNote(
                .unreadable,
                "\(bracketRunLimit) `[` in a row, nested: skipped (swift-syntax's parser takes time exponential in such nesting)",
                at: SourceLocation(file: path, line: deep.line, column: deep.column)))
            return facts
        }
        let tree = Parser.parse(source: text)
        let collector = FactCollector(path: path, tree: tree, source: bytes)
        if tree.hasError, let bad = firstError(in: tree) {
            facts.notes.append(ExtractionNote(.unreadable, "Swift that does not parse here; the rest of the file is still read", at: collector.location(of: bad)))
        }
        collector.walk(tree)
        facts.types = collector.types
        return facts
    }

    /// The most `[` in a row (with only white space between) that a file may have. swift-syntax 603's parser
    /// looks ahead for an inline array type at each one, and its time doubles with every `[` of the run: 22
    /// take a second, 30 several minutes (found by scripts/fuzz). Real code nests a few at most.
    static let bracketRunLimit = 12

    /// Where (line and UTF-8 column, as swift-syntax counts) a run of `bracketRunLimit` `[` ends, if one does.
    static func bracketRun(in bytes: [UInt8]) -> (line: Int, column: Int)? {
        var run = 0
        var line = 1
        var lineStart = 0
        for (offset, byte) in bytes.enumerated() {
            switch byte {
            case UInt8(ascii: "["):
                run += 1
                if run == bracketRunLimit { return (line, offset - lineStart + 1) }
            case UInt8(ascii: "\n"):
                line += 1
                lineStart = offset + 1
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"):
                break
            default:
                run = 0
            }
        }
        return nil
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
        var found: [String] = []
        var pending: [String] = []
        for path in paths {
            var info = stat()
            guard stat(path, &info) == 0 else { throw .noSuchPath(path) }
            if info.st_mode & S_IFMT == S_IFDIR { pending.append(path) } else { found.append(path) }
        }
        var seen: Set<String> = []
        while let directory = pending.popLast() {
            guard seen.insert(directory).inserted, let handle = opendir(directory) else { continue }
            defer { closedir(handle) }
            while let entry = readdir(handle) {
                let name = withUnsafePointer(to: entry.pointee.d_name) {
                    $0.withMemoryRebound(to: CChar.self, capacity: Int(NAME_MAX) + 1) { String(cString: $0) }
                }
                if name.hasPrefix(".") { continue }
                let child = directory.hasSuffix("/") ? directory + name : directory + "/" + name
                var info = stat()
                guard lstat(child, &info) == 0 else { continue }
                switch info.st_mode & S_IFMT {
                case S_IFDIR: pending.append(child)
                case S_IFREG where name.hasSuffix(".swift"): found.append(child)
                default: break
                }
            }
        }
        found = found.map { $0.hasPrefix("./") ? String($0.dropFirst(2)) : $0 }
        guard !found.isEmpty else { throw .noSources(paths) }
        return Array(Set(found)).sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    }
}
