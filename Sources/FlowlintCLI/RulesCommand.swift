import ArgumentParser
import FlowModel
import FlowAnalysis
import FlowRules

struct RulesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rules",
        abstract: "List every rule with its default severity and summary.")

    @Flag(help: "Print docs/rules.md (every rule with its rationale and examples) instead.")
    var markdown = false

    func run() {
        let descriptions = RuleRegistry.allDescriptions
        Output.write(markdown ? RuleDocumentation.markdown(descriptions) : RuleDocumentation.list(descriptions))
    }
}

struct ExplainCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "explain",
        abstract: "Explain one rule: what it finds, why it matters, a triggering and a passing example.")

    @Argument(help: "A rule id, as `flowlint rules` lists them.")
    var rule: String

    func validate() throws {
        guard RuleRegistry.description(of: .init(rawValue: rule)) != nil else {
            let hint = Suggestion.hint(for: rule, among: RuleRegistry.allDescriptions.map(\.id.rawValue))
            throw ValidationError("unknown rule `\(rule)`\(hint); `flowlint rules` lists them")
        }
    }

    func run() {
        Output.write(RuleDocumentation.explain(RuleRegistry.description(of: .init(rawValue: rule))!))
    }
}
