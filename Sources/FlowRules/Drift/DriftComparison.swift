import FlowAnalysis
import FlowModel

/// Drift compares two graphs (DESIGN §5): the spec's and the one read from Swift code, matched by
/// name (a spec coordinator matches the Swift type of its name or its `type:`; a route the case,
/// property or method of its name). Each finding sits at the spec element, with a note at the Swift line.
///
/// Precision before recall: only certain facts are compared; with `includeInferred` the inferred
/// ones too, their findings as warnings.
public struct DriftComparison: Sendable {
    public var spec: FlowGraph
    public var code: FlowGraph
    /// How sure the reader is of each of `code`'s facts.
    public var provenance: Provenance
    public var includeInferred: Bool
    /// Which route fields are compared (`SpecSchema`'s `drift`).
    public var schema: SpecSchema {
        didSet { comparedFields = Self.comparedFields(in: schema) }
    }
    /// The route fields `schema` says drift compares, looked up once: every route asks for each of them.
    private var comparedFields: Set<RouteField>

    /// Swift type name → spec coordinator.
    private let specByType: [String: Coordinator]
    /// Swift type name → the first route in code that starts it (index of the coordinator, the route).
    private let startedBy: [String: (coordinator: Int, route: Int)]

    public init(spec: FlowGraph, code: CodeGraph, includeInferred: Bool = false, schema: SpecSchema = .flowlint) {
        self.spec = spec
        self.schema = schema
        self.comparedFields = Self.comparedFields(in: schema)
        self.code = code.graph
        self.provenance = code.provenance
        self.includeInferred = includeInferred
        var specByType: [String: Coordinator] = [:]
        for coordinator in spec.coordinators where specByType[coordinator.typeName] == nil {
            specByType[coordinator.typeName] = coordinator
        }
        self.specByType = specByType
        var startedBy: [String: (coordinator: Int, route: Int)] = [:]
        for (c, parent) in code.graph.coordinators.enumerated() {
            for (r, route) in parent.routes.enumerated() {
                guard let child = route.destination?.value.coordinatorName, child != parent.name, startedBy[child] == nil else { continue }
                startedBy[child] = (c, r)
            }
        }
        self.startedBy = startedBy
    }

    public func findings() -> [Finding] {
        var findings: [Finding] = []
        for coordinator in code.coordinators {
            guard let specCoordinator = specByType[coordinator.name] else {
                // The type is certain (a declaration); a coordinator is worth describing once it has a route.
                if let route = coordinator.routes.first(where: { compared(routeConfidence(coordinator, $0)) != nil }) {
                    findings.append(missingCoordinator(coordinator, routeConfidence(coordinator, route)))
                }
                continue
            }
            findings += compare(specCoordinator, with: coordinator)
        }
        return findings
    }

    /// The spec coordinator that describes the Swift type `name`, if any.
    public func specCoordinator(forType name: String) -> Coordinator? {
        specByType[name]
    }

    // MARK: Coordinators

    private func missingCoordinator(_ coordinator: Coordinator, _ confidence: Confidence) -> Finding {
        let place = Self.place(coordinator.location)
        var message = "`\(coordinator.name)` is a coordinator in code (\(place))"
        var location = coordinator.location
        var owner: String?
        var route: String?
        if let (c, r) = startedBy[coordinator.name], let specParent = specByType[code.coordinators[c].name] {
            let start = code.coordinators[c].routes[r]
            message += ", started by `\(specParent.name).\(start.name)`,"
            owner = specParent.name
            if let specRoute = specParent.route(named: start.name) {
                location = specRoute.location
                route = specRoute.name
            } else {
                location = specParent.location
            }
        } else if let entry = spec.entry {
            location = entry.location
        }
        message +=
            " but no spec coordinator describes it; add `\(coordinator.name)` to the spec (`flowlint extract` writes one), "
            + "or name it in the coordinator that describes it with `type: \(coordinator.name)`"
        return finding(
            DriftRules.missingCoordinator, confidence, message, at: location, coordinator: owner, route: route,
            note: FindingNote("coordinator `\(coordinator.name)` is declared here", at: coordinator.location))
    }

    private func compare(_ specCoordinator: Coordinator, with coordinator: Coordinator) -> [Finding] {
        var findings: [Finding] = []
        for route in coordinator.routes {
            guard let confidence = compared(routeConfidence(coordinator, route)) else { continue }
            guard let specRoute = specCoordinator.route(named: route.name) else {
                findings.append(missingRoute(route, confidence, in: specCoordinator))
                continue
            }
            let context = RouteContext(spec: specRoute, code: route, coordinator: specCoordinator.name, codeCoordinator: coordinator.name)
            for comparison in Self.routeComparisons where comparison.fields.contains(where: { comparedFields.contains($0) }) {
                if let finding = compare(comparison.compare, context) { findings.append(finding) }
            }
        }
        // Absence is a fact only when every navigation site of the type was resolved.
        if !coordinator.isOpen {
            let inCode = Set(coordinator.routes.map(\.name))
            for specRoute in specCoordinator.routes where !inCode.contains(specRoute.name) {
                findings.append(extraRoute(specRoute, in: specCoordinator, coordinator))
            }
        }
        return findings
    }

    private func missingRoute(_ route: Route, _ confidence: Confidence, in specCoordinator: Coordinator) -> Finding {
        let name = "\(specCoordinator.name).\(route.name)"
        let message =
            "`\(name)` is a route in code (\(Self.place(route.location))) but not in the spec; "
            + "add `\(route.name)` to the routes of `\(specCoordinator.name)`, or remove it from the code"
        return finding(
            DriftRules.missingRoute, confidence, message, at: specCoordinator.location,
            coordinator: specCoordinator.name, route: route.name,
            note: FindingNote("route `\(route.name)` is declared here", at: route.location))
    }

    private func extraRoute(_ specRoute: Route, in specCoordinator: Coordinator, _ coordinator: Coordinator) -> Finding {
        let message =
            "`\(specCoordinator.name).\(specRoute.name)` is in the spec but `\(coordinator.name)` (\(Self.place(coordinator.location))) "
            + "has no route `\(specRoute.name)`; remove it from the spec, or rename it to the code's case, property or method"
        return finding(
            DriftRules.extraRoute, .certain, message, at: specRoute.location,
            coordinator: specCoordinator.name, route: specRoute.name,
            note: FindingNote("`\(coordinator.name)` is declared here", at: coordinator.location))
    }

    // MARK: Routes

    struct RouteContext {
        var spec: Route
        var code: Route
        /// The spec coordinator's name.
        var coordinator: String
        /// The Swift type's name.
        var codeCoordinator: String
        var name: String { "\(coordinator).\(spec.name)" }

        func path(_ field: RouteField, item: String? = nil) -> FactPath {
            .route(codeCoordinator, code.name, field, item: item)
        }
    }

    /// Each comparison of a route with the fields it judges: it runs when the table says drift compares one of them.
    static let routeComparisons: [(fields: [RouteField], compare: RouteComparison)] = [
        ([.transition, .style], .transition), ([.screen, .coordinator], .destination), ([.retain, .releaseOn], .retention),
        ([.then], .then), ([.detents], .detents),
    ]

    /// Named, not kept as closures: a closure over the comparison (or one it is handed to) copied the comparison,
    /// both graphs and the table, for every route and comparison.
    enum RouteComparison: Sendable {
        case transition, destination, retention, then, detents
    }

    private func compare(_ comparison: RouteComparison, _ route: RouteContext) -> Finding? {
        switch comparison {
        case .transition: compareTransition(route)
        case .destination: compareDestination(route)
        case .retention: compareRetention(route)
        case .then: compareThen(route)
        case .detents: compareDetents(route)
        }
    }

    private static func comparedFields(in schema: SpecSchema) -> Set<RouteField> {
        Set(RouteField.allCases.filter(schema.driftCompares))
    }

    /// Whether drift compares `field` (`schema`'s `drift`).
    private func compares(_ field: RouteField) -> Bool {
        comparedFields.contains(field)
    }

    /// How sure the reader is of a route, taken as a whole.
    private func routeConfidence(_ coordinator: Coordinator, _ route: Route) -> Confidence {
        provenance.confidence(.route(coordinator.name, route.name))
    }

    func compareTransition(_ route: RouteContext) -> Finding? {
        guard let specTransition = route.spec.transition, let codeTransition = route.code.transition,
            let confidence = compared(provenance.confidence(route.path(.transition)))
        else { return nil }
        if compares(.transition), specTransition.value != codeTransition.value {
            return differs(
                DriftRules.transition, confidence, route, code: "is \(Self.phrase(codeTransition.value))", at: codeTransition.location,
                spec: Self.phrase(specTransition.value), at: specTransition.location,
                fix: "change `transition:` to `\(codeTransition.value.rawValue)`", note: "\(Self.phrase(codeTransition.value)) here")
        }
        guard compares(.style), specTransition.value == .present, let codeStyle = route.code.style,
            let styleConfidence = compared(provenance.confidence(route.path(.style))),
            // UIKit's names for a sheet (pageSheet, formSheet, automatic) are no drift: only full screen or not is.
            codeStyle.value.isFullScreen != route.spec.effectiveStyle.isFullScreen
        else { return nil }
        return differs(
            DriftRules.transition, styleConfidence, route, code: "is presented \(Self.phrase(codeStyle.value))", at: codeStyle.location,
            spec: Self.phrase(route.spec.effectiveStyle), at: route.spec.style?.location ?? specTransition.location,
            fix: "set `style: \(codeStyle.value.rawValue)`", note: "the code presents it \(Self.phrase(codeStyle.value))")
    }

    func compareDestination(_ route: RouteContext) -> Finding? {
        guard let specDestination = route.spec.destination, let codeDestination = route.code.destination,
            compares(codeDestination.value.field), compares(specDestination.value.field),
            let confidence = compared(provenance.confidence(route.path(codeDestination.value.field)))
        else { return nil }
        let code = codeDestination.value
        let same: Bool =
            switch (specDestination.value, code) {
            case (.screen(let name), .screen(let codeName)): codeName == name
            case (.coordinator(let name), .coordinator(let codeName)): codeName == (spec.coordinator(named: name)?.typeName ?? name)
            default: false
            }
        guard !same else { return nil }
        let specText = Self.phrase(specDestination.value, in: spec)
        let isCoordinator = code.coordinatorName != nil
        let codeText =
            isCoordinator
            ? (specByType[code.name].map { "coordinator `\($0.name)`" } ?? "coordinator `\(code.name)`")
            : "screen `\(code.name)`"
        let field = code.field.rawValue
        let value = isCoordinator ? (specByType[code.name]?.name ?? code.name) : code.name
        return differs(
            DriftRules.destination, confidence, route, code: "shows \(codeText)", at: codeDestination.location, spec: specText,
            at: specDestination.location, fix: "change it to `\(field): \(value)`", note: "the code shows \(codeText) here")
    }

    /// Where the flow goes after the child finishes: judged where both sides say it, as part of where the route leads.
    func compareThen(_ route: RouteContext) -> Finding? {
        let code = route.code.then.filter { compared(provenance.confidence(route.path(.then, item: $0.text))) != nil }
        guard !route.spec.then.isEmpty, !code.isEmpty, let first = code.first,
            let confidence = compared(provenance.confidence(route.path(.then, item: first.text)))
        else { return nil }
        let specNames = Set(route.spec.then.map(\.route))
        let codeNames = Set(code.map(\.route))
        guard specNames != codeNames else { return nil }
        let written = code.map(\.route).sorted()
        return differs(
            DriftRules.destination, confidence, route, code: "continues with \(Self.names(written)) after its child finishes",
            at: first.location, spec: "with \(Self.names(specNames.sorted()))", at: route.spec.then[0].location,
            fix: "set `then: [\(written.joined(separator: ", "))]`", note: "the code continues here")
    }

    /// The heights a sheet rests at: judged where both sides say them, as part of how the route presents.
    func compareDetents(_ route: RouteContext) -> Finding? {
        guard let specDetents = route.spec.detents, let codeDetents = route.code.detents,
            let confidence = compared(provenance.confidence(route.path(.detents))),
            Set(specDetents.value) != Set(codeDetents.value)
        else { return nil }
        func words(_ detents: [SheetDetent]) -> String { detents.map(\.rawValue).joined(separator: ", ") }
        let code = words(codeDetents.value)
        return differs(
            DriftRules.transition, confidence, route, code: "is a sheet resting at `[\(code)]`", at: codeDetents.location,
            spec: "at `[\(words(specDetents.value))]`", at: specDetents.location, fix: "set `detents: [\(code)]`",
            note: "the code sets the sheet's heights here")
    }

    static func names(_ routes: [String]) -> String {
        routes.map { "`\($0)`" }.joined(separator: " or ")
    }

    func compareRetention(_ route: RouteContext) -> Finding? {
        guard route.spec.destination?.value.coordinatorName != nil, let codeRetain = route.code.retain,
            let confidence = compared(provenance.confidence(route.path(.retain)))
        else { return nil }
        let specRetain = route.spec.effectiveRetain
        let at = route.spec.retain?.location ?? route.spec.destination?.location ?? route.spec.location
        if compares(.retain), codeRetain.value != specRetain {
            let message =
                "`\(route.name)`'s child is retained by \(Self.phrase(codeRetain.value)) in code "
                + "(\(Self.place(codeRetain.location))) but by \(Self.phrase(specRetain)) in the spec; "
                + "set `retain: \(codeRetain.value.rawValue)`, or change how the code keeps the child"
            return finding(
                DriftRules.retention, confidence, message, at: at, about: route,
                note: FindingNote("the code keeps the child here", at: codeRetain.location))
        }
        guard compares(.releaseOn), specRetain == .parent, let codeExits = route.code.releaseOn?.value else { return nil }
        let specExits = Set(route.spec.effectiveReleaseOn)
        func certainty(of exit: Located<ExitKind>) -> Confidence {
            provenance.confidence(route.path(.releaseOn, item: exit.value.rawValue))
        }
        let certain = codeExits.filter { certainty(of: $0).isCertain }
        let inferred = codeExits.filter { !certainty(of: $0).isCertain }
        // A spec exit the code releases on only by inference is not a certain difference either way.
        let onlyInSpec = specExits.subtracting(certain.map(\.value)).subtracting(inferred.map(\.value)).sorted()
        var onlyInCode = certain.filter { !specExits.contains($0.value) }
        var exitConfidence = confidence
        if onlyInSpec.isEmpty && onlyInCode.isEmpty && includeInferred {
            onlyInCode = inferred.filter { !specExits.contains($0.value) }
            if let first = onlyInCode.first { exitConfidence = certainty(of: first) }
        }
        guard !onlyInSpec.isEmpty || !onlyInCode.isEmpty else { return nil }
        let released = Set(certain.map(\.value)).union(includeInferred ? Set(inferred.map(\.value)) : []).sorted()
        var parts: [String] = []
        if !onlyInSpec.isEmpty {
            parts.append("the spec releases it on \(Self.list(onlyInSpec)) but the code never removes it then")
        }
        if !onlyInCode.isEmpty {
            parts.append(
                """
                the code releases it on \(Self.list(onlyInCode.map(\.value).sorted())) (\(Self.place(onlyInCode[0].location))) but the \
                spec does not
                """
            )
        }
        let message =
            "`\(route.name)`: \(parts.joined(separator: ", and ")); "
            + "set `releaseOn: [\(released.map(\.rawValue).joined(separator: ", "))]` as the code does"
            + (onlyInSpec.isEmpty ? "" : ", or remove the child in code on \(Self.list(onlyInSpec)) too")
        let note =
            onlyInCode.first.map { FindingNote("the code releases the child here", at: $0.location) }
            ?? FindingNote("the code keeps the child here", at: codeRetain.location)
        return finding(
            DriftRules.retention, exitConfidence, message, at: route.spec.releaseOn?.location ?? at, about: route, note: note)
    }

    // MARK: Findings

    /// The confidence a fact is compared with, or `nil` when it is left out (inferred without `includeInferred`).
    private func compared(_ confidence: Confidence) -> Confidence? {
        confidence.isCertain || includeInferred ? confidence : nil
    }

    /// Certain facts disagree with an error (configuration may change it); inferred ones with a warning.
    private func finding(
        _ rule: RuleID, _ confidence: Confidence, _ message: String, at location: SourceLocation,
        coordinator: String?, route: String?, note: FindingNote
    ) -> Finding {
        var message = message
        var severity = DriftRules.descriptions.first { $0.id == rule }?.severity ?? .error
        if let reason = confidence.reason {
            message += " (the code side is inferred: \(reason))"
            severity = .warning
        }
        return Finding(
            rule: rule, severity: severity, message: message, location: location,
            coordinator: coordinator, route: route, notes: [note])
    }

    /// A route both sides have, told apart: "`Cart.checkout` <code> in code (<place>) but <spec> in the spec; <fix>, or
    /// change the code", at the spec's line, with `note` at the code's.
    private func differs(
        _ rule: RuleID, _ confidence: Confidence, _ route: RouteContext, code: String, at codeLocation: SourceLocation, spec: String,
        at specLocation: SourceLocation, fix: String, note: String
    ) -> Finding {
        let message = "`\(route.name)` \(code) in code (\(Self.place(codeLocation))) but \(spec) in the spec; \(fix), or change the code"
        return finding(rule, confidence, message, at: specLocation, about: route, note: FindingNote(note, at: codeLocation))
    }

    /// A finding about a route both sides have: the spec's coordinator and route name it.
    private func finding(
        _ rule: RuleID, _ confidence: Confidence, _ message: String, at location: SourceLocation, about route: RouteContext,
        note: FindingNote
    ) -> Finding {
        finding(rule, confidence, message, at: location, coordinator: route.coordinator, route: route.spec.name, note: note)
    }

    /// `SettingsCoordinator.swift:42`: the file name is enough to find it, the note has the full path.
    static func place(_ location: SourceLocation) -> String {
        let file = location.file.split(separator: "/").last.map(String.init) ?? location.file
        return "\(file):\(location.line)"
    }

    static func phrase(_ transition: Transition) -> String {
        switch transition {
        case .push: "pushed"
        case .present: "presented"
        case .setRoot: "set as the root"
        case .embed: "embedded"
        case .show: "shown in the master column"
        case .showDetail: "shown in the detail column"
        default: "a `\(transition.rawValue)`"
        }
    }

    static func phrase(_ style: PresentationStyle) -> String {
        style.isFullScreen ? "full screen" : "as a \(style == .automatic ? "sheet" : style.rawValue)"
    }

    static func phrase(_ retain: RetainPolicy) -> String {
        switch retain {
        case .parent: "its parent (`retain: parent`)"
        case .hierarchy: "its view controller (`retain: hierarchy`)"
        case .unretained: "nothing (`retain: none`)"
        }
    }

    static func phrase(_ destination: Destination, in spec: FlowGraph) -> String {
        switch destination {
        case .screen(let name): "screen `\(name)`"
        case .coordinator(let name): "coordinator `\(name)`"
        }
    }

    static func list(_ exits: [ExitKind]) -> String {
        exits.map { "`\($0.rawValue)`" }.joined(separator: " and ")
    }
}
