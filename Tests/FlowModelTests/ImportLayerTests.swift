import Foundation
import Testing

/// Imports follow the layers (DESIGN §6): every `import` line of `Sources/` names only a module its target may
/// read. A lower layer that reaches up (the reader importing the rules, the configuration importing the registry)
/// fails here, with the file and the module named.
@Suite struct ImportLayerTests {
    static let sources = #filePath.split(separator: "/", omittingEmptySubsequences: false).dropLast(3).joined(separator: "/") + "/Sources"

    /// The project's own modules, and for each target the ones it may import.
    static let ours: Set<String> = [
        "FlowModel", "FlowSpec", "FlowConfig", "FlowAnalysis", "FlowRules", "FlowSwift", "FlowReport",
        "FlowRender", "FlowlintCLI", "CYAML", "CGraphviz",
    ]
    static let allowed: [String: Set<String>] = [
        "FlowModel": [],
        "FlowSpec": ["FlowModel", "CYAML"],
        "FlowConfig": ["FlowModel", "FlowSpec"],
        "FlowAnalysis": ["FlowModel"],
        "FlowSwift": ["FlowModel", "FlowConfig", "FlowAnalysis"],
        "FlowRules": ["FlowModel", "FlowConfig", "FlowAnalysis"],
        "FlowReport": ["FlowModel"],
        "FlowRender": ["FlowModel", "FlowAnalysis", "FlowRules", "FlowReport", "CGraphviz"],
        "FlowlintCLI": ["FlowModel", "FlowSpec", "FlowConfig", "FlowAnalysis", "FlowRules", "FlowReport", "FlowRender"],
        // The thin mains: `flowlint` runs the command line; `flowlint-swift` hands it the Swift reader.
        "flowlint": ["FlowlintCLI"],
        "flowlint-swift": ["FlowlintCLI", "FlowSwift"],
    ]

    /// The modules `file` imports (`import X`, `@testable import X`, `import struct X.Y`), in order.
    static func imports(_ text: String) -> [String] {
        text.split(separator: "\n").compactMap { line -> String? in
            let words = line.split(separator: " ").filter { !$0.hasPrefix("@") }
            guard words.first == "import", words.count >= 2 else { return nil }
            let module = words.count >= 3 ? words[2] : words[1]
            return String(module.split(separator: ".").first ?? module)
        }
    }

    @Test func everyImportFollowsTheLayers() throws {
        let targets = try FileManager.default.contentsOfDirectory(atPath: Self.sources).sorted()
        var checked = 0
        for target in targets where !target.hasPrefix("C") {
            let allowed = try #require(Self.allowed[target], "Sources/\(target) is a target the layer list does not name")
            let files = (FileManager.default.enumerator(atPath: "\(Self.sources)/\(target)")?.allObjects as? [String] ?? [])
                .filter { $0.hasSuffix(".swift") }.sorted()
            for file in files {
                let text = try String(contentsOfFile: "\(Self.sources)/\(target)/\(file)", encoding: .utf8)
                for module in Self.imports(text) where Self.ours.contains(module) {
                    checked += 1
                    #expect(allowed.contains(module), "Sources/\(target)/\(file) imports \(module), which \(target) may not")
                }
            }
        }
        #expect(checked > 100)
    }

    @Test func importLinesAreRead() {
        #expect(
            Self.imports("import FlowModel\n@testable import FlowRules\nimport struct FlowSpec.YAMLTree\n// import Nope\n")
                == ["FlowModel", "FlowRules", "FlowSpec"])
    }
}
