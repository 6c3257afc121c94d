import FlowExtract
import FlowModel
import Testing
@testable import FlowRules

/// The comparison of a spec with extracted code facts, on facts built by hand: what is compared, where each
/// finding sits, and what precision leaves out.
@Suite struct DriftComparisonTests {
    static let spec = """
    version: 1
    entry: Settings

    coordinators:
      Settings:
        type: SettingsCoordinator
        kind: navigation
        initial: list
        routes:
          list:
            screen: SettingsViewController
            triggers: [about, account]
          about:
            transition: present
            screen: AboutViewController
          account:
            transition: present
            coordinator: Account
            retain: parent
            releaseOn: [finish, dismiss]

      Account:
        type: AccountCoordinator
        kind: navigation
        initial: profile
        routes:
          profile:
            screen: ProfileViewController
            triggers: [done]
          done: { transition: finish }
    """

    static func at(_ line: Int, _ file: String = "Sources/SettingsCoordinator.swift") -> FlowModel.SourceLocation {
        FlowModel.SourceLocation(file: file, line: line, column: 9)
    }

    /// Code that agrees with `spec`, to be changed by each test.
    static func code() -> ExtractedProject {
        var settings = ExtractedCoordinator(name: "SettingsCoordinator", location: at(3), style: .uikit,
                                            kind: Fact(.navigation, at: at(3), .inferred("controllers it keeps")))
        var list = ExtractedRoute(name: "list", location: at(10))
        list.destination = Fact(ExtractedDestination(.screen, "SettingsViewController"), at: at(11))
        var about = ExtractedRoute(name: "about", location: at(20))
        about.transition = Fact(.present, at: at(42))
        about.destination = Fact(ExtractedDestination(.screen, "AboutViewController"), at: at(42))
        var account = ExtractedRoute(name: "account", location: at(30))
        account.transition = Fact(.present, at: at(31), .inferred("the child's start() does `present`"))
        account.destination = Fact(ExtractedDestination(.coordinator, "AccountCoordinator"), at: at(31))
        account.retain = Fact(.parent, at: at(32))
        account.releaseOn = [Fact(.finish, at: at(50)), Fact(.dismiss, at: at(55))]
        settings.routes = [list, about, account]

        let file = "Sources/AccountCoordinator.swift"
        var accountCoordinator = ExtractedCoordinator(name: "AccountCoordinator", location: at(2, file), style: .uikit,
                                                      kind: Fact(.navigation, at: at(2, file)))
        var profile = ExtractedRoute(name: "profile", location: at(5, file))
        profile.destination = Fact(ExtractedDestination(.screen, "ProfileViewController"), at: at(6, file))
        var done = ExtractedRoute(name: "done", location: at(9, file))
        done.transition = Fact(.finish, at: at(10, file))
        accountCoordinator.routes = [profile, done]

        var project = ExtractedProject()
        project.coordinators = [settings, accountCoordinator]
        return project
    }

    func findings(_ code: ExtractedProject, spec: String = Self.spec, includeInferred: Bool = false) throws -> [Diagnostic] {
        let project = try SpecProject(spec)
        return DriftComparison(spec: project.project.graph, code: code, includeInferred: includeInferred).findings()
    }

    @Test func agreeingCodeGivesNothingEvenWithInferredFacts() throws {
        #expect(try findings(Self.code()).isEmpty)
        #expect(try findings(Self.code(), includeInferred: true).isEmpty)
    }

    @Test func transitionDriftSaysWhichSideToChange() throws {
        var code = Self.code()
        code.coordinators[0].routes[1].transition = Fact(.push, at: Self.at(42))
        let found = try findings(code)
        #expect(found.map(\.rule) == [DriftRules.transition])
        let finding = try #require(found.first)
        #expect(finding.message.hasPrefix("`Settings.about` is pushed in code (SettingsCoordinator.swift:42) but presented in the spec; change `transition:` to `push`"))
        #expect(finding.location.line == 14, "at the spec's `transition:` value")
        #expect(finding.notes.map(\.location) == [Self.at(42)])
        #expect(finding.severity == .error && finding.coordinator == "Settings" && finding.route == "about")
    }

    @Test func typeFieldMatchesDestinationsAndCoordinators() throws {
        var code = Self.code()
        code.coordinators[0].routes[2].destination = Fact(ExtractedDestination(.coordinator, "LoginCoordinator"), at: Self.at(31))
        let found = try findings(code)
        #expect(found.map(\.rule) == [DriftRules.destination])
        #expect(found.first?.message.contains("shows coordinator `LoginCoordinator` in code") == true)
        #expect(found.first?.message.contains("but coordinator `Account` in the spec") == true)
    }

    @Test func missingAndExtraRoutes() throws {
        var code = Self.code()
        var help = ExtractedRoute(name: "help", location: Self.at(60))
        help.transition = Fact(.push, at: Self.at(61))
        code.coordinators[0].routes.append(help)
        code.coordinators[0].routes.remove(at: 1)  // `about` is gone from the code
        let found = try findings(code).sorted(by: Diagnostic.reportOrder)
        #expect(found.map(\.rule) == [DriftRules.missingRoute, DriftRules.extraRoute])
        #expect(found[0].location.line == 5 && found[0].route == "help", "at the spec coordinator")
        #expect(found[1].location.line == 13 && found[1].route == "about", "at the spec route")
    }

    @Test func noExtraRouteForACoordinatorWithUnresolvedSites() throws {
        var code = Self.code()
        code.coordinators[0].routes.remove(at: 1)
        code.coordinators[0].allSitesResolved = false
        #expect(try findings(code).isEmpty)
    }

    @Test func inferredFactsAreComparedOnlyOnRequestAndAsWarnings() throws {
        var code = Self.code()
        code.coordinators[0].routes[2].transition = Fact(.push, at: Self.at(31), .inferred("the child's start() does `push`"))
        #expect(try findings(code).isEmpty)
        let found = try findings(code, includeInferred: true)
        #expect(found.map(\.rule) == [DriftRules.transition])
        #expect(found.first?.severity == .warning)
        #expect(found.first?.message.hasSuffix("(the code side is inferred: the child's start() does `push`)") == true)
    }

    @Test func retentionComparesRetainAndReleasedExits() throws {
        var code = Self.code()
        code.coordinators[0].routes[2].releaseOn = [Fact(.finish, at: Self.at(50))]
        var found = try findings(code)
        #expect(found.map(\.rule) == [DriftRules.retention])
        #expect(found.first?.message.contains("the spec releases it on `dismiss` but the code never removes it then") == true)
        #expect(found.first?.message.contains("set `releaseOn: [finish]`") == true)

        code.coordinators[0].routes[2].retain = Fact(.hierarchy, at: Self.at(32))
        found = try findings(code)
        #expect(found.map(\.rule) == [DriftRules.retention])
        #expect(found.first?.message.contains("set `retain: hierarchy`") == true)
    }

    @Test func anExitReleasedOnlyByInferenceIsNoCertainDifference() throws {
        var code = Self.code()
        code.coordinators[0].routes[2].releaseOn = [Fact(.finish, at: Self.at(50)), Fact(.dismiss, at: Self.at(55), .inferred("a guess"))]
        #expect(try findings(code).isEmpty)
    }

    @Test func missingCoordinatorSitsAtTheSpecParentThatStartsIt() throws {
        var code = Self.code()
        let file = "Sources/HelpCoordinator.swift"
        var helpCoordinator = ExtractedCoordinator(name: "HelpCoordinator", location: Self.at(4, file), style: .uikit,
                                                   kind: Fact(.navigation, at: Self.at(4, file), .inferred("controllers")))
        helpCoordinator.routes = [ExtractedRoute(name: "start", location: Self.at(8, file))]
        code.coordinators.append(helpCoordinator)
        var missing = try findings(code)
        #expect(missing.map(\.rule) == [DriftRules.missingCoordinator])
        #expect(missing.first?.location.line == 2, "not started by a described coordinator: at `entry`")
        #expect(missing.first?.notes.first?.location == Self.at(4, file))

        var help = ExtractedRoute(name: "help", location: Self.at(60))
        help.destination = Fact(ExtractedDestination(.coordinator, "HelpCoordinator"), at: Self.at(61))
        code.coordinators[0].routes.append(help)
        missing = try findings(code).filter { $0.rule == DriftRules.missingCoordinator }
        #expect(missing.first?.location.line == 5 && missing.first?.coordinator == "Settings")
        #expect(missing.first?.message.contains("started by `Settings.help`") == true)
    }
}
