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
    /// `extract:` — a team's own navigation wrappers: `push`/`present`/`setRoot`/`retain`/`release` → method names,
    /// the coordinator roots, and the `#if` configuration the reader reads in.
    public var extract = ExtractMapping()
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
            return .failure(
                ConfigurationError(description: "`\(path)`: only `~` and `~/…` are expanded (to HOME), not `~user`; write the full path"))
        }
        guard let home, !home.isEmpty else {
            return .failure(ConfigurationError(description: "`\(path)`: `~` is the home folder, but HOME is not set; write the full path"))
        }
        let base = home.count > 1 && home.hasSuffix("/") ? String(home.dropLast()) : home
        return .success(path == "~" ? base : (base == "/" ? "" : base) + path.dropFirst())
    }

    /// The settings a configuration may hold, in the order the help and the hints name them.
    static var settings: [String] { fields.map(\.key) }

    /// Reads a configuration file. Every mistake is a `file:line:col` error, all of them in one run, since a
    /// silently ignored setting misleads; the error's description has one line per mistake.
    /// `knownRules` are the rule ids `rules:` and `disabled:` may name (the registry's, handed in by the caller);
    /// `home` expands `~` in `sources:` (default: `$HOME`).
    public static func load(
        path: String, knownRules: Set<RuleID>, home: String? = getenv("HOME").map { String(cString: $0) }
    ) throws(ConfigurationError) -> Configuration {
        let bytes: [UInt8]
        do {
            bytes = try FileIO.bytes(of: path, limit: 1 << 20)
        } catch {
            throw ConfigurationError(description: "cannot read configuration \(path): \(error)")
        }
        return try load(bytes: bytes, path: path, knownRules: knownRules, home: home)
    }

    /// A configuration whose bytes are at hand (a revision's, read from git), its mistakes reported at `path`.
    public static func load(
        bytes: [UInt8], path: String, knownRules: Set<RuleID>, home: String? = getenv("HOME").map { String(cString: $0) }
    ) throws(ConfigurationError) -> Configuration {
        let (tree, problems) = YAMLReader.read(bytes)
        if let problem = problems.first {
            throw ConfigurationError(description: "\(path):\(problem.line):\(problem.column): \(problem.message)")
        }
        var configuration = Configuration()
        guard let tree, let root = tree.root else { return configuration }
        let reader = ConfigurationReader(tree: tree, path: path, knownRules: knownRules, home: home)
        guard !reader.isEmpty(root) else { return configuration }
        guard tree.kind(root) == .mapping else {
            reader.fail(root, "a configuration is a mapping of settings: \(Self.settings.map { "`\($0)`" }.joined(separator: ", "))")
            throw ConfigurationError(description: reader.mistakes.joined(separator: "\n"))
        }
        let fields = Dictionary(uniqueKeysWithValues: Self.fields.map { ($0.key, $0.read) })
        for (key, value) in tree.entries(root) {
            let name = tree.text(key) ?? ""
            guard let read = fields[name] else {
                reader.fail(key, "unknown setting `\(name)`\(Suggestion.hint(for: name, among: Self.settings))")
                continue
            }
            read(&configuration, reader, key, value)
        }
        guard reader.mistakes.isEmpty else { throw ConfigurationError(description: reader.mistakes.joined(separator: "\n")) }
        return configuration
    }
}

extension Configuration {
    /// A whole percent from 0 to 100 (`95`, `95%`), as `minRead:` and `--min-read` take it.
    public static func percent(_ text: String) -> Int? {
        let digits = text.hasSuffix("%") ? String(text.dropLast()) : text
        guard !digits.isEmpty, digits.utf8.allSatisfy({ (48...57).contains($0) }), digits.count <= 3, let value = Int(digits),
            (0...100).contains(value)
        else { return nil }
        return value
    }
}
