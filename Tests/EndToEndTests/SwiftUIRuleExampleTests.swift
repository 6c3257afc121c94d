import Foundation
import Testing

/// `flowlint explain <rule>` shows, for each rule that fires on SwiftUI code, the rule's SwiftUI form beside the spec
/// examples; that example, read from the code with `framework: swiftui`, gives exactly the findings its
/// `// expect: <rule-id>` lines mark.
@Suite struct SwiftUIRuleExampleTests {
    /// The rules SwiftUI's navigation mistakes are found by (docs/swift-reading.md, "Mistakes found at the Swift line").
    static let rulesFiringOnSwiftUI = ["invalid-transition", "push-container", "push-without-stack", "covered-stack"]

    static let header = "SwiftUI example ("

    /// The example `explain` prints, its four-space indent removed.
    static func example(of rule: String) throws -> String {
        let explained = try Flowlint.run(["explain", rule])
        #expect(explained.status == 0, "\(explained.stderr)")
        let text = try #require(
            explained.stdout.range(of: header).map { explained.stdout[$0.upperBound...] }, "\(rule): no SwiftUI example")
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).dropFirst(2)
        return lines.map { $0.hasPrefix("    ") ? String($0.dropFirst(4)) : String($0) }.joined(separator: "\n")
    }

    @Test(arguments: rulesFiringOnSwiftUI)
    func theSwiftUIExampleGivesItsMarkedFindings(rule: String) throws {
        let code = try Self.example(of: rule)
        #expect(code.contains("import SwiftUI"))
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flowlint-swiftui-example-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("Sources"), withIntermediateDirectories: true)
        try code.write(to: folder.appendingPathComponent("Sources/Example.swift"), atomically: true, encoding: .utf8)
        try "framework: swiftui\n".write(to: folder.appendingPathComponent(".flowlint.yml"), atomically: true, encoding: .utf8)
        let result = try Flowlint.run(["lint", "--sources", "Sources"], in: folder)
        let expected = code.split(separator: "\n", omittingEmptySubsequences: false).enumerated().compactMap { line, text in
            text.contains("// expect: \(rule)") ? "\(line + 1)" : nil
        }
        #expect(!expected.isEmpty)
        let found = result.stdout.split(separator: "\n").filter { !$0.contains(": note: ") }
        #expect(found.allSatisfy { $0.hasSuffix("[\(rule)]") }, "\(result.stdout)")
        #expect(found.map { String($0.split(separator: ":")[1]) } == expected, "\(result.stdout)\(result.stderr)")
    }

    /// A rule that judges no SwiftUI shape shows none.
    @Test func aRuleWithoutASwiftUIFormShowsNone() throws {
        let explained = try Flowlint.run(["explain", "retain-cycle"])
        #expect(!explained.stdout.contains(Self.header))
    }
}
