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
            write(record(diagnostic), to: &writer)
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
        ReportText.json(Document(version: version, findings: report.findings.map(record), summary: Summary(report)))
    }

    static let version = 1

    struct Document: Encodable {
        var version: Int
        var findings: [Record]
        var summary: Summary
    }

    /// The counts (errors, warnings, files, `unread`: Swift files `--sources` could not read, `withheld`: findings
    /// withheld where an `open` element could make them false) and, when code was read, the coverage keys beside them.
    struct Summary: Encodable {
        var counts: [String: Int]
        var coverage: CoverageSummary?

        init(_ report: Report) {
            counts = [
                "errors": report.errors, "warnings": report.warnings, "files": report.files, "unread": report.unread.count,
                "withheld": report.withheld.count,
            ]
            coverage = report.coverage.map(CoverageSummary.init)
        }

        func encode(to encoder: any Encoder) throws {
            try counts.encode(to: encoder)
            try coverage?.encode(to: encoder)
        }
    }

    /// One finding as `lint --format json` writes it: its fields, and its location's `file`, `line` and `column` beside
    /// them; `flowlint diff` writes its new and fixed findings the same way.
    public typealias Record = Located<Fields>

    /// A finding's fields but its location. The path note of the text format is `path`, not one of `notes`.
    public struct Fields: Encodable {
        var rule: String
        var severity: String
        var message: String
        /// `coordinator` and `route` are written as null when absent, never left out.
        @NullWhenAbsent var coordinator: String?
        @NullWhenAbsent var route: String?
        /// Related locations (drift: the Swift line); nil, and the key left out, when there are none.
        var notes: [Located<Note>]?
        /// The witness path from the entry (`Finding.path`); the key is left out when the rule traces none or no
        /// state-safe path reaches the element.
        var path: [NamedPathStep]?

        struct Note: Encodable {
            var message: String
        }

        init(_ finding: Finding) {
            rule = finding.rule.rawValue
            severity = finding.severity.rawValue
            message = finding.message
            coordinator = finding.coordinator
            route = finding.route
            let notes = finding.notes.map { Located(Note(message: $0.message), at: $0.location) }
            self.notes = notes.isEmpty ? nil : notes
            path = finding.path?.map(\.step)
        }
    }

    public static func record(_ finding: Finding) -> Record {
        Record(Fields(finding), at: finding.location)
    }

    /// The record as `encode(to:)` writes it, keys in sorted order.
    static func write(_ record: Record, to writer: inout JSONTextWriter) {
        let fields = record.value
        writer.openObject()
        writer.field("column", record.location.column)
        writer.field("coordinator", fields.coordinator)
        writer.field("file", record.location.file)
        writer.field("line", record.location.line)
        writer.field("message", fields.message)
        if let notes = fields.notes {
            writer.objects("notes", notes) { note, writer in
                writer.field("column", note.location.column)
                writer.field("file", note.location.file)
                writer.field("line", note.location.line)
                writer.field("message", note.value.message)
            }
        }
        if let path = fields.path {
            writer.objects("path", path) { step, writer in
                writer.fieldIfPresent("chain", step.chain)
                writer.field("kind", step.kind)
                writer.fieldIfPresent("on", step.on)
                writer.field("route", step.route)
                writer.fieldIfPresent("url", step.url)
            }
        }
        writer.field("route", fields.route)
        writer.field("rule", fields.rule)
        writer.field("severity", fields.severity)
        writer.closeObject()
    }
}
