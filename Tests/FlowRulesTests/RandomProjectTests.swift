import Testing
import FlowModel
import FlowAnalysis
@testable import FlowRules

/// Random projects, valid or not, through the loader, every analysis fact and every rule: nothing traps,
/// and every finding points into a spec file.
@Suite struct RandomProjectTests {
    private static let kinds = ["navigation", "tab", "split", "page", "view"]
    private static let transitions = Transition.allCases.map(\.rawValue)

    /// A random spec over `coordinators` coordinators; every name it uses exists, but kinds, transitions and
    /// fields are combined without regard to the rules.
    static func randomSpec(coordinators: Int, using generator: inout SplitMix64) -> String {
        func pick<T>(_ items: [T]) -> T { items[Int.random(in: 0..<items.count, using: &generator)] }
        func chance(_ probability: Double) -> Bool { Double.random(in: 0..<1, using: &generator) < probability }
        let names = (0..<coordinators).map { "C\($0)" }
        let routeCounts = names.map { _ in Int.random(in: 1...6, using: &generator) }
        func routeName(_ c: Int, _ r: Int) -> String { "r\(r)" }
        func reference(from c: Int) -> String {
            let target = chance(0.7) ? c : Int.random(in: 0..<coordinators, using: &generator)
            let route = routeName(target, Int.random(in: 0..<routeCounts[target], using: &generator))
            return target == c && chance(0.8) ? route : "\(names[target]).\(route)"
        }
        var text = "version: 1\nentry: C0\ncoordinators:\n"
        for c in 0..<coordinators {
            let kind = c == 0 && chance(0.5) ? "navigation" : pick(kinds)
            text += "  \(names[c]):\n    kind: \(kind)\n    initial: r0\n"
            if kind == "tab" {
                let tabs = (0..<routeCounts[c]).filter { $0 == 0 || chance(0.5) }.map { routeName(c, $0) }
                text += "    tabs: [\(tabs.joined(separator: ", "))]\n"
            }
            if kind == "navigation" && chance(0.5) { text += "    stack: \(pick(["own", "parent"]))\n" }
            if chance(0.3) {
                let target = chance(0.3) ? "Self" : pick(names)
                text += "    holds: { \(target): \(pick(["strong", "weak", "unowned"])) }\n"
            }
            text += "    routes:\n"
            for r in 0..<routeCounts[c] {
                text += "      \(routeName(c, r)):\n"
                let transition: String? = r == 0 && chance(0.7) ? nil : pick(transitions)
                if let transition { text += "        transition: \(transition)\n" }
                let showsSomething =
                    transition.map { ["push", "present", "setRoot", "embed", "show", "showDetail", "none"].contains($0) } ?? true
                if showsSomething && chance(0.9) {
                    if chance(0.4) || transition == "none" {
                        text += "        coordinator: \(pick(names))\n"
                        if chance(0.5) { text += "        retain: \(pick(["parent", "hierarchy", "none"]))\n" }
                        if chance(0.5) {
                            let exits = ["finish", "back", "dismiss"].filter { _ in chance(0.5) }
                            text += "        releaseOn: [\(exits.joined(separator: ", "))]\n"
                        }
                    } else {
                        text += "        screen: Screen\(c)x\(r)\n"
                        let triggers = (0..<Int.random(in: 0...3, using: &generator)).map { _ in reference(from: c) }
                        text += "        triggers: [\(triggers.joined(separator: ", "))]\n"
                    }
                }
                if transition == "present" {
                    if chance(0.5) { text += "        style: \(pick(["sheet", "fullScreen"]))\n" }
                    if chance(0.3) { text += "        dismissible: \(pick(["true", "false"]))\n" }
                }
                if transition == "trigger" || transition == "popTo" { text += "        route: \(reference(from: c))\n" }
                if transition == "select" { text += "        tab: r0\n" }
            }
        }
        text += "chains:\n"
        for chain in 0..<Int.random(in: 0...3, using: &generator) {
            let from = Int.random(in: 0..<coordinators, using: &generator)
            text += "  chain\(chain):\n    from: \(names[from])\n    steps:\n"
            var current = from
            for _ in 0..<Int.random(in: 1...5, using: &generator) {
                switch Int.random(in: 0..<6, using: &generator) {
                case 0: text += "      - \(pick(["pop", "popToRoot", "dismiss", "dismissToRoot"]))\n"
                case 1: text += "      - select: r0\n"
                case 2: text += "      - popTo: r0\n"
                default:
                    current = chance(0.3) ? Int.random(in: 0..<coordinators, using: &generator) : current
                    text += "      - route: \(routeName(current, Int.random(in: 0..<routeCounts[current], using: &generator)))\n"
                }
            }
        }
        return text
    }

    @Test func randomProjectsNeverTrap() throws {
        var generator = SplitMix64(seed: 0xF10)
        for round in 0..<300 {
            let text = Self.randomSpec(coordinators: Int.random(in: 1...8, using: &generator), using: &generator)
            let spec = try SpecProject(["app.flow.yml": text], allowingDiagnostics: true)
            // Every rule over every project, even those RuleRunner would not check for spec errors.
            var findings: [Finding] = []
            for rule in RuleRegistry.graphRules { findings += rule.init().check(spec.analysis) }
            findings += RuleRunner().findings(for: spec.project)
            for finding in findings {
                #expect(
                    finding.location.file.hasSuffix("app.flow.yml") && finding.location.line >= 1 && finding.location.column >= 1,
                    "round \(round): \(finding.rule) at \(finding.location)")
            }
        }
    }
}
