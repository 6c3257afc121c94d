import FlowModel
import Testing
@testable import FlowSpec

@Suite struct SpecDecoderTests {
    // MARK: A complete spec

    static let complete = """
        version: 1
        entry: App
        description: The todo app
        coordinators:
          App:
            kind: tab
            initial: todos
            tabs: [todos, settings]
            holds: {Self: weak, Main.Flow: unowned}
            ignore: [push-cycle]
            description: Root tabs
            routes:
              todos:
                coordinator: Todos
                retain: hierarchy
              settings:
                screen: SettingsViewController
                triggers: [help, showTodos]
              help:
                transition: present
                style: fullScreen
                dismissible: false
                screen: HelpViewController
                params: [topic: String, page]
              showTodos:
                transition: select
                tab: todos
          Todos:
            kind: navigation
            stack: parent
            initial: list
            routes:
              list:
                screen: TodoListViewController
                triggers: [todo, App.help, close]
              todo:
                transition: push
                screen: TodoViewController
                params: {id: String}
                ignore: [unreachable-route]
                description: One todo
              close:
                transition: popTo
                route: list
              auth:
                transition: present
                coordinator: Auth
                releaseOn: [finish, dismiss]
        chains:
          openTodo:
            url: "todoapp://todos/{id}"
            from: App
            steps:
              - select: todos
              - popToRoot
              - route: todo
              - popTo: Todos.list
              - pop
              - dismiss
              - dismissToRoot
            ignore: [invalid-chain]
            description: Deep link
        """

    @Test func aCompleteSpecDecodesWithoutFindings() throws {
        let spec = DecodedSpec(Self.complete)
        #expect(spec.findings == [])
        #expect(spec.file.version?.value == 1)
        #expect(spec.file.entry?.value == "App")
        #expect(spec.file.entry?.location == SourceLocation(file: "spec.flow.yml", line: 2, column: 8))
        #expect(spec.file.coordinators.map(\.name) == ["App", "Todos"])

        let app = try #require(spec.coordinator("App"))
        #expect(app.location == SourceLocation(file: "spec.flow.yml", line: 5, column: 3))
        #expect(app.kind?.value == .tab)
        #expect(app.initial?.value == "todos")
        #expect(app.tabs?.map(\.value) == ["todos", "settings"])
        #expect(app.holds.map(\.target) == ["Self", "Main.Flow"])
        #expect(app.holds.map(\.strength.value) == [.weak, .unowned])
        #expect(app.ignore.map(\.value) == ["push-cycle"])
        #expect(app.description?.value == "Root tabs")
        #expect(app.routes.map(\.name) == ["todos", "settings", "help", "showTodos"])

        let todos = try #require(app.route(named: "todos"))
        #expect(todos.transition == nil)
        #expect(todos.destination?.value == .coordinator("Todos"))
        #expect(todos.retain?.value == .hierarchy)
        let settings = try #require(app.route(named: "settings"))
        #expect(settings.destination?.value == .screen("SettingsViewController"))
        #expect(settings.triggers.map(\.text) == ["help", "showTodos"])
        let help = try #require(app.route(named: "help"))
        #expect(help.transition?.value == .present)
        #expect(help.style?.value == .fullScreen)
        #expect(help.dismissible?.value == false)
        #expect(help.params.map(\.name) == ["topic", "page"])
        #expect(help.params.map(\.type) == ["String", nil])
        #expect(app.route(named: "showTodos")?.tab?.value == "todos")

        let todosCoordinator = try #require(spec.coordinator("Todos"))
        #expect(todosCoordinator.stack?.value == .parent)
        let list = try #require(todosCoordinator.route(named: "list"))
        #expect(list.triggers.map(\.coordinator) == [nil, "App", nil])
        #expect(list.triggers.map(\.route) == ["todo", "help", "close"])
        #expect(list.triggers[1].location == SourceLocation(file: "spec.flow.yml", line: 35, column: 26))
        #expect(todosCoordinator.route(named: "todo")?.params.map(\.name) == ["id"])
        #expect(todosCoordinator.route(named: "todo")?.ignore.map(\.value) == ["unreachable-route"])
        #expect(todosCoordinator.route(named: "close")?.target?.text == "list")
        #expect(todosCoordinator.route(named: "auth")?.releaseOn?.value.map(\.value) == [.finish, .dismiss])

        let chain = try #require(spec.file.chains.first)
        #expect(chain.name == "openTodo")
        #expect(chain.url?.value == "todoapp://todos/{id}")
        #expect(chain.from?.value == "App")
        #expect(chain.steps.map(\.action.keyword) == ["select", "popToRoot", "route", "popTo", "pop", "dismiss", "dismissToRoot"])
        #expect(chain.steps.map(\.location.line) == [54, 55, 56, 57, 58, 59, 60])
        #expect(chain.ignore.map(\.value) == ["invalid-chain"])
    }

    /// `type:` names the Swift type a coordinator describes (drift identity); without it, the name is the type.
    @Test func typeNamesTheSwiftType() {
        let spec = DecodedSpec(
            """
            version: 1
            coordinators:
              Profile:
                type: ProfileCoordinator
                kind: navigation
                initial: start
                routes:
                  start: { screen: ProfileViewController }
              Settings:
                type: [Settings]
                kind: navigation
                initial: list
                routes:
                  list: { screen: SettingsViewController }
            """)
        #expect(spec.coordinator("Profile")?.typeName == "ProfileCoordinator")
        #expect(spec.coordinator("Profile")?.type?.location.line == 4)
        #expect(spec.coordinator("Settings")?.typeName == "Settings")
        #expect(spec.findings == ["10:11 schema `type` must be text, found a list"])
    }

    // MARK: The document

    @Test func anEmptyFileIsOneFindingAndAGap() {
        for yaml in ["", "# nothing yet\n", "~\n"] {
            let spec = DecodedSpec(yaml)
            #expect(spec.findings == ["1:1 schema the file is empty; a flow spec is a mapping with `version: 1` and `coordinators`"])
            #expect(spec.gaps.coordinators && spec.gaps.entry)
        }
    }

    @Test func aDocumentThatIsNotAMappingIsOneFinding() {
        let spec = DecodedSpec("\n- App\n- Auth\n")
        #expect(
            spec.findings == [
                "2:1 schema a flow spec is a mapping with `version`, `entry`, `coordinators` and `chains`, but this document is a list"
            ])
        #expect(spec.gaps.coordinators && spec.gaps.entry)
    }

    @Test func versionMustBeTheNumberOne() {
        #expect(DecodedSpec("entry: App\n").findings == ["1:1 schema missing `version`; add `version: 1` at the top of the file"])
        #expect(DecodedSpec("version: 2\n").findings == ["1:10 schema unsupported spec version 2; this flowlint reads version 1"])
        #expect(
            DecodedSpec("version: \"1\"\n").findings == [
                "1:10 schema `version` must be the number 1, found the text `1`; write it without quotes"
            ])
        #expect(DecodedSpec("version: one\n").findings == ["1:10 schema `version` must be the number 1, found the text `one`"])
        #expect(DecodedSpec("version: 1.5\n").findings == ["1:10 schema `version` must be the number 1, found the number 1.5"])
    }

    // MARK: Unknown and misspelled fields

    @Test func aMisspelledFieldIsReadAsTheFieldItResembles() throws {
        let spec = DecodedSpec(
            """
            version: 1
            coordinators:
              App:
                kind: navigation
                initail: home
                routes:
                  home:
                    screen: HomeViewController
                    trigers: [detail]
                  detail:
                    transition: push
                    screen: DetailViewController
            """)
        #expect(
            spec.findings == [
                "5:5 schema unknown field `initail` in coordinator `App`; did you mean `initial`?",
                "9:9 schema unknown field `trigers` in route `App.home`; did you mean `triggers`?",
            ])
        let app = try #require(spec.coordinator("App"))
        #expect(app.initial?.value == "home")
        #expect(app.route(named: "home")?.triggers.map(\.text) == ["detail"])
    }

    @Test func aMisspelledFieldBesideTheRealOneIsOnlyReported() throws {
        let spec = DecodedSpec(
            """
            version: 1
            coordinators:
              App:
                kind: view
                initial: home
                initail: other
                routes:
                  home: {screen: Home}
            """)
        #expect(spec.findings == ["6:5 schema unknown field `initail` in coordinator `App`; did you mean `initial`?"])
        #expect(spec.coordinator("App")?.initial?.value == "home")
    }

    @Test func anUnknownFieldWithoutALikelyMeaningListsTheKnownFields() {
        let spec = DecodedSpec("version: 1\nowner: team\n")
        #expect(
            spec.findings == [
                "2:1 schema unknown field `owner` in the top level of a spec; known fields: version, entry, defaults, coordinators, chains, description"
            ])
    }

    @Test func findingsNameTheirCoordinatorAndRoute() {
        let spec = DecodedSpec(
            """
            version: 1
            bogus: 1
            coordinators:
              App:
                kind: navigation
                colour: red
                initial: home
                routes:
                  home: {screen: Home, colour: red}
            """)
        #expect(
            spec.diagnostics.sorted(by: Finding.reportOrder).map { "\($0.coordinator ?? "-")/\($0.route ?? "-")" }
                == ["-/-", "App/-", "App/home"])
    }

    // MARK: Types

    @Test func wrongTypesAreReportedAtTheValue() {
        let spec = DecodedSpec(
            """
            version: 1
            entry: [App]
            description: {a: b}
            coordinators:
              App:
                kind: 3
                initial: true
                stack: yes
                holds: [Auth]
                ignore: {a: b}
                routes:
                  home:
                    screen: {name: Home}
                    coordinator: null
                    triggers: [a, ~, false, [b]]
                    dismissible: "no"
                    params: 7
            """)
        #expect(
            spec.findings == [
                "2:8 schema `entry` must be the name of the coordinator the app starts in, found a list",
                "3:14 schema `description` must be text, found a mapping",
                "6:11 schema `kind` must be one of navigation, tab, split, page, view, found the number 3",
                "7:14 schema `initial` must be the name of the route shown first, or a list of them, found `true`",
                "8:12 schema unknown stack `yes`; expected one of own, parent",
                "9:12 schema `holds` must be a mapping of coordinator names to strong, weak or unowned, found a list",
                "10:13 schema `ignore` must be a list of rule ids, found a mapping",
                "13:17 schema `screen` must be a view controller or view name, found a mapping",
                "14:22 schema `coordinator` must be a coordinator name, found nothing",
                "15:23 schema `triggers` must be a list of route names, but this item is nothing",
                "15:26 schema `triggers` must be a list of route names, but this item is `false`",
                "15:33 schema `triggers` must be a list of route names, but this item is a list",
                "16:22 schema `dismissible` must be true or false, found the text `no`",
                "17:17 schema `params` must be a list such as `[id: String]`, found the number 7",
            ])
        #expect(spec.gaps.entry)
    }

    @Test func aLoneNameWhereAListBelongsIsReportedAndReadAsTheList() throws {
        let spec = DecodedSpec(
            """
            version: 1
            coordinators:
              App:
                kind: tab
                initial: a
                tabs: a
                routes:
                  a: {screen: A, triggers: b}
                  b: {transition: select, tab: a}
            """)
        #expect(
            spec.findings == [
                "6:11 schema `tabs` must be a list of route names, found the text `a`; write `tabs: [a]`",
                "8:32 schema `triggers` must be a list of route names, found the text `b`; write `triggers: [b]`",
            ])
        let app = try #require(spec.coordinator("App"))
        #expect(app.tabs?.map(\.value) == ["a"])
        #expect(app.route(named: "a")?.triggers.map(\.text) == ["b"])
    }

    @Test func aBooleanWhereAListBelongsIsOneFinding() {
        let spec = DecodedSpec(
            """
            version: 1
            coordinators:
              App:
                kind: view
                initial: a
                ignore: false
                routes:
                  a: {screen: A, triggers: true}
            """)
        #expect(
            spec.findings == [
                "6:13 schema `ignore` must be a list of rule ids, found `false`",
                "8:32 schema `triggers` must be a list of route names, found `true`",
            ])
    }

    @Test func emptyListsAndMappingsAreEmpty() throws {
        let spec = DecodedSpec(
            """
            version: 1
            coordinators:
              App:
                kind: view
                initial: a
                ignore:
                routes:
                  a: {screen: A, triggers: , params: }
            chains:
            """)
        #expect(spec.findings == [])
        #expect(spec.coordinator("App")?.route(named: "a")?.triggers.isEmpty == true)
    }

    // MARK: Unknown values

    @Test func unknownValuesGetADidYouMean() {
        let spec = DecodedSpec(
            """
            version: 1
            coordinators:
              App:
                kind: navigaton
                stack: parnt
                holds: {Self: weka, Other: sturdy}
                initial: a
                routes:
                  a: {screen: A}
                  b: {transition: presnt, screen: B}
                  c: {transition: present, style: fullscreen, screen: C}
                  d: {transition: push, coordinator: D, retain: parnet, releaseOn: [finnish, swipe]}
            """)
        #expect(
            spec.findings == [
                "4:11 schema unknown kind `navigaton`; did you mean `navigation`?",
                "5:12 schema unknown stack `parnt`; did you mean `parent`?",
                "6:19 schema unknown strength `weka` in `holds.Self`; did you mean `weak`?",
                "6:32 schema unknown strength `sturdy` in `holds.Other`; expected one of strong, weak, unowned",
                "10:23 schema unknown transition `presnt`; did you mean `present`?",
                "11:39 schema unknown style `fullscreen`; did you mean `fullScreen`?",
                "12:53 schema unknown retain `parnet`; did you mean `parent`?",
                "12:73 schema unknown exit `finnish` in `releaseOn`; did you mean `finish`?",
                "12:82 schema unknown exit `swipe` in `releaseOn`; expected one of finish, back, dismiss, replaced",
            ])
    }

    // MARK: Required fields

    @Test func missingRequiredFieldsAreReportedAtTheElement() {
        let spec = DecodedSpec(
            """
            version: 1
            coordinators:
              A:
                initial: a
                routes:
                  a: {screen: A}
              T:
                kind: tab
                initial: a
                routes:
                  a: {screen: A}
              N:
                kind: view
                routes:
                  a: {screen: A}
              R:
                kind: view
                initial: a
            chains:
              c: {url: x}
            """)
        #expect(
            spec.findings == [
                "3:3 schema coordinator `A` has no `kind`; add one of navigation, tab, split, page, view",
                "7:3 schema tab coordinator `T` has no `tabs`; list the routes that are its tabs",
                "12:3 missing-initial coordinator `N` has no `initial` route; add `initial:` naming the route shown when it starts",
                "16:3 schema coordinator `R` has no `routes`; add the routes it shows",
                "20:3 schema chain `c` has no `from`; name the coordinator the chain starts in",
                "20:3 schema chain `c` has no `steps`; list the routing steps it takes",
            ])
        #expect(spec.gaps.routesOf == ["R"])
    }

    // MARK: Transitions

    @Test func aRouteWithoutTransitionIsReportedUnlessItStartsTheCoordinator() {
        let spec = DecodedSpec(
            """
            version: 1
            coordinators:
              Nav:
                kind: navigation
                initial: a
                routes:
                  a: {screen: A}
                  b: {screen: B}
              Tabs:
                kind: tab
                initial: x
                tabs: [x, y]
                routes:
                  x: {screen: X}
                  y: {screen: Y}
                  z: {screen: Z}
            """)
        #expect(
            spec.findings == [
                "8:7 schema route `b` has no `transition`; only the initial route and tabs may leave it out",
                "16:7 schema route `z` has no `transition`; only the initial route and tabs may leave it out",
            ])
        #expect(spec.diagnostics.map(\.route) == ["b", "z"])
        #expect(spec.diagnostics.map(\.coordinator) == ["Nav", "Tabs"])
    }

    @Test func noRouteIsReportedWithoutTransitionWhileTheStartRoutesAreUnknown() {
        // Each mistake below hides which route may leave out its transition: only the mistake is reported.
        let missingInitial = DecodedSpec(
            """
            version: 1
            coordinators:
              App:
                kind: navigation
                routes:
                  a: {screen: A}
            """)
        #expect(missingInitial.findings.count == 1)
        let badInitial = DecodedSpec(
            """
            version: 1
            coordinators:
              App:
                kind: navigation
                initial: {a: b}
                routes:
                  a: {screen: A}
            """)
        #expect(
            badInitial.findings == ["5:14 schema `initial` must be the name of the route shown first, or a list of them, found a mapping"])
        let missingTabs = DecodedSpec(
            """
            version: 1
            coordinators:
              App:
                kind: tab
                initial: a
                routes:
                  a: {screen: A}
                  b: {screen: B}
            """)
        #expect(missingTabs.findings == ["3:3 schema tab coordinator `App` has no `tabs`; list the routes that are its tabs"])
        let badTab = DecodedSpec(
            """
            version: 1
            coordinators:
              App:
                kind: tab
                initial: a
                tabs: [a, true]
                routes:
                  a: {screen: A}
                  b: {screen: B}
            """)
        #expect(badTab.findings == ["6:15 schema `tabs` must be a list of route names, but this item is `true`"])
    }

    @Test func aMisspelledStartRouteDoesNotMakeItsRouteLackATransition() {
        // The misspelling itself is an unknown-reference, found by the resolver.
        let spec = DecodedSpec(
            """
            version: 1
            coordinators:
              App:
                kind: tab
                initial: feed
                tabs: [feed, serch]
                routes:
                  feed: {screen: Feed}
                  search: {screen: Search}
                  other: {screen: Other}
            """)
        #expect(spec.findings == ["10:7 schema route `other` has no `transition`; only the initial route and tabs may leave it out"])
    }

    @Test func tabsOnTheWrongKindStillNameRoutesThatMayLeaveOutTheTransition() {
        let spec = DecodedSpec(
            """
            version: 1
            coordinators:
              App:
                kind: navigation
                initial: a
                tabs: [a, b]
                routes:
                  a: {screen: A}
                  b: {screen: B}
            """)
        #expect(spec.findings == ["6:5 schema `tabs` belongs only to `tab` coordinators, not to a navigation coordinator; remove it"])
        #expect(spec.coordinator("App")?.tabs == nil)
    }

    // MARK: Misplaced fields

    @Test func fieldsOfOtherTransitionsAreMisplaced() {
        let spec = DecodedSpec(
            """
            version: 1
            coordinators:
              App:
                kind: tab
                stack: own
                initial: a
                tabs: [a]
                routes:
                  a: {screen: A, style: sheet, route: b, tab: a}
                  b: {transition: push, screen: B, style: sheet, dismissible: true, route: a, tab: a}
                  c: {transition: trigger, route: a, tab: a}
                  d: {transition: select, tab: a, route: a}
            """)
        #expect(
            spec.findings == [
                "5:5 schema `stack` belongs only to `navigation` coordinators, not to a tab coordinator; remove it",
                "9:22 schema `style` belongs only to `present` routes, not to a route without a transition; remove it",
                "9:36 schema `route` belongs only to `trigger` and `popTo` routes, not to a route without a transition; remove it",
                "9:46 schema `tab` belongs only to `select` routes, not to a route without a transition; remove it",
                "10:40 schema `style` belongs only to `present` routes, not to a `push` route; remove it",
                "10:54 schema `dismissible` belongs only to `present` routes, not to a `push` route; remove it",
                "10:73 schema `route` belongs only to `trigger` and `popTo` routes, not to a `push` route; remove it",
                "10:83 schema `tab` belongs only to `select` routes, not to a `push` route; remove it",
                "11:42 schema `tab` belongs only to `select` routes, not to a `trigger` route; remove it",
                "12:39 schema `route` belongs only to `trigger` and `popTo` routes, not to a `select` route; remove it",
            ])
    }

    @Test func anUnknownOrMissingTransitionIsTheOnlyFinding() {
        let spec = DecodedSpec(
            """
            version: 1
            coordinators:
              App:
                kind: navigation
                initial: a
                routes:
                  a: {screen: A}
                  b: {transition: presnt, style: sheet, dismissible: false, screen: B}
                  c: {transition: trigger}
                  d: {route: c}
            """)
        #expect(
            spec.findings == [
                "8:23 schema unknown transition `presnt`; did you mean `present`?",
                "10:7 schema route `d` has no `transition`; only the initial route and tabs may leave it out",
            ])
    }

    @Test func childFieldsBelongToRoutesThatStartACoordinator() {
        let spec = DecodedSpec(
            """
            version: 1
            coordinators:
              App:
                kind: navigation
                initial: a
                routes:
                  a: {screen: A, retain: parent}
                  b: {transition: pop, releaseOn: [back]}
                  c: {transition: present, coordinator: C, retain: none, releaseOn: [dismiss]}
                  d: {transition: present, coordinator: [C], retain: parent, releaseOn: [dismiss]}
                  e: {transition: present, screen: E, coordinator: C, retain: parent}
            """)
        #expect(
            spec.findings == [
                "7:22 schema `retain` belongs only to routes that start a child `coordinator`, not to a route that shows the screen `A`; remove it",
                "8:28 schema `releaseOn` belongs only to routes that start a child `coordinator`, not to a route without a destination; remove it",
                "9:62 schema `releaseOn` applies only to children with `retain: parent`, but this child has `retain: none`; remove `releaseOn` or use `retain: parent`",
                "10:45 schema `coordinator` must be a coordinator name, found a list",
                "11:56 schema route `App.e` names both a screen and a coordinator; a route shows one destination, keep one of them",
            ])
    }

    @Test func thenNamesTheContinuationsOfAChildRoute() throws {
        let spec = DecodedSpec(
            """
            version: 1
            coordinators:
              App:
                kind: view
                initial: auth
                routes:
                  auth: {transition: setRoot, coordinator: Auth, then: main}
                  main: {transition: setRoot, coordinator: Main, then: [auth, onboarding]}
                  onboarding: {transition: setRoot, screen: Intro, then: main}
            """)
        #expect(
            spec.findings == [
                "9:56 schema `then` belongs only to routes that start a child `coordinator`, not to a route that shows the screen `Intro`; remove it"
            ])
        let app = try #require(spec.coordinator("App"))
        #expect(app.route(named: "auth")?.then.map(\.text) == ["main"])
        #expect(app.route(named: "main")?.then.map(\.text) == ["auth", "onboarding"])
        #expect(app.route(named: "main")?.then.last?.location.line == 8)
        #expect(app.route(named: "onboarding")?.then == [])
    }

    // MARK: Chains

    @Test func badChainStepsAreEachReportedOnce() {
        let spec = DecodedSpec(
            """
            version: 1
            chains:
              c:
                from: App
                steps:
                  - popToRot
                  - route
                  - pop: home
                  - {route: a, select: b}
                  - [route, a]
                  - goto: a
                  - route: [a]
                  - select: ~
                  - route: a
              d: {from: App, steps: pop}
            """)
        #expect(
            spec.findings == [
                "6:9 schema unknown chain step `popToRot`; did you mean `popToRoot`? (steps: pop, popToRoot, dismiss, dismissToRoot, route, select, popTo)",
                "7:9 schema chain step `route` needs a target; write `- route: <name>`",
                "8:9 schema chain step `pop` takes no target; write `- pop`",
                "9:9 schema a chain step is one action, such as `- select: todos`; split this step into one per action",
                "10:9 schema a chain step is one action such as `- route: todo`, not a list",
                "11:9 schema unknown chain step `goto` (steps: pop, popToRoot, dismiss, dismissToRoot, route, select, popTo)",
                "12:16 schema `route` must be a route name, found a list",
                "13:17 schema `select` must be a tab route name, found nothing",
                "15:25 schema `steps` must be a list of steps such as `- select: todos` or `- popToRoot`, found the text `pop`",
            ])
        #expect(spec.file.chains.first?.steps.map(\.action.keyword) == ["route"])
    }

    // MARK: Duplicates

    @Test func aKeyTwiceInOneMappingKeepsTheFirst() throws {
        let spec = DecodedSpec(
            """
            version: 1
            version: 1
            coordinators:
              App:
                kind: view
                kind: tab
                initial: a
                holds: {App: weak, App: strong}
                routes:
                  a: {screen: A, params: {id: String, id: Int}}
                  a: {screen: B}
            chains:
              c: {from: App, steps: [pop]}
              c: {from: App, steps: [pop]}
            """)
        #expect(
            spec.findings == [
                "2:1 duplicate-key field `version` is defined twice in the top level of a spec; the first definition is used, remove or rename this one",
                "6:5 duplicate-key field `kind` is defined twice in coordinator `App`; the first definition is used, remove or rename this one",
                "8:24 duplicate-key `holds` entry `App` is defined twice; the first definition is used, remove or rename this one",
                "10:43 duplicate-key parameter `id` is defined twice in `params`; the first definition is used, remove or rename this one",
                "11:7 duplicate-key route `a` is defined twice in coordinator `App`; the first definition is used, remove or rename this one",
                "14:3 duplicate-key chain `c` is defined twice; the first definition is used, remove or rename this one",
            ])
        #expect(
            spec.diagnostics.sorted(by: Finding.reportOrder).map {
                $0.notes.map { "\($0.location.line):\($0.location.column) \($0.message)" }
            } == [
                ["1:1 first defined here"], ["5:5 first defined here"], ["8:13 first defined here"], ["10:31 first defined here"],
                ["10:7 first defined here"], ["13:3 first defined here"],
            ])
        #expect(
            spec.diagnostics.sorted(by: Finding.reportOrder).map { "\($0.coordinator ?? "-")/\($0.route ?? "-")" } == [
                "-/-", "App/-", "App/-", "App/a", "App/a", "-/-",
            ])
        let app = try #require(spec.coordinator("App"))
        #expect(app.kind?.value == .view)
        #expect(app.holds.map(\.strength.value) == [.weak])
        #expect(app.route(named: "a")?.destination?.value == .screen("A"))
        #expect(spec.file.chains.count == 1)
    }

    @Test func aCoordinatorDefinedTwiceLeavesItsRoutesUnknown() {
        let spec = DecodedSpec(
            """
            version: 1
            coordinators:
              App: {kind: view, initial: a, routes: {a: {screen: A}}}
              App: {kind: view, initial: b, routes: {b: {screen: B}}}
            """)
        #expect(
            spec.findings == [
                "4:3 duplicate-key coordinator `App` is defined twice; the first definition is used, remove or rename this one"
            ])
        #expect(spec.diagnostics.first?.coordinator == "App")
        #expect(spec.file.coordinators.count == 1)
        #expect(spec.gaps.routesOf == ["App"])
        #expect(!spec.gaps.coordinators)
    }

    @Test func aSecondCoordinatorsMappingLeavesItsCoordinatorsUnknown() {
        let spec = DecodedSpec(
            """
            version: 1
            coordinators:
              App: {kind: view, initial: a, routes: {a: {screen: A}}}
            coordinators:
              Auth: {kind: view, initial: b, routes: {b: {screen: B}}}
            """)
        #expect(spec.findings.count == 1)
        #expect(spec.gaps.coordinators)
        #expect(spec.gaps.routesOf == ["Auth"])
    }

    // MARK: Indentation

    @Test func aFieldIndentedOneLevelTooLittleIsReportedOnceAndRead() throws {
        let spec = DecodedSpec(
            """
            version: 1
            coordinators:
              App:
              kind: navigation
              initial: a
              routes:
                a:
                  screen: A
                  triggers: [b]
                b:
                transition: push
                screen: B
              Other:
                kind: view
                initial: x
                routes:
                  x: {screen: X}
            """)
        #expect(
            spec.findings == [
                "4:3 schema `kind` is indented as a coordinator, but it is a field of coordinator `App`; indent it under `App`",
                "5:3 schema `initial` is indented as a coordinator, but it is a field of coordinator `App`; indent it under `App`",
                "6:3 schema `routes` is indented as a coordinator, but it is a field of coordinator `App`; indent it under `App`",
                "11:5 schema `transition` is indented as a route, but it is a field of route `b`; indent it under `b`",
                "12:5 schema `screen` is indented as a route, but it is a field of route `b`; indent it under `b`",
            ])
        #expect(spec.diagnostics.map { "\($0.coordinator ?? "-")/\($0.route ?? "-")" } == ["App/-", "App/-", "App/-", "App/b", "App/b"])
        #expect(spec.file.coordinators.map(\.name) == ["App", "Other"])
        let app = try #require(spec.coordinator("App"))
        #expect(app.routes.map(\.name) == ["a", "b"])
        #expect(app.route(named: "b")?.destination?.value == .screen("B"))
    }

    /// A maps app has a `route` screen, a settings flow a `style` route: a key with a mapping value is an element,
    /// whatever its name, and so is one after an element that has a value.
    @Test(arguments: RouteField.allCases.map(\.rawValue))
    func aRouteNamedLikeARouteFieldIsARoute(name: String) throws {
        for routes in [
            """
                  home:
                    screen: Home
                    triggers: [\(name)]
                  \(name):
                    transition: push
                    screen: Detail
            """,
            """
                  home: {screen: Home, triggers: [\(name)]}
                  \(name): {transition: push, screen: Detail}
            """,
        ] {
            let spec = DecodedSpec(
                """
                version: 1
                entry: App
                coordinators:
                  App:
                    kind: navigation
                    initial: home
                    routes:
                \(routes)
                """)
            #expect(spec.findings == [])
            let app = try #require(spec.coordinator("App"))
            #expect(app.routes.map(\.name) == ["home", name])
        }
    }

    @Test(arguments: CoordinatorField.allCases.map(\.rawValue))
    func aCoordinatorNamedLikeACoordinatorFieldIsACoordinator(name: String) {
        let spec = DecodedSpec(
            """
            version: 1
            entry: App
            coordinators:
              App:
                kind: navigation
                initial: home
                routes:
                  home: {screen: Home, triggers: [next]}
                  next: {transition: present, coordinator: \(name)}
              \(name):
                kind: view
                initial: a
                routes:
                  a: {screen: A}
            """)
        #expect(spec.findings == [])
        #expect(spec.file.coordinators.map(\.name) == ["App", name])
    }

    @Test func aFirstElementNamedLikeAFieldIsAnElement() {
        let spec = DecodedSpec(
            """
            version: 1
            coordinators:
              routes:
                kind: view
                initial: a
                routes:
                  a: {screen: A}
            """)
        #expect(spec.findings == [])
    }

    // MARK: Gaps

    @Test func partsThatCouldNotBeReadAreGaps() {
        let spec = DecodedSpec(
            """
            version: 1
            entry: ~
            coordinators:
              App: navigation
              Main:
                kind: view
                initial: a
                routes: [a]
              ? [Odd]
              : {kind: view}
            """)
        #expect(
            spec.findings == [
                "2:8 schema `entry` must be the name of the coordinator the app starts in, found nothing",
                "4:8 schema coordinator `App` must be a mapping with `kind`, `initial` and `routes`, found the text `navigation`",
                "8:13 schema `routes` must be a mapping of route names to routes, found a list",
                "9:5 schema keys in coordinators must be names, found a list",
            ])
        #expect(spec.gaps.entry)
        #expect(spec.gaps.coordinators)
        #expect(spec.gaps.routesOf == ["App", "Main"])
    }

    @Test func aReadableFileHasNoGaps() {
        let spec = DecodedSpec(Self.complete)
        #expect(!spec.gaps.entry && !spec.gaps.coordinators && spec.gaps.routesOf.isEmpty)
    }

    // MARK: Open world and continuations (DESIGN §1)

    @Test func readsInitialListsCoordinatorTriggersMayStartRouteStackOpenAndChainAt() {
        let spec = DecodedSpec(
            """
            version: 1
            coordinators:
              App:
                kind: view
                initial: [auth, main]
                triggers: [auth, Other.x]
                open: true
                mayStart: [Main]
                routes:
                  auth: {transition: setRoot, coordinator: Auth, then: main}
                  main: {transition: setRoot, coordinator: Main, stack: parent, open: true}
            chains:
              restore:
                from: App
                at: launch
                steps: [{route: main}]
            """)
        #expect(spec.findings == [])
        let app = spec.coordinator("App")
        #expect(app?.initials.map(\.value) == ["auth", "main"])
        #expect(app?.startRoutes == ["auth", "main"])
        #expect(app?.triggers.map(\.text) == ["auth", "Other.x"])
        #expect(app?.mayStart?.map(\.value) == ["Main"])
        #expect(app?.route(named: "main")?.stack?.value == .parent)
        #expect(app?.route(named: "main")?.isOpen == true)
        #expect(spec.file.chains.first?.runsAtLaunch == true)
    }

    @Test func wrongNewFieldsAreReportedAtTheValue() {
        let spec = DecodedSpec(
            """
            version: 1
            coordinators:
              App:
                kind: view
                initial: []
                triggers: {a: b}
                mayStart: true
                routes:
                  a: {transition: setRoot, screen: A, stack: parent, open: "yes"}
                  b: {transition: setRoot, coordinator: B, stack: shared}
            chains:
              c:
                from: App
                at: lunch
                steps: [pop]
            """)
        #expect(
            spec.findings == [
                "5:14 missing-initial `initial` of coordinator `App` is an empty list; name the route shown when it starts",
                "6:15 schema `triggers` must be a list of route names, found a mapping",
                "7:15 schema `mayStart` must be a list of coordinator names, found `true`",
                "9:43 schema `stack` belongs only to routes that start a child `coordinator`, not to a route that shows the screen `A`; remove it",
                "9:64 schema `open` must be true or false, found the text `yes`",
                "10:55 schema unknown stack `shared`; expected one of own, parent",
                "14:9 schema unknown moment `lunch` in `at`; did you mean `launch`?",
            ])
    }
}
