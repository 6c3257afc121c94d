import Testing
import FlowModel
import FlowAnalysis
@testable import FlowRules

/// `leaked-child`'s fix follows what the graph was read from: on specs a `releaseOn` edit, on a graph read from the
/// code (`lint --sources` with no spec) the release the code lacks, where it belongs, in the framework's words.
@Suite struct LeakedChildAdviceTests {
    /// Settings, a sheet, leaks on every way out (its Done, its Close, a swipe down, App's sign-out root switch);
    /// Profile, pushed, on the back button and the root switch.
    static let spec = """
        version: 1
        entry: App
        coordinators:
          App:
            kind: navigation
            initial: home
            triggers: [signOut]
            routes:
              home: { screen: Home, triggers: [settings, profile] }
              settings: { transition: present, coordinator: Settings, retain: parent, releaseOn: [] }
              profile: { transition: push, coordinator: Profile, retain: parent, releaseOn: [finish] }
              signOut: { transition: setRoot, screen: SignedOut }
          Settings:
            kind: navigation
            initial: settings
            routes:
              settings: { screen: SettingsScreen, triggers: [done, close] }
              done: { transition: finish }
              close: { transition: dismiss }
          Profile:
            kind: navigation
            stack: parent
            initial: editor
            routes:
              editor: { screen: ProfileEditor, triggers: [saved] }
              saved: { transition: finish }
        """

    func messages(_ framework: Framework, _ origin: GraphOrigin) throws -> [String: String] {
        let project = try SpecProject(Self.spec)
        let findings = LeakedChildRule().check(Analysis(project.project.graph, framework: framework, origin: origin))
        return Dictionary(uniqueKeysWithValues: findings.map { ($0.route ?? "", $0.message) })
    }

    @Test func specsAreFixedInReleaseOn() throws {
        let messages = try messages(.uikit, .specs)
        #expect(
            messages["settings"]?.hasSuffix(
                "; add `finish` and `dismiss` and `replaced` to releaseOn and remove the child in presentationControllerDidDismiss, remove it from childCoordinators before App's root is replaced"
            ) == true, "\(messages)")
        #expect(
            messages["profile"]?.hasSuffix(
                "; add `back` and `replaced` to releaseOn and remove it from childCoordinators before App's root is replaced") == true,
            "\(messages)")
    }

    @Test func codeIsFixedWhereTheChildLeaves() throws {
        let messages = try messages(.uikit, .code)
        #expect(
            messages["settings"] == """
                Settings can be closed by finish (its `done` route), dismiss (its `close` route, or a swipe down), replaced (`App.signOut` sets a new root while it is shown), \
                but App never releases it: it stays where App keeps it; release Settings (take it out of the list or property App keeps it in) where it reports it is done, \
                where its `close` route dismisses it and in presentationControllerDidDismiss (or set the presented controller's isModalInPresentation), \
                and before `App.signOut` replaces its root
                """)
        #expect(
            messages["profile"] == """
                Profile can be closed by back (the back button or an edge swipe), replaced (`App.signOut` sets a new root while it is shown), \
                but App releases it only on finish: it stays where App keeps it; release Profile (take it out of the list or property App keeps it in) when its screen is popped \
                (navigationController(_:didShow:animated:) or the screen's back action) and before `App.signOut` replaces its root
                """)
    }

    /// The frameworks keep children themselves: the fix speaks their words, and never of a spec field.
    @Test(arguments: [Framework.xcoordinator, .stinsen])
    func codeIsFixedInTheFrameworksWords(_ framework: Framework) throws {
        let messages = try messages(framework, .code)
        let fix =
            framework == .xcoordinator
            ? "call `removeChild` for Profile when its screen is popped (navigationController(_:didShow:animated:) or the screen's back action)"
            : "clear App's reference to Profile when its screen is popped"
        #expect(messages["profile"]?.contains("; \(fix) and before `App.signOut` replaces its root") == true, "\(messages)")
        let swipe = framework == .xcoordinator ? "in presentationControllerDidDismiss" : "when its sheet is swiped down"
        #expect(messages["settings"]?.contains(swipe) == true, "\(messages)")
        for message in messages.values {
            #expect(!message.contains("releaseOn") && !message.contains("retain:"), "\(message)")
        }
    }

    /// A `stack: parent` child attached by `none` and tied to the hierarchy: kept by the parent's navigation
    /// controller, released never. The spec is told to keep it in the parent; the code, where to let it go.
    @Test func attachedChildIsFixedInTheCode() throws {
        let spec = """
            version: 1
            entry: Photos
            coordinators:
              Photos:
                kind: navigation
                initial: grid
                routes:
                  grid: { screen: Grid, triggers: [edit] }
                  edit: { transition: none, coordinator: Editor, retain: hierarchy }
              Editor:
                kind: navigation
                stack: parent
                initial: crop
                routes:
                  crop: { screen: Crop }
            """
        let project = try SpecProject(spec)
        func message(_ framework: Framework, _ origin: GraphOrigin) -> String? {
            LeakedChildRule().check(Analysis(project.project.graph, framework: framework, origin: origin)).first?.message
        }
        #expect(
            message(.uikit, .specs)?.hasSuffix(
                "so `retain: hierarchy` ties it to Photos's navigation controller, which outlives it: it is never released; use `retain: parent` with `releaseOn: [back]`"
            ) == true)
        #expect(
            message(.uikit, .code)?.hasSuffix(
                "so its lifetime is tied to Photos's navigation controller, which outlives it: it is never released; keep Editor in Photos's childCoordinators and remove it when its screen is popped (navigationController(_:didShow:animated:) or the screen's back action)"
            ) == true, "\(message(.uikit, .code) ?? "")")
        #expect(
            message(.xcoordinator, .code)?.hasSuffix(
                "; call `removeChild` for Editor when its screen is popped (navigationController(_:didShow:animated:) or the screen's back action)"
            ) == true)
    }
}
