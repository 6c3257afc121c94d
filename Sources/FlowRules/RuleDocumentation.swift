import FlowAnalysis
import FlowModel

/// The texts generated from rule descriptions: `flowlint rules`, `flowlint explain`, docs/rules.md.
public enum RuleDocumentation {
    /// One line a rule: id, default severity, summary.
    public static func list(_ descriptions: [RuleDescription]) -> String {
        let width = descriptions.map(\.id.rawValue.count).max() ?? 0
        return descriptions.map { description in
            let id = padded(description.id.rawValue, to: width)
            let severity = padded(description.severity.rawValue, to: 7)
            return "\(id)  \(severity)  \(description.summary)\n"
        }.joined()
    }

    public static func explain(_ description: RuleDescription) -> String {
        var text = "\(description.id) — \(description.name) (default: \(description.severity.rawValue))\n\n"
        text += "\(description.summary)\n\n\(description.rationale)\n"
        if !RuleID.specValidity.contains(description.id) { text += "\nWhen it runs: \(description.scope.explanation)\n" }
        if let witness = description.witness.explanation { text += "Path: \(witness)\n" }
        if !description.triggeringExample.isEmpty {
            text += "\nTriggering example (each finding's line marked `# expect: <rule-id>`):\n\n"
            text += indent(description.triggeringExample)
        }
        if !description.passingExample.isEmpty {
            text += "\nPassing example:\n\n"
            text += indent(description.passingExample)
        }
        if !description.swiftUIExample.isEmpty {
            text += "\nSwiftUI example (`lint --sources` with `framework: swiftui`; each finding's line marked `// expect: <rule-id>`):\n\n"
            text += indent(description.swiftUIExample)
        }
        return text
    }

    /// docs/rules.md.
    public static func markdown(_ descriptions: [RuleDescription]) -> String {
        var text = """
            # flowlint rules

            Generated from the rule descriptions by `flowlint rules --markdown`; a test fails when this file is stale.
            Severities are defaults; `.flowlint.yml` can change them (spec-validity rules are always errors).

            | id | default | finds |
            |---|---|---|

            """
        for description in descriptions {
            text +=
                "| [`\(description.id)`](#\(description.id)) | \(description.severity.rawValue) | \(escapeCell(description.summary)) |\n"
        }
        for description in descriptions {
            text += "\n## \(description.id)\n\n**\(description.name)** — default severity: \(description.severity.rawValue)\n\n"
            text += "\(description.summary)\n\n\(description.rationale)\n"
            if !RuleID.specValidity.contains(description.id) { text += "\n*When it runs:* \(description.scope.explanation)\n" }
            if let witness = description.witness.explanation { text += "\n*Path:* \(witness)\n" }
            if !description.triggeringExample.isEmpty {
                let example = description.triggeringExample
                text += "\nTriggering:\n\n```yaml\n\(example.hasSuffix("\n") ? example : example + "\n")```\n"
            }
            if !description.passingExample.isEmpty {
                let example = description.passingExample
                text += "\nPassing:\n\n```yaml\n\(example.hasSuffix("\n") ? example : example + "\n")```\n"
            }
            if !description.swiftUIExample.isEmpty {
                let example = description.swiftUIExample
                let body = example.hasSuffix("\n") ? example : example + "\n"
                text += "\nSwiftUI, read from the code (`framework: swiftui`):\n\n```swift\n\(body)```\n"
            }
        }
        return text
    }

    private static func indent(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.isEmpty ? "" : "    \($0)" }
            .joined(separator: "\n") + (text.hasSuffix("\n") ? "" : "\n")
    }

    private static func escapeCell(_ text: String) -> String {
        text.replacing("|", with: "\\|")
    }

    private static func padded(_ text: String, to width: Int) -> String {
        text + String(repeating: " ", count: max(0, width - text.count))
    }
}
