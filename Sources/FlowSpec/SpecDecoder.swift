import FlowModel

/// Turns the YAML tree of one spec file into a `SpecFile`, reporting `schema` and `duplicate-key` findings.
///
/// Names are not resolved here (see `ProjectResolver`): a file cannot know the coordinators of other files.
struct SpecDecoder {
    typealias NodeID = YAMLTree.NodeID

    let tree: YAMLTree
    let path: String
    let budget: FindingBudget
    /// The findings kept; past the file's limit the rest are only counted (`omitted`), for the resolver to close.
    var diagnostics: [Finding] { budget.kept }
    var omitted: FindingBudget.Omitted? { budget.omitted[path] }
    /// What the file may define that could not be read; see `SpecGaps`.
    private(set) var gaps = SpecGaps()
    /// The element being decoded, for the `coordinator` / `route` fields of findings.
    var coordinatorName: String?
    var routeName: String?
    /// Routes of the coordinator being decoded that have no `transition` and are not known start routes.
    private var routesWithoutTransition: [Located<String>] = []
    /// The project's default `retain` (its framework), and the file's `defaults:`, for child routes without their own.
    private let projectRetain: RetainPolicy
    private var defaultRetain: Located<RetainPolicy>?
    private var defaultReleaseOn: Located<[Located<ExitKind>]>?

    /// The fields each element may have, and where (`SpecSchema`): a key it does not know is an unknown field.
    private let schema: SpecSchema
    /// The table's keys of each element, in the order hints list them.
    private let keys: KnownKeys

    /// `findingLimit`: the most findings kept for this file (see `FindingBudget`), less what it already has.
    /// `schema`: `SpecSchema.flowlint` when nil, with its keys listed once per run rather than once per file.
    init(
        tree: YAMLTree, path: String, findingLimit: Int = SpecLimits().maximumFindingsPerFile, earlierFindings: Int = 0,
        defaultRetain: RetainPolicy = .parent, schema: SpecSchema? = nil
    ) {
        self.tree = tree
        self.path = path
        projectRetain = defaultRetain
        budget = FindingBudget(limit: findingLimit, counts: [path: earlierFindings])
        self.schema = schema ?? .flowlint
        keys = schema.map(KnownKeys.init) ?? .flowlint
    }

    /// The table's keys of `element`, in the order hints list them.
    func knownKeys(_ element: SpecElement) -> [String] {
        switch element {
        case .file: keys.file
        case .defaults: keys.defaults
        case .coordinator: keys.coordinator
        case .route: keys.route
        case .chain: keys.chain
        }
    }

    /// One list per element, not a dictionary keyed by the element: such a dictionary type is made at run time, and
    /// making it asks the runtime for the element's `Hashable` conformance, a search through every conformance.
    struct KnownKeys: Sendable {
        static let flowlint = KnownKeys(SpecSchema.flowlint)

        var file, defaults, coordinator, route, chain: [String]

        init(_ schema: SpecSchema) {
            file = schema.keys(TopLevelField.self).map(\.rawValue)
            defaults = schema.keys(DefaultsField.self).map(\.rawValue)
            coordinator = schema.keys(CoordinatorField.self).map(\.rawValue)
            route = schema.keys(RouteField.self).map(\.rawValue)
            chain = schema.keys(ChainField.self).map(\.rawValue)
        }
    }

    mutating func decode() -> SpecFile {
        var file = SpecFile(path: path)
        guard let root = tree.root, tree.scalarType(root) != .null else {
            report(
                .schema, "the file is empty; a flow spec is a mapping with `version: 1` and `coordinators`",
                at: SourceLocation(file: path, line: 1, column: 1))
            gaps = .unreadable
            return file
        }
        guard tree.kind(root) == .mapping else {
            report(
                .schema,
                """
                a flow spec is a mapping with `version`, `entry`, `coordinators` and `chains`, but this document is \
                \(tree.describe(root))
                """,
                at: location(root))
            gaps = .unreadable
            return file
        }
        let fields = readFields(root, as: TopLevelField.self, in: "the top level of a spec")
        if let node = fields[.version] {
            file.version = version(node)
        } else {
            report(.schema, "missing `version`; add `version: 1` at the top of the file", at: location(root))
        }
        if let node = fields[.entry] {
            file.entry = name(node, field: "entry", expecting: "the name of the coordinator the app starts in")
            if file.entry == nil { gaps.entry = true }
        }
        if let node = fields[.description] { _ = string(node, field: "description") }
        if let node = fields[.defaults] { readDefaults(node) }
        if let node = fields[.coordinators] {
            let coordinators = namedEntries(
                node, field: "coordinators", element: "coordinator", owner: "",
                fields: knownKeys(.coordinator))
            // A coordinator defined twice keeps its first definition: the routes of the second are unknown.
            gaps.routesOf.formUnion(coordinators.repeated)
            if !coordinators.complete { gaps.coordinators = true }
            for (index, (key, value)) in coordinators.entries.enumerated() {
                file.coordinators.append(coordinator(named: key, node: value, misindented: coordinators.misindented[index] ?? []))
            }
        }
        for repeated in fields.repeated where repeated.field == .coordinators {
            // Only the first `coordinators` is read: what the others define is unknown, not missing.
            gaps.coordinators = true
            gaps.routesOf.formUnion(tree.entries(repeated.value).compactMap { tree.text($0.key) })
        }
        if let node = fields[.chains] {
            for (key, value) in namedEntries(node, field: "chains", element: "chain", owner: "").entries {
                file.chains.append(chain(named: key, node: value))
            }
        }
        return file
    }

    // MARK: Elements

    private mutating func coordinator(named name: Located<String>, node: NodeID, misindented: [(key: NodeID, value: NodeID)]) -> Coordinator
    {
        coordinatorName = name.value
        defer { coordinatorName = nil }
        var coordinator = Coordinator(name: name.value, location: name.location)
        // An empty element whose fields follow it one level too little is read from those fields alone.
        guard
            !misindented.isEmpty && tree.scalarType(node) == .null
                || expect(
                    node, is: .mapping, field: "coordinator `\(name.value)`", expecting: "a mapping with `kind`, `initial` and `routes`")
        else {
            gaps.routesOf.insert(name.value)
            return coordinator
        }
        let fields = readFields(node, as: CoordinatorField.self, in: "coordinator `\(name.value)`", adding: misindented)
        if let value = fields[.kind] {
            coordinator.kind = enumeration(value, field: "kind", as: CoordinatorKind.self)
        } else {
            report(.schema, "coordinator `\(name.value)` has no `kind`; add one of \(list(CoordinatorKind.self))", at: name.location)
        }
        let (startRoutes, startRoutesKnown) = readStartRoutes(of: &coordinator, fields, name: name)
        let kind = coordinator.kind?.value
        if let value = placed(.stack, in: fields, kind: kind) {
            coordinator.stack = enumeration(value, field: "stack", as: StackPolicy.self)
        }
        if let value = fields[.holds] { coordinator.holds = holds(value) }
        if let value = fields[.ignore] { coordinator.ignore = nameList(value, field: "ignore", expecting: "rule ids") ?? [] }
        if let value = fields[.description] { coordinator.description = string(value, field: "description") }
        if let value = fields[.type] { coordinator.type = string(value, field: "type") }
        if let value = fields[.open] { coordinator.open = bool(value, field: "open") }
        if let value = fields[.triggers] {
            coordinator.triggers =
                nameList(value, field: "triggers", expecting: "route names")?
                .map { RouteReference(parsing: $0.value, at: $0.location) } ?? []
        }
        if let value = fields[.mayStart] { coordinator.mayStart = nameList(value, field: "mayStart", expecting: "coordinator names") }
        if let value = fields[.routes] {
            let routes = namedEntries(
                value, field: "routes", element: "route", owner: " in coordinator `\(name.value)`",
                fields: knownKeys(.route))
            if !routes.complete || fields.isRepeated(.routes) { gaps.routesOf.insert(name.value) }
            for (index, (key, routeNode)) in routes.entries.enumerated() {
                coordinator.add(
                    route(
                        named: key, node: routeNode, isStartRoute: startRoutes.contains(key.value),
                        misindented: routes.misindented[index] ?? []))
            }
        } else {
            report(.schema, "coordinator `\(name.value)` has no `routes`; add the routes it shows", at: name.location)
            gaps.routesOf.insert(name.value)
        }
        reportRoutesWithoutTransition(startRoutesKnown ? startRoutes : nil, of: coordinator)
        return coordinator
    }

    /// `initial` and `tabs`: the routes that may leave out their transition, and whether all of them are known.
    private mutating func readStartRoutes(
        of coordinator: inout Coordinator, _ fields: Fields<CoordinatorField>,
        name: Located<String>
    ) -> (routes: Set<String>, known: Bool) {
        // Routes without a transition are reported only when every route that may leave it out is known.
        var startRoutesKnown = true
        var startRoutes: Set<String> = []
        if let value = fields[.initial] {
            // One route, or a list of those `start()` picks one of on app state.
            if tree.kind(value) == .sequence {
                let names = nameList(value, field: "initial", expecting: "route names") ?? []
                if names.count != tree.items(value).count { startRoutesKnown = false }
                if names.isEmpty, tree.items(value).isEmpty {
                    report(
                        .missingInitial, "`initial` of coordinator `\(name.value)` is an empty list; name the route shown when it starts",
                        at: location(value))
                    startRoutesKnown = false
                }
                coordinator.initials = names
            } else {
                coordinator.initial = self.name(value, field: "initial", expecting: "the name of the route shown first, or a list of them")
                if coordinator.initial == nil { startRoutesKnown = false }
            }
            startRoutes.formUnion(coordinator.initials.map(\.value))
        } else {
            report(
                .missingInitial, "coordinator `\(name.value)` has no `initial` route; add `initial:` naming the route shown when it starts",
                at: name.location)
            startRoutesKnown = false
        }
        let kind = coordinator.kind?.value
        if let value = fields[.tabs] {
            let tabs = nameList(value, field: "tabs", expecting: "route names")
            if tabs == nil || (tree.kind(value) == .sequence && tabs!.count != tree.items(value).count) { startRoutesKnown = false }
            // Misplaced tabs still name routes meant to start without a transition: the kind may be what is wrong.
            startRoutes.formUnion(tabs?.map(\.value) ?? [])
            if placed(.tabs, in: fields, kind: kind) != nil { coordinator.tabs = tabs }
        } else if kind == .tab {
            report(.schema, "tab coordinator `\(name.value)` has no `tabs`; list the routes that are its tabs", at: name.location)
            startRoutesKnown = false
        }
        return (startRoutes, startRoutesKnown)
    }

    /// `defaults: { retain, releaseOn }`, read before the coordinators whose child routes they complete.
    private mutating func readDefaults(_ node: NodeID) {
        guard tree.scalarType(node) != .null,
            expect(node, is: .mapping, field: "`defaults`", expecting: "a mapping with `retain` and `releaseOn`")
        else { return }
        let fields = readFields(node, as: DefaultsField.self, in: "`defaults`")
        if let value = fields[.retain] { defaultRetain = enumeration(value, field: "retain", as: RetainPolicy.self) }
        if let value = fields[.releaseOn] { defaultReleaseOn = exitList(value) }
    }

    /// A misspelled `initial` or tab is reported where it is written; the route it meant may leave out its transition.
    private mutating func reportRoutesWithoutTransition(_ startRoutes: Set<String>?, of coordinator: Coordinator) {
        defer { routesWithoutTransition = [] }
        guard let startRoutes, !routesWithoutTransition.isEmpty else { return }
        let routeNames = coordinator.routes.map(\.name)
        let meant = Set(
            startRoutes.filter { coordinator.route(named: $0) == nil }
                .compactMap { Suggestion.closest(to: $0, among: routeNames) })
        for route in routesWithoutTransition where !meant.contains(route.value) {
            routeName = route.value
            report(
                .schema, "route `\(route.value)` has no `transition`; only the initial route and tabs may leave it out",
                at: route.location)
        }
        routeName = nil
    }

    /// What decides where a route's fields are allowed (`SpecPlacement`).
    private struct RoutePlace {
        var transition: Transition?
        /// Fields that depend on the transition are checked only when it is known: given, or rightly left out.
        var transitionKnown: Bool
        /// A `coordinator` that could not be read is still meant: then `retain` and `releaseOn` are not misplaced.
        var startsChild: Bool
        var screen: Located<String>?
    }

    private mutating func route(
        named name: Located<String>, node: NodeID, isStartRoute: Bool,
        misindented: [(key: NodeID, value: NodeID)] = []
    ) -> Route {
        routeName = name.value
        defer { routeName = nil }
        var route = Route(name: name.value, location: name.location)
        let owner = { [coordinatorName] in "route `\(coordinatorName ?? "").\(name.value)`" }
        guard
            !misindented.isEmpty && tree.scalarType(node) == .null
                || expect(node, is: .mapping, field: owner(), expecting: "a mapping with `transition` and a `screen` or `coordinator`")
        else {
            return route
        }
        let fields = readFields(node, as: RouteField.self, in: owner(), adding: misindented)
        let transitionKnown: Bool
        if let value = fields[.transition] {
            route.transition = enumeration(value, field: "transition", as: Transition.self)
            transitionKnown = route.transition != nil
        } else {
            if !isStartRoute { routesWithoutTransition.append(name) }
            transitionKnown = isStartRoute
        }
        let screen = readDestination(of: &route, fields, owner: owner())
        let place = RoutePlace(
            transition: route.transition?.value, transitionKnown: transitionKnown,
            startsChild: fields[.coordinator] != nil, screen: screen)
        if let value = fields[.triggers] {
            route.triggers =
                nameList(value, field: "triggers", expecting: "route names")?
                .map { RouteReference(parsing: $0.value, at: $0.location) } ?? []
        }
        if let value = placed(.route, in: fields, place) {
            route.target = self.name(value, field: "route", expecting: "a route name").map {
                RouteReference(parsing: $0.value, at: $0.location)
            }
        }
        if let value = placed(.tab, in: fields, place) { route.tab = self.name(value, field: "tab", expecting: "a tab route name") }
        readPresentation(of: &route, fields, place)
        readChildStart(of: &route, fields, place, name: name)
        if let value = fields[.open] { route.open = bool(value, field: "open") }
        if let value = fields[.params] { route.params = parameters(value) }
        if let value = fields[.ignore] { route.ignore = nameList(value, field: "ignore", expecting: "rule ids") ?? [] }
        if let value = fields[.description] { route.description = string(value, field: "description") }
        return route
    }

    /// `screen` or `coordinator`; returns the screen named, for messages about fields a screen route may not have.
    private mutating func readDestination(of route: inout Route, _ fields: Fields<RouteField>, owner: @autoclosure () -> String)
        -> Located<String>?
    {
        let screen = fields[.screen].flatMap { self.name($0, field: "screen", expecting: "a view controller or view name") }
        let child = fields[.coordinator].flatMap { self.name($0, field: "coordinator", expecting: "a coordinator name") }
        if screen != nil, let child {
            report(
                .schema, "\(owner()) names both a screen and a coordinator; a route shows one destination, keep one of them",
                at: child.location)
        }
        if let screen {
            route.destination = Located(.screen(screen.value), at: screen.location)
        } else if let child {
            route.destination = Located(.coordinator(child.value), at: child.location)
        }
        return screen
    }

    /// `style`, `dismissible` and `detents`.
    private mutating func readPresentation(of route: inout Route, _ fields: Fields<RouteField>, _ place: RoutePlace) {
        if let value = placed(.style, in: fields, place) {
            route.style = enumeration(value, field: "style", as: PresentationStyle.self)
        }
        if let value = placed(.dismissible, in: fields, place) {
            route.dismissible = bool(value, field: "dismissible")
            if route.dismissible?.value == true, let style = route.style, style.value.isFullScreen {
                report(
                    .schema,
                    """
                    `dismissible: true` with `style: \(style.value.rawValue)`: UIKit cannot swipe a full-screen presentation away; use \
                    a sheet style, or remove `dismissible`
                    """,
                    at: location(value))
            }
        }
        if let value = placed(.detents, in: fields, place) { route.detents = detentList(value) }
    }

    /// `detents: [medium, large]`: the heights a sheet rests at.
    private mutating func detentList(_ node: NodeID) -> Located<[SheetDetent]>? {
        guard let names = nameList(node, field: "detents", expecting: "sheet heights (medium, large)") else { return nil }
        var detents: [SheetDetent] = []
        for name in names {
            if let detent = SheetDetent(rawValue: name.value) {
                detents.append(detent)
            } else {
                reportUnknownValue(name.value, noun: "detent", in: "detents", as: SheetDetent.self, at: name.location)
            }
        }
        return Located(detents, at: location(node))
    }

    /// `retain`, `releaseOn`, `then` and `stack`, with the file's and the project's defaults.
    private mutating func readChildStart(of route: inout Route, _ fields: Fields<RouteField>, _ place: RoutePlace, name: Located<String>) {
        if let value = placed(.retain, in: fields, place) {
            route.retain = enumeration(value, field: "retain", as: RetainPolicy.self)
        } else if fields[.retain] == nil && place.startsChild {
            route.retain = defaultRetain ?? (projectRetain == .parent ? nil : Located(projectRetain, at: name.location))
        }
        if let value = placed(.releaseOn, in: fields, place) {
            if route.effectiveRetain != .parent {
                report(
                    .schema,
                    """
                    `releaseOn` applies only to children with `retain: parent`, but this child has `retain: \
                    \(route.effectiveRetain.rawValue)`; remove `releaseOn` or use `retain: parent`
                    """,
                    at: location(fields.key(.releaseOn)!))
            } else {
                route.releaseOn = exitList(value)
            }
        } else if fields[.releaseOn] == nil && place.startsChild && route.effectiveRetain == .parent {
            route.releaseOn = defaultReleaseOn
        }
        if let value = placed(.then, in: fields, place) {
            // One route, or a list of alternatives of which one runs per finish.
            let names =
                tree.kind(value) == .scalar
                ? self.name(value, field: "then", expecting: "a route name of this coordinator").map { [$0] }
                : nameList(value, field: "then", expecting: "route names of this coordinator")
            route.then = names?.map { RouteReference(parsing: $0.value, at: $0.location) } ?? []
        }
        if let value = placed(.stack, in: fields, place) {
            route.stack = enumeration(value, field: "stack", as: StackPolicy.self)
        }
    }

    /// The value of a route's `field` where the table allows it; a misplaced one is reported and not read.
    private mutating func placed(_ field: RouteField, in fields: Fields<RouteField>, _ place: RoutePlace) -> NodeID? {
        guard let value = fields[field] else { return nil }
        let placement = schema.placement(field)
        guard placement.allows(transition: place.transition, known: place.transitionKnown, startsChild: place.startsChild) else {
            let here = placement == .childRoutes ? describeDestination(place.screen) : describe(place.transition)
            reportMisplaced(field.rawValue, at: fields.key(field)!, belongsTo: placement.owner, here: here)
            return nil
        }
        return value
    }

    /// The value of a coordinator's `field` where the table allows it for `kind`; a misplaced one is reported and not read.
    private mutating func placed(_ field: CoordinatorField, in fields: Fields<CoordinatorField>, kind: CoordinatorKind?) -> NodeID? {
        guard let value = fields[field] else { return nil }
        let placement = schema.placement(field)
        guard placement.allows(kind: kind) else {
            reportMisplaced(field.rawValue, at: fields.key(field)!, belongsTo: placement.owner, here: "a \(kind!.rawValue) coordinator")
            return nil
        }
        return value
    }

    private mutating func chain(named name: Located<String>, node: NodeID) -> Chain {
        var chain = Chain(name: name.value, location: name.location)
        let owner = "chain `\(name.value)`"
        guard expect(node, is: .mapping, field: owner, expecting: "a mapping with `from` and `steps`") else { return chain }
        let fields = readFields(node, as: ChainField.self, in: owner)
        if let value = fields[.url] { chain.url = string(value, field: "url") }
        if let value = fields[.from] {
            chain.from = self.name(value, field: "from", expecting: "the coordinator the chain starts in")
        } else {
            report(.schema, "\(owner) has no `from`; name the coordinator the chain starts in", at: name.location)
        }
        if let value = fields[.at] { chain.at = enumeration(value, field: "at", noun: "moment", as: ChainMoment.self) }
        if let value = fields[.steps] {
            if expect(value, is: .sequence, field: "`steps`", expecting: "a list of steps such as `- select: todos` or `- popToRoot`") {
                chain.steps = tree.items(value).compactMap { step($0) }
            }
        } else {
            report(.schema, "\(owner) has no `steps`; list the routing steps it takes", at: name.location)
        }
        if let value = fields[.ignore] { chain.ignore = nameList(value, field: "ignore", expecting: "rule ids") ?? [] }
        if let value = fields[.description] { chain.description = string(value, field: "description") }
        return chain
    }

    private mutating func step(_ node: NodeID) -> ChainStep? {
        let keywords = ChainAction.bareKeywords + ChainAction.targetKeywords
        switch tree.kind(node) {
        case .scalar:
            let text = tree.text(node)!
            switch text {
            case "pop": return ChainStep(.pop, at: location(node))
            case "popToRoot": return ChainStep(.popToRoot, at: location(node))
            case "dismiss": return ChainStep(.dismiss, at: location(node))
            case "dismissToRoot": return ChainStep(.dismissToRoot, at: location(node))
            case _ where ChainAction.targetKeywords.contains(text):
                report(.schema, "chain step `\(text)` needs a target; write `- \(text): <name>`", at: location(node))
            default:
                report(
                    .schema,
                    """
                    unknown chain step `\(text)`\(Suggestion.hint(for: text, among: keywords)) (steps: \
                    \(keywords.joined(separator: ", ")))
                    """,
                    at: location(node))
            }
            return nil
        case .mapping:
            let entries = tree.entries(node)
            guard entries.count == 1, let (key, value) = entries.first, let keyword = tree.text(key) else {
                report(
                    .schema, "a chain step is one action, such as `- select: todos`; split this step into one per action",
                    at: location(node))
                return nil
            }
            guard ChainAction.targetKeywords.contains(keyword) else {
                if ChainAction.bareKeywords.contains(keyword) {
                    report(.schema, "chain step `\(keyword)` takes no target; write `- \(keyword)`", at: location(key))
                } else {
                    report(
                        .schema,
                        """
                        unknown chain step `\(keyword)`\(Suggestion.hint(for: keyword, among: keywords)) (steps: \
                        \(keywords.joined(separator: ", ")))
                        """,
                        at: location(key))
                }
                return nil
            }
            guard let target = name(value, field: keyword, expecting: keyword == "select" ? "a tab route name" : "a route name") else {
                return nil
            }
            switch keyword {
            case "select": return ChainStep(.select(target), at: location(node))
            case "popTo": return ChainStep(.popTo(RouteReference(parsing: target.value, at: target.location)), at: location(node))
            default: return ChainStep(.route(RouteReference(parsing: target.value, at: target.location)), at: location(node))
            }
        case .sequence:
            report(.schema, "a chain step is one action such as `- route: todo`, not a list", at: location(node))
            return nil
        }
    }

    private mutating func holds(_ node: NodeID) -> [Hold] {
        guard expect(node, is: .mapping, field: "`holds`", expecting: "a mapping of coordinator names to strong, weak or unowned") else {
            return []
        }
        var result: [Hold] = []
        var seen: [String: NodeID] = [:]
        for (key, value) in tree.entries(node) {
            guard let target = keyName(key, in: "holds"), checkDuplicate(target, key: key, seen: &seen, what: "`holds` entry", owner: "")
            else { continue }
            if let strength = enumeration(value, field: "holds.\(target)", noun: "strength", as: HoldStrength.self) {
                result.append(Hold(target: target, strength: strength, location: location(key)))
            }
        }
        return result
    }

    private mutating func exitList(_ node: NodeID) -> Located<[Located<ExitKind>]>? {
        guard let names = nameList(node, field: "releaseOn", expecting: "exits (finish, back, dismiss, replaced)") else { return nil }
        var exits: [Located<ExitKind>] = []
        for name in names {
            if let exit = ExitKind(rawValue: name.value) {
                exits.append(Located(exit, at: name.location))
            } else {
                reportUnknownValue(name.value, noun: "exit", in: "releaseOn", as: ExitKind.self, at: name.location)
            }
        }
        return Located(exits, at: location(node))
    }

    /// `params: [id: String]`, `params: [id]` or `params: {id: String}`.
    private mutating func parameters(_ node: NodeID) -> [RouteParameter] {
        let pairs: [(NodeID, NodeID?)]
        switch tree.kind(node) {
        case .mapping:
            pairs = tree.entries(node).map { ($0.key, $0.value) }
        case .sequence:
            var collected: [(NodeID, NodeID?)] = []
            for item in tree.items(node) {
                if tree.kind(item) == .mapping, tree.entries(item).count == 1 {
                    collected.append((tree.entries(item)[0].key, tree.entries(item)[0].value))
                } else if tree.kind(item) == .scalar {
                    collected.append((item, nil))
                } else {
                    report(.schema, "a parameter is `name: Type`, found \(tree.describe(item))", at: location(item))
                }
            }
            pairs = collected
        case .scalar:
            if tree.scalarType(node) != .null {
                report(.schema, "`params` must be a list such as `[id: String]`, found \(tree.describe(node))", at: location(node))
            }
            return []
        }
        var seen: [String: NodeID] = [:]
        return pairs.compactMap { key, type in
            guard let name = keyName(key, in: "params"),
                checkDuplicate(name, key: key, seen: &seen, what: "parameter", owner: " in `params`")
            else { return nil }
            let typeName = type.flatMap { tree.kind($0) == .scalar ? tree.text($0) : nil }
            return RouteParameter(name: name, type: typeName, location: location(key))
        }
    }
}
