import FoundationEssentials
import FlowModel

/// SARIF 2.1.0 as GitHub code scanning reads it: every rule in `tool.driver.rules`, each result with a location
/// relative to the working directory (`%SRCROOT%`) and a fingerprint that holds no line number.
public enum SARIFReporter {
    /// What `tool.driver` says about flowlint itself.
    public struct Tool: Sendable {
        public var name: String
        public var version: String
        public var informationURI: String

        public init(name: String, version: String, informationURI: String) {
            self.name = name
            self.version = version
            self.informationURI = informationURI
        }
    }

    /// The `partialFingerprints` key: rule, element and message digest, plus an occurrence number for repeats.
    public static let fingerprintKey = "flowlintFindingHash/v1"

    /// `rules` are listed in the given order; `workingDirectory` (absolute) is what result URIs are relative to.
    public static func render(_ report: Report, rules: [RuleDescription], tool: Tool, workingDirectory: String) -> String {
        let ruleIndex = Dictionary(rules.enumerated().map { ($1.id.rawValue, $0) }, uniquingKeysWith: { first, _ in first })
        var occurrences: [String: Int] = [:]
        let results = report.findings.map { finding -> Result in
            let fingerprint = FindingKey(finding).fingerprint
            occurrences[fingerprint, default: 0] += 1
            return Result(finding, ruleIndex: ruleIndex[finding.rule.rawValue],
                          fingerprint: "\(fingerprint):\(occurrences[fingerprint]!)", workingDirectory: workingDirectory)
        }
        let driver = Driver(
            name: tool.name, version: tool.version, semanticVersion: tool.version,
            informationUri: tool.informationURI, rules: rules.map(Rule.init))
        let log = Log(runs: [Run(tool: ToolComponent(driver: driver), results: results,
                                 properties: report.coverage.map(CoverageSummary.init))])
        return ReportText.json(log)
    }

    // MARK: The SARIF object model, as much of it as flowlint fills

    struct Log: Encodable {
        var schema = "https://json.schemastore.org/sarif-2.1.0.json"
        var version = "2.1.0"
        var runs: [Run]

        enum CodingKeys: String, CodingKey {
            case schema = "$schema", version, runs
        }
    }

    struct Run: Encodable {
        var tool: ToolComponent
        var results: [Result]
        /// flowlint's columns count characters.
        var columnKind = "unicodeCodePoints"
        /// What was read of the code, when code was read (the keys of JSON's `summary`).
        var properties: CoverageSummary?

        init(tool: ToolComponent, results: [Result], properties: CoverageSummary?) {
            self.tool = tool
            self.results = results
            self.properties = properties
        }
    }

    struct ToolComponent: Encodable {
        var driver: Driver
    }

    struct Driver: Encodable {
        var name: String
        var version: String
        var semanticVersion: String
        var informationUri: String
        var rules: [Rule]
    }

    struct Text: Encodable {
        var text: String
    }

    struct Help: Encodable {
        var text: String
        var markdown: String
    }

    struct Rule: Encodable {
        var id: String
        var name: String
        var shortDescription: Text
        var fullDescription: Text
        var help: Help
        var defaultConfiguration: Configuration

        struct Configuration: Encodable {
            var level: String
        }

        init(_ rule: RuleDescription) {
            id = rule.id.rawValue
            // SARIF's `name` is an identifier: "Leaked child" → "LeakedChild".
            name = rule.name.split(whereSeparator: { !$0.isLetter && !$0.isNumber })
                .map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
            shortDescription = Text(text: rule.summary)
            fullDescription = Text(text: rule.rationale)
            let explain = "`flowlint explain \(rule.id)` shows a triggering and a passing example."
            help = Help(
                text: "\(rule.summary)\n\n\(rule.rationale)\n\n\(explain)",
                markdown: Self.markdown(rule, explain: explain))
            defaultConfiguration = Configuration(level: rule.severity.rawValue)
        }

        private static func markdown(_ rule: RuleDescription, explain: String) -> String {
            var text = "\(rule.summary)\n\n\(rule.rationale)\n"
            if !rule.triggeringExample.isEmpty {
                text += "\n**Triggering**\n\n```yaml\n\(rule.triggeringExample.trimmingTrailingNewlines())\n```\n"
            }
            if !rule.passingExample.isEmpty {
                text += "\n**Passing**\n\n```yaml\n\(rule.passingExample.trimmingTrailingNewlines())\n```\n"
            }
            if rule.triggeringExample.isEmpty && rule.passingExample.isEmpty {
                text += "\n\(explain)\n"
            }
            return text
        }
    }

    struct Result: Encodable {
        var ruleId: String
        var ruleIndex: Int?
        var level: String
        var message: Text
        var locations: [Location]
        var relatedLocations: [Location]?
        /// The witness path: one thread flow from the entry, a location per step, ending at the finding.
        var codeFlows: [CodeFlow]?
        var partialFingerprints: [String: String]

        init(_ finding: Diagnostic, ruleIndex: Int?, fingerprint: String, workingDirectory: String) {
            ruleId = finding.rule.rawValue
            self.ruleIndex = ruleIndex
            level = finding.severity.rawValue
            message = Text(text: finding.message)
            var primary = Location(finding.location, workingDirectory: workingDirectory)
            if let coordinator = finding.coordinator {
                let qualified = finding.route.map { "\(coordinator).\($0)" } ?? coordinator
                primary.logicalLocations = [LogicalLocation(
                    name: finding.route ?? coordinator, fullyQualifiedName: qualified,
                    kind: finding.route == nil ? "type" : "member")]
            }
            locations = [primary]
            if !finding.notes.isEmpty {
                relatedLocations = finding.notes.enumerated().map { index, note in
                    var location = Location(note.location, workingDirectory: workingDirectory)
                    location.id = index + 1
                    location.message = Text(text: note.message)
                    return location
                }
            }
            if let path = finding.path {
                var steps = path.map { step in
                    var location = Location(step.location, workingDirectory: workingDirectory)
                    location.message = Text(text: step.step.text)
                    return ThreadFlowLocation(location: location)
                }
                var end = Location(finding.location, workingDirectory: workingDirectory)
                end.message = Text(text: "\(finding.rule): \(primary.logicalLocations?.first?.fullyQualifiedName ?? finding.location.description)")
                steps.append(ThreadFlowLocation(location: end))
                codeFlows = [CodeFlow(threadFlows: [ThreadFlow(locations: steps)])]
            }
            partialFingerprints = [SARIFReporter.fingerprintKey: fingerprint]
        }
    }

    struct CodeFlow: Encodable {
        var threadFlows: [ThreadFlow]
    }

    struct ThreadFlow: Encodable {
        var locations: [ThreadFlowLocation]
    }

    struct ThreadFlowLocation: Encodable {
        var location: Location
    }

    struct Location: Encodable {
        var id: Int?
        var message: Text?
        var physicalLocation: PhysicalLocation
        var logicalLocations: [LogicalLocation]?

        init(_ location: SourceLocation, workingDirectory: String) {
            let artifact = ArtifactURI(path: location.file, workingDirectory: workingDirectory)
            physicalLocation = PhysicalLocation(
                artifactLocation: ArtifactLocation(uri: artifact.uri, uriBaseId: artifact.isRelative ? "%SRCROOT%" : nil),
                region: Region(startLine: location.line, startColumn: location.column))
        }
    }

    struct PhysicalLocation: Encodable {
        var artifactLocation: ArtifactLocation
        var region: Region
    }

    struct ArtifactLocation: Encodable {
        var uri: String
        var uriBaseId: String?
    }

    struct Region: Encodable {
        var startLine: Int
        var startColumn: Int
    }

    struct LogicalLocation: Encodable {
        var name: String
        var fullyQualifiedName: String
        var kind: String
    }
}

/// A spec path as a SARIF artifact URI: relative to the working directory when it is inside it, else a `file:` URI.
struct ArtifactURI: Equatable {
    var uri: String
    var isRelative: Bool

    init(path: String, workingDirectory: String) {
        let base = workingDirectory.hasSuffix("/") ? workingDirectory : workingDirectory + "/"
        if path.hasPrefix("/"), !path.hasPrefix(base) {
            uri = "file://" + Self.percentEncoded(Self.normalized(path, absolute: true))
            isRelative = false
        } else {
            let relative = path.hasPrefix(base) ? String(path.dropFirst(base.count)) : path
            uri = Self.percentEncoded(Self.normalized(relative, absolute: false))
            isRelative = true
        }
    }

    /// Drops `.` and empty segments (`./a//b` → `a/b`); `..` stays, nothing on disk is consulted.
    private static func normalized(_ path: String, absolute: Bool) -> String {
        let segments = path.split(separator: "/").filter { $0 != "." }
        return (absolute ? "/" : "") + segments.joined(separator: "/")
    }

    /// Keeps RFC 3986 unreserved characters, `/` and the sub-delimiters; `:` is encoded so that a relative
    /// path's first segment cannot be read as a scheme.
    private static let unencoded = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~/!$&'()*+,;=@".utf8)

    private static func percentEncoded(_ path: String) -> String {
        var result = ""
        for byte in path.utf8 {
            if unencoded.contains(byte) {
                result.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                let hex = String(byte, radix: 16, uppercase: true)
                result += "%" + (hex.count == 1 ? "0" + hex : hex)
            }
        }
        return result
    }
}

private extension String {
    func trimmingTrailingNewlines() -> String {
        var text = self
        while text.last?.isNewline == true { text.removeLast() }
        return text
    }
}
