import FlowModel

/// The findings of one run, sorted for output, with the counts every format reports.
public struct Report: Sendable {
    public var findings: [Finding]
    /// How many spec files were read.
    public var files: Int
    /// Findings withheld because an `open` element could make them false (DESIGN §1 Open world), each with its
    /// `withheldBecause`: counted and listed by `--explain-open`, never reported.
    public var withheld: [Finding] = []
    /// Swift files `--sources` could not read, each a note at the file with why.
    public var unread: [FindingNote] = []
    /// What a run that read Swift code read of it (`nil` when no code was read): JSON's `summary` and SARIF's
    /// `runs[].properties` carry it.
    public var coverage: Coverage?

    public init(findings: [Finding], files: Int) {
        self.findings = findings.sorted(by: Finding.reportOrder)
        self.files = files
    }

    public var errors: Int { findings.count { $0.severity == .error } }
    public var warnings: Int { findings.count { $0.severity == .warning } }

    /// "2 errors, 1 warning in 5 files".
    public var summary: String {
        let counts =
            findings.isEmpty
            ? "no findings"
            : "\(Self.plural(errors, "error")), \(Self.plural(warnings, "warning"))"
        return "\(counts) in \(Self.plural(files, "file"))"
    }

    /// "1 error", "2 errors".
    public static func plural(_ count: Int, _ noun: String) -> String {
        "\(count) \(noun)\(count == 1 ? "" : "s")"
    }
}
