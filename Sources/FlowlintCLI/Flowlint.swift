import ArgumentParser

struct Flowlint: ParsableCommand {
    static let version = "0.1.0"

    static let configuration = CommandConfiguration(
        commandName: "flowlint",
        abstract: "Static analysis of coordinator navigation flows described in YAML flow specs.",
        version: version,
        subcommands: [
            Lint.self, Graph.self, Paths.self, Diff.self, RulesCommand.self, ExplainCommand.self, ExtractCommand.self, InitCommand.self,
        ]
    )
}
