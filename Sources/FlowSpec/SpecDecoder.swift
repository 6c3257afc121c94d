import FlowModel

/// Turns the YAML tree of one spec file into a `SpecFile`, reporting `schema` and `duplicate-key` findings.
///
/// Names are not resolved here (see `ProjectResolver`): a file cannot know the coordinators of other files.
struct SpecDecoder {
    typealias NodeID = YAMLTree.NodeID

    let tree: YAMLTree
    let path: String
    private let budget: FindingBudget
    /// The findings kept; past the file's limit the rest are only counted (`omitted`), for the resolver to close.
    var diagnostics: [Diagnostic] { budget.kept }
    var omitted: FindingBudget.Omitted? { budget.omitted[path] }
    /// What the file may define that could not be read; see `SpecGaps`.
    private(set) var gaps = SpecGaps()
    /// The element being decoded, for the `coordinator` / `route` fields of findings.
    private var coordinatorName: String?
    private var routeName: String?
    /// Routes of the coordinator being decoded that have no `transition` and are not known start routes.
    private var routesWithoutTransition: [Located<String>] = []
    /// The project's default `retain` (its framework), and the file's `defaults:`, for child routes without their own.
    private let projectRetain: RetainPolicy
    private var defaultRetain: Located<RetainPolicy>?
    private var defaultReleaseOn: Located<[Located<ExitKind>]>?

    private static let coordinatorFields = CoordinatorField.allCases.map(\.rawValue)
    private static let routeFields = RouteField.allCases.map(\.rawValue)

    /// `findingLimit`: the most findings kept for this file (see `FindingBudget`), less what it already has.
    init(tree: YAMLTree, path: String, findingLimit: Int = SpecLimits().maximumFindingsPerFile, earlierFindings: Int = 0,
         defaultRetain: RetainPolicy = .parent) {
        self.tree = tree
        self.path = path
        projectRetain = defaultRetain
        budget = FindingBudget(limit: findingLimit, counts: [path: earlierFindings])
    }

    mutating func decode() -> SpecFile {
        var file = SpecFile(path: path)
        guard let root = tree.root, tree.scalarType(root) != .null else {
            report(.schema, "the file is empty; a flow spec is a mapping with `version: 1` and `coordinators`",
                   at: SourceLocation(file: path, line: 1, column: 1))
            gaps = .unreadable
            return file
        }
        guard tree.kind(root) == .mapping else {
            report(.schema, "a flow spec is a mapping with `version`, `entry`, `coordinators` and `chains`, but this document is \(tree.describe(root))",
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
            let coordinators = namedEntries(node, field: "coordinators", element: "coordinator", owner: "",
                                            fields: Self.coordinatorFields)
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

    private mutating func coordinator(named name: Located<String>, node: NodeID, misindented: [(key: NodeID, value: NodeID)]) -> Coordinator {
        coordinatorName = name.value
        defer { coordinatorName = nil }
        var coordinator = Coordinator(name: name.value, location: name.location)
        // An empty element whose fields follow it one level too little is read from those fields alone.
        guard !misindented.isEmpty && tree.scalarType(node) == .null
                || expect(node, is: .mapping, field: "coordinator `\(name.value)`", expecting: "a mapping with `kind`, `initial` and `routes`") else {
            gaps.routesOf.insert(name.value)
            return coordinator
        }
        let fields = readFields(node, as: CoordinatorField.self, in: "coordinator `\(name.value)`", adding: misindented)
        if let value = fields[.kind] {
            coordinator.kind = enumeration(value, field: "kind", as: CoordinatorKind.self)
        } else {
            report(.schema, "coordinator `\(name.value)` has no `kind`; add one of \(list(CoordinatorKind.self))", at: name.location)
        }
        // Routes without a transition are reported only when every route that may leave it out is known.
        var startRoutesKnown = true
        var startRoutes: Set<String> = []
        if let value = fields[.initial] {
            // One route, or a list of those `start()` picks one of on app state.
            if tree.kind(value) == .sequence {
                let names = nameList(value, field: "initial", expecting: "route names") ?? []
                if names.count != tree.items(value).count { startRoutesKnown = false }
                if names.isEmpty, tree.items(value).isEmpty {
                    report(.missingInitial, "`initial` of coordinator `\(name.value)` is an empty list; name the route shown when it starts",
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
            report(.missingInitial, "coordinator `\(name.value)` has no `initial` route; add `initial:` naming the route shown when it starts",
                   at: name.location)
            startRoutesKnown = false
        }
        let kind = coordinator.kind?.value
        if let value = fields[.tabs] {
            let tabs = nameList(value, field: "tabs", expecting: "route names")
            if tabs == nil || (tree.kind(value) == .sequence && tabs!.count != tree.items(value).count) { startRoutesKnown = false }
            // Misplaced tabs still name routes meant to start without a transition: the kind may be what is wrong.
            startRoutes.formUnion(tabs?.map(\.value) ?? [])
            if let kind, kind != .tab {
                reportMisplaced("tabs", at: fields.key(.tabs)!, belongsTo: "`tab` coordinators", here: "a \(kind.rawValue) coordinator")
            } else {
                coordinator.tabs = tabs
            }
        } else if kind == .tab {
            report(.schema, "tab coordinator `\(name.value)` has no `tabs`; list the routes that are its tabs", at: name.location)
            startRoutesKnown = false
        }
        if let value = fields[.stack] {
            if let kind, kind != .navigation {
                reportMisplaced("stack", at: fields.key(.stack)!, belongsTo: "`navigation` coordinators", here: "a \(kind.rawValue) coordinator")
            } else {
                coordinator.stack = enumeration(value, field: "stack", as: StackPolicy.self)
            }
        }
        if let value = fields[.holds] { coordinator.holds = holds(value) }
        if let value = fields[.ignore] { coordinator.ignore = nameList(value, field: "ignore", expecting: "rule ids") ?? [] }
        if let value = fields[.description] { coordinator.description = string(value, field: "description") }
        if let value = fields[.type] { coordinator.type = string(value, field: "type") }
        if let value = fields[.open] { coordinator.open = bool(value, field: "open") }
        if let value = fields[.triggers] {
            coordinator.triggers = nameList(value, field: "triggers", expecting: "route names")?
                .map { RouteReference(parsing: $0.value, at: $0.location) } ?? []
        }
        if let value = fields[.mayStart] { coordinator.mayStart = nameList(value, field: "mayStart", expecting: "coordinator names") }
        if let value = fields[.routes] {
            let routes = namedEntries(value, field: "routes", element: "route", owner: " in coordinator `\(name.value)`",
                                      fields: Self.routeFields)
            if !routes.complete || fields.isRepeated(.routes) { gaps.routesOf.insert(name.value) }
            for (index, (key, routeNode)) in routes.entries.enumerated() {
                coordinator.add(route(named: key, node: routeNode, isStartRoute: startRoutes.contains(key.value),
                                      misindented: routes.misindented[index] ?? []))
            }
        } else {
            report(.schema, "coordinator `\(name.value)` has no `routes`; add the routes it shows", at: name.location)
            gaps.routesOf.insert(name.value)
        }
        reportRoutesWithoutTransition(startRoutesKnown ? startRoutes : nil, of: coordinator)
        return coordinator
    }

    /// `defaults: { retain, releaseOn }`, read before the coordinators whose child routes they complete.
    private mutating func readDefaults(_ node: NodeID) {
        guard tree.scalarType(node) != .null,
              expect(node, is: .mapping, field: "`defaults`", expecting: "a mapping with `retain` and `releaseOn`") else { return }
        let fields = readFields(node, as: DefaultsField.self, in: "`defaults`")
        if let value = fields[.retain] { defaultRetain = enumeration(value, field: "retain", as: RetainPolicy.self) }
        if let value = fields[.releaseOn] { defaultReleaseOn = exitList(value) }
    }

    /// A misspelled `initial` or tab is reported where it is written; the route it meant may leave out its transition.
    private mutating func reportRoutesWithoutTransition(_ startRoutes: Set<String>?, of coordinator: Coordinator) {
        defer { routesWithoutTransition = [] }
        guard let startRoutes, !routesWithoutTransition.isEmpty else { return }
        let routeNames = coordinator.routes.map(\.name)
        let meant = Set(startRoutes.filter { coordinator.route(named: $0) == nil }
            .compactMap { Suggestion.closest(to: $0, among: routeNames) })
        for route in routesWithoutTransition where !meant.contains(route.value) {
            routeName = route.value
            report(.schema, "route `\(route.value)` has no `transition`; only the initial route and tabs may leave it out",
                   at: route.location)
        }
        routeName = nil
    }

    private mutating func route(named name: Located<String>, node: NodeID, isStartRoute: Bool,
                                misindented: [(key: NodeID, value: NodeID)] = []) -> Route {
        routeName = name.value
        defer { routeName = nil }
        var route = Route(name: name.value, location: name.location)
        let owner = { [coordinatorName] in "route `\(coordinatorName ?? "").\(name.value)`" }
        guard !misindented.isEmpty && tree.scalarType(node) == .null
                || expect(node, is: .mapping, field: owner(), expecting: "a mapping with `transition` and a `screen` or `coordinator`") else {
            return route
        }
        let fields = readFields(node, as: RouteField.self, in: owner(), adding: misindented)
        // Fields that depend on the transition are checked only when it is known: given, or rightly left out.
        let transitionKnown: Bool
        if let value = fields[.transition] {
            route.transition = enumeration(value, field: "transition", as: Transition.self)
            transitionKnown = route.transition != nil
        } else {
            if !isStartRoute { routesWithoutTransition.append(name) }
            transitionKnown = isStartRoute
        }
        let transition = route.transition?.value
        let screen = fields[.screen].flatMap { self.name($0, field: "screen", expecting: "a view controller or view name") }
        let child = fields[.coordinator].flatMap { self.name($0, field: "coordinator", expecting: "a coordinator name") }
        if screen != nil, let child {
            report(.schema, "\(owner()) names both a screen and a coordinator; a route shows one destination, keep one of them", at: child.location)
        }
        if let screen {
            route.destination = Located(.screen(screen.value), at: screen.location)
        } else if let child {
            route.destination = Located(.coordinator(child.value), at: child.location)
        }
        if let value = fields[.triggers] {
            route.triggers = nameList(value, field: "triggers", expecting: "route names")?
                .map { RouteReference(parsing: $0.value, at: $0.location) } ?? []
        }
        if let value = fields[.route] {
            if transition?.targetField == .route || !transitionKnown {
                route.target = self.name(value, field: "route", expecting: "a route name").map { RouteReference(parsing: $0.value, at: $0.location) }
            } else {
                reportMisplaced("route", at: fields.key(.route)!, belongsTo: "`trigger` and `popTo` routes", here: describe(transition))
            }
        }
        if let value = fields[.tab] {
            if transition == .select || !transitionKnown {
                route.tab = self.name(value, field: "tab", expecting: "a tab route name")
            } else {
                reportMisplaced("tab", at: fields.key(.tab)!, belongsTo: "`select` routes", here: describe(transition))
            }
        }
        if let value = fields[.style] {
            if transition == .present || !transitionKnown {
                route.style = enumeration(value, field: "style", as: PresentationStyle.self)
            } else {
                reportMisplaced("style", at: fields.key(.style)!, belongsTo: "`present` routes", here: describe(transition))
            }
        }
        if let value = fields[.dismissible] {
            if transition == .present || !transitionKnown {
                route.dismissible = bool(value, field: "dismissible")
                if route.dismissible?.value == true, let style = route.style, style.value.isFullScreen {
                    report(.schema, "`dismissible: true` with `style: \(style.value.rawValue)`: UIKit cannot swipe a full-screen presentation away; use a sheet style, or remove `dismissible`",
                           at: location(value))
                }
            } else {
                reportMisplaced("dismissible", at: fields.key(.dismissible)!, belongsTo: "`present` routes", here: describe(transition))
            }
        }
        // A `coordinator` that could not be read is still meant: then `retain` and `releaseOn` are not misplaced.
        let startsChild = fields[.coordinator] != nil
        if let value = fields[.retain] {
            if startsChild {
                route.retain = enumeration(value, field: "retain", as: RetainPolicy.self)
            } else {
                reportMisplaced("retain", at: fields.key(.retain)!, belongsTo: "routes that start a child `coordinator`", here: describeDestination(screen))
            }
        } else if startsChild {
            route.retain = defaultRetain ?? (projectRetain == .parent ? nil : Located(projectRetain, at: name.location))
        }
        if let value = fields[.releaseOn] {
            if !startsChild {
                reportMisplaced("releaseOn", at: fields.key(.releaseOn)!, belongsTo: "routes that start a child `coordinator`", here: describeDestination(screen))
            } else if route.effectiveRetain != .parent {
                report(.schema, "`releaseOn` applies only to children with `retain: parent`, but this child has `retain: \(route.effectiveRetain.rawValue)`; remove `releaseOn` or use `retain: parent`",
                       at: location(fields.key(.releaseOn)!))
            } else {
                route.releaseOn = exitList(value)
            }
        } else if startsChild && route.effectiveRetain == .parent {
            route.releaseOn = defaultReleaseOn
        }
        if let value = fields[.then] {
            if startsChild {
                // One route, or a list of alternatives of which one runs per finish.
                let names = tree.kind(value) == .scalar
                    ? self.name(value, field: "then", expecting: "a route name of this coordinator").map { [$0] }
                    : nameList(value, field: "then", expecting: "route names of this coordinator")
                route.then = names?.map { RouteReference(parsing: $0.value, at: $0.location) } ?? []
            } else {
                reportMisplaced("then", at: fields.key(.then)!, belongsTo: "routes that start a child `coordinator`", here: describeDestination(screen))
            }
        }
        if let value = fields[.stack] {
            if startsChild {
                route.stack = enumeration(value, field: "stack", as: StackPolicy.self)
            } else {
                reportMisplaced("stack", at: fields.key(.stack)!, belongsTo: "routes that start a child `coordinator`", here: describeDestination(screen))
            }
        }
        if let value = fields[.open] { route.open = bool(value, field: "open") }
        if let value = fields[.params] { route.params = parameters(value) }
        if let value = fields[.ignore] { route.ignore = nameList(value, field: "ignore", expecting: "rule ids") ?? [] }
        if let value = fields[.description] { route.description = string(value, field: "description") }
        return route
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
                report(.schema, "unknown chain step `\(text)`\(Suggestion.hint(for: text, among: keywords)) (steps: \(keywords.joined(separator: ", ")))",
                       at: location(node))
            }
            return nil
        case .mapping:
            let entries = tree.entries(node)
            guard entries.count == 1, let (key, value) = entries.first, let keyword = tree.text(key) else {
                report(.schema, "a chain step is one action, such as `- select: todos`; split this step into one per action", at: location(node))
                return nil
            }
            guard ChainAction.targetKeywords.contains(keyword) else {
                if ChainAction.bareKeywords.contains(keyword) {
                    report(.schema, "chain step `\(keyword)` takes no target; write `- \(keyword)`", at: location(key))
                } else {
                    report(.schema, "unknown chain step `\(keyword)`\(Suggestion.hint(for: keyword, among: keywords)) (steps: \(keywords.joined(separator: ", ")))",
                           at: location(key))
                }
                return nil
            }
            guard let target = name(value, field: keyword, expecting: keyword == "select" ? "a tab route name" : "a route name") else { return nil }
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
        guard expect(node, is: .mapping, field: "`holds`", expecting: "a mapping of coordinator names to strong, weak or unowned") else { return [] }
        var result: [Hold] = []
        var seen: [String: NodeID] = [:]
        for (key, value) in tree.entries(node) {
            guard let target = keyName(key, in: "holds"), checkDuplicate(target, key: key, seen: &seen, what: "`holds` entry", owner: "") else { continue }
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
                  checkDuplicate(name, key: key, seen: &seen, what: "parameter", owner: " in `params`") else { return nil }
            let typeName = type.flatMap { tree.kind($0) == .scalar ? tree.text($0) : nil }
            return RouteParameter(name: name, type: typeName, location: location(key))
        }
    }

    // MARK: Values

    private mutating func version(_ node: NodeID) -> Located<Int>? {
        guard tree.scalarType(node) == .number, let value = Int(tree.text(node)!) else {
            let quoted = tree.scalarType(node) == .string && Int(tree.text(node)!) != nil
            report(.schema, "`version` must be the number 1, found \(tree.describe(node))\(quoted ? "; write it without quotes" : "")",
                   at: location(node))
            return nil
        }
        guard value == 1 else {
            report(.schema, "unsupported spec version \(value); this flowlint reads version 1", at: location(node))
            return nil
        }
        return Located(value, at: location(node))
    }

    /// A name: any scalar but null and booleans.
    private mutating func name(_ node: NodeID, field: String, expecting: String) -> Located<String>? {
        switch tree.scalarType(node) {
        case .string, .number:
            return Located(tree.text(node)!, at: location(node))
        default:
            report(.schema, "`\(field)` must be \(expecting), found \(tree.describe(node))", at: location(node))
            return nil
        }
    }

    private mutating func string(_ node: NodeID, field: String) -> Located<String>? {
        switch tree.scalarType(node) {
        case .string, .number, .bool:
            return Located(tree.text(node)!, at: location(node))
        default:
            report(.schema, "`\(field)` must be text, found \(tree.describe(node))", at: location(node))
            return nil
        }
    }

    private mutating func bool(_ node: NodeID, field: String) -> Located<Bool>? {
        guard tree.scalarType(node) == .bool else {
            report(.schema, "`\(field)` must be true or false, found \(tree.describe(node))", at: location(node))
            return nil
        }
        return Located(tree.text(node)!.lowercased() == "true", at: location(node))
    }

    /// A value of `E`; `noun` names an unknown value when the field name does not (`holds.App`).
    private mutating func enumeration<E: RawRepresentable & CaseIterable>(_ node: NodeID, field: String, noun: String? = nil, as type: E.Type)
        -> Located<E>? where E.RawValue == String {
        guard tree.scalarType(node) == .string, let text = tree.text(node) else {
            report(.schema, "`\(field)` must be one of \(list(E.self)), found \(tree.describe(node))", at: location(node))
            return nil
        }
        guard let value = E(rawValue: text) else {
            if let noun {
                reportUnknownValue(text, noun: noun, in: field, as: E.self, at: location(node))
            } else {
                reportUnknownValue(text, noun: field, as: E.self, at: location(node))
            }
            return nil
        }
        return Located(value, at: location(node))
    }

    /// A list of names; a null value is an empty list. A lone name gets a hint to bracket it.
    private mutating func nameList(_ node: NodeID, field: String, expecting: String) -> [Located<String>]? {
        switch tree.kind(node) {
        case .sequence:
            return tree.items(node).compactMap { item in
                guard tree.scalarType(item) == .string || tree.scalarType(item) == .number else {
                    report(.schema, "`\(field)` must be a list of \(expecting), but this item is \(tree.describe(item))", at: location(item))
                    return nil
                }
                return Located(tree.text(item)!, at: location(item))
            }
        case .scalar where tree.scalarType(node) == .null:
            return []
        case .scalar where tree.scalarType(node) == .bool:
            report(.schema, "`\(field)` must be a list of \(expecting), found \(tree.describe(node))", at: location(node))
            return nil
        case .scalar:
            report(.schema, "`\(field)` must be a list of \(expecting), found \(tree.describe(node)); write `\(field): [\(tree.text(node)!)]`",
                   at: location(node))
            // The fix is plain, so the name is read as that list: what it names is checked, and not reported as missing.
            return [Located(tree.text(node)!, at: location(node))]
        case .mapping:
            report(.schema, "`\(field)` must be a list of \(expecting), found a mapping", at: location(node))
            return nil
        }
    }

    // MARK: Mappings

    /// The entries of a name → element mapping (coordinators, routes, chains), first definition kept.
    /// `owner` completes the duplicate message: `route `a` is defined twice<owner>`.
    private struct NamedEntries {
        var entries: [(Located<String>, NodeID)] = []
        /// False when an element may be missing: the mapping or one of its keys could not be read.
        var complete = true
        /// Names defined more than once; only the first definition is kept.
        var repeated: [String] = []
        /// Entry index → fields of that element indented one level too little, which read as elements after it.
        var misindented: [Int: [(key: NodeID, value: NodeID)]] = [:]
    }

    /// `fields` are the field names of one element: a key among them after an element may be that element's field,
    /// indented one level too little (see `isMisindentedField`). It is reported once and read as a field.
    private mutating func namedEntries(_ node: NodeID, field: String, element: String, owner: String, fields: [String] = []) -> NamedEntries {
        var result = NamedEntries()
        guard tree.kind(node) == .mapping else {
            if tree.scalarType(node) != .null {
                report(.schema, "`\(field)` must be a mapping of \(element) names to \(element)s, found \(tree.describe(node))", at: location(node))
                result.complete = false
            }
            return result
        }
        var seen: [String: NodeID] = [:]
        for (key, value) in tree.entries(node) {
            guard let name = keyName(key, in: field) else {
                result.complete = false
                continue
            }
            if let first = seen[name] {
                // The finding is about the element defined twice: name it as the finding's coordinator or route.
                let scope = (coordinatorName, routeName)
                if element == "coordinator" { coordinatorName = name } else if element == "route" { routeName = name }
                reportDuplicate(name, at: key, first: first, what: element, owner: owner)
                (coordinatorName, routeName) = scope
                result.repeated.append(name)
                continue
            }
            if let (previous, previousValue) = result.entries.last.map({ ($0.0.value, $0.1) }), fields.contains(name),
               isMisindentedField(name, value: value, after: previousValue, fields: fields,
                                  absorbing: result.misindented[result.entries.count - 1] != nil) {
                let scope = (coordinatorName, routeName)
                if element == "coordinator" { coordinatorName = previous } else { routeName = previous }
                report(.schema, "`\(name)` is indented as a \(element), but it is a field of \(element) `\(previous)`; indent it under `\(previous)`",
                       at: location(key))
                (coordinatorName, routeName) = scope
                result.misindented[result.entries.count - 1, default: []].append((key, value))
                continue
            }
            seen[name] = key
            result.entries.append((Located(name, at: location(key)), value))
        }
        return result
    }

    /// Whether `name: value`, written after an element whose value is `previous`, is that element's field indented one
    /// level too little: the value cannot be an element (not a mapping, or one without any field) and the previous
    /// element lacks that field — or fields of the previous, empty element already came this way. A valid spec never
    /// meets either condition, so a route or coordinator named like a field (a maps app's `route`) stays an element.
    private func isMisindentedField(_ name: String, value: NodeID, after previous: NodeID, fields: [String], absorbing: Bool) -> Bool {
        let previousIsEmpty = tree.scalarType(previous) == .null
        if previousIsEmpty && absorbing { return true }
        let cannotBeElement = tree.kind(value) != .mapping
            || !tree.entries(value).contains { tree.text($0.key).map(fields.contains) ?? false }
        let previousLacksField = previousIsEmpty
            || (tree.kind(previous) == .mapping && !tree.entries(previous).contains { tree.text($0.key) == name })
        return cannotBeElement && previousLacksField
    }

    /// Reads the known fields of a mapping; reports unknown and repeated keys.
    /// `context` names the mapping in messages; it is only built when there is something to report.
    /// `adding` are more entries of the mapping, written after it at the wrong indentation.
    private mutating func readFields<F: SpecField>(_ node: NodeID, as: F.Type, in context: @autoclosure () -> String,
                                                   adding misindented: [(key: NodeID, value: NodeID)] = []) -> Fields<F> {
        var fields = Fields<F>()
        var unknown: [String: NodeID] = [:]
        var misspelled: [(field: F, key: NodeID, value: NodeID)] = []
        for (key, value) in misindented.isEmpty ? tree.entries(node) : tree.entries(node) + misindented {
            guard let text = keyName(key, in: context()) else { continue }
            if let field = F(rawValue: text) {
                // A handful of known fields: a linear look-up beats hashing every key.
                if let first = fields.key(field) {
                    reportDuplicate(text, at: key, first: first, what: "field", owner: " in \(context())")
                    fields.repeated.append((field, key, value))
                    continue
                }
                fields.found.append((field, key, value))
            } else {
                guard checkDuplicate(text, key: key, seen: &unknown, what: "field", owner: " in \(context())") else { continue }
                let suggestion = Suggestion.closest(to: text, among: F.allCases.map(\.rawValue)).flatMap(F.init(rawValue:))
                report(.schema, "unknown field `\(text)` in \(context()); \(Self.fieldHint(suggestion))", at: location(key))
                if let suggestion { misspelled.append((suggestion, key, value)) }
            }
        }
        // A misspelled field is read as the field it resembles unless that is present too: reporting the
        // field as missing, or the routes it names as lacking a transition, would repeat the one mistake.
        for entry in misspelled where fields.key(entry.field) == nil {
            fields.found.append(entry)
        }
        return fields
    }

    private static func fieldHint<F: SpecField>(_ suggestion: F?) -> String {
        suggestion.map { "did you mean `\($0.rawValue)`?" } ?? "known fields: \(F.allCases.map(\.rawValue).joined(separator: ", "))"
    }

    /// Returns false (after reporting) when `name` was already a key of this mapping.
    private mutating func checkDuplicate(_ name: String, key: NodeID, seen: inout [String: NodeID], what: String, owner: String) -> Bool {
        if let first = seen[name] {
            reportDuplicate(name, at: key, first: first, what: what, owner: owner)
            return false
        }
        seen[name] = key
        return true
    }

    private mutating func reportDuplicate(_ name: String, at key: NodeID, first: NodeID, what: String, owner: String) {
        report(.duplicateKey, "\(what) `\(name)` is defined twice\(owner); the first definition is used, remove or rename this one",
               at: location(key), notes: [DiagnosticNote("first defined here", at: location(first))])
    }

    private mutating func keyName(_ key: NodeID, in context: @autoclosure () -> String) -> String? {
        guard tree.kind(key) == .scalar, tree.scalarType(key) != .null, let text = tree.text(key) else {
            report(.schema, "keys in \(context()) must be names, found \(tree.describe(key))", at: location(key))
            return nil
        }
        return text
    }

    private mutating func expect(_ node: NodeID, is kind: YAMLTree.Kind, field: @autoclosure () -> String, expecting: String) -> Bool {
        guard tree.kind(node) != kind else { return true }
        report(.schema, "\(field()) must be \(expecting), found \(tree.describe(node))", at: location(node))
        return false
    }

    // MARK: Reporting

    private func location(_ node: NodeID) -> SourceLocation {
        let (line, column) = tree.position(node)
        return SourceLocation(file: path, line: line, column: column)
    }

    private func describeDestination(_ screen: Located<String>?) -> String {
        screen.map { "a route that shows the screen `\($0.value)`" } ?? "a route without a destination"
    }

    private func describe(_ transition: Transition?) -> String {
        transition.map { "a `\($0.rawValue)` route" } ?? "a route without a transition"
    }

    private func list<E: RawRepresentable & CaseIterable>(_ type: E.Type) -> String where E.RawValue == String {
        E.allCases.map(\.rawValue).joined(separator: ", ")
    }

    /// "unknown kind `tabb`; did you mean `tab`?", or "unknown exit `finnish` in `releaseOn`; …" when `field` is given.
    private mutating func reportUnknownValue<E: RawRepresentable & CaseIterable>(
        _ text: String, noun: String, in field: String? = nil, as type: E.Type, at location: SourceLocation
    ) where E.RawValue == String {
        let names = E.allCases.map(\.rawValue)
        let hint = Suggestion.closest(to: text, among: names).map { "did you mean `\($0)`?" } ?? "expected one of \(names.joined(separator: ", "))"
        report(.schema, "unknown \(noun) `\(text)`\(field.map { " in `\($0)`" } ?? ""); \(hint)", at: location)
    }

    private mutating func reportMisplaced(_ field: String, at key: NodeID, belongsTo owner: String, here: String) {
        report(.schema, "`\(field)` belongs only to \(owner), not to \(here); remove it", at: location(key))
    }

    private func report(_ rule: RuleID, _ message: @autoclosure () -> String, at location: SourceLocation,
                        notes: [DiagnosticNote] = []) {
        let (coordinator, route) = (coordinatorName, routeName)
        budget.add(rule, at: location) {
            Diagnostic(rule: rule, severity: .error, message: message(), location: location,
                       coordinator: coordinator, route: route, notes: notes)
        }
    }
}
