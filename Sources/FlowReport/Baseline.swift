import FoundationEssentials
import FlowModel

/// The findings a team accepted when it adopted flowlint (`--write-baseline`); `--baseline` reports only the others.
///
/// Findings are matched by `FindingKey` (rule, coordinator, route, message digest; the file only for findings about
/// no coordinator), not by line, so edits elsewhere in a file do not bring a baselined finding back. A key may occur
/// several times: the baseline keeps its count and suppresses at most that many findings with the key.
public struct Baseline: Equatable, Sendable {
    public static let formatVersion = 1

    /// One key and how many findings had it, sorted by key.
    public struct Entry: Equatable, Sendable {
        public var key: FindingKey
        public var count: Int
        /// The finding's message, for whoever reviews the baseline; matching uses the digest in `key`.
        public var message: String?
    }

    public private(set) var entries: [Entry]

    public init(entries: [Entry]) {
        self.entries = entries.sorted { $0.key < $1.key }
    }

    /// Records every finding of `findings`.
    public init(recording findings: [Finding]) {
        var entries: [FindingKey: Entry] = [:]
        for finding in findings {
            let key = FindingKey(finding)
            entries[key, default: Entry(key: key, count: 0, message: finding.message)].count += 1
        }
        self.init(entries: Array(entries.values))
    }

    /// The findings of `report` that the baseline does not cover, and how many it covered.
    public func filter(_ report: Report) -> (report: Report, suppressed: Int) {
        var remaining: [FindingKey: Int] = [:]
        for entry in entries { remaining[entry.key] = Self.saturatingSum(remaining[entry.key] ?? 0, entry.count) }
        var kept: [Finding] = []
        for finding in report.findings {
            let key = FindingKey(finding)
            if let count = remaining[key], count > 0 {
                remaining[key] = count - 1
            } else {
                kept.append(finding)
            }
        }
        var filtered = report
        filtered.findings = kept
        return (filtered, report.findings.count - kept.count)
    }

    /// How many findings the baseline records.
    public var findingCount: Int { entries.reduce(0) { Self.saturatingSum($0, $1.count) } }

    /// Counts come from a file and may add past `Int.max`: they saturate (Int.max findings suppresses them all).
    static func saturatingSum(_ a: Int, _ b: Int) -> Int {
        let (sum, overflow) = a.addingReportingOverflow(b)
        return overflow ? Int.max : sum
    }
}

// MARK: The file format

extension Baseline {
    /// `{"version": 1, "findings": [{"rule", "coordinator", "route", "file", "digest", "count", "message"}...]}`,
    /// keys sorted and absent fields left out, so the same findings always give the same bytes.
    public func encoded() -> String {
        let document = Document(version: Self.formatVersion, findings: entries.map(Document.Entry.init))
        return ReportText.json(document)
    }

    /// Reads the file format; `source` names the file in errors.
    public static func decode(_ data: Data, source: String) throws(BaselineError) -> Baseline {
        let document: Document
        do {
            document = try JSONDecoder().decode(Document.self, from: data)
        } catch let error as DecodingError {
            throw .malformed(path: source, reason: describe(error))
        } catch {
            throw .malformed(path: source, reason: "\(error)")
        }
        guard document.version == formatVersion else {
            throw .malformed(
                path: source, reason: "version \(document.version) is not supported; this flowlint reads version \(formatVersion)")
        }
        var entries: [Entry] = []
        for (index, entry) in document.findings.enumerated() {
            let count = entry.count ?? 1
            guard count > 0 else {
                throw .malformed(path: source, reason: "findings[\(index)].count must be at least 1, found \(count)")
            }
            let key = FindingKey(
                rule: entry.rule, file: entry.file, coordinator: entry.coordinator, route: entry.route,
                messageDigest: entry.digest)
            entries.append(Entry(key: key, count: count, message: entry.message))
        }
        return Baseline(entries: entries)
    }

    struct Document: Codable {
        var version: Int
        var findings: [Entry]

        struct Entry: Codable {
            var rule: String
            var file: String?
            var coordinator: String?
            var route: String?
            var digest: String
            var count: Int?
            var message: String?

            init(_ entry: Baseline.Entry) {
                rule = entry.key.rule
                file = entry.key.file
                coordinator = entry.key.coordinator
                route = entry.key.route
                digest = entry.key.messageDigest
                count = entry.count
                message = entry.message
            }
        }
    }

    /// One line naming where in the document the problem is, such as `findings[2]: missing "digest"`.
    private static func describe(_ error: DecodingError) -> String {
        func path(_ context: DecodingError.Context) -> String {
            var text = ""
            for key in context.codingPath {
                if let index = key.intValue { text += "[\(index)]" } else { text += text.isEmpty ? key.stringValue : ".\(key.stringValue)" }
            }
            return text.isEmpty ? "the document" : text
        }
        switch error {
        case .keyNotFound(let key, let context):
            return "\(path(context)): missing \"\(key.stringValue)\""
        case .typeMismatch(let type, let context), .valueNotFound(let type, let context):
            return "\(path(context)): expected \(type == String.self ? "a string" : type == Int.self ? "an integer" : "\(type)")"
        case .dataCorrupted(let context):
            return context.codingPath.isEmpty ? "not JSON" : "\(path(context)): \(context.debugDescription)"
        @unknown default:
            return "\(error)"
        }
    }
}

// MARK: Reading and writing

extension Baseline {
    /// A baseline of a million findings is about 200 MiB; anything larger is not one.
    static let maximumFileSize = 256 << 20

    public static func read(from path: String) throws(BaselineError) -> Baseline {
        let bytes: [UInt8]
        do {
            bytes = try FileIO.bytes(of: path, limit: maximumFileSize)
        } catch {
            throw .unreadable(path: path, reason: error.description)
        }
        return try decode(Data(bytes), source: path)
    }

    /// Writes the baseline atomically: a reader sees the old file or the new one, never a part.
    public func write(to path: String) throws(BaselineError) {
        do {
            try FileIO.writeAtomically(encoded(), to: path)
        } catch {
            throw .unwritable(path: path, reason: error.description)
        }
    }
}

public enum BaselineError: Error, Equatable, CustomStringConvertible {
    case unreadable(path: String, reason: String)
    case malformed(path: String, reason: String)
    case unwritable(path: String, reason: String)

    public var description: String {
        switch self {
        case .unreadable(let path, let reason): "cannot read baseline \(path): \(reason)"
        case .malformed(let path, let reason): "\(path) is not a flowlint baseline: \(reason); rewrite it with --write-baseline"
        case .unwritable(let path, let reason): "cannot write baseline \(path): \(reason)"
        }
    }
}
