import FlowModel

/// Limits on what one spec file may be; see docs/limits.md.
public struct SpecLimits: Sendable {
    /// Largest spec file read; a generated 110,000-route project is 12 MB over 200 files.
    public var maximumFileSize: Int = 16 << 20
    /// Findings reported per file; further ones are counted in one closing finding.
    public var maximumFindingsPerFile: Int = 1000
    public var yaml = YAMLLimits()

    public init() {}
}

/// Reads and decodes one spec file. Content problems become findings; only I/O failures throw.
enum SpecReader {
    struct Result: Sendable {
        var file: SpecFile?
        var diagnostics: [Finding]
        /// What the file may define but could not be read: references into it are not reported.
        var gaps: SpecGaps
        /// Findings past the file's limit, counted, not kept.
        var omitted: FindingBudget.Omitted? = nil
    }

    static func read(_ path: String, limits: SpecLimits, defaultRetain: RetainPolicy = .parent) throws(LoadError) -> Result {
        switch try contents(of: path, limit: limits.maximumFileSize) {
        case .bytes(let contents):
            return decode(contents, path: path, limits: limits, defaultRetain: defaultRetain)
        case .tooLarge(let size):
            return tooLarge(size, path: path, limits: limits)
        }
    }

    /// A spec whose bytes are already at hand (a revision read from git), named `path`.
    static func read(_ path: String, bytes: [UInt8], limits: SpecLimits, defaultRetain: RetainPolicy = .parent) -> Result {
        bytes.count > limits.maximumFileSize
            ? tooLarge(bytes.count, path: path, limits: limits)
            : decode(bytes, path: path, limits: limits, defaultRetain: defaultRetain)
    }

    private static func tooLarge(_ size: Int, path: String, limits: SpecLimits) -> Result {
        let message =
            """
            the file is too large (\(megabytes(size)) MiB); flowlint reads spec files up to \(megabytes(limits.maximumFileSize)) MiB, \
            split it into one file per feature
            """
        return Result(file: nil, diagnostics: [fileFinding(.syntax, message, path: path)], gaps: .unreadable)
    }

    private static func decode(_ bytes: [UInt8], path: String, limits: SpecLimits, defaultRetain: RetainPolicy) -> Result {
        let (tree, problems) = YAMLReader.read(bytes, limits: limits.yaml)
        var diagnostics = problems.map { problem in
            Finding(
                rule: problem.kind == .syntax ? .syntax : .schema, severity: .error, message: problem.message,
                location: SourceLocation(file: path, line: problem.line, column: problem.column))
        }
        guard let tree else {
            return Result(file: nil, diagnostics: diagnostics, gaps: .unreadable)
        }
        var decoder = SpecDecoder(
            tree: tree, path: path, findingLimit: limits.maximumFindingsPerFile,
            earlierFindings: diagnostics.count, defaultRetain: defaultRetain)
        let file = decoder.decode()
        diagnostics += decoder.diagnostics
        return Result(file: file, diagnostics: diagnostics, gaps: decoder.gaps, omitted: decoder.omitted)
    }

    private static func fileFinding(_ rule: RuleID, _ message: String, path: String) -> Finding {
        Finding(rule: rule, severity: .error, message: message, location: SourceLocation(file: path, line: 1, column: 1))
    }

    private static func megabytes(_ bytes: Int) -> String {
        let tenths = (bytes * 10 + (1 << 20) / 2) >> 20
        return "\(tenths / 10).\(tenths % 10)"
    }

    /// Reads a regular file whole, checking its size before reading anything.
    static func contents(of path: String, limit: Int) throws(LoadError) -> FileIO.Contents {
        do {
            return try FileIO.read(path, limit: limit)
        } catch .notRegularFile {
            throw .notRegularFile(path)
        } catch {
            throw .unreadable(path, reason: error.description)
        }
    }
}
