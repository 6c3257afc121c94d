import FlowModel
import Foundation
import Testing
@testable import FlowReport

@Suite struct SARIFReporterTests {
    let tool = SARIFReporter.Tool(version: "1.2.3", informationURI: "https://example.com/flowlint")

    func log(_ findings: [Finding], workingDirectory: String = "/work/app") throws -> [String: Any] {
        let text = SARIFReporter.render(
            Report(findings: findings, files: 1), rules: Findings.rules, tool: tool,
            workingDirectory: workingDirectory)
        return try JSONSerialization.jsonObject(with: Data(text.utf8)) as! [String: Any]
    }

    func results(_ log: [String: Any]) -> [[String: Any]] {
        ((log["runs"] as! [[String: Any]])[0]["results"] as! [[String: Any]])
    }

    func fingerprint(_ result: [String: Any]) -> String {
        (result["partialFingerprints"] as! [String: String])[SARIFReporter.fingerprintKey]!
    }

    @Test func driverDescribesEveryRule() throws {
        let run = (try log([])["runs"] as! [[String: Any]])[0]
        let driver = (run["tool"] as! [String: Any])["driver"] as! [String: Any]
        #expect(driver["name"] as? String == "flowlint")
        #expect(driver["version"] as? String == "1.2.3")
        #expect(driver["informationUri"] as? String == "https://example.com/flowlint")
        let rules = driver["rules"] as! [[String: Any]]
        #expect(rules.map { $0["id"] as! String } == ["leaked-child", "unreachable-route"])
        #expect(rules[0]["name"] as? String == "LeakedChild")
        #expect((rules[0]["shortDescription"] as! [String: String])["text"] == "A child that stays in childCoordinators.")
        #expect((rules[0]["fullDescription"] as! [String: String])["text"] == "It leaks.")
        #expect((rules[0]["help"] as! [String: String])["markdown"]!.contains("```yaml\nversion: 1\n```"))
        #expect((rules[1]["defaultConfiguration"] as! [String: String])["level"] == "warning")
        #expect(results(try log([])).isEmpty)
    }

    @Test func resultHasRuleLevelMessageAndRelativeLocation() throws {
        let result = results(try log([Findings.finding(file: "/work/app/Flows/App.flow.yml")]))[0]
        #expect(result["ruleId"] as? String == "leaked-child")
        #expect(result["ruleIndex"] as? Int == 0)
        #expect(result["level"] as? String == "error")
        #expect((result["message"] as! [String: String])["text"] == "Auth leaks")
        let location = (result["locations"] as! [[String: Any]])[0]
        let physical = location["physicalLocation"] as! [String: Any]
        #expect(physical["artifactLocation"] as? [String: String] == ["uri": "Flows/App.flow.yml", "uriBaseId": "%SRCROOT%"])
        #expect(physical["region"] as? [String: Int] == ["startLine": 12, "startColumn": 7])
        let logical = (location["logicalLocations"] as! [[String: String]])[0]
        #expect(logical == ["name": "login", "fullyQualifiedName": "App.login", "kind": "member"])
    }

    @Test(arguments: [
        ("Flows/App.flow.yml", "Flows/App.flow.yml", true),
        ("./Flows//App.flow.yml", "Flows/App.flow.yml", true),
        ("/work/app/Flows/App.flow.yml", "Flows/App.flow.yml", true),
        ("/work/application/App.flow.yml", "file:///work/application/App.flow.yml", false),
        ("../shared/App.flow.yml", "../shared/App.flow.yml", true),
        ("Legacy, 2019.flow.yml", "Legacy,%202019.flow.yml", true),
        ("a:b/Ä.flow.yml", "a%3Ab/%C3%84.flow.yml", true),
    ])
    func artifactURIs(path: String, uri: String, relative: Bool) {
        let artifact = ArtifactURI(path: path, workingDirectory: "/work/app")
        #expect(artifact.uri == uri)
        #expect(artifact.isRelative == relative)
    }

    @Test func fingerprintsHoldNoLineOrColumn() throws {
        let before = results(try log([Findings.finding(line: 12, column: 7)]))[0]
        let after = results(try log([Findings.finding(line: 40, column: 9)]))[0]
        #expect(fingerprint(before) == fingerprint(after))
        let other = results(try log([Findings.finding("leaked-child", .error, "Auth leaks differently")]))[0]
        #expect(fingerprint(other) != fingerprint(before))
    }

    @Test func repeatedFindingsGetOccurrenceNumbers() throws {
        let found = results(try log([Findings.finding(line: 3), Findings.finding(line: 9)]))
        let prints = found.map(fingerprint)
        #expect(prints[0].hasSuffix(":1") && prints[1].hasSuffix(":2"))
        #expect(prints[0].dropLast(2) == prints[1].dropLast(2))
    }

    @Test func notesBecomeRelatedLocations() throws {
        let note = FindingNote("first defined here", at: SourceLocation(file: "Flows/App.flow.yml", line: 3, column: 5))
        let result = results(try log([Findings.finding(notes: [note])]))[0]
        let related = (result["relatedLocations"] as! [[String: Any]])[0]
        #expect(related["id"] as? Int == 1)
        #expect((related["message"] as! [String: String])["text"] == "first defined here")
    }

    @Test func aRuleNotListedHasNoRuleIndex() throws {
        let result = results(try log([Findings.finding("syntax", coordinator: nil, route: nil)]))[0]
        #expect(result["ruleIndex"] == nil)
        #expect(result["ruleId"] as? String == "syntax")
        #expect((result["locations"] as! [[String: Any]])[0]["logicalLocations"] == nil)
    }
}
