import FlowAnalysis
import FlowModel

/// The witness paths of findings (DESIGN §2: a finding that depends on reachability or state names the path from
/// the entry). Each rule says which path its findings carry (`RuleDescription.witness`); the paths come from one
/// search over the state graph per kind of path (`ShortestPaths`), made only when some finding needs it, and
/// answered per finding by following its parents. `lint`, the atlas and `diff` trace their findings here.
public enum WitnessPaths {
    /// `findings` in the same order, each that its rule traces given its `path` (left nil when no state-safe path
    /// reaches its element); unchanged without an analysis (specs with errors).
    public static func tracing(_ findings: [Finding], in analysis: Analysis?) -> [Finding] {
        guard let analysis else { return findings }
        // One search per kind of path, in two variables: a dictionary keyed by `Bool` would have the runtime look
        // up `Bool`'s `Hashable` conformance on every small lint.
        var searches: (crossing: ShortestPaths?, notCrossing: ShortestPaths?)
        func search(crossing: Bool) -> ShortestPaths {
            if let done = crossing ? searches.crossing : searches.notCrossing { return done }
            let made = ShortestPaths(analysis, from: nil, crossingPresentations: crossing)
            if crossing { searches.crossing = made } else { searches.notCrossing = made }
            return made
        }
        return findings.map { finding in
            let crossing: Bool
            switch RuleRegistry.witness(of: finding.rule) {
            case .noPath: return finding
            case .pathToElement: crossing = true
            case .pathWithoutPresentation: crossing = false
            }
            guard let route = element(of: finding, in: analysis.index) else { return finding }
            // A path that arrives otherwise than the finding needs would show a state in which it is false: none then.
            guard case .path(let steps) = search(crossing: crossing).answer(for: route, arriving: finding.witnessArrival) else {
                return finding
            }
            var traced = finding
            traced.path = steps.map { step in
                WitnessStep(PathReport.step(step, index: analysis.index), at: analysis.index[route: step.route].location)
            }
            return traced
        }
    }

    /// The screen a finding's path leads to: its route, else its coordinator's first screen.
    static func element(of finding: Finding, in index: FlowIndex) -> RouteID? {
        guard let name = finding.coordinator, let coordinator = index.coordinator(named: name) else { return nil }
        return finding.route.flatMap { index.route(named: $0, in: coordinator) } ?? index.initialRoute(of: coordinator)
    }
}
