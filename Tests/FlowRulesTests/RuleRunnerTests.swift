import Foundation
import Testing
import FlowModel
import FlowSpec
import FlowAnalysis
@testable import FlowRules
import FlowConfig

@Suite struct RuleRunnerTests {
    /// Two warnings (`unreachable-route` on App.orphan, Child.orphan) and one error (`unretained-child` on App.child).
    static let spec = """
        version: 1
        entry: App
        coordinators:
          App:
            kind: navigation
            initial: home
            routes:
              home: { screen: Home, triggers: [child] }
              child: { transition: push, coordinator: Child, retain: none }
              orphan: { transition: push, screen: Orphan }
          Child:
            kind: navigation
            stack: parent
            initial: page
            routes:
              page: { screen: Page }
              orphan: { transition: push, screen: Orphan }
        """

    static let all = ["unreachable-route App.orphan", "unreachable-route Child.orphan", "unretained-child App.child"]

    @Test func everyRuleRunsByDefault() throws {
        #expect(try SpecProject(Self.spec).findings() == Self.all)
    }

    @Test func ignoreOnACoordinatorSilencesItAndItsRoutes() throws {
        let spec = try SpecProject(
            Self.spec.replacingOccurrences(of: "    stack: parent\n", with: "    stack: parent\n    ignore: [unreachable-route]\n"))
        #expect(spec.findings() == ["unreachable-route App.orphan", "unretained-child App.child"])
    }

    @Test func ignoreOnARouteSilencesOnlyThatRouteAndRule() throws {
        let spec = try SpecProject(
            Self.spec.replacingOccurrences(
                of: "child: { transition: push, coordinator: Child, retain: none }",
                with: "child: { transition: push, coordinator: Child, retain: none, ignore: [unreachable-route, unretained-child] }"
            )
            .replacingOccurrences(
                of: "orphan: { transition: push, screen: Orphan }\n  Child",
                with: "orphan: { transition: push, screen: Orphan, ignore: [push-cycle] }\n  Child"))
        #expect(spec.findings() == ["unreachable-route App.orphan", "unreachable-route Child.orphan"])
    }

    @Test func severityOverrides() throws {
        var configuration = Configuration()
        configuration.severities = ["unreachable-route": .error, "unretained-child": .warning]
        let spec = try SpecProject(Self.spec)
        let findings = RuleRunner(configuration: configuration).findings(for: spec.project)
        #expect(findings.count == 3)
        for finding in findings {
            #expect(finding.severity == (finding.rule == "unreachable-route" ? .error : .warning), "\(finding.rule)")
        }
        // Without overrides, each rule's default.
        for finding in RuleRunner().findings(for: spec.project) {
            #expect(finding.severity == RuleRegistry.description(of: finding.rule)?.severity)
        }
    }

    @Test func disabledRulesDoNotRun() throws {
        var configuration = Configuration()
        configuration.disabled = ["unreachable-route"]
        #expect(try SpecProject(Self.spec).findings(configuration: configuration) == ["unretained-child App.child"])
    }

    @Test func excludedFilesReportNothing() throws {
        let spec = try SpecProject([
            "App.flow.yml": """
            version: 1
            entry: App
            coordinators:
              App:
                kind: navigation
                initial: home
                routes:
                  home: { screen: Home, triggers: [legacy] }
                  orphan: { transition: push, screen: Orphan }
                  legacy: { transition: push, coordinator: Legacy, releaseOn: [back] }
            """,
            "Legacy/Legacy.flow.yml": """
            version: 1
            coordinators:
              Legacy:
                kind: navigation
                stack: parent
                initial: page
                routes:
                  page: { screen: Page }
                  orphan: { transition: push, screen: Orphan }
            """,
        ])
        #expect(spec.findings() == ["unreachable-route App.orphan", "unreachable-route Legacy.orphan"])
        var configuration = Configuration()
        configuration.exclude = ["**/Legacy/**"]
        #expect(spec.findings(configuration: configuration) == ["unreachable-route App.orphan"])
        configuration.exclude = ["**/Legacy"]
        #expect(spec.findings(configuration: configuration) == ["unreachable-route App.orphan"])
        configuration.exclude = ["**/*.flow.yml"]
        #expect(spec.findings(configuration: configuration).isEmpty)
    }

    @Test func onlyElementRulesRunWhenSpecsHaveErrors() throws {
        // A misspelled trigger is reported once, as unknown-reference, and not also as an unreachable route;
        // a rule that judges a route by its own fields still finds the unretained child.
        let spec = try SpecProject(
            ["app.flow.yml": Self.spec.replacingOccurrences(of: "triggers: [child]", with: "triggers: [chlid]")],
            allowingDiagnostics: true)
        let findings = RuleRunner().findings(for: spec.project)
        #expect(findings.map(\.rule) == ["unknown-reference", "unretained-child"])
        #expect(findings.first?.message.contains("did you mean `child`?") == true)
    }

    @Test func elementRulesSkipElementsWithAValidityError() throws {
        let spec = try SpecProject(
            [
                "app.flow.yml": Self.spec.replacingOccurrences(
                    of: "child: { transition: push, coordinator: Child, retain: none }",
                    with: "child: { transition: push, coordinator: Child, retain: none, colour: red }")
            ], allowingDiagnostics: true)
        #expect(RuleRunner().findings(for: spec.project).map(\.rule) == ["schema"])
    }

    /// Issue 24: a syntax error in the file that defines a child gave a false `invalid-transition` ("names no
    /// `screen` or `coordinator`") on the route that starts it, in another file.
    @Test func aChildInAnUnreadFileIsNoMissingDestination() throws {
        // Child in a file of its own that does not parse; App starts it.
        let parts = Self.spec.components(separatedBy: "  Child:\n")
        let app = parts[0],
            child = "version: 1\ncoordinators:\n  Child:\n" + parts[1].replacingOccurrences(of: "{ screen: Page }", with: "{ screen: Page")
        let spec = try SpecProject(["app.flow.yml": app, "child.flow.yml": child], allowingDiagnostics: true)
        #expect(RuleRunner().findings(for: spec.project).map(\.rule) == ["syntax"])
        // Another route of the same coordinator, wrong by its own fields, is still judged.
        let wrong = try SpecProject(
            ["app.flow.yml": app + "      tabbed: { transition: select, tab: home }\n", "child.flow.yml": child],
            allowingDiagnostics: true)
        #expect(
            Set(RuleRunner().findings(for: wrong.project).map { "\($0.rule) \($0.route ?? "")" }) == [
                "syntax ", "invalid-transition tabbed",
            ])
    }

    /// The rules' own scope says which of them still run beside a spec-validity error: each graph rule's triggering
    /// example, loaded beside a file that does not parse, still marks its rule exactly when the rule is element-scoped.
    @Test func everyGraphRuleSaysWhenItRuns() throws {
        let descriptions = RuleRegistry.graphRules.map { $0.description }
        #expect(descriptions.contains { $0.scope == .element })
        let broken = "version: 1\ncoordinators:\n  Unparsed:\n    kind: [navigation\n"
        for description in descriptions {
            #expect(RuleDocumentation.explain(description).contains("When it runs: \(description.scope.explanation)"))
            guard !description.triggeringExample.isEmpty else { continue }
            let spec = try SpecProject(
                ["example.flow.yml": description.triggeringExample, "unparsed.flow.yml": broken], allowingDiagnostics: true)
            let rules = Set(RuleRunner().findings(for: spec.project).map(\.rule))
            #expect(rules.contains(.syntax), "\(description.id)")
            #expect(rules.contains(description.id) == (description.scope == .element), "\(description.id)")
        }
    }

    @Test func specValidityFindingsIgnoreIgnoreListsButNotExcludes() throws {
        // `ignore: [schema]` on a coordinator does not hide its schema error.
        let broken = """
            version: 1
            entry: App
            coordinators:
              App:
                kind: navigation
                ignore: [schema]
                initial: home
                routes:
                  home: { screen: Home, trigers: [home] }
            """
        let spec = try SpecProject(["app.flow.yml": broken], allowingDiagnostics: true)
        #expect(RuleRunner().findings(for: spec.project).map(\.rule) == ["schema"])
        var configuration = Configuration()
        configuration.exclude = ["**/app.flow.yml"]
        #expect(RuleRunner(configuration: configuration).findings(for: spec.project).isEmpty)
    }
}
