import FlowModel

/// The coverage keys of JSON's `summary` and SARIF's `runs[].properties` (DESIGN §5): how many coordinator-like
/// types were found and read, one `{"type", "file", "line", "reason"}` per type not read, the child starts and how
/// many have unknown retention, and whether the entry is a guess.
public struct CoverageSummary: Encodable, Sendable {
    var coordinators: Int
    var coordinatorsRead: Int
    /// Read or accounted for (base, no navigation), in whole percent rounded down: what `--min-read` holds.
    var readPercent: Int
    var childStarts: Int
    var retentionUnknown: Int
    var entryGuessed: Bool
    /// Written as null when there is none, never left out.
    @NullWhenAbsent var entry: Entry?
    var notRead: [NotRead]

    struct NotRead: Encodable, Sendable {
        var type: String
        var file: String
        var line: Int
        var reason: String
    }

    struct Entry: Encodable, Sendable {
        var coordinator: String
        var file: String
        var line: Int
    }

    public init(_ coverage: Coverage) {
        coordinators = coverage.coordinators
        coordinatorsRead = coverage.coordinatorsRead
        readPercent = coverage.readPercent
        childStarts = coverage.childStarts
        retentionUnknown = coverage.retentionUnknown.count
        entryGuessed = coverage.entryGuessed
        entry = coverage.entry.map { Entry(coordinator: $0.coordinator, file: $0.location.file, line: $0.location.line) }
        notRead = coverage.notRead.map {
            NotRead(type: $0.type, file: $0.location.file, line: $0.location.line, reason: $0.reason.rawValue)
        }
    }
}
