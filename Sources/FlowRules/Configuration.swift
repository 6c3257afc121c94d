#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
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
/// framework: stinsen         # uikit | xcoordinator | stinsen | swiftui: default `retain`, and the words of fix advice
/// ```
public struct Configuration: Sendable {
    public var severities: [RuleID: Severity] = [:]
    public var disabled: Set<RuleID> = []
    public var exclude: [String] = []
    public var framework: Framework = .uikit
    /// `extract:` — a team's own navigation wrappers: `push`/`present`/`setRoot`/`retain`/`release` → method names.
    public var extract: [String: [String]] = [:]
    /// `sources:` — Swift files and folders that `lint` compares the specs with (as `--sources`).
    public var sources: [String] = []
    /// `minRead:` — the least share of coordinator types (read or accounted for, whole percent) a run that reads
    /// Swift code must read, as `--min-read`.
    public var minRead: Int?
    /// Where `minRead:` is written (`path:line:col`), for the error when no code is read.
    public var minReadLocation: String?

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
    /// `~` and `~/…` become the home folder, as a shell expands them; a path in YAML is never seen by a shell.
    /// `~user` is not expanded: the message says to write the path out.
    static func expandingHome(_ path: String, home: String?) -> Result<String, ConfigurationError> {
        guard path.hasPrefix("~") else { return .success(path) }
        guard path == "~" || path.hasPrefix("~/") else {
            return .failure(ConfigurationError(description: "`\(path)`: only `~` and `~/…` are expanded (to HOME), not `~user`; write the full path"))
        }
        guard let home, !home.isEmpty else {
            return .failure(ConfigurationError(description: "`\(path)`: `~` is the home folder, but HOME is not set; write the full path"))
        }
        let base = home.count > 1 && home.hasSuffix("/") ? String(home.dropLast()) : home
        return .success(path == "~" ? base : (base == "/" ? "" : base) + path.dropFirst())
    }

    static let settings = ["rules", "disabled", "exclude", "framework", "sources", "extract", "minRead"]

    /// Reads a configuration file. Every mistake is a `file:line:col` error, all of them in one run, since a
    /// silently ignored setting misleads; the error's description has one line per mistake.
    /// `home` expands `~` in `sources:` (default: `$HOME`).
    public static func load(path: String, home: String? = getenv("HOME").map { String(cString: $0) }) throws(ConfigurationError) -> Configuration {
        let bytes: [UInt8]
        do {
            bytes = try FileIO.bytes(of: path, limit: 1 << 20)
        } catch {
            throw ConfigurationError(description: "cannot read configuration \(path): \(error)")
        }
        return try load(bytes: bytes, path: path, home: home)
    }

    /// A configuration whose bytes are at hand (a revision's, read from git), its mistakes reported at `path`.
    public static func load(bytes: [UInt8], path: String, home: String? = getenv("HOME").map { String(cString: $0) }) throws(ConfigurationError) -> Configuration {
        let (tree, problems) = YAMLReader.read(bytes)
        if let problem = problems.first {
            throw ConfigurationError(description: "\(path):\(problem.line):\(problem.column): \(problem.message)")
        }
        var configuration = Configuration()
        guard let tree, let root = tree.root else { return configuration }
        var mistakes: [String] = []
        func fail(_ node: YAMLTree.NodeID, _ message: String) {
            let (line, column) = tree.position(node)
            mistakes.append("\(path):\(line):\(column): \(message)")
        }
        func ruleID(_ node: YAMLTree.NodeID) -> RuleID? {
            let name = tree.text(node) ?? ""
            let id = RuleID(rawValue: name)
            guard RuleRegistry.allIDs.contains(id) else {
                fail(node, "unknown rule `\(name)`\(Suggestion.hint(for: name, among: RuleRegistry.allIDs.map(\.rawValue)))")
                return nil
            }
            guard !RuleID.specValidity.contains(id) else {
                fail(node, "`\(name)` checks that specs can be read at all; spec-validity rules are always on, as errors")
                return nil
            }
            return id
        }
        // As in specs, an empty value (`disabled:`, everything below it commented out) is an empty list.
        func isEmpty(_ node: YAMLTree.NodeID) -> Bool { tree.scalarType(node) == .null }
        func names(_ node: YAMLTree.NodeID, _ field: String) -> [YAMLTree.NodeID] {
            guard tree.kind(node) == .sequence || isEmpty(node) else {
                fail(node, "`\(field)` must be a list")
                return []
            }
            return tree.items(node)
        }
        guard !isEmpty(root) else { return configuration }
        guard tree.kind(root) == .mapping else {
            fail(root, "a configuration is a mapping of settings: \(Self.settings.map { "`\($0)`" }.joined(separator: ", "))")
            throw ConfigurationError(description: mistakes.joined(separator: "\n"))
        }
        for (key, value) in tree.entries(root) {
            switch tree.text(key) ?? "" {
            case "rules":
                guard tree.kind(value) == .mapping || isEmpty(value) else {
                    fail(value, "`rules` must map rule ids to off, warning or error")
                    continue
                }
                for (ruleKey, setting) in tree.entries(value) {
                    guard let id = ruleID(ruleKey) else { continue }
                    switch tree.text(setting) ?? "" {
                    case "off", "false": configuration.disabled.insert(id)
                    case "on", "true": configuration.disabled.remove(id)
                    case "warning": configuration.severities[id] = .warning
                    case "error": configuration.severities[id] = .error
                    case let other:
                        let what = tree.kind(setting) == .scalar && !other.isEmpty ? "`\(other)`" : tree.describe(setting)
                        fail(setting, "\(what) is not a rule setting; use off, on, warning or error")
                    }
                }
            case "disabled":
                for node in names(value, "disabled") {
                    if let id = ruleID(node) { configuration.disabled.insert(id) }
                }
            case "exclude":
                for node in names(value, "exclude") {
                    guard let pattern = tree.text(node), !pattern.isEmpty else {
                        fail(node, "`exclude` lists path globs")
                        continue
                    }
                    configuration.exclude.append(pattern)
                }
            case "framework":
                let name = tree.text(value) ?? ""
                if let framework = Framework(rawValue: name) {
                    configuration.framework = framework
                } else {
                    let what = tree.kind(value) == .scalar && !name.isEmpty ? "`\(name)`" : tree.describe(value)
                    fail(value, "\(what) is not a framework; use \(Framework.allCases.map(\.rawValue).joined(separator: ", "))"
                         + Suggestion.hint(for: name, among: Framework.allCases.map(\.rawValue)))
                }
            case "sources":
                for node in names(value, "sources") {
                    guard let path = tree.text(node), !path.isEmpty else {
                        fail(node, "`sources` lists Swift files and folders")
                        continue
                    }
                    switch expandingHome(path, home: home) {
                    case .success(let path): configuration.sources.append(path)
                    case .failure(let problem): fail(node, problem.description)
                    }
                }
            case "extract":
                configuration.extract = extractMapping(tree, value, fail: fail)
            case "minRead":
                let text = tree.text(value) ?? ""
                if tree.kind(value) == .scalar, let percent = Self.percent(text) {
                    configuration.minRead = percent
                    let (line, column) = tree.position(key)
                    configuration.minReadLocation = "\(path):\(line):\(column)"
                } else {
                    let what = tree.kind(value) == .scalar && !text.isEmpty ? "`\(text)`" : tree.describe(value)
                    fail(value, "\(what) is not a share for `minRead`; use a whole percent from 0 to 100")
                }
            case let other:
                fail(key, "unknown setting `\(other)`\(Suggestion.hint(for: other, among: Self.settings))")
            }
        }
        guard mistakes.isEmpty else { throw ConfigurationError(description: mistakes.joined(separator: "\n")) }
        return configuration
    }
}

extension Configuration {
    /// A whole percent from 0 to 100 (`95`, `95%`), as `minRead:` and `--min-read` take it.
    public static func percent(_ text: String) -> Int? {
        let digits = text.hasSuffix("%") ? String(text.dropLast()) : text
        guard !digits.isEmpty, digits.utf8.allSatisfy({ (48...57).contains($0) }), digits.count <= 3, let value = Int(digits),
              (0...100).contains(value) else { return nil }
        return value
    }
}

/// Path globs: `*` and `?` stay within one folder, `**` crosses folders (`**/` also matches none);
/// a pattern that matches a folder matches everything below it.
enum Glob {
    /// Dynamic programming over (pattern position, path position), from the ends: O(pattern × path),
    /// whatever the stars, and one pass for the path and all its folders.
    static func matches(_ pattern: String, _ path: String) -> Bool {
        let pattern = Array(pattern.utf8)
        let path = Array(path.utf8)
        let star = UInt8(ascii: "*"), slash = UInt8(ascii: "/"), question = UInt8(ascii: "?")
        let width = path.count + 1
        // matched[p * width + i]: pattern[p...] matches path[i...] or path[i...] up to one of its slashes.
        var matched = [Bool](repeating: false, count: (pattern.count + 1) * width)
        for i in 0...path.count {
            matched[pattern.count * width + i] = i == path.count || path[i] == slash
        }
        for p in stride(from: pattern.count - 1, through: 0, by: -1) {
            let row = p * width
            let doubleStar = pattern[p] == star && p + 1 < pattern.count && pattern[p + 1] == star
            let folders = doubleStar && p + 2 < pattern.count && pattern[p + 2] == slash
            // For `**/`: some slash at or after i ends whole folders that the rest of the pattern follows.
            var slashThenRest = false
            for i in stride(from: path.count, through: 0, by: -1) {
                let more = i < path.count
                if folders {
                    let rest = (p + 3) * width
                    if more && path[i] == slash && matched[rest + i + 1] { slashThenRest = true }
                    matched[row + i] = matched[rest + i] || slashThenRest
                } else if doubleStar {
                    matched[row + i] = matched[row + 2 * width + i] || (more && matched[row + i + 1])
                } else if pattern[p] == star {
                    matched[row + i] = matched[row + width + i] || (more && path[i] != slash && matched[row + i + 1])
                } else if pattern[p] == question {
                    matched[row + i] = more && path[i] != slash && matched[row + width + i + 1]
                } else {
                    matched[row + i] = more && pattern[p] == path[i] && matched[row + width + i + 1]
                }
            }
        }
        return matched[0]
    }
}
