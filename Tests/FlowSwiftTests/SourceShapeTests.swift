import Foundation
import SwiftParser
import SwiftSyntax
import Testing
@testable import FlowSwift

/// The reader's own code keeps the shape that lets its parts be found and replaced one at a time (DESIGN §6):
/// no file of FlowSwift over 600 lines, no function over 80, no line over 140 columns, and the syntax layer names no
/// framework or app type; the other modules keep the same limits.
@Suite struct SourceShapeTests {
    static let sources =
        #filePath.split(separator: "/", omittingEmptySubsequences: false).dropLast(3).joined(separator: "/") + "/Sources/FlowSwift"
    static let fileLimit = 600
    static let functionLimit = 80

    /// The Swift files under `folder`, relative to it, sorted.
    static func files(under folder: String) -> [String] {
        let all = FileManager.default.enumerator(atPath: folder)?.allObjects as? [String] ?? []
        return all.filter { $0.hasSuffix(".swift") }.sorted()
    }

    static func text(_ path: String) -> String {
        (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
    }

    @Test func thereIsCodeToMeasure() {
        #expect(Self.files(under: Self.sources).count >= 20)
        #expect(!Self.files(under: Self.sources + "/Syntax").isEmpty)
    }

    @Test func noFileIsOverTheLimit() {
        for file in Self.files(under: Self.sources) {
            let text = Self.text("\(Self.sources)/\(file)")
            let lines = text.utf8.count { $0 == UInt8(ascii: "\n") } + (text.hasSuffix("\n") || text.isEmpty ? 0 : 1)
            #expect(lines <= Self.fileLimit, "\(file) has \(lines) lines; cut it by concern")
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
            where line.count > Self.lineLimit {
                Issue.record("\(file):\(number + 1) is \(line.count) columns; wrap it at \(Self.lineLimit)")
            }
        }
    }

    @Test func noFunctionIsOverTheLimit() {
        for file in Self.files(under: Self.sources) {
            let text = Self.text("\(Self.sources)/\(file)")
            let tree = Parser.parse(source: text)
            let measure = FunctionLengths(converter: SourceLocationConverter(fileName: file, tree: tree))
            measure.walk(tree)
            for (name, line, length) in measure.lengths where length > Self.functionLimit {
                Issue.record("\(file):\(line): `\(name)` is \(length) lines; cut it into named steps")
            }
        }
    }

    /// The spec loader's decoder keeps the same shape: one short function per element or group of fields, the
    /// placement of each field read from `SpecSchema` rather than written out per field (issue 41).
    @Test func theSpecDecoderHasNoFunctionOverTheLimit() {
        let folder = Self.sources.replacingOccurrences(of: "/Sources/FlowSwift", with: "/Sources/FlowSpec")
        let files = Self.files(under: folder).filter { $0.hasPrefix("SpecDecoder") }
        #expect(files.count >= 1)
        for file in files {
            let text = Self.text("\(folder)/\(file)")
            let lines = text.utf8.count { $0 == UInt8(ascii: "\n") }
            #expect(lines <= Self.fileLimit, "\(file) has \(lines) lines; cut it by concern")
            let tree = Parser.parse(source: text)
            let measure = FunctionLengths(converter: SourceLocationConverter(fileName: file, tree: tree))
            measure.walk(tree)
            for (name, line, length) in measure.lengths where length > Self.functionLimit {
                Issue.record("\(file):\(line): `\(name)` is \(length) lines; cut it into named steps")
            }
        }
    }

    static let lineLimit = 140

    /// Every other module keeps the same limits, and no line over 140 columns (`.swift-format`'s `lineLength`, which
    /// `swift format` cannot hold for a long string literal).
    @Test func everyOtherModuleKeepsTheLimits() {
        let root = Self.sources.replacingOccurrences(of: "/Sources/FlowSwift", with: "/Sources")
        let files = Self.files(under: root).filter { !$0.hasPrefix("FlowSwift/") }
        #expect(files.count >= 100)
        for file in files {
            let text = Self.text("\(root)/\(file)")
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            let count = lines.count - (text.hasSuffix("\n") || text.isEmpty ? 1 : 0)
            #expect(count <= Self.fileLimit, "\(file) has \(count) lines; cut it by concern")
            for (number, line) in lines.enumerated() where line.count > Self.lineLimit {
                Issue.record("\(file):\(number + 1) is \(line.count) columns; wrap it at \(Self.lineLimit)")
            }
            let tree = Parser.parse(source: text)
            let measure = FunctionLengths(converter: SourceLocationConverter(fileName: file, tree: tree))
            measure.walk(tree)
            for (name, line, length) in measure.lengths where length > Self.functionLimit {
                Issue.record("\(file):\(line): `\(name)` is \(length) lines; cut it into named steps")
            }
        }
    }

    /// A build's output is taken in field by field (`BuildOutput.fields`): a field added without saying how it
    /// merges would be lost when coordinators are built side by side.
    @Test func everyFieldOfABuildIsMerged() {
        #expect(Mirror(reflecting: BuildOutput()).children.count == BuildOutput.fields.count)
    }

    /// Names that look like types but are none: Swift's `Self`, and the suffixes test doubles are named with.
    static let notTypeNames: Set<String> = ["Self", "Mock", "Mocks", "Stub", "Fake", "Spy", "Dummy", "Test", "Tests"]

    @Test func theSyntaxLayerNamesNoFrameworkOrAppType() {
        let vocabularies = [UIKitStyle.vocabulary, XCoordinatorStyle.vocabulary, StinsenStyle.vocabulary]
        var names: Set<String> = []
        for vocabulary in vocabularies {
            names.formUnion(vocabulary.verbs.keys)
            names.formUnion(vocabulary.retain)
            names.formUnion(vocabulary.release)
            names.formUnion(vocabulary.fullScreenStyles)
            names.formUnion(vocabulary.selfClosingControllers.keys)
            let wrappers = vocabulary.wrappers
            names.formUnion(
                wrappers.unlabelled.union(wrappers.labels).union(wrappers.viewLabels).union(wrappers.trailingClosure).union(
                    wrappers.viewProtocols))
            names.formUnion(wrappers.routerSuffixes)
        }
        #expect(names.contains("NavigationViewCoordinator") && names.contains("pushViewController"))
        let folder = Self.sources + "/Syntax"
        for file in Self.files(under: folder) {
            let tree = Parser.parse(source: Self.text("\(folder)/\(file)"))
            let literals = StringLiterals(viewMode: .sourceAccurate)
            literals.walk(tree)
            for literal in literals.found {
                let typeLike =
                    literal.first?.isUppercase == true && literal.count > 1
                    && literal.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" } && !Self.notTypeNames.contains(literal)
                #expect(!names.contains(literal) && !typeLike, "Syntax/\(file) names \"\(literal)\": a style's vocabulary holds it")
            }
        }
    }
}

/// Each function's, initializer's and deinitializer's length in lines, from its first line to its closing brace.
private final class FunctionLengths: SyntaxVisitor {
    let converter: SourceLocationConverter
    var lengths: [(name: String, line: Int, length: Int)] = []

    init(converter: SourceLocationConverter) {
        self.converter = converter
        super.init(viewMode: .sourceAccurate)
    }

    private func measure(_ node: some SyntaxProtocol, _ name: String) {
        let first = converter.location(for: node.positionAfterSkippingLeadingTrivia).line
        let last = converter.location(for: node.endPositionBeforeTrailingTrivia).line
        lengths.append((name, first, last - first + 1))
    }

    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
        measure(node, node.name.text)
        return .visitChildren
    }

    override func visit(_ node: InitializerDeclSyntax) -> SyntaxVisitorContinueKind {
        measure(node, "init")
        return .visitChildren
    }

    override func visit(_ node: DeinitializerDeclSyntax) -> SyntaxVisitorContinueKind {
        measure(node, "deinit")
        return .visitChildren
    }
}

/// The text of every string literal without interpolation.
private final class StringLiterals: SyntaxVisitor {
    var found: [String] = []

    override func visit(_ node: StringLiteralExprSyntax) -> SyntaxVisitorContinueKind {
        let segments = node.segments.compactMap { $0.as(StringSegmentSyntax.self)?.content.text }
        if segments.count == node.segments.count { found.append(segments.joined()) }
        return .skipChildren
    }
}
