import Foundation
import Testing
import FlowModel
import FlowAnalysis
import FlowRules
import FlowSpec

/// Every rule speaks two ways. Read from a spec, a finding may name the spec field to change; read from code
/// (`lint --sources` with no spec), the same finding names only what is in the code, because a team with no spec
/// cannot act on a spec field. Each rule's triggering examples are checked both ways: the graph is the same,
/// only where it came from differs.
@Suite struct RuleWordingTests {
    /// Every key the spec schema knows.
    static let specKeys: Set<String> = {
        let schema = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("schema/flowlint.schema.json")
        guard let data = try? Data(contentsOf: schema), let root = try? JSONSerialization.jsonObject(with: data) else { return [] }
        var keys: Set<String> = []
        func walk(_ node: Any) {
            if let object = node as? [String: Any] {
                for (key, value) in object {
                    if key == "properties", let properties = value as? [String: Any] { keys.formUnion(properties.keys) }
                    walk(value)
                }
            } else if let array = node as? [Any] {
                array.forEach(walk)
            }
        }
        walk(root)
        return keys
    }()

    /// The spec fields a message names: a backticked key, or a backticked `key: value` of one.
    static func specFields(in message: String) -> [String] {
        specKeys.filter { message.contains("`\($0)`") || message.contains("`\($0): ") }.sorted()
    }

    /// The rules that judge the graph, which a code-only run builds from Swift; the spec's own checks (`schema`,
    /// `duplicate-key`, `entry`, …) and drift judge spec files, which such a run does not have.
    static let graphRuleIDs = Set(RuleRegistry.graphRules.map { $0.description.id.rawValue })

    static let triggering = RuleExampleTests.allExamples.filter { $0.kind == "triggering" && graphRuleIDs.contains($0.ruleID) }

    @Test func theSchemaIsRead() {
        #expect(Self.specKeys.isSuperset(of: ["retain", "releaseOn", "triggers", "stack", "initial"]))
    }

    /// Every graph rule has a triggering example checked here.
    @Test func everyGraphRuleIsChecked() {
        #expect(Set(Self.triggering.map(\.ruleID)) == Self.graphRuleIDs)
    }

    @Test(arguments: triggering)
    func aFindingFromCodeNamesNoSpecField(_ fixture: RuleFixture) throws {
        let (fromSpec, fromCode) = try fixture.withFile { path in
            var project = try SpecLoader(knownRules: RuleRegistry.allIDs).load(files: [path])
            let fromSpec = RuleRunner().findings(for: project)
            project.origin = .code
            return (fromSpec, RuleRunner().findings(for: project))
        }
        // The same findings, at the same places: only the words change.
        #expect(
            fromSpec.map { "\($0.rule) \($0.location.line)" } == fromCode.map { "\($0.rule) \($0.location.line)" },
            "\(fixture.relativePath)")
        for (spec, code) in zip(fromSpec, fromCode) {
            let named = Self.specFields(in: code.message)
            #expect(
                named.isEmpty, "\(fixture.relativePath): `\(code.rule)` read from code names the spec field(s) \(named): \(code.message)")
            // Where the spec wording names a field, the code wording is another one.
            if !Self.specFields(in: spec.message).isEmpty {
                #expect(spec.message != code.message, "\(fixture.relativePath): `\(spec.rule)` has one wording for spec and code")
            }
        }
    }
}
