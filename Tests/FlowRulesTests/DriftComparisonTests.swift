import FlowModel
import Testing
import FlowAnalysis
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

    /// A graph as the reader returns it, built by hand: coordinators to change, then `CodeGraph`.
    struct Code {
        var coordinators: [Coordinator]
        var provenance = Provenance()

        var graph: CodeGraph {
            var graph = FlowGraph()
            for coordinator in coordinators {
                var coordinator = coordinator
                coordinator.replaceRoutes(coordinator.routes)
                graph.add(coordinator)
            }
            return CodeGraph(graph: graph, provenance: provenance)
        }

        mutating func infer(
            _ route: String, _ field: RouteField, item: String? = nil, _ why: String, in coordinator: String = "SettingsCoordinator"
        ) {
            provenance.set(.route(coordinator, route, field, item: item), .inferred(why))
        }
    }

    static func route(_ name: String, at line: Int, _ file: String = "Sources/SettingsCoordinator.swift") -> Route {
        Route(name: name, location: at(line, file))
    }

    /// Code that agrees with `spec`, to be changed by each test.
    static func code() -> Code {
        var settings = Coordinator(name: "SettingsCoordinator", location: at(3))
        settings.kind = Located(.navigation, at: at(3))
        var list = route("list", at: 10)
        list.destination = Located(.screen("SettingsViewController"), at: at(11))
        var about = route("about", at: 20)
        about.transition = Located(.present, at: at(42))
        about.destination = Located(.screen("AboutViewController"), at: at(42))
        var account = route("account", at: 30)
        account.transition = Located(.present, at: at(31))
        account.destination = Located(.coordinator("AccountCoordinator"), at: at(31))
        account.retain = Located(.parent, at: at(32))
        account.releaseOn = Located([Located(.finish, at: at(50)), Located(.dismiss, at: at(55))], at: at(50))
        settings.routes = [list, about, account]

        let file = "Sources/AccountCoordinator.swift"
        var accountCoordinator = Coordinator(name: "AccountCoordinator", location: at(2, file))
        accountCoordinator.kind = Located(.navigation, at: at(2, file))
        var profile = route("profile", at: 5, file)
        profile.destination = Located(.screen("ProfileViewController"), at: at(6, file))
        var done = route("done", at: 9, file)
        done.transition = Located(.finish, at: at(10, file))
        accountCoordinator.routes = [profile, done]

        var code = Code(coordinators: [settings, accountCoordinator])
        code.provenance.set(.coordinator("SettingsCoordinator", .kind), .inferred("controllers it keeps"))
        code.infer("account", .transition, "the child's start() does `present`")
        return code
    }

    func findings(_ code: Code, spec: String = Self.spec, includeInferred: Bool = false) throws -> [Finding] {
        let project = try SpecProject(spec)
        return DriftComparison(spec: project.project.graph, code: code.graph, includeInferred: includeInferred).findings()
    }

    @Test func agreeingCodeGivesNothingEvenWithInferredFacts() throws {
        #expect(try findings(Self.code()).isEmpty)
        #expect(try findings(Self.code(), includeInferred: true).isEmpty)
    }

    @Test func transitionDriftSaysWhichSideToChange() throws {
        var code = Self.code()
        code.coordinators[0].routes[1].transition = Located(.push, at: Self.at(42))
        let found = try findings(code)
        #expect(found.map(\.rule) == [DriftRules.transition])
        let finding = try #require(found.first)
        #expect(
            finding.message.hasPrefix(
                "`Settings.about` is pushed in code (SettingsCoordinator.swift:42) but presented in the spec; change `transition:` to `push`"
            ))
        #expect(finding.location.line == 14, "at the spec's `transition:` value")
        #expect(finding.notes.map(\.location) == [Self.at(42)])
        #expect(finding.severity == .error && finding.coordinator == "Settings" && finding.route == "about")
    }

    @Test func typeFieldMatchesDestinationsAndCoordinators() throws {
        var code = Self.code()
        code.coordinators[0].routes[2].destination = Located(.coordinator("LoginCoordinator"), at: Self.at(31))
        let found = try findings(code)
        #expect(found.map(\.rule) == [DriftRules.destination])
        #expect(found.first?.message.contains("shows coordinator `LoginCoordinator` in code") == true)
        #expect(found.first?.message.contains("but coordinator `Account` in the spec") == true)
    }

    @Test func missingAndExtraRoutes() throws {
        var code = Self.code()
        var help = Self.route("help", at: 60)
        help.transition = Located(.push, at: Self.at(61))
        code.coordinators[0].routes.append(help)
        code.coordinators[0].routes.remove(at: 1)  // `about` is gone from the code
        let found = try findings(code).sorted(by: Finding.reportOrder)
        #expect(found.map(\.rule) == [DriftRules.missingRoute, DriftRules.extraRoute])
        #expect(found[0].location.line == 5 && found[0].route == "help", "at the spec coordinator")
        #expect(found[1].location.line == 13 && found[1].route == "about", "at the spec route")
    }

    @Test func noExtraRouteForACoordinatorWithUnresolvedSites() throws {
        var code = Self.code()
        code.coordinators[0].routes.remove(at: 1)
        code.coordinators[0].open = Located(true, at: Self.at(3))
        #expect(try findings(code).isEmpty)
    }

    @Test func inferredFactsAreComparedOnlyOnRequestAndAsWarnings() throws {
        var code = Self.code()
        code.coordinators[0].routes[2].transition = Located(.push, at: Self.at(31))
        code.infer("account", .transition, "the child's start() does `push`")
        #expect(try findings(code).isEmpty)
        let found = try findings(code, includeInferred: true)
        #expect(found.map(\.rule) == [DriftRules.transition])
        #expect(found.first?.severity == .warning)
        #expect(found.first?.message.hasSuffix("(the code side is inferred: the child's start() does `push`)") == true)
    }

    @Test func thenDriftNamesTheContinuationTheCodeRuns() throws {
        let spec = Self.spec.replacingOccurrences(
            of: "        releaseOn: [finish, dismiss]", with: "        releaseOn: [finish, dismiss]\n        then: about")
        var code = Self.code()
        #expect(try findings(code, spec: spec).isEmpty, "the code does not say: nothing to compare")
        code.coordinators[0].routes[2].then = [RouteReference(coordinator: nil, route: "about", location: Self.at(33))]
        #expect(try findings(code, spec: spec).isEmpty)
        code.coordinators[0].routes[2].then = [RouteReference(coordinator: nil, route: "list", location: Self.at(33))]
        let found = try findings(code, spec: spec)
        #expect(found.map(\.rule) == [DriftRules.destination])
        #expect(
            found.first?.message.hasPrefix(
                "`Settings.account` continues with `list` after its child finishes in code (SettingsCoordinator.swift:33) but with `about` in the spec; set `then: [list]`"
            ) == true)
        #expect(found.first?.location.line == 21, "at the spec's `then:`")
        code.infer("account", .then, item: "list", "a guess")
        #expect(try findings(code, spec: spec).isEmpty, "an inferred continuation is compared only on request")
    }

    @Test func retentionComparesRetainAndReleasedExits() throws {
        var code = Self.code()
        code.coordinators[0].routes[2].releaseOn = Located([Located(.finish, at: Self.at(50))], at: Self.at(50))
        var found = try findings(code)
        #expect(found.map(\.rule) == [DriftRules.retention])
        #expect(found.first?.message.contains("the spec releases it on `dismiss` but the code never removes it then") == true)
        #expect(found.first?.message.contains("set `releaseOn: [finish]`") == true)

        code.coordinators[0].routes[2].retain = Located(.hierarchy, at: Self.at(32))
        found = try findings(code)
        #expect(found.map(\.rule) == [DriftRules.retention])
        #expect(found.first?.message.contains("set `retain: hierarchy`") == true)
    }

    @Test func anExitReleasedOnlyByInferenceIsNoCertainDifference() throws {
        var code = Self.code()
        code.coordinators[0].routes[2].releaseOn = Located(
            [Located(.finish, at: Self.at(50)), Located(.dismiss, at: Self.at(55))], at: Self.at(50))
        code.infer("account", .releaseOn, item: "dismiss", "a guess")
        #expect(try findings(code).isEmpty)
    }

    @Test func missingCoordinatorSitsAtTheSpecParentThatStartsIt() throws {
        var code = Self.code()
        let file = "Sources/HelpCoordinator.swift"
        var helpCoordinator = Coordinator(name: "HelpCoordinator", location: Self.at(4, file))
        helpCoordinator.kind = Located(.navigation, at: Self.at(4, file))
        helpCoordinator.routes = [Self.route("start", at: 8, file)]
        code.coordinators.append(helpCoordinator)
        var missing = try findings(code)
        #expect(missing.map(\.rule) == [DriftRules.missingCoordinator])
        #expect(missing.first?.location.line == 2, "not started by a described coordinator: at `entry`")
        #expect(missing.first?.notes.first?.location == Self.at(4, file))

        var help = Self.route("help", at: 60)
        help.destination = Located(.coordinator("HelpCoordinator"), at: Self.at(61))
        code.coordinators[0].routes.append(help)
        missing = try findings(code).filter { $0.rule == DriftRules.missingCoordinator }
        #expect(missing.first?.location.line == 5 && missing.first?.coordinator == "Settings")
        #expect(missing.first?.message.contains("started by `Settings.help`") == true)
    }
}
