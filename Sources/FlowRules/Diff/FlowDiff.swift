import FlowAnalysis
import FlowModel

/// What changed in an app's navigation between two graphs (`flowlint diff`): elements matched by the names the
/// baseline keys already use (coordinator, route, chain), never by line.
public struct FlowDiff: Sendable, Equatable, Encodable {
    public var changes: [FlowChange]
    public var reachability: [ReachabilityChange]

    /// `base` and `head` as read; reachability is compared only when both analyses are given (specs without errors).
    /// `schema` says which fields are compared, and in which order they are listed.
    public init(
        base: FlowGraph, head: FlowGraph, baseAnalysis: Analysis? = nil, headAnalysis: Analysis? = nil,
        schema: SpecSchema = .flowlint
    ) {
        changes = StructuralDiff(base: base, head: head, schema: schema).changes
        if let baseAnalysis, let headAnalysis {
            reachability = ReachabilityDiff(base: baseAnalysis, head: headAnalysis).changes
        } else {
            reachability = []
        }
    }

    /// The coordinators a change names, in order of first mention.
    public var changedCoordinators: [String] {
        var names: [String] = []
        for name in changes.compactMap(\.coordinator) + reachability.map(\.coordinator) where !names.contains(name) {
            names.append(name)
        }
        return names
    }

    public var isEmpty: Bool { changes.isEmpty && reachability.isEmpty }
}

/// One structural change, with every name written out.
public struct FlowChange: Sendable, Equatable, Encodable {
    public enum Kind: String, Sendable, Codable {
        case added, removed, changed, renamed
    }

    /// `coordinator`, `route`, `trigger`, `chain` or `entry`.
    public enum Element: String, Sendable, Codable {
        case coordinator, route, trigger, chain, entry
    }

    public var kind: Kind
    public var element: Element
    public var coordinator: String?
    public var route: String?
    public var chain: String?
    /// The field that changed (`transition`, `destination`, `style`, `retain`, `releaseOn`, `kind`…), for `changed`.
    public var field: FlowField?
    public var old: String?
    public var new: String?
    /// One sentence: "`Cart.checkout` was removed".
    public var message: String
}

/// The field a change names: a spec field of a coordinator or route (a route's `screen` or `coordinator` as its one
/// `destination`), a chain's `steps`, or the `entry`; written as that key.
public enum FlowField: Sendable, Hashable, Encodable, CustomStringConvertible {
    case entry, steps, destination
    case coordinator(CoordinatorField)
    case route(RouteField)

    /// A route's field as diff lists it: `screen` and `coordinator` are its `destination`.
    public static func of(_ field: RouteField) -> FlowField {
        field == .screen || field == .coordinator ? .destination : .route(field)
    }

    public var description: String {
        switch self {
        case .entry: "entry"
        case .steps: "steps"
        case .destination: "destination"
        case .coordinator(let field): field.rawValue
        case .route(let field): field.rawValue
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}

/// A coordinator or screen that one side reaches and the other does not.
public struct ReachabilityChange: Sendable, Equatable, Codable {
    public var coordinator: String
    /// nil: the coordinator as a whole (its routes go with it).
    public var route: String?
    /// Whether HEAD reaches it (it was unreachable in BASE).
    public var reachable: Bool
    /// What made the difference, when one change on the base path explains it: "`Cart.checkout` was removed".
    public var cause: String?

    public var element: String { route.map { "\(coordinator).\($0)" } ?? coordinator }

    /// "`Checkout` is no longer reachable: `Cart.checkout` was removed".
    public var message: String {
        "`\(element)` is \(reachable ? "now reachable" : "no longer reachable")" + (cause.map { ": \($0)" } ?? "")
    }
}

// MARK: Structure

/// Compares coordinators, routes and chains field by field, in HEAD's order (removed elements where BASE had them).
struct StructuralDiff {
    var changes: [FlowChange] = []
    /// The fields compared (`SpecSchema`'s `diff`), in the order changes are listed.
    let schema: SpecSchema
    /// The table's lists, looked up once rather than once per element compared.
    private let coordinatorFields: [SpecFieldEntry<CoordinatorField, Coordinator>]
    private let routeFields: [SpecFieldEntry<RouteField, Route>]
    private let coordinatorTriggers: Bool
    private let routeTriggers: Bool
    private let destinationKinds: Set<RouteField>

    init(base: FlowGraph, head: FlowGraph, schema: SpecSchema) {
        self.schema = schema
        coordinatorFields = schema.diffedCoordinatorFields
        routeFields = schema.diffedRouteFields
        coordinatorTriggers = schema.entry(CoordinatorField.triggers)?.diff == .items
        routeTriggers = schema.entry(RouteField.triggers)?.diff == .items
        destinationKinds = Set([RouteField.screen, .coordinator].filter { schema.entry($0) != nil })
        if base.entry?.value != head.entry?.value {
            changes.append(
                FlowChange(
                    kind: .changed, element: .entry, field: .entry, old: base.entry?.value, new: head.entry?.value,
                    message: "the entry is `\(head.entry?.value ?? "none")`, was `\(base.entry?.value ?? "none")`"))
        }
        for coordinator in base.coordinators where head.coordinatorIndex[coordinator.name] == nil {
            changes.append(
                FlowChange(
                    kind: .removed, element: .coordinator, coordinator: coordinator.name,
                    message: "coordinator `\(coordinator.name)` was removed"))
        }
        for coordinator in head.coordinators {
            guard let old = base.coordinatorIndex[coordinator.name] else {
                changes.append(
                    FlowChange(
                        kind: .added, element: .coordinator, coordinator: coordinator.name,
                        message: "coordinator `\(coordinator.name)` was added (\(coordinator.kind?.value.rawValue ?? "no kind"))"))
                continue
            }
            compare(base.coordinators[old], coordinator)
        }
        compareChains(base, head)
    }

    private mutating func compare(_ old: Coordinator, _ new: Coordinator) {
        let name = new.name
        // Fields that say how the app navigates; `description` and `ignore` do not.
        for entry in coordinatorFields {
            let field = entry.field
            let (before, after) = (Self.value(field, of: old, entry), Self.value(field, of: new, entry))
            guard before != after else { continue }
            changes.append(
                FlowChange(
                    kind: .changed, element: .coordinator, coordinator: name, field: .coordinator(field), old: before, new: after,
                    message: "`\(name)`: \(field.rawValue) \(Self.change(before, after))"))
        }
        if coordinatorTriggers {
            compareTriggers(old.triggers.map(\.text), new.triggers.map(\.text), coordinator: name, route: nil)
        }
        // Routes that are on one side only, by name and signature, each signature made once: not copies of the
        // routes (some twenty fields each to retain and release), nor a signature made again for every pair.
        var added = new.routes.compactMap { old.routeIndex[$0.name] == nil ? (name: $0.name, signature: Self.signature($0)) : nil }
        var removed = old.routes.compactMap { route in
            new.routeIndex[route.name] == nil ? (name: route.name, signature: added.isEmpty ? "" : Self.signature(route)) : nil
        }
        // A route that left under one name and came back under another with the same transition and destination.
        for route in removed {
            let twins = added.filter { $0.signature == route.signature }
            guard twins.count == 1, let twin = twins.first else { continue }
            changes.append(
                FlowChange(
                    kind: .renamed, element: .route, coordinator: name, route: twin.name, old: route.name, new: twin.name,
                    message: "`\(name).\(route.name)` was renamed `\(name).\(twin.name)`"))
            removed.removeAll { $0.name == route.name }
            added.removeAll { $0.name == twin.name }
        }
        for route in removed {
            changes.append(
                FlowChange(
                    kind: .removed, element: .route, coordinator: name, route: route.name,
                    message: "`\(name).\(route.name)` was removed"))
        }
        // Routes on both sides are compared where they are, by position, not copied.
        for position in new.routes.indices {
            let routeName = new.routes[position].name
            if let addition = added.first(where: { $0.name == routeName }) {
                changes.append(
                    FlowChange(
                        kind: .added, element: .route, coordinator: name, route: routeName,
                        message: "`\(name).\(routeName)` was added (\(addition.signature))"))
            } else if let before = old.routeIndex[routeName] {
                compare(old.routes[before], new.routes[position], in: name)
            }
        }
    }

    /// The fields compared on a route that exists on both sides (`screen` and `coordinator` as its one
    /// `destination`); triggers are compared one by one.
    private mutating func compare(_ old: Route, _ new: Route, in coordinator: String) {
        var destinationCompared = false
        for entry in routeFields {
            let field = entry.field
            if field == .screen || field == .coordinator {
                guard !destinationCompared else { continue }
                destinationCompared = true
            }
            let (before, after) = (value(field, of: old, entry), value(field, of: new, entry))
            guard before != after else { continue }
            // A push turned into a presentation: its style belongs to the new transition, not a change of its own.
            if field == .style || field == .dismissible, before == nil || after == nil { continue }
            let label = FlowField.of(field)
            var message = "`\(coordinator).\(new.name)`: \(label) \(Self.change(before, after))"
            if field == .transition, let style = Self.value(.style, of: new), Self.value(.style, of: old) == nil {
                message += " (\(style))"
            }
            changes.append(
                FlowChange(
                    kind: .changed, element: .route, coordinator: coordinator, route: new.name, field: label,
                    old: before, new: after, message: message))
        }
        if routeTriggers {
            compareTriggers(old.triggers.map(\.text), new.triggers.map(\.text), coordinator: coordinator, route: new.name)
        }
    }

    private mutating func compareTriggers(_ old: [String], _ new: [String], coordinator: String, route: String?) {
        guard old != new else { return }
        let owner = route.map { "`\(coordinator).\($0)`" } ?? "`\(coordinator)`"
        for trigger in old where !new.contains(trigger) {
            changes.append(
                FlowChange(
                    kind: .removed, element: .trigger, coordinator: coordinator, route: route, old: trigger,
                    message: "\(owner) no longer triggers `\(trigger)`"))
        }
        for trigger in new where !old.contains(trigger) {
            changes.append(
                FlowChange(
                    kind: .added, element: .trigger, coordinator: coordinator, route: route, new: trigger,
                    message: "\(owner) now triggers `\(trigger)`"))
        }
    }

    private mutating func compareChains(_ base: FlowGraph, _ head: FlowGraph) {
        for chain in base.chains where head.chainIndex[chain.name] == nil {
            changes.append(FlowChange(kind: .removed, element: .chain, chain: chain.name, message: "chain `\(chain.name)` was removed"))
        }
        for chain in head.chains {
            guard let position = base.chainIndex[chain.name] else {
                changes.append(
                    FlowChange(
                        kind: .added, element: .chain, chain: chain.name,
                        message: "chain `\(chain.name)` was added (\(Self.describe(chain)))"))
                continue
            }
            let (before, after) = (Self.describe(base.chains[position]), Self.describe(chain))
            guard before != after else { continue }
            changes.append(
                FlowChange(
                    kind: .changed, element: .chain, chain: chain.name, field: .steps, old: before, new: after,
                    message: "chain `\(chain.name)`: \(Self.change(before, after))"))
        }
    }

    // MARK: Values as text

    /// "`push` → `present`", "set to `sheet`", "`[finish]` removed".
    static func change(_ before: String?, _ after: String?) -> String {
        switch (before, after) {
        case (let before?, let after?): "`\(before)` → `\(after)`"
        case (nil, let after?): "set to `\(after)`"
        case (let before?, nil): "`\(before)` removed"
        case (nil, nil): "unchanged"
        }
    }

    /// What a route does, as one phrase: `push → SettingsViewController`.
    static func signature(_ route: Route) -> String {
        let transition = route.transition?.value.rawValue ?? "no transition"
        return route.destination.map { "\(transition) → \($0.value.name)" } ?? transition
    }

    static func describe(_ chain: Chain) -> String {
        let steps = chain.steps.map { step in step.action.target.map { "\(step.action.keyword) \($0)" } ?? step.action.keyword }
        return "from \(chain.from?.value ?? "?")\(chain.runsAtLaunch ? " at launch" : ""): " + steps.joined(separator: ", ")
    }

    static func value(_ field: CoordinatorField, of coordinator: Coordinator, _ entry: SpecFieldEntry<CoordinatorField, Coordinator>? = nil)
        -> String?
    {
        switch field {
        case .kind: coordinator.kind?.value.rawValue
        case .initial: coordinator.initials.isEmpty ? nil : coordinator.initials.map(\.value).joined(separator: ", ")
        case .tabs: coordinator.tabs.map { $0.map(\.value).joined(separator: ", ") }
        case .stack: coordinator.effectiveStack.rawValue
        case .holds:
            coordinator.holds.isEmpty
                ? nil : coordinator.holds.map { "\($0.target): \($0.strength.value.rawValue)" }.joined(separator: ", ")
        case .open: coordinator.isOpen ? "true" : nil
        case .mayStart: coordinator.mayStart.map { $0.map(\.value).joined(separator: ", ") }
        case .type: coordinator.type?.value
        default: (entry ?? SpecSchema.flowlint.entry(field))?.read(coordinator).map(text)
        }
    }

    /// A route's field as the app sees it: defaults applied where they matter (style of a presentation, the
    /// retention of a child), so spelling out a default is no change.
    /// A route's destination is compared as one field, of the kinds (`screen`, `coordinator`) the table has.
    private func value(_ field: RouteField, of route: Route, _ entry: SpecFieldEntry<RouteField, Route>) -> String? {
        guard field == .screen || field == .coordinator else { return Self.value(field, of: route, entry) }
        guard let destination = route.destination, destinationKinds.contains(destination.value.field) else { return nil }
        return Self.value(field, of: route, entry)
    }

    static func value(_ field: RouteField, of route: Route, _ entry: SpecFieldEntry<RouteField, Route>? = nil) -> String? {
        let startsChild = route.destination?.value.coordinatorName != nil
        let presents = route.transition?.value == .present
        switch field {
        case .transition: return route.transition?.value.rawValue
        case .screen, .coordinator: return route.destination.map { "\($0.value.field.rawValue) \($0.value.name)" }
        case .style: return presents ? (route.effectiveStyle.isFullScreen ? "fullScreen" : "sheet") : nil
        case .dismissible: return presents ? (route.isDismissibleBySwipe ? "true" : "false") : nil
        case .retain: return startsChild ? route.effectiveRetain.rawValue : nil
        case .releaseOn:
            return startsChild && route.effectiveRetain == .parent
                ? "[" + route.effectiveReleaseOn.map(\.rawValue).joined(separator: ", ") + "]" : nil
        case .open: return route.isOpen ? "true" : nil
        default: return (entry ?? SpecSchema.flowlint.entry(field))?.read(route).map(text)
        }
    }

    private static func text(_ value: SpecValue) -> String {
        switch value {
        case .name(let text, _), .word(let text, _), .text(let text, _): text
        case .parameter(let name, let type, _): type.map { "\(name): \($0)" } ?? name
        case .pair(let key, let word, _): "\(key): \(word)"
        case .list(let items): items.map(text).joined(separator: ", ")
        }
    }
}

// MARK: Reachability

/// Coordinators and routes both sides declare, reached on one side only. A route of a coordinator that changed
/// as a whole is left to the coordinator's line. The cause is the first step of BASE's shortest path that HEAD
/// no longer has: a removed route, a trigger the screen lost, a route that no longer starts the coordinator.
struct ReachabilityDiff {
    var changes: [ReachabilityChange] = []

    init(base: Analysis, head: Analysis) {
        let (old, new) = (base.index, head.index)
        // Paths are searched only once something changed, and once per side.
        var searched: [Bool: ShortestPaths] = [:]
        func cause(of route: RouteID, gained: Bool) -> String? {
            let (side, other) = gained ? (head, base) : (base, head)
            if searched[gained] == nil { searched[gained] = ShortestPaths(side) }
            return Self.cause(of: route, on: searched[gained]!, in: other, lost: !gained)
        }
        for coordinator in new.graph.coordinators {
            guard let before = old.coordinator(named: coordinator.name), let after = new.coordinator(named: coordinator.name) else {
                continue
            }
            let (was, now) = (base.reachability.startedCoordinator[before], head.reachability.startedCoordinator[after])
            if was != now {
                let target = now ? new.initialRoute(of: after) : old.initialRoute(of: before)
                changes.append(
                    ReachabilityChange(
                        coordinator: coordinator.name, reachable: now,
                        cause: target.flatMap { cause(of: $0, gained: now) }))
                continue
            }
            guard now else { continue }
            for route in coordinator.routes {
                guard let r0 = old.route(named: route.name, in: before), let r1 = new.route(named: route.name, in: after),
                    old.showsScreen(r0) || new.showsScreen(r1)
                else { continue }
                let (reached, reaches) = (base.reachability.reachedRoute[r0], head.reachability.reachedRoute[r1])
                guard reached != reaches else { continue }
                changes.append(
                    ReachabilityChange(
                        coordinator: coordinator.name, route: route.name, reachable: reaches,
                        cause: cause(of: reaches ? r1 : r0, gained: reaches)))
            }
        }
    }

    /// The first step on `side`'s shortest path to `route` that `other` lacks, as a sentence about the change from
    /// BASE to HEAD: `side` is BASE when HEAD lost the route (`lost`), HEAD when it gained it.
    private static func cause(of route: RouteID, on paths: ShortestPaths, in other: Analysis, lost: Bool) -> String? {
        guard let steps = paths.steps(to: route.position) else { return nil }
        let (index, otherIndex) = (paths.analysis.index, other.index)
        func name(_ route: RouteID) -> (owner: String, route: String) {
            (index[coordinator: index.owner(of: route)].name, index[route: route].name)
        }
        for step in steps {
            let (owner, routeName) = name(step.route)
            guard let otherOwner = otherIndex.coordinator(named: owner) else { return "`\(owner)` was \(lost ? "removed" : "added")" }
            guard let otherRoute = otherIndex.route(named: routeName, in: otherOwner) else {
                return "`\(owner).\(routeName)` was \(lost ? "removed" : "added")"
            }
            if step.kind == .tap, let screen = step.screen {
                let (screenOwner, screenName) = name(screen)
                if let otherScreenOwner = otherIndex.coordinator(named: screenOwner),
                    let otherScreen = otherIndex.route(named: screenName, in: otherScreenOwner),
                    !otherIndex.triggers.neighbors(of: otherScreen).contains(otherRoute)
                {
                    return "`\(screenOwner).\(screenName)` \(lost ? "no longer triggers" : "now triggers") `\(routeName)`"
                }
            }
            if let child = index.child(of: step.route),
                otherIndex.child(of: otherRoute).map({ otherIndex[coordinator: $0].name }) != index[coordinator: child].name
            {
                return "`\(owner).\(routeName)` \(lost ? "no longer starts" : "now starts") `\(index[coordinator: child].name)`"
            }
            let (mine, theirs) = (index.transition(step.route), otherIndex.transition(otherRoute))
            if mine != theirs {
                let (before, after) = lost ? (mine, theirs) : (theirs, mine)
                return "`\(owner).\(routeName)` is `\(after?.rawValue ?? "none")`, was `\(before?.rawValue ?? "none")`"
            }
        }
        return nil
    }
}
