import FlowModel

/// The findings of HEAD that BASE did not have, and those of BASE that HEAD no longer has: each side taken as the
/// other's baseline, so findings match by `FindingKey` (rule, element, message digest) exactly as `--baseline` does.
public struct FindingDiff: Sendable {
    /// In HEAD, not in BASE, in report order.
    public var new: [Finding]
    /// In BASE, not in HEAD, in report order (at BASE's locations).
    public var fixed: [Finding]

    public init(base: Report, head: Report) {
        new = Baseline(recording: base.findings).filter(head).report.findings
        fixed = Baseline(recording: head.findings).filter(base).report.findings
    }

    public var isEmpty: Bool { new.isEmpty && fixed.isEmpty }
}
