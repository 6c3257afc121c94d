import FoundationEssentials
import FlowModel

/// SARIF 2.1.0 as GitHub code scanning reads it: every rule in `tool.driver.rules`, each result with a location
/// relative to the working directory (`%SRCROOT%`) and a fingerprint that holds no line number.
public enum SARIFReporter {
    /// What `tool.driver` says about flowlint itself: its name, and the version and home page the caller gives.
    public struct Tool: Sendable {
        public let name = "flowlint"
        public var version: String
        public var informationURI: String

        public init(version: String, informationURI: String) {
            self.version = version
            self.informationURI = informationURI
        }
    }

    /// The `partialFingerprints` key: rule, element and message digest, plus an occurrence number for repeats.
    public static let fingerprintKey = "flowlintFindingHash/v1"

    /// `rules` are listed in the given order; `workingDirectory` (absolute) is what result URIs are relative to.
    public static func render(_ report: Report, rules: [RuleDescription], tool: Tool, workingDirectory: String) -> String {
        var text: [UInt8] = []
        write(report, rules: rules, tool: tool, workingDirectory: workingDirectory) { text += $0 }
        return String(decoding: text, as: UTF8.self)
    }

    /// The log, written to `sink` a piece at a time: the results one by one in the bytes `ReportText.json` gives the
    /// `Log` (a test compares them), the small `tool` through its `Codable` type.
    public static func write(
        _ report: Report, rules: [RuleDescription], tool: Tool, workingDirectory: String,
        to sink: ([UInt8]) -> Void
    ) {
        let log = Log(runs: [
            Run(tool: toolComponent(tool, rules: rules), results: [], properties: report.coverage.map(CoverageSummary.init))
        ])
        var writer = JSONTextWriter()
        writer.openObject()
        writer.field("$schema", log.schema)
        writer.key("runs")
        writer.openArray()
        for run in log.runs {
            writer.element()
            writer.openObject()
            writer.field("columnKind", run.columnKind)
            if let properties = run.properties {
                writer.key("properties")
                writer.encoded(ReportText.json(properties))
            }
            writer.key("results")
            writer.openArray()
            forEachResult(of: report, rules: rules, workingDirectory: workingDirectory) { result in
                writer.element()
                result.write(to: &writer)
                if writer.bytes.count >= 1 << 16 { writer.flush(to: sink) }
            }
            writer.closeArray()
            writer.key("tool")
            writer.encoded(ReportText.json(run.tool))
            writer.closeObject()
        }
        writer.closeArray()
        writer.field("version", log.version)
        writer.closeObject()
        writer.newline()
        writer.flush(to: sink)
    }

    /// The `Codable` encoding of the whole log: what `write` must equal, byte for byte.
    static func encoded(_ report: Report, rules: [RuleDescription], tool: Tool, workingDirectory: String) -> String {
        var results: [Result] = []
        forEachResult(of: report, rules: rules, workingDirectory: workingDirectory) { results.append($0) }
        return ReportText.json(
            Log(runs: [
                Run(
                    tool: toolComponent(tool, rules: rules), results: results,
                    properties: report.coverage.map(CoverageSummary.init))
            ]))
    }

    private static func toolComponent(_ tool: Tool, rules: [RuleDescription]) -> ToolComponent {
        ToolComponent(
            driver: Driver(
                name: tool.name, version: tool.version, semanticVersion: tool.version,
                informationUri: tool.informationURI, rules: rules.map(Rule.init)))
    }

    /// Each finding as a result, in order, its fingerprint numbered among the findings that share it.
    private static func forEachResult(
        of report: Report, rules: [RuleDescription], workingDirectory: String,
        _ body: (Result) -> Void
    ) {
        let ruleIndex = Dictionary(rules.enumerated().map { ($1.id.rawValue, $0) }, uniquingKeysWith: { first, _ in first })
        let uris = ArtifactURIs(workingDirectory: workingDirectory)
        var occurrences: [String: Int] = [:]
        for finding in report.findings {
            let fingerprint = FindingKey(finding).fingerprint
            occurrences[fingerprint, default: 0] += 1
            body(
                Result(
                    finding, ruleIndex: ruleIndex[finding.rule.rawValue],
                    fingerprint: "\(fingerprint):\(occurrences[fingerprint]!)", uris: uris))
        }
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

    /// A message: its text, and for a rule's help the same in Markdown.
    struct Text: Encodable {
        var text: String
        var markdown: String?

        func write(to writer: inout JSONTextWriter) {
            writer.openObject()
            writer.fieldIfPresent("markdown", markdown)
            writer.field("text", text)
            writer.closeObject()
        }
    }

    struct Rule: Encodable {
        var id: String
        var name: String
        var shortDescription: Text
        var fullDescription: Text
        var help: Text
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
            help = Text(
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

        init(_ finding: Finding, ruleIndex: Int?, fingerprint: String, uris: ArtifactURIs) {
            ruleId = finding.rule.rawValue
            self.ruleIndex = ruleIndex
            level = finding.severity.rawValue
            message = Text(text: finding.message)
            var primary = Location(finding.location, uris: uris)
            if let coordinator = finding.coordinator {
                let qualified = finding.route.map { "\(coordinator).\($0)" } ?? coordinator
                primary.logicalLocations = [
                    LogicalLocation(
                        name: finding.route ?? coordinator, fullyQualifiedName: qualified,
                        kind: finding.route == nil ? "type" : "member")
                ]
            }
            locations = [primary]
            if !finding.notes.isEmpty {
                relatedLocations = finding.notes.enumerated().map { index, note in
                    var location = Location(note.location, uris: uris)
                    location.id = index + 1
                    location.message = Text(text: note.message)
                    return location
                }
            }
            if let path = finding.path {
                var steps = path.map { step in
                    var location = Location(step.location, uris: uris)
                    location.message = Text(text: step.step.text)
                    return ThreadFlowLocation(location: location)
                }
                var end = Location(finding.location, uris: uris)
                end.message = Text(
                    text: "\(finding.rule): \(primary.logicalLocations?.first?.fullyQualifiedName ?? finding.location.description)")
                steps.append(ThreadFlowLocation(location: end))
                codeFlows = [CodeFlow(threadFlows: [ThreadFlow(locations: steps)])]
            }
            partialFingerprints = [SARIFReporter.fingerprintKey: fingerprint]
        }

        /// The result as its synthesized `encode(to:)` writes it, keys in sorted order.
        func write(to writer: inout JSONTextWriter) {
            writer.openObject()
            if let codeFlows {
                writer.objects("codeFlows", codeFlows) { flow, writer in
                    writer.objects("threadFlows", flow.threadFlows) { thread, writer in
                        writer.objects("locations", thread.locations) { step, writer in
                            writer.key("location")
                            step.location.write(to: &writer)
                        }
                    }
                }
            }
            writer.field("level", level)
            writer.key("locations")
            Location.write(locations, to: &writer)
            writer.key("message")
            message.write(to: &writer)
            writer.key("partialFingerprints")
            writer.openObject()
            for (key, value) in partialFingerprints.sorted(by: { $0.key < $1.key }) {
                writer.key(key)
                writer.value(value)
            }
            writer.closeObject()
            if let relatedLocations {
                writer.key("relatedLocations")
                Location.write(relatedLocations, to: &writer)
            }
            writer.field("ruleId", ruleId)
            if let ruleIndex { writer.field("ruleIndex", ruleIndex) }
            writer.closeObject()
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

        init(_ location: SourceLocation, uris: ArtifactURIs) {
            let artifact = uris[location.file]
            physicalLocation = PhysicalLocation(
                artifactLocation: ArtifactLocation(uri: artifact.uri, uriBaseId: artifact.isRelative ? "%SRCROOT%" : nil),
                region: Region(startLine: location.line, startColumn: location.column))
        }

        static func write(_ locations: [Location], to writer: inout JSONTextWriter) {
            writer.openArray()
            for location in locations {
                writer.element()
                location.write(to: &writer)
            }
            writer.closeArray()
        }

        func write(to writer: inout JSONTextWriter) {
            writer.openObject()
            if let id { writer.field("id", id) }
            if let logicalLocations {
                writer.objects("logicalLocations", logicalLocations) { logical, writer in
                    writer.field("fullyQualifiedName", logical.fullyQualifiedName)
                    writer.field("kind", logical.kind)
                    writer.field("name", logical.name)
                }
            }
            if let message {
                writer.key("message")
                message.write(to: &writer)
            }
            writer.key("physicalLocation")
            writer.openObject()
            writer.key("artifactLocation")
            writer.openObject()
            writer.field("uri", physicalLocation.artifactLocation.uri)
            writer.fieldIfPresent("uriBaseId", physicalLocation.artifactLocation.uriBaseId)
            writer.closeObject()
            writer.key("region")
            writer.openObject()
            writer.field("startColumn", physicalLocation.region.startColumn)
            writer.field("startLine", physicalLocation.region.startLine)
            writer.closeObject()
            writer.closeObject()
            writer.closeObject()
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

/// Each file's URI made once: a report names a few files many times (every step of every witness path).
final class ArtifactURIs {
    let workingDirectory: String
    private var made: [String: ArtifactURI] = [:]

    init(workingDirectory: String) {
        self.workingDirectory = workingDirectory
    }

    subscript(path: String) -> ArtifactURI {
        if let uri = made[path] { return uri }
        let uri = ArtifactURI(path: path, workingDirectory: workingDirectory)
        made[path] = uri
        return uri
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
