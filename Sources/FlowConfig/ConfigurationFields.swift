import FlowModel
import FlowSpec

/// One configuration file being read: its tree, where its mistakes are reported, and the mistakes found so far.
final class ConfigurationReader {
    let tree: YAMLTree
    let path: String
    let knownRules: Set<RuleID>
    let home: String?
    private(set) var mistakes: [String] = []

    init(tree: YAMLTree, path: String, knownRules: Set<RuleID>, home: String?) {
        self.tree = tree
        self.path = path
        self.knownRules = knownRules
        self.home = home
    }

    func fail(_ node: YAMLTree.NodeID, _ message: String) {
        let (line, column) = tree.position(node)
        mistakes.append("\(path):\(line):\(column): \(message)")
    }

    /// As in specs, an empty value (`disabled:`, everything below it commented out) is an empty list.
    func isEmpty(_ node: YAMLTree.NodeID) -> Bool { tree.scalarType(node) == .null }

    func names(_ node: YAMLTree.NodeID, _ field: String) -> [YAMLTree.NodeID] {
        guard tree.kind(node) == .sequence || isEmpty(node) else {
            fail(node, "`\(field)` must be a list")
            return []
        }
        return tree.items(node)
    }

    /// A configurable rule id: known, and not one of the spec-validity rules, which are always on.
    func ruleID(_ node: YAMLTree.NodeID) -> RuleID? {
        let name = tree.text(node) ?? ""
        let id = RuleID(rawValue: name)
        guard knownRules.contains(id) else {
            fail(node, "unknown rule `\(name)`\(Suggestion.hint(for: name, among: knownRules.map(\.rawValue)))")
            return nil
        }
        guard !RuleID.specValidity.contains(id) else {
            fail(node, "`\(name)` checks that specs can be read at all; spec-validity rules are always on, as errors")
            return nil
        }
        return id
    }

    /// How a value that is not the word expected is named in a message: the word in backticks, else its kind.
    func shown(_ node: YAMLTree.NodeID) -> String {
        let text = tree.text(node) ?? ""
        return tree.kind(node) == .scalar && !text.isEmpty ? "`\(text)`" : tree.describe(node)
    }
}

extension Configuration {
    /// One setting of `.flowlint.yml`: its key and how its value is read into a configuration.
    struct Field: Sendable {
        let key: String
        let read: @Sendable (inout Configuration, ConfigurationReader, _ key: YAMLTree.NodeID, _ value: YAMLTree.NodeID) -> Void
    }

    /// Every setting, in the order the help and the hints name them: the one place a setting is added.
    static let fields: [Field] = [
        Field(key: "rules", read: readRules),
        Field(key: "disabled") { configuration, reader, _, value in
            for node in reader.names(value, "disabled") {
                if let id = reader.ruleID(node) { configuration.disabled.insert(id) }
            }
        },
        Field(key: "exclude") { configuration, reader, _, value in
            for node in reader.names(value, "exclude") {
                guard let pattern = reader.tree.text(node), !pattern.isEmpty else {
                    reader.fail(node, "`exclude` lists path globs")
                    continue
                }
                configuration.exclude.append(pattern)
            }
        },
        Field(key: "framework") { configuration, reader, _, value in
            let name = reader.tree.text(value) ?? ""
            guard let framework = Framework(rawValue: name) else {
                let names = Framework.allCases.map(\.rawValue)
                reader.fail(
                    value,
                    "\(reader.shown(value)) is not a framework; use \(names.joined(separator: ", "))"
                        + Suggestion.hint(for: name, among: names))
                return
            }
            configuration.framework = framework
        },
        Field(key: "sources", read: readSources),
        Field(key: "extract") { configuration, reader, _, value in
            configuration.extract = ExtractMapping.read(reader, value)
        },
        Field(key: "minRead") { configuration, reader, key, value in
            guard reader.tree.kind(value) == .scalar, let percent = Self.percent(reader.tree.text(value) ?? "") else {
                reader.fail(value, "\(reader.shown(value)) is not a share for `minRead`; use a whole percent from 0 to 100")
                return
            }
            configuration.minRead = percent
            let (line, column) = reader.tree.position(key)
            configuration.minReadLocation = "\(reader.path):\(line):\(column)"
        },
    ]

    /// `rules: { push-cycle: off, unreachable-route: error }`.
    private static func readRules(
        _ configuration: inout Configuration, _ reader: ConfigurationReader, _: YAMLTree.NodeID,
        _ value: YAMLTree.NodeID
    ) {
        let tree = reader.tree
        guard tree.kind(value) == .mapping || reader.isEmpty(value) else {
            reader.fail(value, "`rules` must map rule ids to off, warning or error")
            return
        }
        for (ruleKey, setting) in tree.entries(value) {
            guard let id = reader.ruleID(ruleKey) else { continue }
            switch tree.text(setting) ?? "" {
            case "off", "false": configuration.disabled.insert(id)
            case "on", "true": configuration.disabled.remove(id)
            case "warning": configuration.severities[id] = .warning
            case "error": configuration.severities[id] = .error
            default: reader.fail(setting, "\(reader.shown(setting)) is not a rule setting; use off, on, warning or error")
            }
        }
    }

    /// `sources: [App/Sources, ~/Shared]`, `~` expanded as a shell would.
    private static func readSources(
        _ configuration: inout Configuration, _ reader: ConfigurationReader, _: YAMLTree.NodeID,
        _ value: YAMLTree.NodeID
    ) {
        for node in reader.names(value, "sources") {
            guard let path = reader.tree.text(node), !path.isEmpty else {
                reader.fail(node, "`sources` lists Swift files and folders")
                continue
            }
            switch expandingHome(path, home: reader.home) {
            case .success(let path): configuration.sources.append(path)
            case .failure(let problem): reader.fail(node, problem.description)
            }
        }
    }
}
