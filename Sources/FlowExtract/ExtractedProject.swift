import FlowModel

// The facts `flowlint extract` reads from Swift code (DESIGN §5). Every fact carries the Swift
// `file:line:col` it was read from and how sure the reader is. The model has no swift-syntax in it:
// the parser runs in `flowlint-swift`, which hands these values over as JSON (`--format json`).

/// How sure the extractor is of a fact.
public enum Confidence: Hashable, Sendable, Codable {
    /// Read directly from the code (`pushViewController(vc)`, a `Route` enum case).
    case certain
    /// Derived by a convention or a look-up; the text says which (`name ends in Coordinator`).
    case inferred(String)

    public var isCertain: Bool { self == .certain }

    public var reason: String? {
        if case .inferred(let why) = self { why } else { nil }
    }

    private enum CodingKeys: String, CodingKey { case inferred }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        if let why = try container.decodeIfPresent(String.self, forKey: .inferred) {
            self = .inferred(why)
        } else {
            self = .certain
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(reason, forKey: .inferred)
    }
}

/// One value read from Swift code, where it was read, and how sure the reader is.
public struct Fact<Value> {
    public var value: Value
    public var location: SourceLocation
    public var confidence: Confidence

    public init(_ value: Value, at location: SourceLocation, _ confidence: Confidence = .certain) {
        self.value = value
        self.location = location
        self.confidence = confidence
    }
}

extension Fact: Sendable where Value: Sendable {}
extension Fact: Equatable where Value: Equatable {}
extension Fact: Hashable where Value: Hashable {}
extension Fact: Codable where Value: Codable {}

/// The coordinator libraries whose shapes the extractor knows (DESIGN §5's table).
public enum CodeStyle: String, Sendable, Codable, CaseIterable {
    case uikit, xcoordinator, stinsen
}

/// What a route shows, as read from the code.
public struct ExtractedDestination: Hashable, Sendable, Codable {
    public enum Kind: String, Hashable, Sendable, Codable { case screen, coordinator }
    public var kind: Kind
    /// A Swift type name: the screen's view (controller) type or the child coordinator's type.
    public var name: String

    public init(_ kind: Kind, _ name: String) {
        self.kind = kind
        self.name = name
    }

    public var destination: Destination {
        switch kind {
        case .screen: .screen(name)
        case .coordinator: .coordinator(name)
        }
    }
}

public struct ExtractedParameter: Hashable, Sendable, Codable {
    public var name: String
    public var type: String?

    public init(name: String, type: String?) {
        self.name = name
        self.type = type
    }
}

/// A route: an enum case (XCoordinator), a property (Stinsen) or a navigating method (UIKit).
public struct ExtractedRoute: Sendable, Codable {
    public var name: String
    public var location: SourceLocation
    public var confidence: Confidence
    public var transition: Fact<Transition>?
    public var destination: Fact<ExtractedDestination>?
    /// `present` only.
    public var style: Fact<PresentationStyle>?
    /// The `route:` target of `trigger` / `popTo`: `name` or `Coordinator.name`.
    public var target: Fact<String>?
    /// The `tab:` target of `select`.
    public var tab: Fact<String>?
    /// Routes the destination screen triggers: `name` or `Coordinator.name`.
    public var triggers: [Fact<String>] = []
    public var retain: Fact<RetainPolicy>?
    /// The exits on which the parent releases the child: `[]` when it never does; `nil` when no child is kept.
    public var releaseOn: [Fact<ExitKind>]?
    public var params: [Fact<ExtractedParameter>] = []

    public init(name: String, location: SourceLocation, confidence: Confidence = .certain) {
        self.name = name
        self.location = location
        self.confidence = confidence
    }
}

/// A router this coordinator's screens or view models keep (`holds`).
public struct ExtractedHold: Hashable, Sendable, Codable {
    /// A coordinator type name, or `Self`.
    public var target: String
    public var strength: Fact<HoldStrength>

    public init(target: String, strength: Fact<HoldStrength>) {
        self.target = target
        self.strength = strength
    }
}

public struct ExtractedCoordinator: Sendable, Codable {
    /// The Swift type name; the spec coordinator of the same name matches it (DESIGN §5, identity).
    public var name: String
    /// The type declaration.
    public var location: SourceLocation
    public var style: CodeStyle
    public var kind: Fact<CoordinatorKind>
    public var stack: Fact<StackPolicy>?
    public var initial: Fact<String>?
    public var tabs: [Fact<String>] = []
    public var routes: [ExtractedRoute] = []
    public var holds: [ExtractedHold] = []
    /// Every navigation site of the type was resolved to a route: `drift-extra-route` may judge it.
    public var allSitesResolved: Bool = true

    public init(name: String, location: SourceLocation, style: CodeStyle, kind: Fact<CoordinatorKind>) {
        self.name = name
        self.location = location
        self.style = style
        self.kind = kind
    }

    public func route(named name: String) -> ExtractedRoute? {
        routes.first { $0.name == name }
    }
}

/// One step of an extracted chain (`deepLink`, `.multiple`, Stinsen `focusFirst…route`).
public struct ExtractedChainStep: Hashable, Sendable, Codable {
    public enum Action: String, Hashable, Sendable, Codable {
        case route, select, popTo, pop, popToRoot, dismiss, dismissToRoot
    }
    public var action: Action
    /// The route (`route`, `popTo`) or tab (`select`) the step names.
    public var target: String?
    public var location: SourceLocation

    public init(_ action: Action, target: String? = nil, at location: SourceLocation) {
        self.action = action
        self.target = target
        self.location = location
    }
}

public struct ExtractedChain: Sendable, Codable {
    public var name: String
    public var location: SourceLocation
    public var confidence: Confidence
    /// The coordinator the chain starts in.
    public var from: String
    public var steps: [ExtractedChainStep] = []

    public init(name: String, location: SourceLocation, from: String, confidence: Confidence = .certain) {
        self.name = name
        self.location = location
        self.from = from
        self.confidence = confidence
    }
}

/// A site the extractor saw but could not turn into a fact: listed, never guessed.
public struct ExtractionNote: Hashable, Sendable, Codable, Comparable {
    public enum Kind: String, Hashable, Sendable, Codable {
        /// A transition whose destination is computed at run time (a variable, a function result).
        case dynamicDestination = "dynamic-destination"
        /// A destination built by a factory whose product type the reader cannot see.
        case unresolvedFactory = "unresolved-factory"
        /// A push onto a navigation controller that is not the coordinator's own.
        case foreignStack = "foreign-stack"
        /// The file could not be read or parsed (the rest of the project is still extracted).
        case unreadable
        /// Navigation the reader does not recognize (a custom transition), or a container whose tabs it cannot
        /// resolve: left out of the spec rather than written invalid.
        case unrecognized
    }
    public var kind: Kind
    public var message: String
    public var location: SourceLocation
    /// The coordinator the site belongs to, if any.
    public var coordinator: String?

    public init(_ kind: Kind, _ message: String, at location: SourceLocation, coordinator: String? = nil) {
        self.kind = kind
        self.message = message
        self.location = location
        self.coordinator = coordinator
    }

    public static func < (lhs: ExtractionNote, rhs: ExtractionNote) -> Bool {
        (lhs.location, lhs.kind.rawValue, lhs.message) < (rhs.location, rhs.kind.rawValue, rhs.message)
    }
}

/// Everything extracted from one run over Swift sources.
public struct ExtractedProject: Sendable, Codable {
    public var version = 1
    /// The Swift files read, sorted.
    public var files: [String] = []
    /// The coordinator the app starts in, when the code shows it (an AppDelegate / `@main` App starting it).
    public var entry: Fact<String>?
    /// Sorted by file, then line.
    public var coordinators: [ExtractedCoordinator] = []
    public var chains: [ExtractedChain] = []
    public var notes: [ExtractionNote] = []

    public init() {}

    public func coordinator(named name: String) -> ExtractedCoordinator? {
        coordinators.first { $0.name == name }
    }
}

extension SourceLocation: Codable {
    private enum CodingKeys: String, CodingKey { case file, line, column }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            file: try container.decode(String.self, forKey: .file),
            line: try container.decode(Int.self, forKey: .line),
            column: try container.decode(Int.self, forKey: .column)
        )
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(file, forKey: .file)
        try container.encode(line, forKey: .line)
        try container.encode(column, forKey: .column)
    }
}

extension Transition: Codable {}
extension CoordinatorKind: Codable {}
extension PresentationStyle: Codable {}
extension RetainPolicy: Codable {}
extension ExitKind: Codable {}
extension StackPolicy: Codable {}
extension HoldStrength: Codable {}
