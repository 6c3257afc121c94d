import Testing
import FlowModel

@Suite struct RouteReferenceTests {
    static let here = SourceLocation(file: "a.flow.yml", line: 3, column: 7)

    @Test(
        arguments: [
            ("home", nil, "home"),
            ("Auth.login", "Auth", "login"),
            // Coordinators may be nested types: the route is after the last dot.
            ("Onboarding.Coordinator.done", "Onboarding.Coordinator", "done"),
            ("A..b", "A.", "b"),
            // A dot at either end qualifies nothing: the text is a (malformed) plain route name.
            (".login", nil, ".login"),
            ("Auth.", nil, "Auth."),
            (".", nil, "."),
            ("", nil, ""),
            ("Über.start", "Über", "start"),
            ("Ä.é", "Ä", "é"),
            ("42", nil, "42"),
        ] as [(String, String?, String)])
    func parsingSplitsAtTheLastDot(text: String, coordinator: String?, route: String) {
        let reference = RouteReference(parsing: text, at: Self.here)
        #expect(reference.coordinator == coordinator)
        #expect(reference.route == route)
        #expect(reference.location == Self.here)
        #expect(reference.text == text)
    }

    @Test func textJoinsCoordinatorAndRoute() {
        #expect(RouteReference(coordinator: "Auth", route: "login", location: Self.here).text == "Auth.login")
        #expect(RouteReference(coordinator: nil, route: "login", location: Self.here).text == "login")
    }
}

@Suite struct SourceLocationTests {
    @Test func locationsReadAsPathLineColumnAndSortByFileThenPosition() {
        let a = SourceLocation(file: "a.flow.yml", line: 10, column: 2)
        let b = SourceLocation(file: "a.flow.yml", line: 10, column: 11)
        let c = SourceLocation(file: "b.flow.yml", line: 1, column: 1)
        #expect(a.description == "a.flow.yml:10:2")
        #expect([c, b, a].sorted() == [a, b, c])
    }

    @Test func findingsSortByFileLineColumnRuleThenMessage() {
        func finding(_ file: String, _ line: Int, _ column: Int, _ rule: RuleID, _ message: String) -> Finding {
            Finding(rule: rule, severity: .error, message: message, location: SourceLocation(file: file, line: line, column: column))
        }
        let ordered = [
            finding("a", 1, 5, "schema", "x"), finding("a", 2, 1, "entry", "x"), finding("a", 2, 1, "schema", "a"),
            finding("a", 2, 1, "schema", "b"), finding("a", 10, 1, "entry", "x"), finding("b", 1, 1, "entry", "x"),
        ]
        #expect(ordered.reversed().sorted(by: Finding.reportOrder) == ordered)
    }
}
