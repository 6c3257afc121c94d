import Foundation
import Testing
import FlowModel
import FlowAnalysis
@testable import FlowRules
@testable import FlowConfig

@Suite struct ConfigurationTests {
    /// Loads `text` as a configuration file, with the file's path in errors replaced by `CONFIG`.
    private func load(_ text: String) throws -> Configuration {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("flowlint-config-\(UUID().uuidString).yml")
        try text.write(to: url, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: url) }
        do {
            return try Configuration.load(path: url.path, knownRules: RuleRegistry.allIDs)
        } catch {
            throw ConfigurationError(description: error.description.replacingOccurrences(of: url.path, with: "CONFIG"))
        }
    }

    /// The error `text` gives, or "no error".
    private func error(_ text: String) throws -> String {
        do {
            _ = try load(text)
            return "no error"
        } catch let error as ConfigurationError {
            return error.description
        }
    }

    @Test func defaultsEnableEveryRuleAtItsDefaultSeverity() {
        let configuration = Configuration()
        for description in RuleRegistry.allDescriptions { #expect(configuration.isEnabled(description.id)) }
        #expect(configuration.severities.isEmpty && configuration.exclude.isEmpty)
        #expect(!configuration.isExcluded("App.flow.yml"))
    }

    @Test func emptyFileAndEmptySettingsAreTheDefaults() throws {
        for text in [
            "", "# nothing configured yet\n", "---\n", "~\n", "rules:\ndisabled:\nexclude:\n",
            "rules:\n  # push-cycle: off\ndisabled: []\nexclude: []\n",
        ] {
            let configuration = try load(text)
            #expect(configuration.disabled.isEmpty && configuration.severities.isEmpty && configuration.exclude.isEmpty)
        }
    }

    @Test func everySetting() throws {
        let configuration = try load(
            """
            rules:
              push-cycle: off
              pop-at-root: false
              unreachable-route: error
              leaked-child: warning
              trapped-flow: on
              retain-cycle: true
            disabled: [unreachable-coordinator, trapped-flow]
            exclude:
              - "Legacy/**"
              - Generated
            """)
        #expect(configuration.disabled == ["push-cycle", "pop-at-root", "unreachable-coordinator", "trapped-flow"])
        #expect(configuration.severities == ["unreachable-route": .error, "leaked-child": .warning])
        #expect(configuration.exclude == ["Legacy/**", "Generated"])
        #expect(!configuration.isEnabled("push-cycle") && configuration.isEnabled("retain-cycle"))
        #expect(configuration.isExcluded("Legacy/Old.flow.yml") && configuration.isExcluded("Generated/Big.flow.yml"))
        #expect(!configuration.isExcluded("Flows/App.flow.yml"))
    }

    @Test func sourcesListSwiftPathsAndDriftRulesAreConfigurable() throws {
        let configuration = try load(
            """
            sources: [Sources, Modules/Feature]
            rules:
              drift-transition: warning
            disabled: [drift-extra-route]
            """)
        #expect(configuration.sources == ["Sources", "Modules/Feature"])
        #expect(configuration.severities == ["drift-transition": .warning])
        #expect(!configuration.isEnabled("drift-extra-route"))
        #expect(throws: ConfigurationError.self) { try load("sources: Sources") }
    }

    /// Issue 24: `sources: [~]` said "no such file: ~". A path in YAML never meets a shell: `~` is expanded here.
    @Test(arguments: [
        ("~", "/home/me", "/home/me"), ("~/Code/App", "/home/me", "/home/me/Code/App"), ("~/x", "/home/me/", "/home/me/x"),
        ("~/x", "/", "/x"), ("Sources/~", "/home/me", "Sources/~"),
    ])
    func sourcesExpandTheHomeFolder(path: String, home: String, expected: String) throws {
        #expect(try Configuration.expandingHome(path, home: home).get() == expected)
    }

    @Test func aTildeThatCannotBeExpandedSaysWhy() throws {
        #expect(throws: ConfigurationError.self) { try Configuration.expandingHome("~bob/x", home: "/home/me").get() }
        #expect(throws: ConfigurationError.self) { try Configuration.expandingHome("~", home: nil).get() }
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("flowlint-config-\(UUID().uuidString).yml")
        try "sources: [~, ~/App]\n".write(to: url, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: url) }
        #expect(
            try Configuration.load(path: url.path, knownRules: RuleRegistry.allIDs, home: "/home/me").sources == [
                "/home/me", "/home/me/App",
            ])
        let error = #expect(throws: ConfigurationError.self) {
            try Configuration.load(path: url.path, knownRules: RuleRegistry.allIDs, home: nil)
        }
        #expect(
            error?.description
                == "\(url.path):1:11: `~`: `~` is the home folder, but HOME is not set; write the full path\n\(url.path):1:14: `~/App`: `~` is the home folder, but HOME is not set; write the full path"
        )
    }

    @Test func onReenablesARuleDisabledEarlier() throws {
        let configuration = try load("disabled: [push-cycle]\nrules:\n  push-cycle: on\n")
        #expect(configuration.isEnabled("push-cycle"))
    }

    @Test func unknownRuleWithDidYouMean() throws {
        #expect(
            try error("rules:\n  leaked-chlid: error\n")
                == "CONFIG:2:3: unknown rule `leaked-chlid`; did you mean `leaked-child`?")
        #expect(
            try error("disabled: [push-cycle, pushcycles]\n")
                == "CONFIG:1:24: unknown rule `pushcycles`; did you mean `push-cycle`?")
        #expect(
            try error("disabled:\n  - completely-unrelated-name\n")
                == "CONFIG:2:5: unknown rule `completely-unrelated-name`")
    }

    @Test func specValidityRulesCannotBeConfigured() throws {
        for id in RuleID.specValidity {
            #expect(try error("rules:\n  \(id): off\n").hasPrefix("CONFIG:2:3: `\(id)` checks that specs can be read at all"))
            #expect(try error("disabled: [\(id)]\n").hasPrefix("CONFIG:1:12: `\(id)` checks that specs can be read at all"))
        }
        #expect(try error("rules:\n  schema: warning\n").contains("spec-validity rules are always on, as errors"))
    }

    @Test func wrongSettingValue() throws {
        #expect(
            try error("rules:\n  push-cycle: fatal\n")
                == "CONFIG:2:15: `fatal` is not a rule setting; use off, on, warning or error")
        #expect(
            try error("rules:\n  push-cycle: [off]\n")
                == "CONFIG:2:15: a list is not a rule setting; use off, on, warning or error")
        #expect(
            try error("rules:\n  push-cycle:\n  pop-at-root: off\n")
                == "CONFIG:2:14: nothing is not a rule setting; use off, on, warning or error")
    }

    @Test func wrongTypes() throws {
        #expect(
            try error("- rules\n")
                == "CONFIG:1:1: a configuration is a mapping of settings: `rules`, `disabled`, `exclude`, `framework`, `sources`, `extract`, `minRead`"
        )
        #expect(try error("rules: [push-cycle]\n") == "CONFIG:1:8: `rules` must map rule ids to off, warning or error")
        #expect(try error("disabled: push-cycle\n") == "CONFIG:1:11: `disabled` must be a list")
        #expect(try error("exclude: Legacy\n") == "CONFIG:1:10: `exclude` must be a list")
        #expect(try error("exclude: [\"\"]\n") == "CONFIG:1:11: `exclude` lists path globs")
    }

    @Test func aMethodUnderTwoExtractTransitionsIsAnError() throws {
        #expect(
            try error("extract:\n  push: [show]\n  present: [show]\n")
                == "CONFIG:3:13: `show` is listed under both `extract.push` and `extract.present`; a method does one of them, keep it under one"
        )
        #expect(
            try error("extract:\n  retain: [adopt]\n  release: [adopt]\n")
                == "CONFIG:3:13: `adopt` is listed under both `extract.retain` and `extract.release`; a method does one of them, keep it under one"
        )
        let both = try load("extract:\n  push: [showChild]\n  retain: [showChild]\n  coordinators: [Flow]\n")
        #expect(both.extract.push == ["showChild"] && both.extract.retain == ["showChild"], "a transition that also keeps the child")
        #expect(both.extract.coordinators == ["Flow"])
    }

    @Test func unknownSettingWithDidYouMean() throws {
        #expect(try error("rule:\n  push-cycle: off\n") == "CONFIG:1:1: unknown setting `rule`; did you mean `rules`?")
        #expect(try error("excluded: [a]\n") == "CONFIG:1:1: unknown setting `excluded`; did you mean `exclude`?")
        #expect(try error("verbose: true\n") == "CONFIG:1:1: unknown setting `verbose`")
    }

    @Test func syntaxErrorHasItsPosition() throws {
        let message = try error("rules:\n  push-cycle: off\n bad: [\n")
        #expect(message.hasPrefix("CONFIG:3:"), "\(message)")
    }

    @Test func unreadableFile() {
        let path = "/nonexistent/flowlint/.flowlint.yml"
        let error = #expect(throws: ConfigurationError.self) { try Configuration.load(path: path, knownRules: RuleRegistry.allIDs) }
        #expect(error?.description == "cannot read configuration \(path): no such file or directory")
        let folder = #expect(throws: ConfigurationError.self) { try Configuration.load(path: "/", knownRules: RuleRegistry.allIDs) }
        #expect(folder?.description == "cannot read configuration /: not a regular file")
    }
}
