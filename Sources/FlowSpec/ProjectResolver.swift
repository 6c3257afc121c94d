import FlowModel

/// Merges the spec files of a run into one `FlowGraph` and checks every name against it:
/// `duplicate-key` across files, `entry`, and `unknown-reference`.
struct ProjectResolver {
    let knownRules: Set<RuleID>
    private let budget: FindingBudget
    var diagnostics: [Finding] { budget.findings }
    private var graph = FlowGraph()
    /// What the files could not define: a name missing there may be what a reference means.
    private var gaps = SpecGaps()
    private var allRouteNames: Set<String> = []

    /// `findingCounts` and `omitted`: what reading each file found, counted against `findingLimit`; the
    /// resolver's `diagnostics` close every file that went over it.
    init(
        knownRules: Set<RuleID>, findingLimit: Int = SpecLimits().maximumFindingsPerFile, findingCounts: [String: Int] = [:],
        omitted: [String: FindingBudget.Omitted] = [:]
    ) {
        self.knownRules = knownRules
        budget = FindingBudget(limit: findingLimit, counts: findingCounts, omitted: omitted)
    }

    mutating func resolve(files: [SpecFile], allPaths: [String], gaps: SpecGaps = SpecGaps()) -> FlowGraph {
        self.gaps = gaps
        graph.files = allPaths
        for file in files {
            for coordinator in file.coordinators {
                if let first = graph.add(coordinator) {
                    // The first definition is used: references to routes of the second would only repeat this finding.
                    self.gaps.routesOf.insert(coordinator.name)
                    report(
                        .duplicateKey,
                        "coordinator `\(coordinator.name)` is already defined in \(first.file); rename one of them or merge them",
                        at: coordinator.location, coordinator: coordinator.name,
                        notes: [FindingNote("first definition of `\(coordinator.name)`", at: first.location)])
                }
            }
            for chain in file.chains {
                if let first = graph.add(chain) {
                    report(
                        .duplicateKey, "chain `\(chain.name)` is already defined in \(first.location.file); rename one of them",
                        at: chain.location, notes: [FindingNote("first definition of `\(chain.name)`", at: first.location)])
                }
            }
        }
        for coordinator in graph.coordinators {
            for route in coordinator.routes { allRouteNames.insert(route.name) }
        }
        resolveEntry(files: files, firstPath: allPaths.first)
        for coordinator in graph.coordinators { check(coordinator) }
        for chain in graph.chains { check(chain) }
        return graph
    }

    // MARK: Entry

    private mutating func resolveEntry(files: [SpecFile], firstPath: String?) {
        let entries = files.compactMap(\.entry)
        guard let entry = entries.first else {
            if !gaps.entry, let firstPath {
                report(
                    .entry, "no spec declares `entry`; add `entry: <Coordinator>` to the spec of the coordinator the app starts in",
                    at: SourceLocation(file: firstPath, line: 1, column: 1))
            }
            return
        }
        graph.entry = entry
        for extra in entries.dropFirst() {
            report(
                .entry,
                """
                `entry` is declared again; a project starts in one coordinator, already declared as `\(entry.value)` in \
                \(entry.location.file)
                """,
                at: extra.location, notes: [FindingNote("first `entry`", at: entry.location)])
        }
        if graph.coordinator(named: entry.value) == nil && !gaps.coordinators {
            let hint = coordinatorHint(entry.value)
            let names = graph.coordinators.prefix(5).map { "`\($0.name)`" }.joined(separator: ", ")
            let fix = !hint.isEmpty || names.isEmpty ? hint : "; name the coordinator the app starts in, such as \(names)"
            report(.entry, "entry `\(entry.value)` is not a coordinator\(fix)", at: entry.location)
        }
    }

    // MARK: Coordinators

    private mutating func check(_ coordinator: Coordinator) {
        let scope = Scope(coordinator: coordinator.name, route: nil)
        for initial in coordinator.initials where !hasRoute(initial.value, coordinator) {
            report(
                .unknownReference,
                "initial route `\(initial.value)` is not a route of \(coordinator.name)\(routeHint(initial.value, in: coordinator))",
                at: initial.location, scope)
        }
        for trigger in coordinator.triggers { checkRoute(trigger, from: coordinator, scope) }
        for started in coordinator.mayStart ?? [] {
            checkCoordinator(started.value, at: started.location, scope, role: "coordinator in `mayStart`")
        }
        let tabs = coordinator.tabs ?? []
        for tab in tabs where !hasRoute(tab.value, coordinator) {
            report(
                .unknownReference, "tab `\(tab.value)` is not a route of \(coordinator.name)\(routeHint(tab.value, in: coordinator))",
                at: tab.location, scope)
        }
        for hold in coordinator.holds where hold.target != Hold.selfReference {
            checkCoordinator(hold.target, at: hold.location, scope, role: "held router")
        }
        checkIgnores(coordinator.ignore, scope)
        for route in coordinator.routes {
            let scope = Scope(coordinator: coordinator.name, route: route.name)
            for trigger in route.triggers { checkRoute(trigger, from: coordinator, scope) }
            for next in route.then { checkRoute(next, from: coordinator, scope) }
            if let target = route.target { checkRoute(target, from: coordinator, scope) }
            if let tab = route.tab { checkTab(tab, of: coordinator, scope) }
            if let destination = route.destination, case .coordinator(let child) = destination.value {
                checkCoordinator(child, at: destination.location, scope, role: "child coordinator")
            }
            checkIgnores(route.ignore, scope)
        }
    }

    private mutating func checkRoute(_ reference: RouteReference, from coordinator: Coordinator, _ scope: Scope) {
        guard let owner = reference.coordinator else {
            if !hasRoute(reference.route, coordinator) {
                report(
                    .unknownReference,
                    "`\(reference.route)` is not a route of \(coordinator.name)\(routeHint(reference.route, in: coordinator))",
                    at: reference.location, scope)
            }
            return
        }
        guard let target = graph.coordinator(named: owner) else {
            checkCoordinator(owner, at: reference.location, scope, role: "coordinator")
            return
        }
        if !hasRoute(reference.route, target) {
            report(
                .unknownReference, "`\(reference.route)` is not a route of \(target.name)\(routeHint(reference.route, in: target))",
                at: reference.location, scope)
        }
    }

    private mutating func checkTab(_ tab: Located<String>, of coordinator: Coordinator, _ scope: Scope) {
        let tabs = coordinator.tabs?.map(\.value) ?? coordinator.routes.map(\.name)
        guard !tabs.contains(tab.value), !gaps.routesOf.contains(coordinator.name) else { return }
        report(
            .unknownReference, "`\(tab.value)` is not a tab of \(coordinator.name)\(Suggestion.hint(for: tab.value, among: tabs))",
            at: tab.location, scope)
    }

    private mutating func checkCoordinator(_ name: String, at location: SourceLocation, _ scope: Scope, role: String) {
        guard graph.coordinator(named: name) == nil, !gaps.coordinators else { return }
        report(.unknownReference, "\(role) `\(name)` is not defined in any spec\(coordinatorHint(name))", at: location, scope)
    }

    private mutating func checkIgnores(_ ignores: [Located<String>], _ scope: Scope) {
        guard !knownRules.isEmpty else { return }
        for rule in ignores where !knownRules.contains(RuleID(rawValue: rule.value)) {
            report(
                .unknownReference,
                "`ignore` names no rule `\(rule.value)`\(Suggestion.hint(for: rule.value, among: knownRules.map(\.rawValue)))",
                at: rule.location, scope)
        }
    }

    // MARK: Chains

    /// Walks the chain as far as its names resolve. A step naming a route that exists elsewhere
    /// is a wrong path, not a typo: `invalid-chain` reports it, so the walk stops there.
    private mutating func check(_ chain: Chain) {
        checkIgnores(chain.ignore, Scope(coordinator: nil, route: nil))
        guard let from = chain.from else { return }
        guard var current = graph.coordinator(named: from.value) else {
            checkCoordinator(from.value, at: from.location, Scope(coordinator: nil, route: nil), role: "chain start")
            return
        }
        for step in chain.steps {
            switch step.action {
            case .route(let reference), .popTo(let reference):
                var owner = current
                if let qualifier = reference.coordinator {
                    guard let qualified = graph.coordinator(named: qualifier) else {
                        checkCoordinator(qualifier, at: reference.location, Scope(coordinator: nil, route: nil), role: "coordinator")
                        return
                    }
                    owner = qualified
                }
                guard let route = owner.route(named: reference.route) else {
                    reportUnknownStep(reference.route, kind: "route", at: reference.location, in: owner)
                    return
                }
                if case .route = step.action {
                    current = route.destination?.value.coordinatorName.flatMap { graph.coordinator(named: $0) } ?? owner
                }
            case .select(let tab):
                guard let route = current.route(named: tab.value) else {
                    reportUnknownStep(tab.value, kind: "tab", at: tab.location, in: current)
                    return
                }
                current = route.destination?.value.coordinatorName.flatMap { graph.coordinator(named: $0) } ?? current
            case .pop, .popToRoot, .dismiss, .dismissToRoot:
                continue
            }
        }
    }

    private mutating func reportUnknownStep(_ name: String, kind: String, at location: SourceLocation, in coordinator: Coordinator) {
        // "No coordinator has it" holds only when every coordinator could be read.
        guard !allRouteNames.contains(name), !gaps.coordinators, gaps.routesOf.isEmpty else { return }
        report(
            .unknownReference, "no coordinator has a route `\(name)`\(routeHint(name, in: coordinator))", at: location,
            Scope(coordinator: nil, route: nil))
    }

    /// True also when the coordinator's routes could not all be read: the route may be among them.
    private func hasRoute(_ name: String, _ coordinator: Coordinator) -> Bool {
        coordinator.route(named: name) != nil || gaps.routesOf.contains(coordinator.name)
    }

    // MARK: Reporting

    private struct Scope {
        var coordinator: String?
        var route: String?
    }

    private func routeHint(_ name: String, in coordinator: Coordinator) -> String {
        Suggestion.hint(for: name, among: coordinator.routes.lazy.map(\.name))
    }

    private func coordinatorHint(_ name: String) -> String {
        Suggestion.hint(for: name, among: graph.coordinators.lazy.map(\.name))
    }

    private func report(
        _ rule: RuleID, _ message: @autoclosure () -> String, at location: SourceLocation, _ scope: Scope,
        notes: [FindingNote] = []
    ) {
        report(rule, message(), at: location, coordinator: scope.coordinator, route: scope.route, notes: notes)
    }

    private func report(
        _ rule: RuleID, _ message: @autoclosure () -> String, at location: SourceLocation,
        coordinator: String? = nil, route: String? = nil, notes: [FindingNote] = []
    ) {
        budget.add(rule, at: location) {
            Finding(
                rule: rule, severity: .error, message: message(), location: location,
                coordinator: coordinator, route: route, notes: notes)
        }
    }
}
