import FlowModel
import FlowSpec

extension ExtractMapping {
    /// The lists of method (or type, or flag) names `extract:` fills, by key, in the order the messages name them.
    static var lists: [(key: String, names: WritableKeyPath<ExtractMapping, [String]>)] {
        [
            ("push", \.push), ("present", \.present), ("setRoot", \.setRoot), ("retain", \.retain), ("release", \.release),
            ("coordinators", \.coordinators),
        ]
    }

    /// `extract: { push: [show], present: [presentSheet], retain: [store], release: [free] }`.
    static func read(_ reader: ConfigurationReader, _ value: YAMLTree.NodeID) -> ExtractMapping {
        let tree = reader.tree
        var mapping = ExtractMapping()
        if tree.scalarType(value) == .null { return mapping }
        guard tree.kind(value) == .mapping else {
            reader.fail(
                value,
                """
                `extract` maps push, present, setRoot, retain and release to method names, coordinators to type names, platform to a \
                platform and defines to flags
                """
            )
            return mapping
        }
        let lists = Dictionary(uniqueKeysWithValues: (Self.lists + [("defines", \.defines)]).map { ($0.key, $0.names) })
        // A method is one transition, and keeps or lets go of a child, not both: method → the key of its group seen first.
        let groups: [String: Int] = ["push": 0, "present": 0, "setRoot": 0, "retain": 1, "release": 1]
        var listedUnder: [Int: [String: String]] = [:]
        for (key, names) in tree.entries(value) {
            let name = tree.text(key) ?? ""
            guard keys.contains(name) else {
                reader.fail(key, "unknown `extract` key `\(name)`\(Suggestion.hint(for: name, among: keys))")
                continue
            }
            let items = tree.kind(names) == .sequence ? tree.items(names) : [names]
            guard let list = lists[name] else {
                // `platform`: one platform a run, `platform: tvOS`.
                guard items.count == 1, let platform = tree.text(items[0]), platforms.contains(platform) else {
                    let given = items.count == 1 ? tree.text(items[0]) ?? "" : ""
                    reader.fail(
                        names,
                        "`extract.platform` is one of \(platforms.joined(separator: ", "))\(Suggestion.hint(for: given, among: platforms))")
                    continue
                }
                mapping.platform = platform
                continue
            }
            for item in items {
                guard tree.kind(item) == .scalar, let method = tree.text(item), !method.isEmpty else {
                    reader.fail(
                        item, "`extract.\(name)` lists \(name == "coordinators" ? "type" : name == "defines" ? "flag" : "method") names")
                    continue
                }
                if let group = groups[name] {
                    if let first = listedUnder[group]?[method], first != name {
                        reader.fail(
                            item,
                            """
                            `\(method)` is listed under both `extract.\(first)` and `extract.\(name)`; a method does one of them, keep \
                            it under one
                            """
                        )
                        continue
                    }
                    listedUnder[group, default: [:]][method] = name
                }
                mapping[keyPath: list].append(method)
            }
        }
        return mapping
    }
}

/// A team's own navigation wrappers, named in `.flowlint.yml` `extract:` (DESIGN §5): method name →
/// what it does. They add to the names the extractor knows, never replace them.
public struct ExtractMapping: Sendable, Equatable {
    public var push: [String] = []
    public var present: [String] = []
    public var setRoot: [String] = []
    public var retain: [String] = []
    public var release: [String] = []
    /// Coordinator roots the app names (`FlowCoordinatorProtocol`): every type that inherits from or conforms to
    /// one is a coordinator, as a type named `…Coordinator` is.
    public var coordinators: [String] = []
    /// The one configuration `#if` is read in (`platform: tvOS`, `defines: [DEBUG]`): iOS without flags when not given.
    public var platform: String?
    public var defines: [String] = []
    /// Not configured: the app's own methods the reader found keeping a child it is handed (a value of `true`: one
    /// that also lets it go in a callback it installs) and letting one go, by what they do (FlowSwift's
    /// `StorageEffects`).
    public var keptByEffect: [String: Bool] = [:]
    public var releasedByEffect: Set<String> = []
    /// Not configured: the strong stored properties of the app's coordinators whose declared type holds coordinators
    /// (`var residents: [Coordinator]`, `var picker: PickerCoordinator?`): where a child is kept, whatever its name.
    public var childStorage: Set<String> = []
    /// Not configured: methods of the app's types that are not coordinators whose body navigates with UIKit.
    public var navigatesByEffect: Set<String> = []
    /// Not configured: of those, the ones that show the screen they are handed, each with how it shows it
    /// (`func raise(_ screen: UIViewController) { host.present(screen, animated: true) }` → `present`).
    public var wrappedTransitions: [String: Transition] = [:]
    /// Not configured: UIKit's verb → the stored properties whose every declared type is one of the app's whose
    /// method of that name does not navigate (`chimes.present(.saved)` on a toast center): no navigation.
    public var quietReceivers: [String: Set<String>] = [:]

    public init(
        push: [String] = [], present: [String] = [], setRoot: [String] = [], retain: [String] = [], release: [String] = [],
        coordinators: [String] = [], platform: String? = nil, defines: [String] = []
    ) {
        self.push = push
        self.present = present
        self.setRoot = setRoot
        self.retain = retain
        self.release = release
        self.coordinators = coordinators
        self.platform = platform
        self.defines = defines
    }

    /// The keys `extract:` accepts.
    public static let keys = lists.map(\.key) + ["platform", "defines"]
    /// The platforms `extract.platform` (and `flowlint extract --platform`) accepts.
    public static let platforms = ["iOS", "tvOS", "watchOS", "visionOS", "macOS", "macCatalyst"]
}
