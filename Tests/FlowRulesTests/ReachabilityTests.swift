import Testing
import FlowModel
import FlowAnalysis
@testable import FlowRules

/// DESIGN §2, "Reachability starts at the entry's initial route…".
@Suite struct ReachabilityTests {
    @Test func entryInitialRouteAndTriggersOnly() throws {
        let spec = try SpecProject([
            "app.flow.yml": """
            version: 1
            entry: App
            coordinators:
              App:
                kind: navigation
                initial: home
                routes:
                  home: { screen: Home, triggers: [detail, App.settings] }
                  detail: { transition: push, screen: Detail }
                  settings: { transition: push, screen: Settings }
                  orphan: { transition: push, screen: Orphan, triggers: [orphanChild] }
                  orphanChild: { transition: push, screen: OrphanChild }
              Unused:
                kind: view
                initial: page
                routes:
                  page: { screen: Page }
            """
        ])
        #expect(spec.unreachedRoutes == ["App.orphan", "App.orphanChild", "Unused.page"])
        #expect(spec.isStarted("App") && !spec.isStarted("Unused"))
    }

    @Test func tabsAndTheirCoordinatorsStartTogether() throws {
        let spec = try SpecProject(
            """
            version: 1
            entry: Main
            coordinators:
              Main:
                kind: tab
                initial: feed
                tabs: [feed, inbox, profile]
                routes:
                  feed: { coordinator: Feed }
                  inbox: { coordinator: Inbox }
                  profile: { screen: Profile, triggers: [toFeed] }
                  toFeed: { transition: select, tab: feed }
              Feed:
                kind: navigation
                initial: list
                routes:
                  list: { screen: FeedList }
              Inbox:
                kind: tab
                initial: unread
                tabs: [unread, all]
                routes:
                  unread: { screen: Unread }
                  all: { screen: All }
            """)
        #expect(spec.unreachedRoutes.isEmpty)
        #expect(spec.isStarted("Feed") && spec.isStarted("Inbox"))
        #expect(spec.index.tab(of: spec.route("Main.toFeed")) == spec.route("Main.feed"))
        #expect(
            Array(spec.index.starts.neighbors(of: spec.coordinator("Main"))) == ["Main.feed", "Main.inbox", "Main.profile"].map(spec.route))
        #expect(spec.index.initialRoute(of: spec.coordinator("Main")) == spec.route("Main.feed"))
    }

    @Test func triggerRoutesReachTheirTargetAndRedirectToWhatTheyFinallyDo() throws {
        let spec = try SpecProject(
            """
            version: 1
            entry: App
            coordinators:
              App:
                kind: navigation
                initial: home
                routes:
                  home: { screen: Home, triggers: [shortcut, loop] }
                  shortcut: { transition: trigger, route: hop }
                  hop: { transition: trigger, route: Child.close }
                  child: { transition: present, coordinator: Child, retain: hierarchy }
                  loop: { transition: trigger, route: loopBack }
                  loopBack: { transition: trigger, route: loop }
              Child:
                kind: navigation
                initial: page
                routes:
                  page: { screen: Page }
                  close: { transition: dismiss }
            """)
        // `hop` is reached through a redirect; `Child.close` is not: the child is never started, so its router
        // does not exist and the redirect into it does nothing.
        #expect(spec.isReached("App.hop") && !spec.isReached("Child.close"))
        #expect(!spec.isReached("App.child") && !spec.isStarted("Child") && !spec.isReached("Child.page"))
        #expect(spec.index.redirectEnd(of: spec.route("App.shortcut")) == spec.route("Child.close"))
        #expect(spec.index.effectiveTransition(spec.route("App.shortcut")) == .dismiss)
        #expect(spec.index.redirectEnd(of: spec.route("App.home")) == spec.route("App.home"))
        // A redirect loop resolves to nothing instead of hanging.
        #expect(spec.index.redirectEnd(of: spec.route("App.loop")) == nil && spec.index.redirectEnd(of: spec.route("App.loopBack")) == nil)
        #expect(spec.index.effectiveTransition(spec.route("App.loop")) == nil)
        #expect(spec.isReached("App.loopBack"))
    }

    @Test func qualifiedTriggersReachRoutesOfAncestors() throws {
        let spec = try SpecProject(
            """
            version: 1
            entry: Root
            coordinators:
              Root:
                kind: view
                initial: login
                routes:
                  login: { screen: Login, triggers: [main] }
                  main: { transition: setRoot, coordinator: Main, retain: hierarchy }
                  logout: { transition: setRoot, screen: Login }
              Main:
                kind: navigation
                initial: home
                routes:
                  home: { screen: Home, triggers: [Root.logout] }
            """)
        #expect(spec.unreachedRoutes.isEmpty)
    }

    @Test func chainsAreEntryPointsOnceTheirStartIsStarted() throws {
        let spec = try SpecProject(
            """
            version: 1
            entry: App
            coordinators:
              App:
                kind: tab
                initial: home
                tabs: [home, shop]
                routes:
                  home: { screen: Home }
                  shop: { coordinator: Shop, retain: hierarchy }
              Shop:
                kind: navigation
                initial: list
                routes:
                  list: { screen: List }
                  product: { transition: push, screen: Product, triggers: [reviews] }
                  reviews: { transition: push, coordinator: Reviews, releaseOn: [back] }
                  hidden: { transition: push, screen: Hidden }
              Reviews:
                kind: navigation
                stack: parent
                initial: all
                routes:
                  all: { screen: AllReviews }
                  write: { transition: push, screen: WriteReview }
              Never:
                kind: navigation
                initial: start
                routes:
                  start: { screen: Start }
                  deep: { transition: push, screen: Deep }
            chains:
              openReview:
                url: "shop://product/{id}/review"
                from: App
                steps:
                  - select: shop
                  - popToRoot
                  - route: product
                  - route: reviews
                  - route: write
              fromNowhere:
                from: Never
                steps:
                  - route: deep
            """)
        // Steps reach their routes and start the coordinators on the way; a chain from a
        // coordinator nothing starts reaches nothing.
        #expect(spec.unreachedRoutes == ["Never.deep", "Never.start", "Shop.hidden"])
        #expect(spec.isStarted("Reviews") && !spec.isStarted("Never"))
        #expect(spec.analysis.chains[0].stepped == ["App.shop", "Shop.product", "Shop.reviews", "Reviews.write"].map(spec.route))
        #expect(spec.analysis.chains[0].failure == nil)
    }

    @Test func anInvalidChainReachesTheStepsBeforeItsFirstInvalidStep() throws {
        let spec = try SpecProject(
            """
            version: 1
            entry: App
            coordinators:
              App:
                kind: navigation
                initial: home
                routes:
                  home: { screen: Home }
                  first: { transition: push, screen: First }
                  second: { transition: push, screen: Second }
            chains:
              broken:
                from: App
                steps:
                  - route: first
                  - select: second
                  - route: second
            """)
        #expect(spec.unreachedRoutes == ["App.second"])
        #expect(spec.analysis.chains[0].failure?.step == 1)
    }

    @Test func startGraphDominatorsFollowReachableStartsOnly() throws {
        let spec = try SpecProject(
            """
            version: 1
            entry: App
            coordinators:
              App:
                kind: view
                initial: home
                routes:
                  home: { screen: Home, triggers: [a, b] }
                  a: { transition: present, coordinator: A, retain: hierarchy }
                  b: { transition: present, coordinator: B, retain: hierarchy }
              A:
                kind: view
                initial: page
                routes:
                  page: { screen: Page, triggers: [shared] }
                  shared: { transition: present, coordinator: Shared, retain: hierarchy }
              B:
                kind: view
                initial: page
                routes:
                  page: { screen: Page }
                  shared: { transition: present, coordinator: Shared, retain: hierarchy }
              Shared:
                kind: view
                initial: page
                routes:
                  page: { screen: Page }
            """)
        let dominators = try #require(spec.analysis.startGraph.dominators)
        // B's route to Shared is never reached, so A is on every path that starts Shared.
        #expect(dominators.dominates(spec.coordinator("A"), spec.coordinator("Shared")))
        #expect(!dominators.dominates(spec.coordinator("B"), spec.coordinator("Shared")))
        #expect(dominators.dominates(spec.coordinator("App"), spec.coordinator("Shared")))
    }
}

/// Code whose launch was not read has a guessed entry: the real launch may start any coordinator, so a coordinator
/// the guess does not reach is withheld, never reported.
@Suite struct GuessedEntryTests {
    @Test func aGuessedEntryWithholdsUnreachableCoordinators() throws {
        let spec = try SpecProject([
            "app.flow.yml": """
            version: 1
            entry: Quay
            coordinators:
              Quay:
                kind: navigation
                initial: berth
                routes:
                  berth: { screen: QuayBerth }
              Jetty:
                kind: navigation
                initial: mooring
                routes:
                  mooring: { screen: JettyMooring }
            """
        ])
        let read = UnreachableCoordinatorRule().check(Analysis(spec.project.graph, origin: .code))
        let guessed = UnreachableCoordinatorRule().check(Analysis(spec.project.graph, origin: .code, entryGuessed: true))
        #expect(read.map(\.coordinator) == ["Jetty"] && read.allSatisfy { $0.withheldBecause == nil })
        #expect(guessed.map(\.coordinator) == ["Jetty"])
        #expect(guessed.allSatisfy { $0.withheldBecause?.contains("the entry is a guess") == true })
    }
}
