import FlowModel

/// Spec-validity findings with a cap per file. A generated or pasted file can hold a million unknown keys:
/// past `limit` findings in one file, further ones are counted, not kept (their messages, did-you-mean
/// searches included, are not even built), and one closing finding, at the first one left out, says how
/// many there were. Reading a file and resolving names are two stages with one budget per file: the
/// resolver's budget starts from what reading left (`counts`, `omitted`).
///
/// A class: the decoder and the resolver report without mutating themselves, so the closures that build
/// messages may read them.
final class FindingBudget {
    /// The findings of one file that were left out: the first one's rule and place, and how many.
    struct Omitted: Sendable {
        var rule: RuleID
        var location: SourceLocation
        var count: Int
    }

    let limit: Int
    private(set) var kept: [Finding] = []
    private(set) var omitted: [String: Omitted]
    private var counts: [String: Int]

    init(limit: Int, counts: [String: Int] = [:], omitted: [String: Omitted] = [:]) {
        self.limit = limit
        self.counts = counts
        self.omitted = omitted
    }

    func add(_ rule: RuleID, at location: SourceLocation, _ finding: () -> Finding) {
        let file = location.file
        let count = counts[file, default: 0]
        counts[file] = count + 1
        if count < limit {
            kept.append(finding())
        } else {
            omitted[file, default: Omitted(rule: rule, location: location, count: 0)].count += 1
        }
    }

    /// The kept findings, then one closing finding for each file over the limit.
    var findings: [Finding] {
        kept
            + omitted.keys.sorted().map { file in
                let left = omitted[file]!
                return Finding(
                    rule: left.rule, severity: .error,
                    message:
                        """
                        \(left.count) more finding\(left.count == 1 ? "" : "s") in this file \(left.count == 1 ? "is" : "are") not \
                        shown: flowlint reports at most \(limit) per file; fix the ones above and run again
                        """,
                    location: left.location)
            }
    }
}
