/// What a spec file may define but could not be read: a name that resolves to nothing there may be
/// in the part already reported, so reporting it again would repeat one mistake.
struct SpecGaps: Sendable {
    /// Some coordinators of the file could not be read (the file, `coordinators` or a key).
    var coordinators = false
    /// The file's `entry` could not be read.
    var entry = false
    /// Coordinators whose routes could not all be read.
    var routesOf: Set<String> = []

    /// A file that could not be read at all.
    static let unreadable = SpecGaps(coordinators: true, entry: true)

    mutating func formUnion(_ other: SpecGaps) {
        coordinators = coordinators || other.coordinators
        entry = entry || other.entry
        routesOf.formUnion(other.routesOf)
    }
}
