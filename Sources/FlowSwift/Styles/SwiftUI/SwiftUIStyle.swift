import FlowModel
import FlowConfig

/// SwiftUI: the coordinator is whatever owns navigation state a view binds — a router object whose path a
/// `NavigationStack(path:)` binds, or a view that binds its own `@State` path, sheet item or flag, or shows a
/// `TabView`. Routes are the cases its `navigationDestination(for:)` and `sheet(item:)` closures show, the flags its
/// presenters bind, its tabs; transitions come from what the code does to that state (`path.append` pushes).
struct SwiftUIStyle: CoordinatorStyle {
    /// What the reader learns of the whole project before the first owner is built.
    struct State: Sendable {
        /// Enum → the views its `navigationDestination(for:)` closures show.
        var destinations: [String: CaseViews] = [:]
        /// The owners this style claims: routers (objects) and views.
        var routers: Set<String> = []
        var views: Set<String> = []
        /// Router → its path property and the stack a view binds it to.
        var stacks: [String: Binding] = [:]
        /// Router without a stack → the first view that binds its presenters (`$model.sheet`): its first screen.
        var presenterHosts: [String: String] = [:]
        /// Router → the stacks other views bind it to besides the first (a router type each tab makes its own of).
        var otherStacks: [String: [Binding]] = [:]
        /// Owner → the presentations views bind to its state (a router's `sheet`, a view's own).
        var presentations: [String: [Binding]] = [:]
        /// View → the router it makes and keeps and whose stack it shows (`@StateObject var router = R()`).
        var hostedRouters: [String: String] = [:]
        /// Owner → the calls that are routes of their own (`removeLast()` → `pop`), by route name.
        var calls: [String: [Fact<String>]] = [:]
        /// Views that close their own context (`dismiss()` of `@Environment(\.dismiss)`), at the call.
        var selfClosing: [String: SourceLocation] = [:]
        /// How a view of `selfClosing` that calls no `dismiss()` closes its context, in words (a representable of a
        /// UIKit controller that closes itself).
        var closingWords: [String: String] = [:]

        /// How `screen`, a view of `selfClosing`, closes its context, in words.
        func closes(_ screen: String) -> String { closingWords[screen] ?? "`\(screen)` calls `dismiss()` of its environment" }
        /// Views that keep `dismiss` of their environment where no call of it is read (handed to a delegate object that
        /// calls it under its own name): what shows them may be closed from there.
        var unseenClosers: Set<String> = []
        /// Owning view → the routes its own body fires on its own state, for a view that is no screen of its routes.
        var ownTriggers: [String: [Fact<String>]] = [:]
        /// Owning view → the items and flags its own body clears where the reader cannot tell which view runs it.
        var unplacedClosers: [String: Set<String>] = [:]
        /// Owner → the items its code sets to a value the reader cannot tell (`sheet = pending`): which of their routes
        /// it shows is not read.
        var untoldItems: [String: Set<String>] = [:]
        /// Owner → the values its path is given (`path.append(Route.x)`): their enum and case, at the call.
        var pushed: [String: [(type: String, route: Fact<String>)]] = [:]
        /// Whether some `navigationDestination(for:)` of the app's names a type the reader cannot tell (`T.self` of a
        /// generic helper): then no value can be said to lack a destination.
        var unreadDestinations = false
        /// Owner → the routes a screen other than the owner is read to trigger.
        var triggered: [String: Set<String>] = [:]
        /// Tab view → the properties its `TabView(selection:)` binds.
        var selections: [String: Set<String>] = [:]
        /// Route enum → its owner, when one owner's path holds it.
        var enumOwners: [String: String] = [:]
        /// Views whose `navigationDestination(for:)` lies outside every stack wherever they are shown.
        var stacklessViews: Set<String> = []
        /// Views named as coordinators that bind no navigation state the reader knows (`SwiftUINamedViews.swift`).
        var namedViews: Set<String> = []
        /// What the recognizer read of every view's bindings and in-place views, to look up.
        var held = HeldBindings()
    }

    private(set) var state = State()

    init() {}

    static func claims(_ type: TypeFacts, _ recognizer: Recognizer) -> Bool {
        guard type.keyword == .class || type.keyword == .struct || type.keyword == .actor else { return false }
        let index = recognizer.index
        if isView(type) {
            return isOwningView(type, index, recognizer.swiftUIHeld) || isStacklessDestinationView(type, index)
                || isNamedCoordinatorView(type, index, recognizer.swiftUIHeld)
        }
        guard type.keyword == .class || type.keyword == .actor else { return false }
        let paths = pathProperties(of: type, index)
        return (!paths.isEmpty && !stacksBound(type.name, paths, recognizer.swiftUIHeld, first: true).isEmpty)
            || !presentersBound(type, recognizer.swiftUIHeld, first: true).isEmpty
    }

    /// A view that binds state of its own to a stack or a presenter, or shows tabs.
    static func isOwningView(_ type: TypeFacts, _ index: ProjectIndex, _ held: HeldBindings) -> Bool {
        let counts = index.callCounts
        guard ([names.stack, names.tabs, names.destination] + names.presenters.keys).contains(where: { (counts[$0] ?? 0) > 0 }) else {
            return false
        }
        return (held.bindings(of: type) + held.helperBindings(of: type, index)).contains { binding in
            // A `TabView` whose pages are no views of the app's (a carousel of `slide(…)`s) shows no flow.
            if binding.kind == .tabs { return !tabViews(binding, in: type, index).isEmpty }
            return binding.holder == nil && type.properties.contains { $0.name == binding.property }
        }
    }

    mutating func prepare(_ context: inout Context) {
        let index = context.recognizer.index
        let claimed = context.recognizer.names(claimedBy: Self.self)
        state.held = context.recognizer.swiftUIHeld
        (state.destinations, state.unreadDestinations) = Self.destinations(index)
        for name in claimed {
            guard let type = index.types[name] else { continue }
            if Self.isView(type) {
                state.views.insert(name)
                if !Self.isOwningView(type, index, state.held) {
                    if Self.isStacklessDestinationView(type, index) {
                        state.stacklessViews.insert(name)
                    } else {
                        state.namedViews.insert(name)
                    }
                }
                continue
            }
            let paths = Self.pathProperties(of: type, index)
            let stacks = Self.stacksBound(name, paths, context.recognizer.swiftUIHeld)
            state.routers.insert(name)
            guard let binding = stacks.first else {
                guard let presenter = Self.presentersBound(type, context.recognizer.swiftUIHeld, first: true).first else { continue }
                state.presenterHosts[name] = presenter.host
                if let host = index.types[presenter.host], let holder = presenter.holder, Self.ownsHeld(holder, in: host) {
                    state.hostedRouters[presenter.host] = name
                }
                continue
            }
            state.stacks[name] = binding
            state.otherStacks[name] = Array(stacks.dropFirst())
            if let routes = paths.first(where: { $0.name == binding.property })?.routes {
                state.enumOwners[routes] = state.enumOwners[routes] == nil ? name : ""
            }
            // Every view that makes and keeps such a router shows its stack (each tab making its own `RouterPath()`).
            for stack in stacks {
                guard let host = index.types[stack.host], let holder = stack.holder, Self.ownsHeld(holder, in: host),
                    state.hostedRouters[stack.host] == nil
                else { continue }
                state.hostedRouters[stack.host] = name
            }
        }
        for name in index.order {
            guard let type = index.types[name], Self.isView(type) else { continue }
            for binding in state.held.bindings(of: type) + state.held.helperBindings(of: type, index) {
                switch binding.kind {
                case .item, .flag: addPresentation(binding, of: type, index)
                case .tabs:
                    if binding.holder == nil, let property = binding.property { state.selections[name, default: []].insert(property) }
                case .stack: break
                }
            }
            if let closing = Self.selfClosingCall(type) {
                state.selfClosing[name] = closing
            } else if let wrapped = Self.wrapsSelfClosingController(type) {
                state.selfClosing[name] = wrapped.at
                state.closingWords[name] = wrapped.words
            }
        }
        Self.addClosingThroughHolders(&state.selfClosing, index)
        for name in index.order where state.selfClosing[name] == nil {
            guard let type = index.types[name], Self.isView(type), type.properties.contains(where: Self.dismissProperty) else { continue }
            state.unseenClosers.insert(name)
        }
        // A view whose body shows a view that closes its context closes it too (`MigrationView` inside its host).
        var embeddingClosers: [String: SourceLocation] = [:]
        for name in index.order where state.selfClosing[name] == nil {
            guard let type = index.types[name], Self.isView(type) else { continue }
            if let inner = state.held.embeddedViews(of: type).first(where: { state.selfClosing[$0.value] != nil }) {
                embeddingClosers[name] = state.selfClosing[inner.value]
                if let words = state.closingWords[inner.value] { state.closingWords[name] = "`\(name)` shows `\(inner.value)`: \(words)" }
            }
        }
        state.selfClosing.merge(embeddingClosers) { own, _ in own }
        Self.collectTriggers(&state, &context)
    }

    private mutating func addPresentation(_ binding: Binding, of host: TypeFacts, _ index: ProjectIndex) {
        let owner = binding.holder.map { Self.heldType($0, in: host, index) } ?? host.name
        guard let owner, state.routers.contains(owner) || (binding.holder == nil && state.views.contains(owner)) else { return }
        state.presentations[owner, default: []].append(binding)
    }

    mutating func coordinator(_ type: TypeFacts, _ context: inout Context) -> Coordinator? {
        if state.routers.contains(type.name) { return Self.router(type, state, &context) }
        if state.stacklessViews.contains(type.name) { return Self.stacklessDestinationView(type, state, &context) }
        if state.namedViews.contains(type.name) { return Self.namedCoordinatorView(type, state, &context) }
        if state.views.contains(type.name) { return Self.owningView(type, state, &context) }
        return nil
    }

    func forBuilding() -> Self { self }

    mutating func merge(_ built: Self) {}

    mutating func link(_ context: inout Context) {
        Self.linkBridges(state, &context)
        Self.linkSelfClosingChildren(state, &context)
        // A router object keeping a closure that keeps it (through a view model, a subscription): `holds: {Self: strong}`.
        for router in state.routers.sorted() {
            guard var coordinator = context.coordinators[router] else { continue }
            ClosureHolds.read(of: router, &coordinator.holds, context)
            context.coordinators[router] = coordinator
        }
    }
}
