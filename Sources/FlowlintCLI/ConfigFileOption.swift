import ArgumentParser

/// `--config FILE`, as `lint`, `diff` and `paths` take it.
struct ConfigFileOption: ParsableArguments {
    @Option(help: ArgumentHelp("Configuration file (default: .flowlint.yml in the working directory, if there is one).", valueName: "file"))
    var config: String?
}
