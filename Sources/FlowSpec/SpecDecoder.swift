import FlowModel

/// Turns the YAML tree of one spec file into a `SpecFile`, reporting `schema` and `duplicate-key` findings.
///
/// Names are not resolved here (see `ProjectResolver`): a file cannot know the coordinators of other files.
struct SpecDecoder {
    typealias NodeID = YAMLTree.NodeID

    let tree: YAMLTree
    let path: String
    private(set) var diagnostics: [Diagnostic] = []
    /// The element being decoded, for the `coordinator` / `route` fields of findings.
    private var coordinatorName: String?
    private var routeName: String?

    init(tree: YAMLTree, path: String) {
        self.tree = tree
        self.path = path
    }

    mutating func decode() -> SpecFile {
        var file = SpecFile(path: path)
        guard let root = tree.root else {
            report(.schema, "the file is empty; a flow spec is a mapping with `version: 1` and `coordinators`",
                   at: SourceLocation(file: path, line: 1, column: 1))
            return file
        }
        guard tree.kind(root) == .mapping else {
            report(.schema, "a flow spec is a mapping with `version`, `entry`, `coordinators` and `chains`, but this document is \(tree.describe(root))",
                   at: location(root))
            return file
        }
        let fields = readFields(root, as: TopLevelField.self, in: "the top level of a spec")
        if let node = fields[.version] {
            file.version = version(node)
        } else {
            report(.schema, "missing `version`; add `version: 1` at the top of the file", at: location(root))
        }
        if let node = fields[.entry] { file.entry = name(node, field: "entry", expecting: "the name of the coordinator the app starts in") }
        if let node = fields[.description] { _ = string(node, field: "description") }
        if let node = fields[.coordinators] {
            for (key, value) in namedEntries(node, field: "coordinators", element: "coordinator", owner: "") {
                file.coordinators.append(coordinator(named: key, node: value))
            }
        }
        if let node = fields[.chains] {
            for (key, value) in namedEntries(node, field: "chains", element: "chain", owner: "") {
                file.chains.append(chain(named: key, node: value))
            }
        }
        return file
    }

    // MARK: Elements

    private mutating func coordinator(named name: Located<String>, node: NodeID) -> Coordinator {
        coordinatorName = name.value
        defer { coordinatorName = nil }
        var coordinator = Coordinator(name: name.value, location: name.location)
        guard expect(node, is: .mapping, field: "coordinator `\(name.value)`", expecting: "a mapping with `kind`, `initial` and `routes`") else {
            return coordinator
        }
        let fields = readFields(node, as: CoordinatorField.self, in: "coordinator `\(name.value)`")
        if let value = fields[.kind] {
            coordinator.kind = enumeration(value, field: "kind", as: CoordinatorKind.self)
        } else {
            report(.schema, "coordinator `\(name.value)` has no `kind`; add one of \(list(CoordinatorKind.self))", at: name.location)
        }
        if let value = fields[.initial] {
            coordinator.initial = self.name(value, field: "initial", expecting: "the name of the route shown first")
        } else {
            report(.missingInitial, "coordinator `\(name.value)` has no `initial` route; add `initial:` naming the route shown when it starts",
                   at: name.location)
        }
        let kind = coordinator.kind?.value
        if let value = fields[.tabs] {
            if let kind, kind != .tab {
                reportMisplaced("tabs", at: fields.key(.tabs)!, belongsTo: "`tab` coordinators", here: "a \(kind.rawValue) coordinator")
            } else {
                coordinator.tabs = nameList(value, field: "tabs", expecting: "route names")
            }
        } else if kind == .tab {
            report(.schema, "tab coordinator `\(name.value)` has no `tabs`; list the routes that are its tabs", at: name.location)
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
        if let value = fields[.routes] {
            let startRoutes = Set(coordinator.startRoutes)
            for (key, routeNode) in namedEntries(value, field: "routes", element: "route", owner: " in coordinator `\(name.value)`") {
                coordinator.add(route(named: key, node: routeNode, isStartRoute: startRoutes.contains(key.value)))
            }
        } else {
            report(.schema, "coordinator `\(name.value)` has no `routes`; add the routes it shows", at: name.location)
        }
        return coordinator
    }

    private mutating func route(named name: Located<String>, node: NodeID, isStartRoute: Bool) -> Route {
        routeName = name.value
        defer { routeName = nil }
        var route = Route(name: name.value, location: name.location)
        let owner = { [coordinatorName] in "route `\(coordinatorName ?? "").\(name.value)`" }
        guard expect(node, is: .mapping, field: owner(), expecting: "a mapping with `transition` and a `screen` or `coordinator`") else {
            return route
        }
        let fields = readFields(node, as: RouteField.self, in: owner())
        if let value = fields[.transition] {
            route.transition = enumeration(value, field: "transition", as: Transition.self)
        } else if !isStartRoute {
            report(.schema, "route `\(name.value)` has no `transition`; only the initial route and tabs may leave it out", at: name.location)
        }
        let transition = route.transition?.value
        let screen = fields[.screen].flatMap { self.name($0, field: "screen", expecting: "a view controller or view name") }
        let child = fields[.coordinator].flatMap { self.name($0, field: "coordinator", expecting: "a coordinator name") }
        if screen != nil, let child {
            report(.schema, "\(owner()) names both a screen and a coordinator; a route shows one destination", at: child.location)
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
            if transition?.targetField == .route || transition == nil {
                route.target = self.name(value, field: "route", expecting: "a route name").map { RouteReference(parsing: $0.value, at: $0.location) }
            } else {
                reportMisplaced("route", at: fields.key(.route)!, belongsTo: "`trigger` and `popTo` routes", here: describe(transition))
            }
        }
        if let value = fields[.tab] {
            if transition == .select || transition == nil {
                route.tab = self.name(value, field: "tab", expecting: "a tab route name")
            } else {
                reportMisplaced("tab", at: fields.key(.tab)!, belongsTo: "`select` routes", here: describe(transition))
            }
        }
        if let value = fields[.style] {
            if transition == .present {
                route.style = enumeration(value, field: "style", as: PresentationStyle.self)
            } else {
                reportMisplaced("style", at: fields.key(.style)!, belongsTo: "`present` routes", here: describe(transition))
            }
        }
        if let value = fields[.dismissible] {
            if transition == .present {
                route.dismissible = bool(value, field: "dismissible")
            } else {
                reportMisplaced("dismissible", at: fields.key(.dismissible)!, belongsTo: "`present` routes", here: describe(transition))
            }
        }
        let startsChild = route.destination?.value.coordinatorName != nil
        if let value = fields[.retain] {
            if startsChild {
                route.retain = enumeration(value, field: "retain", as: RetainPolicy.self)
            } else {
                reportMisplaced("retain", at: fields.key(.retain)!, belongsTo: "routes that start a child `coordinator`", here: "this route")
            }
        }
        if let value = fields[.releaseOn] {
            if !startsChild {
                reportMisplaced("releaseOn", at: fields.key(.releaseOn)!, belongsTo: "routes that start a child `coordinator`", here: "this route")
            } else if route.effectiveRetain != .parent {
                report(.schema, "`releaseOn` applies only to children with `retain: parent`; this child has `retain: \(route.effectiveRetain.rawValue)`",
                       at: location(fields.key(.releaseOn)!))
            } else {
                route.releaseOn = exitList(value)
            }
        }
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
        if let value = fields[.steps] {
            if expect(value, is: .sequence, field: "steps", expecting: "a list of steps such as `- select: todos` or `- popToRoot`") {
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
        guard expect(node, is: .mapping, field: "holds", expecting: "a mapping of coordinator names to strong, weak or unowned") else { return [] }
        var result: [Hold] = []
        var seen: [String: NodeID] = [:]
        for (key, value) in tree.entries(node) {
            guard let target = keyName(key, in: "holds"), checkDuplicate(target, key: key, seen: &seen, what: "`holds` entry", owner: "") else { continue }
            if let strength = enumeration(value, field: "holds.\(target)", as: HoldStrength.self) {
                result.append(Hold(target: target, strength: strength, location: location(key)))
            }
        }
        return result
    }

    private mutating func exitList(_ node: NodeID) -> Located<[Located<ExitKind>]>? {
        guard let names = nameList(node, field: "releaseOn", expecting: "exits (finish, back, dismiss)") else { return nil }
        var exits: [Located<ExitKind>] = []
        for name in names {
            if let exit = ExitKind(rawValue: name.value) {
                exits.append(Located(exit, at: name.location))
            } else {
                reportUnknownValue(name.value, field: "releaseOn", as: ExitKind.self, at: name.location)
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
        return pairs.compactMap { key, type in
            guard let name = keyName(key, in: "params") else { return nil }
            let typeName = type.flatMap { tree.kind($0) == .scalar ? tree.text($0) : nil }
            return RouteParameter(name: name, type: typeName, location: location(key))
        }
    }

    // MARK: Values

    private mutating func version(_ node: NodeID) -> Located<Int>? {
        guard tree.scalarType(node) == .number, let value = Int(tree.text(node)!) else {
            report(.schema, "`version` must be the number 1, found \(tree.describe(node))", at: location(node))
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

    private mutating func enumeration<E: RawRepresentable & CaseIterable>(_ node: NodeID, field: String, as type: E.Type) -> Located<E>?
    where E.RawValue == String {
        guard tree.kind(node) == .scalar, tree.scalarType(node) != .null, let text = tree.text(node) else {
            report(.schema, "`\(field)` must be one of \(list(E.self)), found \(tree.describe(node))", at: location(node))
            return nil
        }
        guard let value = E(rawValue: text) else {
            reportUnknownValue(text, field: field, as: E.self, at: location(node))
            return nil
        }
        return Located(value, at: location(node))
    }

    /// A list of names; a null value is an empty list. A lone name gets a hint to bracket it.
    private mutating func nameList(_ node: NodeID, field: String, expecting: String) -> [Located<String>]? {
        switch tree.kind(node) {
        case .sequence:
            return tree.items(node).compactMap { name($0, field: field, expecting: "a list of \(expecting)") }
        case .scalar where tree.scalarType(node) == .null:
            return []
        case .scalar:
            report(.schema, "`\(field)` must be a list of \(expecting), found \(tree.describe(node)); write `\(field): [\(tree.text(node)!)]`",
                   at: location(node))
            return nil
        case .mapping:
            report(.schema, "`\(field)` must be a list of \(expecting), found a mapping", at: location(node))
            return nil
        }
    }

    // MARK: Mappings

    /// The entries of a name → element mapping (coordinators, routes, chains), first definition kept.
    /// `owner` completes the duplicate message: `route `a` is defined twice<owner>`.
    private mutating func namedEntries(_ node: NodeID, field: String, element: String, owner: String) -> [(Located<String>, NodeID)] {
        guard tree.kind(node) == .mapping else {
            if tree.scalarType(node) != .null {
                report(.schema, "`\(field)` must be a mapping of \(element) names to \(element)s, found \(tree.describe(node))", at: location(node))
            }
            return []
        }
        var result: [(Located<String>, NodeID)] = []
        var seen: [String: NodeID] = [:]
        for (key, value) in tree.entries(node) {
            guard let name = keyName(key, in: field), checkDuplicate(name, key: key, seen: &seen, what: element, owner: owner) else { continue }
            result.append((Located(name, at: location(key)), value))
        }
        return result
    }

    /// Reads the known fields of a mapping; reports unknown and repeated keys.
    /// `context` names the mapping in messages; it is only built when there is something to report.
    private mutating func readFields<F: SpecField>(_ node: NodeID, as: F.Type, in context: @autoclosure () -> String) -> Fields<F> {
        var fields = Fields<F>()
        var unknown: [String: NodeID] = [:]
        for (key, value) in tree.entries(node) {
            guard let text = keyName(key, in: context()) else { continue }
            if let field = F(rawValue: text) {
                // A handful of known fields: a linear look-up beats hashing every key.
                if let first = fields.key(field) {
                    reportDuplicate(text, at: key, first: first, what: "field", owner: " in \(context())")
                    continue
                }
                fields.found.append((field, key, value))
            } else {
                guard checkDuplicate(text, key: key, seen: &unknown, what: "field", owner: " in \(context())") else { continue }
                let hint = Suggestion.closest(to: text, among: F.allCases.map(\.rawValue)).map { "did you mean `\($0)`?" }
                    ?? "known fields: \(F.allCases.map(\.rawValue).joined(separator: ", "))"
                report(.schema, "unknown field `\(text)` in \(context()); \(hint)", at: location(key))
            }
        }
        return fields
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

    private func describe(_ transition: Transition?) -> String {
        transition.map { "a `\($0.rawValue)` route" } ?? "a route without a transition"
    }

    private func list<E: RawRepresentable & CaseIterable>(_ type: E.Type) -> String where E.RawValue == String {
        E.allCases.map(\.rawValue).joined(separator: ", ")
    }

    private mutating func reportUnknownValue<E: RawRepresentable & CaseIterable>(_ text: String, field: String, as type: E.Type, at location: SourceLocation)
    where E.RawValue == String {
        let names = E.allCases.map(\.rawValue)
        let hint = Suggestion.closest(to: text, among: names).map { "did you mean `\($0)`?" } ?? "expected one of \(names.joined(separator: ", "))"
        report(.schema, "unknown \(field) `\(text)`; \(hint)", at: location)
    }

    private mutating func reportMisplaced(_ field: String, at key: NodeID, belongsTo owner: String, here: String) {
        report(.schema, "`\(field)` belongs only to \(owner), not to \(here); remove it", at: location(key))
    }

    private mutating func report(_ rule: RuleID, _ message: String, at location: SourceLocation, notes: [DiagnosticNote] = []) {
        diagnostics.append(Diagnostic(rule: rule, severity: .error, message: message, location: location,
                                      coordinator: coordinatorName, route: routeName, notes: notes))
    }
}
