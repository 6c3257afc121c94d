import FoundationEssentials
import FlowModel

/// The JSON object of DESIGN §2: `{"version": 1, "findings": [...], "summary": {...}}`.
///
/// `Document` and its parts define it; `write` streams the findings in the bytes `ReportText.json(document)` gives
/// (a test compares them), so that ten thousand findings with their paths cost about what their text does.
public enum JSONReporter {
    public static func render(_ report: Report) -> String {
        var text: [UInt8] = []
        write(report) { text += $0 }
        return String(decoding: text, as: UTF8.self)
    }

    /// The document, written to `sink` a piece at a time: the findings one by one, the small summary through its
    /// `Codable` type.
    public static func write(_ report: Report, to sink: ([UInt8]) -> Void) {
        var writer = JSONTextWriter()
        writer.openObject()
        writer.key("findings")
        writer.openArray()
        for diagnostic in report.findings {
            writer.element()
            Record(diagnostic).write(to: &writer)
            if writer.bytes.count >= 1 << 16 { writer.flush(to: sink) }
        }
        writer.closeArray()
        writer.key("summary")
        writer.encoded(ReportText.json(Summary(report)))
        writer.field("version", version)
        writer.closeObject()
        writer.newline()
        writer.flush(to: sink)
    }

    /// The `Codable` encoding of the whole document: what `write` must equal, byte for byte.
    static func encoded(_ report: Report) -> String {
        ReportText.json(Document(version: version, findings: report.findings.map(Record.init), summary: Summary(report)))
    }

    static let version = 1

    struct Document: Encodable {
        var version: Int
        var findings: [Record]
        var summary: Summary
    }

    struct Summary: Encodable {
        var errors: Int
        var warnings: Int
        var files: Int
        /// Swift files `--sources` could not read.
        var unread: Int
        /// Findings withheld where an `open` element could make them false.
        var withheld: Int
        /// What was read of the code, when code was read: its keys sit in `summary` itself.
        var coverage: CoverageSummary?

        init(_ report: Report) {
            errors = report.errors
            warnings = report.warnings
            files = report.files
            unread = report.unread.count
            withheld = report.withheld.count
            coverage = report.coverage.map(CoverageSummary.init)
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(errors, forKey: .errors)
            try container.encode(warnings, forKey: .warnings)
            try container.encode(files, forKey: .files)
            try container.encode(unread, forKey: .unread)
            try container.encode(withheld, forKey: .withheld)
            try coverage?.encode(to: encoder)
        }

        enum CodingKeys: String, CodingKey { case errors, warnings, files, unread, withheld }
    }

    /// One finding as `lint --format json` writes it; `flowlint diff` writes its new and fixed findings the same way.
    /// The path note of the text format is `path`, not one of `notes`.
    public struct Record: Encodable {
        var rule: String
        var severity: String
        var message: String
        var file: String
        var line: Int
        var column: Int
        var coordinator: String?
        var route: String?
        /// Related locations (drift: the Swift line); the key is left out when there are none.
        var notes: [Note]
        /// The witness path from the entry (`Finding.path`); the key is left out when the rule traces none or no
        /// state-safe path reaches the element.
        var path: [NamedPathStep]?

        struct Note: Encodable {
            var message: String
            var file: String
            var line: Int
            var column: Int
        }

        public init(_ diagnostic: Finding) {
            rule = diagnostic.rule.rawValue
            severity = diagnostic.severity.rawValue
            message = diagnostic.message
            file = diagnostic.location.file
            line = diagnostic.location.line
            column = diagnostic.location.column
            coordinator = diagnostic.coordinator
            route = diagnostic.route
            notes = diagnostic.notes.map {
                Note(message: $0.message, file: $0.location.file, line: $0.location.line, column: $0.location.column)
            }
            path = diagnostic.path?.map(\.step)
        }

        enum CodingKeys: String, CodingKey {
            case rule, severity, message, file, line, column, coordinator, route, notes, path
        }

        /// `coordinator` and `route` are written as null when absent, never left out.
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(rule, forKey: .rule)
            try container.encode(severity, forKey: .severity)
            try container.encode(message, forKey: .message)
            try container.encode(file, forKey: .file)
            try container.encode(line, forKey: .line)
            try container.encode(column, forKey: .column)
            try container.encode(coordinator, forKey: .coordinator)
            try container.encode(route, forKey: .route)
            if !notes.isEmpty { try container.encode(notes, forKey: .notes) }
            if let path { try container.encode(path, forKey: .path) }
        }

        /// The finding as `encode(to:)` writes it, keys in sorted order.
        func write(to writer: inout JSONTextWriter) {
            writer.openObject()
            writer.field("column", column)
            writer.field("coordinator", coordinator)
            writer.field("file", file)
            writer.field("line", line)
            writer.field("message", message)
            if !notes.isEmpty {
                writer.objects("notes", notes) { note, writer in
                    writer.field("column", note.column)
                    writer.field("file", note.file)
                    writer.field("line", note.line)
                    writer.field("message", note.message)
                }
            }
            if let path {
                writer.objects("path", path) { step, writer in
                    writer.fieldIfPresent("chain", step.chain)
                    writer.field("kind", step.kind)
                    writer.fieldIfPresent("on", step.on)
                    writer.field("route", step.route)
                    writer.fieldIfPresent("url", step.url)
                }
            }
            writer.field("route", route)
            writer.field("rule", rule)
            writer.field("severity", severity)
            writer.closeObject()
        }
    }
}
