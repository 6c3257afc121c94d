import FlowModel
import FlowSpec

/// `.flowlint.yml`: which graph rules run, at which severity, and which files' findings are not reported.
///
/// ```yaml
/// rules:
///   push-cycle: off          # off | warning | error
///   unreachable-route: error
/// disabled: [pop-at-root]    # the same as `off`
/// exclude: ["Legacy/**"]     # globs over reported paths
/// ```
public struct Configuration: Sendable {
    public var severities: [RuleID: Severity] = [:]
    public var disabled: Set<RuleID> = []
    public var exclude: [String] = []

    public init() {}

    public static let defaultFileName = ".flowlint.yml"

    public func isEnabled(_ rule: RuleID) -> Bool { !disabled.contains(rule) }

    public func isExcluded(_ path: String) -> Bool {
        exclude.contains { Glob.matches($0, path) }
    }
}

/// A `.flowlint.yml` that cannot be used; the CLI prints it as one line and exits 2.
public struct ConfigurationError: Error, CustomStringConvertible {
    public var description: String
}

extension Configuration {
    /// Reads a configuration file; every mistake is a `file:line:col` error, since a silently ignored setting misleads.
    public static func load(path: String) throws(ConfigurationError) -> Configuration {
        let bytes: [UInt8]
        do {
            bytes = try SpecFileContents.read(path)
        } catch {
            throw ConfigurationError(description: "cannot read configuration \(path): \(error)")
        }
        let (tree, problems) = YAMLReader.read(bytes)
        if let problem = problems.first {
            throw ConfigurationError(description: "\(path):\(problem.line):\(problem.column): \(problem.message)")
        }
        var configuration = Configuration()
        guard let tree, let root = tree.root else { return configuration }
        func fail(_ node: YAMLTree.NodeID, _ message: String) -> ConfigurationError {
            let (line, column) = tree.position(node)
            return ConfigurationError(description: "\(path):\(line):\(column): \(message)")
        }
        func ruleID(_ node: YAMLTree.NodeID) throws(ConfigurationError) -> RuleID {
            let name = tree.text(node) ?? ""
            let id = RuleID(rawValue: name)
            guard RuleRegistry.allIDs.contains(id) else {
                throw fail(node, "unknown rule `\(name)`\(Suggestion.hint(for: name, among: RuleRegistry.allIDs.map(\.rawValue)))")
            }
            guard !RuleID.specValidity.contains(id) else {
                throw fail(node, "`\(name)` checks that specs can be read at all; spec-validity rules are always on, as errors")
            }
            return id
        }
        func names(_ node: YAMLTree.NodeID, _ field: String) throws(ConfigurationError) -> [YAMLTree.NodeID] {
            guard tree.kind(node) == .sequence else { throw fail(node, "`\(field)` must be a list") }
            return tree.items(node)
        }
        guard tree.kind(root) == .mapping else { throw fail(root, "a configuration is a mapping with `rules`, `disabled` and `exclude`") }
        for (key, value) in tree.entries(root) {
            switch tree.text(key) ?? "" {
            case "rules":
                guard tree.kind(value) == .mapping else { throw fail(value, "`rules` must map rule ids to off, warning or error") }
                for (ruleKey, setting) in tree.entries(value) {
                    let id = try ruleID(ruleKey)
                    switch tree.text(setting) ?? "" {
                    case "off", "false": configuration.disabled.insert(id)
                    case "on", "true": configuration.disabled.remove(id)
                    case "warning": configuration.severities[id] = .warning
                    case "error": configuration.severities[id] = .error
                    case let other: throw fail(setting, "`\(other)` is not a rule setting; use off, on, warning or error")
                    }
                }
            case "disabled":
                for node in try names(value, "disabled") { configuration.disabled.insert(try ruleID(node)) }
            case "exclude":
                for node in try names(value, "exclude") {
                    guard let pattern = tree.text(node), !pattern.isEmpty else { throw fail(node, "`exclude` lists path globs") }
                    configuration.exclude.append(pattern)
                }
            case let other:
                throw fail(key, "unknown setting `\(other)`\(Suggestion.hint(for: other, among: ["rules", "disabled", "exclude"]))")
            }
        }
        return configuration
    }
}

/// Path globs: `*` and `?` stay within one folder, `**` crosses folders (`**/` also matches none);
/// a pattern that matches a folder matches everything below it.
enum Glob {
    static func matches(_ pattern: String, _ path: String) -> Bool {
        let pattern = Array(pattern.utf8)
        let path = Array(path.utf8)
        let slash = UInt8(ascii: "/")
        // Matching `path` itself or one of its folders.
        let ends = path.indices.filter { path[$0] == slash } + [path.count]
        return ends.contains { Matcher(pattern: pattern, path: Array(path[..<$0])).matches(0, 0) }
    }

    /// Memoised over (pattern position, path position): no exponential backtracking.
    private final class Matcher {
        let pattern: [UInt8]
        let path: [UInt8]
        var memo: [Int8]

        init(pattern: [UInt8], path: [UInt8]) {
            self.pattern = pattern
            self.path = path
            memo = Array(repeating: -1, count: (pattern.count + 1) * (path.count + 1))
        }

        func matches(_ p: Int, _ i: Int) -> Bool {
            let key = p * (path.count + 1) + i
            if memo[key] >= 0 { return memo[key] == 1 }
            let result = compute(p, i)
            memo[key] = result ? 1 : 0
            return result
        }

        private func compute(_ p: Int, _ i: Int) -> Bool {
            let star = UInt8(ascii: "*"), slash = UInt8(ascii: "/")
            guard p < pattern.count else { return i == path.count }
            if pattern[p] == star, p + 1 < pattern.count, pattern[p + 1] == star {
                if p + 2 < pattern.count, pattern[p + 2] == slash {
                    // `**/`: no folder, or any number of whole folders.
                    if matches(p + 3, i) { return true }
                    return (i..<path.count).contains { path[$0] == slash && matches(p + 3, $0 + 1) }
                }
                return (i...path.count).contains { matches(p + 2, $0) }
            }
            if pattern[p] == star {
                var k = i
                while true {
                    if matches(p + 1, k) { return true }
                    guard k < path.count, path[k] != slash else { return false }
                    k += 1
                }
            }
            guard i < path.count else { return false }
            if pattern[p] == UInt8(ascii: "?") { return path[i] != slash && matches(p + 1, i + 1) }
            return pattern[p] == path[i] && matches(p + 1, i + 1)
        }
    }
}
