import FlowConfig
import FlowModel

/// The Swift reader, handed to the command line by `flowlint-swift`, which links swift-syntax. `flowlint` runs
/// without one, and a command that needs to read Swift hands itself over to `flowlint-swift` (docs/guide/drift.md).
public struct SourceReader: Sendable {
    /// Reads `sources` (files and folders) with the team's `extract:` wrappers; `measuringCoverage`: how much of the
    /// code was read, which `lint` reports and `extract` does not.
    public typealias Read = @Sendable (_ sources: [String], _ mapping: ExtractMapping, _ measuringCoverage: Bool) throws -> CodeGraph

    private let read: Read

    public init(_ read: @escaping Read) {
        self.read = read
    }

    func callAsFunction(_ sources: [String], _ mapping: ExtractMapping, measuringCoverage: Bool = true) throws -> CodeGraph {
        try read(sources, mapping, measuringCoverage)
    }

    /// The reader of this run, bound by `FlowlintCLI.run(reader:)` for as long as the run lasts: nil in `flowlint`.
    @TaskLocal static var current: SourceReader?
}

/// Swift sources that cannot be read (no such path, no Swift file in a folder): one line, exit status 2.
public struct SourcesUnreadable: UserError {
    public var description: String

    public init(description: String) {
        self.description = description
    }
}
