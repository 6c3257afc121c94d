import FlowAnalysis
import FlowModel

/// The always-on rules whose findings the spec loader produces (DESIGN §2, "Spec validity").
public enum SpecValidityRules {
    public static let descriptions: [RuleDescription] = [
        RuleDescription(
            id: .syntax, name: "Syntax", severity: .error,
            summary: "A spec file that is not YAML, not UTF-8, or too large to read.",
            rationale: "Nothing in the file can be checked until it parses; references into it are not reported meanwhile.",
            triggeringExample: """
                # One space too many: `triggers` is indented deeper than `screen`, so YAML reads
                # `LoginViewController triggers` as one value and then meets a colon it cannot place.
                version: 1
                entry: Auth

                coordinators:
                  Auth:
                    kind: navigation
                    initial: login
                    routes:
                      login:
                        screen: LoginViewController
                         triggers: [forgotPassword]  # expect: syntax
                      forgotPassword:
                        transition: push
                        screen: ForgotPasswordViewController

                """,
            passingExample: """
                # The fields of a route are indented alike.
                version: 1
                entry: Auth

                coordinators:
                  Auth:
                    kind: navigation
                    initial: login
                    routes:
                      login:
                        screen: LoginViewController
                        triggers: [forgotPassword]
                      forgotPassword:
                        transition: push
                        screen: ForgotPasswordViewController

                """),
        RuleDescription(
            id: .schema, name: "Schema", severity: .error,
            summary: "An unknown field, a wrong type, a missing required field, an unknown value, or a field where it does not belong.",
            rationale:
                """
                A misspelled or misplaced field is silently meaningless: `trigers: [done]` declares no trigger, so the flow the spec \
                describes is not the one the app has.
                """,
            triggeringExample: """
                # `trigers` is not a field: the login screen silently declares no triggers at all.
                version: 1
                entry: Auth

                coordinators:
                  Auth:
                    kind: navigation
                    initial: login
                    routes:
                      login:
                        screen: LoginViewController
                        trigers: [forgotPassword]  # expect: schema
                      forgotPassword:
                        transition: push
                        screen: ForgotPasswordViewController

                """,
            passingExample: """
                # `triggers` spelled right: the login screen offers the forgot-password route.
                version: 1
                entry: Auth

                coordinators:
                  Auth:
                    kind: navigation
                    initial: login
                    routes:
                      login:
                        screen: LoginViewController
                        triggers: [forgotPassword]
                      forgotPassword:
                        transition: push
                        screen: ForgotPasswordViewController

                """),
        RuleDescription(
            id: .duplicateKey, name: "Duplicate key", severity: .error,
            summary: "A key twice in one mapping, or a coordinator or chain defined in two files.",
            rationale:
                "YAML libraries keep one of two equal keys without a word; flowlint keeps the first, and the second definition is lost.",
            triggeringExample: """
                # A merge kept both versions of the `settings` route: YAML libraries silently keep one,
                # flowlint keeps the first and reports the second.
                version: 1
                entry: Profile

                coordinators:
                  Profile:
                    kind: navigation
                    initial: profile
                    routes:
                      profile:
                        screen: ProfileViewController
                        triggers: [settings]
                      settings:
                        transition: push
                        screen: SettingsViewController
                      settings:  # expect: duplicate-key
                        transition: present
                        coordinator: Settings

                """,
            passingExample: """
                # One `settings` route; the same route name in another coordinator is a different route.
                version: 1
                entry: Profile

                coordinators:
                  Profile:
                    kind: navigation
                    initial: profile
                    routes:
                      profile:
                        screen: ProfileViewController
                        triggers: [settings]
                      settings:
                        transition: push
                        coordinator: Settings
                        retain: hierarchy

                  Settings:
                    kind: navigation
                    stack: parent
                    initial: settings
                    routes:
                      settings:
                        screen: SettingsViewController

                """),
        RuleDescription(
            id: .unknownReference, name: "Unknown reference", severity: .error,
            summary: "A route, tab, coordinator or rule name that resolves to nothing.",
            rationale: "A trigger of a route that does not exist is a button that does nothing, or a case the router cannot handle.",
            triggeringExample: """
                # The login screen triggers `forgotPasword`, a route that does not exist: the button does nothing.
                version: 1
                entry: Auth

                coordinators:
                  Auth:
                    kind: navigation
                    initial: login
                    routes:
                      login:
                        screen: LoginViewController
                        triggers: [forgotPasword]  # expect: unknown-reference
                      forgotPassword:
                        transition: push
                        screen: ForgotPasswordViewController

                """,
            passingExample: """
                # Every trigger names a route of the coordinator.
                version: 1
                entry: Auth

                coordinators:
                  Auth:
                    kind: navigation
                    initial: login
                    routes:
                      login:
                        screen: LoginViewController
                        triggers: [forgotPassword]
                      forgotPassword:
                        transition: push
                        screen: ForgotPasswordViewController

                """),
        RuleDescription(
            id: .entry, name: "Entry", severity: .error,
            summary: "No `entry`, several entries, or an entry that is not a coordinator.",
            rationale: "Reachability starts at the entry: without exactly one, no route can be proven reachable.",
            triggeringExample: """
                # `entry` names the first screen's route instead of the coordinator the app starts in.
                version: 1
                entry: splash  # expect: entry

                coordinators:
                  App:
                    kind: navigation
                    initial: splash
                    routes:
                      splash:
                        screen: SplashViewController

                """,
            passingExample: """
                # `entry` names the coordinator the app starts in.
                version: 1
                entry: App

                coordinators:
                  App:
                    kind: navigation
                    initial: splash
                    routes:
                      splash:
                        screen: SplashViewController

                """),
        RuleDescription(
            id: .missingInitial, name: "Missing initial route", severity: .error,
            summary: "A coordinator without an `initial` route.",
            rationale: "A coordinator shows its initial route when it starts; without one it starts with an empty screen.",
            triggeringExample: """
                # The tab bar lists its tabs but not the one selected when it starts.
                version: 1
                entry: Main

                coordinators:
                  Main:  # expect: missing-initial
                    kind: tab
                    tabs: [home, search, profile]
                    routes:
                      home:
                        screen: HomeViewController
                      search:
                        screen: SearchViewController
                      profile:
                        screen: ProfileViewController

                """,
            passingExample: """
                # The Home tab is selected first.
                version: 1
                entry: Main

                coordinators:
                  Main:
                    kind: tab
                    initial: home
                    tabs: [home, search, profile]
                    routes:
                      home:
                        screen: HomeViewController
                      search:
                        screen: SearchViewController
                      profile:
                        screen: ProfileViewController

                """),
    ]
}
