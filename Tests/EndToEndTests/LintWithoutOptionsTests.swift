import Foundation
import Testing

/// `flowlint lint PATHS...` without an option is made without ArgumentParser (what a pre-commit hook runs starts
/// sooner); the same lint with a default spelled out goes through the parser. Both must say the same, byte for byte.
@Suite struct LintWithoutOptionsTests {
    static let seeds = Flowlint.packageRoot.appendingPathComponent("fixtures/seeds")

    @Test(arguments: [["."], ["app.flow.yml", "router-children.flow.yml"], ["no-such-folder"], ["help"], []])
    func aLintWithoutOptionsIsTheOneArgumentParserMakes(_ paths: [String]) throws {
        let made = try Flowlint.run(["lint"] + paths, in: Self.seeds)
        let parsed = try Flowlint.run(["lint", "--format", "text"] + paths, in: Self.seeds)
        #expect(made.status == parsed.status)
        #expect(made.stdout == parsed.stdout)
        #expect(made.stderr == parsed.stderr)
    }
}
