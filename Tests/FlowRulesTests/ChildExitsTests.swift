import Testing
import FlowModel
import FlowAnalysis
@testable import FlowRules

/// DESIGN §1, "Exits of a child coordinator": every way out, and the dismissals that do not close the child.
@Suite struct ChildExitsTests {
    @Test func finishNeedsAReachableFinishRoute() throws {
        let spec = try SpecProject(
            """
            version: 1
            entry: App
            coordinators:
              App:
                kind: view
                initial: home
                routes:
                  home: { screen: Home, triggers: [login, signup] }
                  login: { transition: embed, coordinator: Login, releaseOn: [finish] }
                  signup: { transition: embed, coordinator: Signup }
              Login:
                kind: view
                initial: form
                routes:
                  form: { screen: LoginForm, triggers: [done] }
                  done: { transition: finish }
              Signup:
                kind: view
                initial: form
                routes:
                  form: { screen: SignupForm }
                  done: { transition: finish }
            """)
        let login = try #require(spec.exits("App.login"))
        #expect(login.kinds == [.finish])
        #expect(login.finish == spec.route("Login.done"))
        // Signup's `done` is never triggered: not an exit.
        #expect(try #require(spec.exits("App.signup")).kinds.isEmpty)
        #expect(spec.exits("App.home") == nil)
    }

    @Test func finishTriggeredFromAGrandchildByQualifiedName() throws {
        let spec = try SpecProject(
            """
            version: 1
            entry: App
            coordinators:
              App:
                kind: view
                initial: flow
                routes:
                  flow: { coordinator: Flow }
              Flow:
                kind: navigation
                initial: step
                routes:
                  step: { screen: Step, triggers: [more] }
                  more: { transition: push, coordinator: More }
                  done: { transition: finish }
              More:
                kind: navigation
                stack: parent
                initial: last
                routes:
                  last: { screen: Last, triggers: [Flow.done] }
            """)
        #expect(try #require(spec.exits("App.flow")).finish == spec.route("Flow.done"))
        #expect(try #require(spec.exits("Flow.more")).kinds == [.back])
    }

    @Test func backByPushAndByNoneAttachingAStackParentChild() throws {
        let spec = try SpecProject(
            """
            version: 1
            entry: App
            coordinators:
              App:
                kind: navigation
                initial: home
                routes:
                  home: { screen: Home, triggers: [pushed, attached, attachedView] }
                  pushed: { transition: push, coordinator: Shared, releaseOn: [back] }
                  attached: { transition: none, coordinator: Shared, releaseOn: [back] }
                  attachedView: { transition: none, coordinator: Panel, retain: hierarchy }
              Shared:
                kind: navigation
                stack: parent
                initial: first
                routes:
                  first: { screen: First }
              Panel:
                kind: view
                initial: panel
                routes:
                  panel: { screen: PanelView }
            """)
        for route in ["App.pushed", "App.attached"] {
            let exits = try #require(spec.exits(route))
            #expect(exits.kinds == [.back], "\(route)")
            guard case .backButton? = exits.back else {
                Issue.record("\(route): back should be the back button")
                continue
            }
        }
        // `none` gives a back exit only to a `stack: parent` navigation child.
        #expect(try #require(spec.exits("App.attachedView")).kinds.isEmpty)
    }

    @Test func backByAPopOfTheInitialScreen() throws {
        let spec = try SpecProject(
            """
            version: 1
            entry: App
            coordinators:
              App:
                kind: navigation
                initial: home
                routes:
                  home: { screen: Home, triggers: [own, viaParent, redirected, deep] }
                  own: { transition: setRoot, coordinator: PopsItself, releaseOn: [back] }
                  viaParent: { transition: setRoot, coordinator: PopsParent, releaseOn: [back] }
                  redirected: { transition: setRoot, coordinator: PopsByRedirect, releaseOn: [back] }
                  deep: { transition: setRoot, coordinator: PopsLater }
                  back: { transition: pop }
              PopsItself:
                kind: navigation
                stack: parent
                initial: first
                routes:
                  first: { screen: First, triggers: [leave] }
                  leave: { transition: pop }
              PopsParent:
                kind: navigation
                stack: parent
                initial: first
                routes:
                  first: { screen: First, triggers: [App.back] }
              PopsByRedirect:
                kind: navigation
                stack: parent
                initial: first
                routes:
                  first: { screen: First, triggers: [goBack] }
                  goBack: { transition: trigger, route: leave }
                  leave: { transition: pop }
              PopsLater:
                kind: navigation
                stack: parent
                initial: first
                routes:
                  first: { screen: First, triggers: [second] }
                  second: { transition: push, screen: Second, triggers: [leave] }
                  leave: { transition: pop }
            """)
        for (route, pop) in [("App.own", "PopsItself.leave"), ("App.viaParent", "App.back"), ("App.redirected", "PopsByRedirect.goBack")] {
            let exits = try #require(spec.exits(route))
            #expect(exits.kinds == [.back], "\(route)")
            if case .popRoute(let id)? = exits.back {
                #expect(id == spec.route(pop), "\(route) pops with \(spec.index.qualifiedName(id))")
            } else {
                Issue.record("\(route): back should be the pop route \(pop)")
            }
        }
        // Only the initial screen's pop leaves the child; a pop from a pushed screen returns to it.
        #expect(try #require(spec.exits("App.deep")).back == nil)
    }

    @Test func dismissBySwipeDependsOnStyleAndDismissible() throws {
        let spec = try SpecProject(
            """
            version: 1
            entry: App
            coordinators:
              App:
                kind: view
                initial: home
                routes:
                  home: { screen: Home, triggers: [sheet, locked, fullScreen] }
                  sheet: { transition: present, coordinator: Child, releaseOn: [finish, dismiss] }
                  locked: { transition: present, dismissible: false, coordinator: Child, releaseOn: [finish] }
                  fullScreen: { transition: present, style: fullScreen, coordinator: Child, releaseOn: [finish] }
              Child:
                kind: view
                initial: page
                routes:
                  page: { screen: Page, triggers: [done] }
                  done: { transition: finish }
            """)
        let sheet = try #require(spec.exits("App.sheet"))
        #expect(sheet.kinds == [.finish, .dismiss])
        #expect(sheet.dismiss?.swipe == true && sheet.dismiss?.route == nil)
        #expect(try #require(spec.exits("App.locked")).kinds == [.finish])
        #expect(try #require(spec.exits("App.fullScreen")).kinds == [.finish])
    }

    @Test func dismissByARouteOfTheChild() throws {
        let spec = try SpecProject(
            """
            version: 1
            entry: App
            coordinators:
              App:
                kind: view
                initial: home
                routes:
                  home: { screen: Home, triggers: [direct, redirected, qualified] }
                  direct: { transition: present, style: fullScreen, coordinator: Direct, releaseOn: [dismiss] }
                  redirected: { transition: present, style: fullScreen, coordinator: Redirected, releaseOn: [dismiss] }
                  qualified: { transition: present, style: fullScreen, coordinator: Qualified, releaseOn: [dismiss] }
                  close: { transition: dismiss }
              Direct:
                kind: navigation
                initial: form
                routes:
                  form: { screen: Form, triggers: [next] }
                  next: { transition: push, screen: Next, triggers: [close] }
                  close: { transition: dismiss }
              Redirected:
                kind: view
                initial: form
                routes:
                  form: { screen: Form, triggers: [cancel] }
                  cancel: { transition: trigger, route: close }
                  close: { transition: dismiss }
              Qualified:
                kind: view
                initial: form
                routes:
                  form: { screen: Form, triggers: [App.close] }
            """)
        // A dismiss closes the presentation of the screen that triggers it, whichever route it names.
        for (route, closer) in [("App.direct", "Direct.close"), ("App.redirected", "Redirected.cancel"), ("App.qualified", "App.close")] {
            let exits = try #require(spec.exits(route))
            #expect(exits.kinds == [.dismiss], "\(route)")
            #expect(exits.dismiss?.swipe == false)
            #expect(exits.dismiss?.route == spec.route(closer), "\(route)")
        }
    }

    @Test func dismissInsideASheetTheChildPresentedClosesOnlyTheSheet() throws {
        let spec = try SpecProject(
            """
            version: 1
            entry: App
            coordinators:
              App:
                kind: view
                initial: home
                routes:
                  home: { screen: Home, triggers: [child] }
                  child: { transition: present, style: fullScreen, coordinator: Child, releaseOn: [finish] }
              Child:
                kind: navigation
                initial: form
                routes:
                  form: { screen: Form, triggers: [help, tips, done] }
                  help: { transition: present, screen: HelpSheet, triggers: [closeHelp] }
                  closeHelp: { transition: dismiss }
                  tips: { transition: present, coordinator: Tips, retain: hierarchy }
                  done: { transition: finish }
              Tips:
                kind: navigation
                initial: tip
                routes:
                  tip: { screen: Tip, triggers: [more] }
                  more: { transition: push, screen: MoreTips, triggers: [closeTips] }
                  closeTips: { transition: dismiss }
            """)
        #expect(try #require(spec.exits("App.child")).kinds == [.finish])
        let tips = try #require(spec.exits("Child.tips"))
        #expect(tips.dismiss?.route == spec.route("Tips.closeTips") && tips.dismiss?.swipe == true)
        #expect(spec.analysis.exits.closingDismiss[spec.coordinator("Child")] == nil)
        #expect(spec.analysis.exits.closingDismiss[spec.coordinator("Tips")] == spec.route("Tips.closeTips"))
    }

    @Test func dismissInAPushedGrandchildOrATabChildClosesThePresentedChild() throws {
        let spec = try SpecProject(
            """
            version: 1
            entry: App
            coordinators:
              App:
                kind: view
                initial: home
                routes:
                  home: { screen: Home, triggers: [checkout, tabs] }
                  checkout: { transition: present, style: fullScreen, coordinator: Checkout, releaseOn: [dismiss] }
                  tabs: { transition: present, style: fullScreen, coordinator: Tabs, releaseOn: [dismiss] }
              Checkout:
                kind: navigation
                initial: cart
                routes:
                  cart: { screen: Cart, triggers: [payment] }
                  payment: { transition: push, coordinator: Payment, releaseOn: [back] }
              Payment:
                kind: navigation
                stack: parent
                initial: card
                routes:
                  card: { screen: Card, triggers: [cancel] }
                  cancel: { transition: dismiss }
              Tabs:
                kind: tab
                initial: first
                tabs: [first, second]
                routes:
                  first: { coordinator: Section, retain: hierarchy }
                  second: { screen: Second }
              Section:
                kind: navigation
                initial: list
                routes:
                  list: { screen: List, triggers: [close] }
                  close: { transition: dismiss }
            """)
        let checkout = try #require(spec.exits("App.checkout"))
        #expect(checkout.kinds == [.dismiss])
        #expect(checkout.dismiss?.route == spec.route("Payment.cancel"))
        // The pushed grandchild itself is not presented: its dismiss closes Checkout, not a presentation of its own.
        #expect(try #require(spec.exits("Checkout.payment")).kinds == [.back])
        #expect(try #require(spec.exits("App.tabs")).dismiss?.route == spec.route("Section.close"))
        #expect(try #require(spec.exits("Tabs.first")).kinds.isEmpty)
    }

    @Test func dismissToRootClosesEveryPresentationAboveIt() throws {
        let spec = try SpecProject(
            """
            version: 1
            entry: App
            coordinators:
              App:
                kind: view
                initial: home
                routes:
                  home: { screen: Home, triggers: [outer] }
                  outer: { transition: present, style: fullScreen, coordinator: Outer, releaseOn: [dismiss] }
                  logout: { transition: dismissToRoot }
              Outer:
                kind: navigation
                initial: start
                routes:
                  start: { screen: Start, triggers: [inner, sheet] }
                  inner: { transition: present, style: fullScreen, coordinator: Inner, releaseOn: [dismiss] }
                  sheet: { transition: present, style: fullScreen, screen: Sheet, triggers: [everything] }
                  everything: { transition: dismissToRoot }
              Inner:
                kind: view
                initial: page
                routes:
                  page: { screen: Page, triggers: [App.logout] }
            """)
        // Inner's own logout closes Inner and Outer; the full-screen sheet's dismissToRoot closes Outer too.
        #expect(try #require(spec.exits("Outer.inner")).dismiss?.route == spec.route("App.logout"))
        let outer = try #require(spec.exits("App.outer"))
        #expect(outer.kinds == [.dismiss])
        #expect(outer.dismiss?.route == spec.route("Outer.everything"))
    }

    @Test func dismissOnlyCountsForPresentedChildren() throws {
        let spec = try SpecProject(
            """
            version: 1
            entry: App
            coordinators:
              App:
                kind: view
                initial: home
                routes:
                  home: { screen: Home, triggers: [modal] }
                  modal: { transition: present, style: fullScreen, coordinator: Modal, releaseOn: [dismiss] }
              Modal:
                kind: navigation
                initial: start
                routes:
                  start: { screen: Start, triggers: [embedded] }
                  embedded: { transition: setRoot, coordinator: Embedded, releaseOn: [finish] }
              Embedded:
                kind: view
                initial: page
                routes:
                  page: { screen: Page, triggers: [close] }
                  close: { transition: dismiss }
            """)
        // Embedded's close dismisses Modal (the presentation Embedded belongs to), not Embedded itself.
        #expect(try #require(spec.exits("Modal.embedded")).kinds.isEmpty)
        #expect(try #require(spec.exits("App.modal")).dismiss?.route == spec.route("Embedded.close"))
    }

    @Test func unreachableStartsHaveNoExits() throws {
        let spec = try SpecProject([
            "app.flow.yml": """
            version: 1
            entry: App
            coordinators:
              App:
                kind: view
                initial: home
                routes:
                  home: { screen: Home }
                  never: { transition: present, coordinator: Child }
              Child:
                kind: view
                initial: page
                routes:
                  page: { screen: Page }
            """
        ])
        #expect(spec.exits("App.never") == nil)
        #expect(!spec.isStarted("Child"))
    }
}
