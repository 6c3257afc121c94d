import FlowModel

/// The always-on rules whose findings the spec loader produces (DESIGN §2, "Spec validity").
public enum SpecValidityRules {
    public static let descriptions: [RuleDescription] = [
        RuleDescription(
            id: .syntax, name: "Syntax", severity: .error,
            summary: "A spec file that is not YAML, not UTF-8, or too large to read.",
            rationale: "Nothing in the file can be checked until it parses; references into it are not reported meanwhile."),
        RuleDescription(
            id: .schema, name: "Schema", severity: .error,
            summary: "An unknown field, a wrong type, a missing required field, an unknown value, or a field where it does not belong.",
            rationale: "A misspelled or misplaced field is silently meaningless: `trigers: [done]` declares no trigger, so the flow the spec describes is not the one the app has."),
        RuleDescription(
            id: .duplicateKey, name: "Duplicate key", severity: .error,
            summary: "A key twice in one mapping, or a coordinator or chain defined in two files.",
            rationale: "YAML libraries keep one of two equal keys without a word; flowlint keeps the first, and the second definition is lost."),
        RuleDescription(
            id: .unknownReference, name: "Unknown reference", severity: .error,
            summary: "A route, tab, coordinator or rule name that resolves to nothing.",
            rationale: "A trigger of a route that does not exist is a button that does nothing, or a case the router cannot handle."),
        RuleDescription(
            id: .entry, name: "Entry", severity: .error,
            summary: "No `entry`, several entries, or an entry that is not a coordinator.",
            rationale: "Reachability starts at the entry: without exactly one, no route can be proven reachable."),
        RuleDescription(
            id: .missingInitial, name: "Missing initial route", severity: .error,
            summary: "A coordinator without an `initial` route.",
            rationale: "A coordinator shows its initial route when it starts; without one it starts with an empty screen."),
    ]
}
