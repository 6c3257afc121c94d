import FlowConfig
import SwiftSyntax

/// The one configuration extract reads (README: conditional compilation): a platform and the custom flags set
/// (`-D DEBUG`). Apps build one set of sources for several platforms, and the same type is often declared once per
/// `#if os(…)` branch; reading every branch would give a coordinator two routes of one name. So `#if` is read as
/// the compiler reads it for this configuration: the first clause whose condition holds, no other.
public struct BuildConfiguration: Sendable, Equatable {
    /// The platforms `platform:` accepts; `macCatalyst` is `os(iOS)` with `targetEnvironment(macCatalyst)`.
    public static let platforms = ExtractMapping.platforms
    /// The Swift version conditions are judged against (`#if swift(>=5.9)`): swift-syntax 603's, Swift 6.3.
    static let swiftVersion = [6, 3]

    public var platform: String
    public var defines: Set<String>

    /// The default is an iOS release build: no `DEBUG`, not the simulator.
    public init(platform: String = "iOS", defines: [String] = []) {
        self.platform = platform
        self.defines = Set(defines)
    }

    /// The clause of `#if … #elseif … #else … #endif` that is compiled, if any.
    func activeClause(of node: IfConfigDeclSyntax) -> IfConfigClauseSyntax? {
        node.clauses.first { clause in clause.condition.map(holds) ?? true }
    }

    /// Whether a condition holds. A condition the compiler would reject (an unknown function) does not: the
    /// code under it is not compiled for this configuration either way.
    func holds(_ condition: ExprSyntax) -> Bool {
        if let sequence = condition.as(SequenceExprSyntax.self) {
            // Unfolded `a || b && c`: `&&` binds tighter, so the sequence is a disjunction of conjunctions.
            var any = false
            var all = true
            for element in sequence.elements {
                if let op = element.as(BinaryOperatorExprSyntax.self) {
                    if op.operator.text == "||" {
                        any = any || all
                        all = true
                    }
                    continue
                }
                all = all && holds(element)
            }
            return any || all
        }
        if let prefix = condition.as(PrefixOperatorExprSyntax.self), prefix.operator.text == "!" {
            return !holds(prefix.expression)
        }
        if let tuple = condition.as(TupleExprSyntax.self), tuple.elements.count == 1, let only = tuple.elements.first {
            return holds(only.expression)
        }
        if let literal = condition.as(BooleanLiteralExprSyntax.self) {
            return literal.literal.tokenKind == .keyword(.true)
        }
        if let flag = condition.as(DeclReferenceExprSyntax.self) {
            return defines.contains(flag.baseName.text)
        }
        if let call = condition.as(FunctionCallExprSyntax.self), let function = call.calledExpression.as(DeclReferenceExprSyntax.self) {
            let argument = call.arguments.first.map { $0.expression.trimmedDescription } ?? ""
            return holds(function.baseName.text, argument)
        }
        return false
    }

    private func holds(_ function: String, _ argument: String) -> Bool {
        switch function {
        case "os": return isOS(argument)
        case "targetEnvironment": return argument == "macCatalyst" && platform == "macCatalyst"
        case "canImport": return canImport(argument)
        case "swift", "compiler": return versionHolds(argument)
        case "arch": return argument == "arm64"
        case "_endian": return argument == "little"
        case "_pointerBitWidth": return argument == "_64"
        case "_runtime": return argument == "_ObjC"
        case "hasFeature", "hasAttribute": return true
        default: return false
        }
    }

    private func isOS(_ name: String) -> Bool {
        switch name {
        case "iOS": platform == "iOS" || platform == "macCatalyst"
        case "macOS", "OSX": platform == "macOS"
        case "visionOS", "xrOS": platform == "visionOS"
        default: name == platform
        }
    }

    /// The app's own dependencies are there; of Apple's UI frameworks, the platform's.
    private func canImport(_ module: String) -> Bool {
        switch module.split(separator: ".").first.map(String.init) ?? module {
        case "AppKit": platform == "macOS"
        case "UIKit": platform != "macOS"
        case "WatchKit": platform == "watchOS"
        default: true
        }
    }

    /// `>=6.0` or `<6.0` against the Swift version read.
    private func versionHolds(_ argument: String) -> Bool {
        let below = argument.hasPrefix("<")
        let digits = argument.drop { $0 == ">" || $0 == "=" || $0 == "<" || $0 == " " }
        let version = digits.split(separator: ".").map { Int($0) ?? 0 }
        let atLeast = !Self.swiftVersion.lexicographicallyPrecedes(version)
        return below ? !atLeast : atLeast
    }
}

extension ExtractMapping {
    /// `extract: { platform: tvOS, defines: [DEBUG] }`, iOS without flags when not given.
    var build: BuildConfiguration { BuildConfiguration(platform: platform ?? "iOS", defines: defines) }
}
