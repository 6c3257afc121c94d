import FlowModel
import FlowReport
import FlowAnalysis
import FlowRules

/// `flowlint diff` as text, JSON and Markdown (a pull-request comment): pure functions of the report.
/// SARIF is `SARIFReporter` over the new findings.
public enum DiffWriter {
    /// The first line of the Markdown comment: the CI job finds its own comment by it and updates it.
    public static let commentMarker = "<!-- flowlint diff -->"

    // MARK: Text

    public static func text(_ report: DiffReport, style: TextStyle = .plain) -> String {
        var output = "flowlint diff \(report.base.label) → \(report.head.label)\n"
        if !report.flow.changes.isEmpty {
            output += "\nchanges:\n" + report.flow.changes.map { "  \(symbol($0.kind)) \($0.message)\n" }.joined()
        }
        if !report.flow.reachability.isEmpty {
            output += "\nreachability:\n" + report.flow.reachability.map { "  \($0.reachable ? "+" : "-") \($0.message)\n" }.joined()
        }
        if !report.new.isEmpty {
            output += "\nnew findings:\n" + TextReporter.render(Report(findings: report.new, files: 0), style: style)
        }
        if !report.fixed.isEmpty {
            output += "\nfixed findings:\n" + TextReporter.render(Report(findings: report.fixed, files: 0), style: style)
        }
        return output + "\n" + summary(report) + "\n"
    }

    /// "3 changes, 1 reachability change, 1 new finding (1 error), 1 fixed finding".
    public static func summary(_ report: DiffReport) -> String {
        guard report.hasChanges else { return "no navigation change, no new or fixed finding" }
        let errors = report.new.count { $0.severity == .error }
        return [
            Report.plural(report.flow.changes.count, "change"),
            Report.plural(report.flow.reachability.count, "reachability change"),
            Report.plural(report.new.count, "new finding") + (errors > 0 ? " (\(Report.plural(errors, "error")))" : ""),
            Report.plural(report.fixed.count, "fixed finding"),
        ].joined(separator: ", ")
    }

    private static func symbol(_ kind: FlowChange.Kind) -> String {
        switch kind {
        case .added: "+"
        case .removed: "-"
        case .changed, .renamed: "~"
        }
    }

    // MARK: JSON

    struct Document: Encodable {
        var version = 1
        var base: String
        var head: String
        var changes: [FlowChange]
        var reachability: [Reachability]
        /// As `lint --format json` writes them, each with its witness path.
        var newFindings: [JSONReporter.Record]
        var fixedFindings: [JSONReporter.Record]
        /// `changes`, `reachability`, `newFindings`, `newErrors`, `fixedFindings`.
        var summary: [String: Int]
    }

    struct Reachability: Encodable {
        var coordinator: String
        var route: String?
        var reachable: Bool
        var cause: String?
        var message: String
    }

    public static func json(_ report: DiffReport) -> String {
        let document = Document(
            base: report.base.label, head: report.head.label, changes: report.flow.changes,
            reachability: report.flow.reachability.map {
                Reachability(coordinator: $0.coordinator, route: $0.route, reachable: $0.reachable, cause: $0.cause, message: $0.message)
            },
            newFindings: report.new.map(JSONReporter.record), fixedFindings: report.fixed.map(JSONReporter.record),
            summary: [
                "changes": report.flow.changes.count, "reachability": report.flow.reachability.count,
                "newFindings": report.new.count, "newErrors": report.new.count { $0.severity == .error },
                "fixedFindings": report.fixed.count,
            ])
        return ReportText.json(document)
    }

    // MARK: Markdown

    /// A pull-request comment: a summary table, the Mermaid diagram of the changed part, then every change.
    public static func markdown(_ report: DiffReport) -> String {
        var lines = [
            commentMarker, "### Navigation changes (flowlint diff)", "",
            "`\(inline(report.base.label))` → `\(inline(report.head.label))`", "",
        ]
        guard report.hasChanges else {
            return (lines + ["No navigation change, no new or fixed finding."]).joined(separator: "\n") + "\n"
        }
        let count = { (kind: FlowChange.Kind) in report.flow.changes.count { $0.kind == kind } }
        let errors = report.new.count { $0.severity == .error }
        lines += [
            "| | |", "|---|---:|",
            "| Added | \(count(.added)) |", "| Removed | \(count(.removed)) |",
            "| Changed | \(count(.changed) + count(.renamed)) |",
            "| No longer reachable | \(report.flow.reachability.count { !$0.reachable }) |",
            "| Newly reachable | \(report.flow.reachability.count { $0.reachable }) |",
            "| New findings | \(report.new.count)\(errors > 0 ? " (\(Report.plural(errors, "error")))" : "") |",
            "| Fixed findings | \(report.fixed.count) |", "",
        ]
        if let diagram = ChangeDiagram.mermaid(base: report.base.graph, head: report.head.graph, diff: report.flow) {
            lines += [
                "```mermaid", diagram.dropLast().description, "```", "",
                "Green: added; red, dashed: removed; outlined: changed. Only the changed coordinators and their neighbours are drawn.", "",
            ]
        }
        if !report.flow.changes.isEmpty {
            lines += ["#### Changes", ""] + report.flow.changes.map { "- *\($0.kind.rawValue)*: \(inline($0.message))" } + [""]
        }
        if !report.flow.reachability.isEmpty {
            lines +=
                ["#### Reachability", ""]
                + report.flow.reachability.map { "- *\($0.reachable ? "reachable" : "unreachable")*: \(inline($0.message))" } + [""]
        }
        if !report.new.isEmpty {
            lines += ["#### New findings", ""] + report.new.map(findingLine) + [""]
        }
        if !report.fixed.isEmpty {
            lines += ["#### Fixed findings", ""] + report.fixed.map(findingLine) + [""]
        }
        return lines.joined(separator: "\n")
    }

    private static func findingLine(_ finding: Finding) -> String {
        "- **\(finding.severity.rawValue)** `\(finding.rule)` \(inline("\(finding.location)")): \(inline(finding.message))"
            + (finding.path.map { " — path: `\(inline(NamedPathStep.text(of: $0.map(\.step))))`" } ?? "")
    }

    /// Spec text on one Markdown line: no line breaks, and no HTML a comment would render.
    private static func inline(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "|": result += "\\|"
            default: result.append(character.isNewline ? " " : character)
            }
        }
        return result
    }
}
