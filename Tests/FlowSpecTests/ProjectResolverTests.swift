import FlowModel
import Testing
@testable import FlowSpec

@Suite struct ProjectResolverTests {
    static let app = app()

    static func app(entry: String = "App", auth: String = "coordinator: Auth") -> String {
        """
        version: 1
        entry: \(entry)
        coordinators:
          App:
            kind: navigation
            initial: home
            routes:
              home:
                screen: HomeViewController
                triggers: [auth]
              auth:
                transition: present
                \(auth)
        """
    }

    static let auth = auth()

    static func auth(entry: String? = nil) -> String {
        """
        version: 1\(entry.map { "\nentry: \($0)" } ?? "")
        coordinators:
          Auth:
            kind: navigation
            initial: login
            routes:
              login:
                screen: LoginViewController
                triggers: [done, App.home]
              done:
                transition: finish
        """
    }

    @Test func filesReferToEachOthersCoordinators() throws {
        let project = ResolvedProject([("App.flow.yml", Self.app), ("Auth.flow.yml", Self.auth)])
        #expect(project.findings == [])
        #expect(project.graph.files == ["App.flow.yml", "Auth.flow.yml"])
        #expect(project.graph.coordinators.map(\.name) == ["App", "Auth"])
        #expect(project.graph.entryCoordinator?.name == "App")
    }

    // MARK: Entry

    static let standalone = "version: 1\ncoordinators:\n  Main: {kind: view, initial: a, routes: {a: {screen: A}}}\n"

    @Test func noEntryIsReportedAtTheFirstFile() {
        let project = ResolvedProject([("a.flow.yml", Self.standalone), ("b.flow.yml", "version: 1\n")])
        #expect(
            project.findings == [
                "a.flow.yml:1:1 entry no spec declares `entry`; add `entry: <Coordinator>` to the spec of the coordinator the app starts in"
            ])
    }

    @Test func noEntryIsNotReportedWhenAFileCouldNotBeRead() {
        let project = ResolvedProject([("a.flow.yml", Self.standalone)], extraGaps: .unreadable)
        #expect(project.findings == [])
        let badEntry = ResolvedProject([("a.flow.yml", Self.standalone), ("b.flow.yml", "version: 1\nentry: [App]\n")])
        #expect(
            badEntry.findings == [
                "b.flow.yml:2:8 schema `entry` must be the name of the coordinator the app starts in, found a list"
            ])
    }

    @Test func aSecondEntryIsReportedWithTheFirstAsANote() throws {
        let project = ResolvedProject([
            ("App.flow.yml", Self.app),
            ("Auth.flow.yml", Self.auth(entry: "Auth")),
        ])
        #expect(
            project.findings == [
                "Auth.flow.yml:2:8 entry `entry` is declared again; a project starts in one coordinator, already declared as `App` in App.flow.yml"
            ])
        let note = try #require(project.diagnostics.first?.notes.first)
        #expect(note.message == "first `entry`")
        #expect(note.location == SourceLocation(file: "App.flow.yml", line: 2, column: 8))
        #expect(project.graph.entry?.value == "App")
    }

    @Test func anEntryThatIsNotACoordinatorSaysWhatToName() {
        let misspelled = ResolvedProject(Self.app(entry: "Ap", auth: "screen: AuthViewController"))
        #expect(misspelled.findings == ["spec.flow.yml:2:8 entry entry `Ap` is not a coordinator; did you mean `App`?"])
        let screen = ResolvedProject(Self.app(entry: "HomeViewController", auth: "screen: AuthViewController"))
        #expect(
            screen.findings == [
                "spec.flow.yml:2:8 entry entry `HomeViewController` is not a coordinator; name the coordinator the app starts in, such as `App`"
            ])
    }

    @Test func anEntryIsNotCheckedWhileCoordinatorsMayBeMissing() {
        let project = ResolvedProject([("App.flow.yml", "version: 1\nentry: App\n"), ("b.flow.yml", "version: 1\ncoordinators: [App]\n")])
        #expect(
            project.findings == [
                "b.flow.yml:2:15 schema `coordinators` must be a mapping of coordinator names to coordinators, found a list"
            ])
    }

    // MARK: Duplicates across files

    @Test func aCoordinatorInTwoFilesIsReportedOnceAtTheSecond() throws {
        let legacy = """
            version: 1
            coordinators:
              Auth:
                kind: navigation
                initial: welcome
                routes:
                  welcome:
                    screen: WelcomeViewController
                    triggers: [signUp]
            """
        let project = ResolvedProject([("App.flow.yml", Self.app), ("Auth.flow.yml", Self.auth), ("Legacy.flow.yml", legacy)])
        #expect(
            project.findings == [
                "Legacy.flow.yml:3:3 duplicate-key coordinator `Auth` is already defined in Auth.flow.yml; rename one of them or merge them"
            ])
        let note = try #require(project.diagnostics.first?.notes.first)
        #expect(note.location == SourceLocation(file: "Auth.flow.yml", line: 3, column: 3))
        #expect(project.diagnostics.first?.coordinator == "Auth")
        #expect(project.graph.coordinator(named: "Auth")?.initial?.value == "login")
    }

    @Test func aChainInTwoFilesIsReportedOnce() {
        let chain = "version: 1\nchains:\n  open: {from: App, steps: [pop]}\n"
        let project = ResolvedProject([
            ("App.flow.yml", Self.app), ("Auth.flow.yml", Self.auth), ("c1.flow.yml", chain), ("c2.flow.yml", chain),
        ])
        #expect(project.findings == ["c2.flow.yml:3:3 duplicate-key chain `open` is already defined in c1.flow.yml; rename one of them"])
    }

    // MARK: Unknown references

    @Test func everyKindOfNameIsResolved() {
        let project = ResolvedProject(
            """
            version: 1
            entry: App
            coordinators:
              App:
                kind: tab
                initial: feeds
                tabs: [feed, serch]
                holds: {Self: weak, Ap: strong, Auth: weak}
                routes:
                  feed:
                    screen: FeedViewController
                    triggers: [sarch, Auth.logn, Aut.login, Deep.Nested.route, showSearch, again]
                  search:
                    coordinator: Searhc
                  showSearch:
                    transition: select
                    tab: sarch
                  again:
                    transition: trigger
                    route: fed
              Auth:
                kind: navigation
                initial: login
                routes:
                  login:
                    screen: LoginViewController
                    triggers: [back]
                  back:
                    transition: popTo
                    route: logn
            """)
        #expect(
            project.findings == [
                "spec.flow.yml:6:14 unknown-reference initial route `feeds` is not a route of App; did you mean `feed`?",
                "spec.flow.yml:7:18 unknown-reference tab `serch` is not a route of App; did you mean `search`?",
                "spec.flow.yml:8:25 unknown-reference held router `Ap` is not defined in any spec; did you mean `App`?",
                "spec.flow.yml:12:20 unknown-reference `sarch` is not a route of App; did you mean `search`?",
                "spec.flow.yml:12:27 unknown-reference `logn` is not a route of Auth; did you mean `login`?",
                "spec.flow.yml:12:38 unknown-reference coordinator `Aut` is not defined in any spec; did you mean `Auth`?",
                "spec.flow.yml:12:49 unknown-reference coordinator `Deep.Nested` is not defined in any spec",
                "spec.flow.yml:14:22 unknown-reference child coordinator `Searhc` is not defined in any spec",
                "spec.flow.yml:17:14 unknown-reference `sarch` is not a tab of App; did you mean `serch`?",
                "spec.flow.yml:20:16 unknown-reference `fed` is not a route of App; did you mean `feed`?",
                "spec.flow.yml:30:16 unknown-reference `logn` is not a route of Auth; did you mean `login`?",
            ])
        #expect(
            project.diagnostics.filter { $0.rule == .unknownReference }.map { "\($0.coordinator ?? "-")/\($0.route ?? "-")" } == [
                "App/-", "App/-", "App/-", "App/feed", "App/feed", "App/feed", "App/feed", "App/search", "App/showSearch", "App/again",
                "Auth/back",
            ])
    }

    @Test func aSelectOutsideATabCoordinatorResolvesAgainstItsRoutes() {
        let project = ResolvedProject(
            """
            version: 1
            entry: App
            coordinators:
              App:
                kind: navigation
                initial: a
                routes:
                  a: {screen: A, triggers: [s, t]}
                  s: {transition: select, tab: a}
                  t: {transition: select, tab: b}
            """)
        #expect(project.findings == ["spec.flow.yml:10:36 unknown-reference `b` is not a tab of App"])
    }

    @Test func ignoredRulesAreCheckedOnlyAgainstKnownRules() {
        let yaml = """
            version: 1
            entry: App
            coordinators:
              App:
                kind: view
                ignore: [unreachable-rout]
                initial: a
                routes:
                  a: {screen: A, ignore: [push-cycle, nonsense]}
            chains:
              c: {from: App, steps: [pop], ignore: [invalid-chian]}
            """
        #expect(ResolvedProject(yaml).findings == [])
        let known: Set<RuleID> = ["unreachable-route", "push-cycle", "invalid-chain"]
        #expect(
            ResolvedProject(yaml, knownRules: known).findings == [
                "spec.flow.yml:6:14 unknown-reference `ignore` names no rule `unreachable-rout`; did you mean `unreachable-route`?",
                "spec.flow.yml:9:43 unknown-reference `ignore` names no rule `nonsense`",
                "spec.flow.yml:11:41 unknown-reference `ignore` names no rule `invalid-chian`; did you mean `invalid-chain`?",
            ])
    }

    // MARK: Chains

    static let tabs = """
        version: 1
        entry: App
        coordinators:
          App:
            kind: tab
            initial: todos
            tabs: [todos, settings]
            routes:
              todos: {coordinator: Todos}
              settings: {screen: SettingsViewController}
          Todos:
            kind: navigation
            initial: list
            routes:
              list: {screen: ListViewController, triggers: [todo]}
              todo: {transition: push, screen: TodoViewController}
        chains:

        """

    @Test func chainStepsResolveWhereTheChainIsAtThatStep() {
        let project = ResolvedProject(
            Self.tabs + """
                  good:
                    from: App
                    steps: [{select: todos}, popToRoot, {route: todo}, {popTo: Todos.list}, {route: App.settings}]
                  badStart:
                    from: Ap
                    steps: [{select: todos}]
                  badSecond:
                    from: App
                    steps: [{select: todos}, {route: tod}, {route: nowhere}]
                  badQualifier:
                    from: App
                    steps: [{route: Todo.list}]
                  badTab:
                    from: App
                    steps: [{select: setings}]
                """)
        #expect(
            project.findings == [
                "spec.flow.yml:22:11 unknown-reference chain start `Ap` is not defined in any spec; did you mean `App`?",
                "spec.flow.yml:26:38 unknown-reference no coordinator has a route `tod`; did you mean `todo`?",
                "spec.flow.yml:29:21 unknown-reference coordinator `Todo` is not defined in any spec; did you mean `Todos`?",
                "spec.flow.yml:32:22 unknown-reference no coordinator has a route `setings`; did you mean `settings`?",
            ])
    }

    @Test func aChainStepNamingARouteOfAnotherCoordinatorIsLeftToInvalidChain() {
        let project = ResolvedProject(
            Self.tabs + """
                  wrongPlace:
                    from: App
                    steps: [{route: todo}, {select: list}]
                """)
        #expect(project.findings == [])
    }

    // MARK: Gaps

    @Test func namesInPartsThatCouldNotBeReadAreNotReported() {
        let broken = """
            version: 1
            coordinators:
              Auth: navigation
              Main:
                kind: view
                initial: a
            """
        let app = """
            version: 1
            entry: App
            coordinators:
              App:
                kind: view
                initial: a
                routes:
                  a: {screen: A, triggers: [Auth.login, Main.x, Other.y]}
            chains:
              c: {from: Main, steps: [{route: x}]}
            """
        let project = ResolvedProject([("app.flow.yml", app), ("broken.flow.yml", broken)])
        #expect(
            project.findings == [
                "app.flow.yml:8:53 unknown-reference coordinator `Other` is not defined in any spec",
                "broken.flow.yml:3:9 schema coordinator `Auth` must be a mapping with `kind`, `initial` and `routes`, found the text `navigation`",
                "broken.flow.yml:4:3 schema coordinator `Main` has no `routes`; add the routes it shows",
            ])
    }

    @Test func aChainStepIsNotReportedMissingWhileSomeRoutesCouldNotBeRead() {
        let chain = "version: 1\nchains:\n  c: {from: App, steps: [{route: elsewhere}]}\n"
        let complete = ResolvedProject([("app.flow.yml", Self.app), ("auth.flow.yml", Self.auth), ("c.flow.yml", chain)])
        #expect(complete.findings == ["c.flow.yml:3:34 unknown-reference no coordinator has a route `elsewhere`"])
        let unreadable = ResolvedProject(
            [("app.flow.yml", Self.app), ("auth.flow.yml", Self.auth), ("c.flow.yml", chain)],
            extraGaps: .unreadable)
        #expect(unreadable.findings == [])
        var someRoutes = SpecGaps()
        someRoutes.routesOf = ["Auth"]
        let partial = ResolvedProject(
            [("app.flow.yml", Self.app), ("auth.flow.yml", Self.auth), ("c.flow.yml", chain)], extraGaps: someRoutes)
        #expect(partial.findings == [])
    }

    @Test func coordinatorsOfAnUnreadableFileAreNotReportedMissing() {
        let project = ResolvedProject([("app.flow.yml", Self.app)], extraGaps: .unreadable)
        #expect(project.findings == [])
    }
}
