import Foundation
import Testing
@testable import FlowSwift

/// The fixtures of "reading by effect" prove an idea, not a name: each is listed beside its idea in
/// docs/swift-reading.md ("Reading by effect, one fixture per idea"), and none of the names it declares is a name the
/// reader knows (a verb, keep or release of any style's vocabulary) or a type another extract fixture declares. A
/// fixture that passed only because the reader learned one of its names, or one a sibling fixture taught it, fails here.
@Suite struct FixtureNamesTests {
    static let root = ExtractGoldenTests.root

    /// The fixtures the table lists, in its order.
    static let listed: [String] = {
        guard let page = try? String(contentsOfFile: root + "/docs/swift-reading.md", encoding: .utf8),
            let start = page.range(of: "## Reading by effect, one fixture per idea")
        else { return [] }
        let section = page[start.upperBound...]
        let end = section.range(of: "\n## ")?.lowerBound ?? section.endIndex
        return section[..<end].split(separator: "\n").compactMap { line in
            guard line.hasPrefix("|"), let link = line.range(of: "(../fixtures/extract/") else { return nil }
            let rest = line[link.upperBound...]
            return rest.prefix { $0 != ")" }.trimmingCharacters(in: CharacterSet(charactersIn: "/"))
        }
    }()

    /// Every name any style's vocabulary reads: verbs, keeps, releases and the system's self-closing controllers.
    static let vocabularyNames: Set<String> = {
        let vocabularies = [UIKitStyle.vocabulary, XCoordinatorStyle.vocabulary, StinsenStyle.vocabulary, SwiftUIStyle.vocabulary]
        return vocabularies.reduce(into: []) { names, vocabulary in
            names.formUnion(vocabulary.verbs.keys)
            names.formUnion(vocabulary.retain)
            names.formUnion(vocabulary.release)
            names.formUnion(vocabulary.selfClosingControllers.keys)
        }
    }()

    /// The names a fixture's sources declare: types, and the methods and properties the app chose (an `override`
    /// is the framework's name, not the app's).
    static func declared(in fixture: String) -> (types: Set<String>, members: Set<String>) {
        let folder = "\(root)/fixtures/extract/\(fixture)/Sources"
        let files = (FileManager.default.enumerator(atPath: folder)?.allObjects as? [String] ?? []).filter { $0.hasSuffix(".swift") }
        var types: Set<String> = []
        var members: Set<String> = []
        for file in files {
            guard let text = try? String(contentsOfFile: "\(folder)/\(file)", encoding: .utf8) else { continue }
            for line in text.split(separator: "\n") where !line.contains("override ") {
                let words = line.split { !($0.isLetter || $0.isNumber || $0 == "_") }.map(String.init)
                for (index, word) in words.enumerated().dropLast() {
                    switch word {
                    case "class", "struct", "enum", "protocol", "actor": types.insert(words[index + 1])
                    case "func", "var", "let": members.insert(words[index + 1])
                    default: continue
                    }
                }
            }
        }
        return (types.filter { $0.first?.isUppercase == true }, members)
    }

    @Test func everyIdeaHasAFixture() {
        #expect(Self.listed.count >= 10, "docs/swift-reading.md lists one fixture per idea of reading by effect")
        for fixture in Self.listed {
            #expect(
                FileManager.default.fileExists(atPath: "\(Self.root)/fixtures/extract/\(fixture)/Sources"),
                "\(fixture) is listed but has no Sources")
        }
    }

    @Test(arguments: listed) func namesAreTheFixturesOwn(_ fixture: String) {
        let own = Self.declared(in: fixture)
        let known = own.members.union(own.types).intersection(Self.vocabularyNames)
        #expect(known.isEmpty, "\(fixture) declares names the reader's vocabulary knows: \(known.sorted())")
        // `Coordinator` is the pattern's root, which the reader finds by its suffix as any `…Coordinator` type.
        let others = ExtractGoldenTests.fixtures.filter { $0 != fixture }.reduce(into: Set<String>()) {
            $0.formUnion(Self.declared(in: $1).types)
        }
        let shared = own.types.subtracting(["Coordinator"]).intersection(others)
        #expect(shared.isEmpty, "\(fixture) declares types other fixtures declare too: \(shared.sorted())")
    }
}
