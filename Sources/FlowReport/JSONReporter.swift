import FoundationEssentials
import FlowModel

/// The JSON object of DESIGN §2: `{"version": 1, "findings": [...], "summary": {...}}`.
public enum JSONReporter {
    public static func render(_ report: Report) -> String {
        let document = Document(
            version: 1,
            findings: report.findings.map(Finding.init),
            summary: Summary(errors: report.errors, warnings: report.warnings, files: report.files,
                             unread: report.unread.count, withheld: report.withheld.count,
                             coverage: report.coverage.map(CoverageSummary.init)))
        return ReportText.json(document)
    }

    struct Document: Encodable {
        var version: Int
        var findings: [Finding]
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
    public struct Finding: Encodable {
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
        /// The witness path from the entry (`Diagnostic.path`); the key is left out when the rule traces none or no
        /// state-safe path reaches the element.
        var path: [NamedPathStep]?

        struct Note: Encodable {
            var message: String
            var file: String
            var line: Int
            var column: Int
        }

        public init(_ diagnostic: Diagnostic) {
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
    }
}
