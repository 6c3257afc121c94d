/// Texts generated from `SpecSchema`: the field tables of docs/spec.md and the spec vocabulary of the fuzzer's
/// dictionary (Fuzz/flowlint.dict). Tests keep the committed files equal to these.
extension SpecSchema {
    /// docs/spec.md's `### File`, `### Coordinator`, `### Route` and `### Chain` tables, in the table's order.
    public var markdownFieldTables: String {
        func table<F: SpecField, Model>(_ title: String, _ entries: [SpecFieldEntry<F, Model>]) -> String {
            "### \(title)\n\n| field | required | meaning |\n|---|---|---|\n"
                + entries.map { "| `\($0.field.rawValue)` | \($0.required) | \($0.doc) |\n" }.joined()
        }
        return [table("File", file), table("Coordinator", coordinator), table("Route", route), table("Chain", chain)]
            .joined(separator: "\n")
    }

    /// The spec vocabulary as libFuzzer dictionary sections: every key, every word a field takes, and the chain
    /// steps; each word once, at its first place.
    public var fuzzDictionarySections: String {
        var seen: Set<String> = []
        func section(_ title: String, _ words: [String]) -> String {
            let new = words.filter { seen.insert($0).inserted }
            return "# \(title)\n" + new.map { "\"\($0)\"\n" }.joined()
        }
        let keys =
            file.map(\.field.rawValue) + defaults.map(\.field.rawValue) + coordinator.map(\.field.rawValue)
            + route.map(\.field.rawValue) + chain.map(\.field.rawValue)
        let kinds =
            file.map(\.kind) + defaults.map(\.kind) + coordinator.map(\.kind) + chain.map(\.kind)
            + route.filter { $0.field != .transition }.map(\.kind)
        let values = kinds.flatMap(\.words) + ["true", "false"]
        let steps = (route.first { $0.field == .transition }?.kind.words ?? []) + ChainAction.targetKeywords + ChainAction.bareKeywords
        return [
            section("Top-level, defaults, coordinator, route and chain fields.", keys), section("Values.", values),
            section("Transitions and chain steps.", steps),
        ].joined(separator: "\n")
    }
}

extension SpecValueKind {
    /// The words a value of this kind is written with (`holds` takes hold strengths); none for names and text.
    public var words: [String] {
        switch self {
        case .word(let words), .words(let words): words
        case .holds: HoldStrength.allCases.map(\.rawValue)
        default: []
        }
    }
}
