/// A team's own navigation wrappers, named in `.flowlint.yml` `extract:` (DESIGN §5): method name →
/// what it does. They add to the names the extractor knows, never replace them.
public struct ExtractMapping: Sendable, Equatable {
    public var push: [String] = []
    public var present: [String] = []
    public var setRoot: [String] = []
    public var retain: [String] = []
    public var release: [String] = []

    public init(push: [String] = [], present: [String] = [], setRoot: [String] = [], retain: [String] = [], release: [String] = []) {
        self.push = push
        self.present = present
        self.setRoot = setRoot
        self.retain = retain
        self.release = release
    }

    /// The keys `extract:` accepts.
    public static let keys = ["push", "present", "setRoot", "retain", "release"]
}
