import FlowModel
import FlowAnalysis
@testable import FlowRules

/// A small interpreter of DESIGN §4's navigation state, written apart from `PathGraph` so that it can judge it: it
/// replays a path step by step from launch and says what went wrong, if anything. The state: presentation layers
/// above the window's root, each showing one screen; the stack of each navigation coordinator in view; the
/// coordinators started, each in the layer it lives in.
struct PathReplay {
    private let index: FlowIndex
    private let analysis: Analysis
    /// The screen each layer shows (layer 0: the window), and whether the layer is one presented screen.
    private var layers: [(visible: RouteID?, presentedScreen: Bool)] = [(nil, false)]
    /// Started coordinators → the layer they live in, the route that started them (nil: the entry) and the stack their
    /// screens are pushed on (nil: none).
    private var active: [CoordinatorID: (layer: Int, starter: RouteID?, stack: CoordinatorID?)] = [:]
    private var stacks: [CoordinatorID: [RouteID]] = [:]
    /// A coordinator whose `initial` list waits for the app's pick, or a finish whose `then` alternatives do.
    private var pendingInitial: CoordinatorID?
    private var pendingThen: [RouteID] = []

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    init(_ analysis: Analysis) throws {
        self.analysis = analysis
        index = analysis.index
        guard let entry = index.entry else { throw Failure(description: "no entry") }
        try start(entry, starter: nil, layer: 0, stack: nil)
    }

    /// The screen shown now.
    var visible: RouteID? { layers.last!.visible }

    /// Replays `steps`; throws at the first step that is not available on the screen shown.
    mutating func replay(_ steps: [PathStep]) throws {
        for (position, step) in steps.enumerated() {
            do {
                try take(step)
            } catch let failure as Failure {
                throw Failure(description: "step \(position + 1) (\(step.kind) \(index.qualifiedName(step.route))): \(failure)")
            }
        }
    }

    private mutating func take(_ step: PathStep) throws {
        let route = step.route
        if step.kind != .initial, let pending = pendingInitial {
            throw Failure(description: "\(index[coordinator: pending].name) waits for its initial route")
        }
        switch step.kind {
        case .tap:
            guard let shown = visible, shown == step.screen else {
                throw Failure(description: "the screen shown is \(visible.map(index.qualifiedName) ?? "none")")
            }
            guard index.triggers.neighbors(of: shown).contains(route) else { throw Failure(description: "the screen does not trigger it") }
            try fire(route, from: shown)
        case .tab:
            let tabs = index.owner(of: route)
            guard index.kind[tabs] == .tab, let place = active[tabs], place.layer == layers.count - 1 else {
                throw Failure(description: "no tab bar in view")
            }
            try enter(route)
        case .event:
            try fire(route, from: nil)
        case .deepLink:
            try runChain(step.chain!)
        case .initial:
            guard pendingInitial == index.owner(of: route) else { throw Failure(description: "no initial list waits") }
            pendingInitial = nil
            try enter(route)
        case .then:
            guard pendingThen.contains(route) else { throw Failure(description: "no finish continues with it") }
            pendingThen = []
            try fire(route, from: nil)
        }
    }

    // MARK: Effects (DESIGN §1's transition table)

    /// `route` fires while `screen` is shown (nil: the app fires it).
    private mutating func fire(_ route: RouteID, from screen: RouteID?) throws {
        let owner = index.owner(of: route)
        guard let place = active[owner] else { throw Failure(description: "\(index[coordinator: owner].name) is not started") }
        guard let acting = index.redirectEnd(of: route) else { throw Failure(description: "the redirect does not resolve") }
        if acting != route { return try fire(acting, from: screen) }
        let shownStack = screen.flatMap { shown -> CoordinatorID? in
            layers.last!.presentedScreen ? nil : active[index.owner(of: shown)]?.stack
        }
        switch index.transition(route) {
        case .push?:
            guard let stack = place.stack, place.layer == layers.count - 1, shownStack == nil || shownStack == stack else {
                throw Failure(description: "pushes onto a stack that is not in view")
            }
            if let child = childOf(route) {
                guard index.kind[child] != .navigation || index.joinsParentStack(child, startedBy: route) else {
                    throw Failure(description: "pushes a navigation controller")
                }
                try start(child, starter: route, layer: place.layer, stack: stack)
            } else {
                stacks[stack, default: []].append(route)
                show(route)
            }
        case .present?:
            layers.append((nil, childOf(route) == nil))
            if let child = childOf(route) { try start(child, starter: route, layer: layers.count - 1, stack: nil) } else { show(route) }
        case .setRoot?, .embed?, .show?, .showDetail?:
            if index.transition(route) == .setRoot { close(above: place.layer) }
            guard place.layer == layers.count - 1 else { throw Failure(description: "shows under a presentation") }
            try enter(route)
        case .attach?:
            if let child = childOf(route) {
                try start(
                    child, starter: route, layer: place.layer, stack: index.joinsParentStack(child, startedBy: route) ? place.stack : nil)
            }
        case .select?:
            guard let tab = index.tab(of: route) else { throw Failure(description: "no tab") }
            try enter(tab)
        case .dismiss?:
            guard layers.count > 1 else { throw Failure(description: "nothing is presented") }
            close(above: layers.count - 2)
        case .dismissToRoot?:
            close(above: 0)
        case .pop?, .popToRoot?, .popTo?:
            guard let stack = place.stack, shownStack == nil || shownStack == stack, place.layer == layers.count - 1 else {
                throw Failure(description: "pops a stack that is not in view")
            }
            var screens = stacks[stack] ?? []
            switch index.transition(route) {
            case .popTo?:
                let target = index.target(of: route).flatMap { analysis.navigation.stackedScreen(of: $0, index: index) }
                guard let depth = screens.lastIndex(where: { $0 == target }) else {
                    throw Failure(description: "pops to a route not on the stack")
                }
                screens.removeSubrange((depth + 1)...)
            case .popToRoot?: screens = Array(screens.prefix(1))
            default: if screens.count > 1 { screens.removeLast() }
            }
            stacks[stack] = screens
            show(screens.last)
        case .finish?:
            try finish(owner)
        case .trigger?, nil:
            throw Failure(description: "does nothing")
        }
    }

    /// A route shown as a coordinator's start, a tab, or a root: its screen, or the child it starts.
    private mutating func enter(_ route: RouteID) throws {
        let owner = index.owner(of: route)
        guard let place = active[owner] else { throw Failure(description: "\(index[coordinator: owner].name) is not started") }
        if let child = childOf(route) {
            let joins = index.kind[child] == .navigation && index.joinsParentStack(child, startedBy: route)
            try start(child, starter: route, layer: place.layer, stack: joins ? place.stack : nil)
        } else if index.showsScreen(route) {
            if index.kind[owner] == .navigation, let stack = place.stack { stacks[stack] = [route] }
            show(route)
        } else {
            try fire(route, from: nil)
        }
    }

    private mutating func start(_ coordinator: CoordinatorID, starter: RouteID?, layer: Int, stack: CoordinatorID?) throws {
        let ownStack = index.kind[coordinator] == .navigation && stack == nil ? coordinator : stack
        active[coordinator] = (layer, starter, ownStack)
        let initials = index[coordinator: coordinator].initials
        if initials.count > 1 {
            pendingInitial = coordinator
            return
        }
        guard let first = index.initialRoute(of: coordinator) else { throw Failure(description: "no initial route") }
        // A `stack: parent` child pushes its first screen onto the stack it joins.
        if stack != nil, index.showsScreen(first), ownStack == stack {
            stacks[stack!, default: []].append(first)
            show(first)
        } else {
            try enter(first)
        }
    }

    /// The coordinator ends: its presentation closes, its screens leave the stacks, and its starter's `then` runs.
    private mutating func finish(_ coordinator: CoordinatorID) throws {
        guard let place = active[coordinator], let starter = place.starter else {
            throw Failure(description: "the entry finishes: nobody is told")
        }
        if index.transition(starter) == .present { close(above: place.layer - 1) }
        for stack in stacks.keys { stacks[stack]!.removeAll { index.owner(of: $0) == coordinator } }
        active[coordinator] = nil
        let continuations = Array(index.then.neighbors(of: starter))
        if continuations.count == 1 {
            try fire(continuations[0], from: nil)
        } else {
            pendingThen = continuations
        }
    }

    /// Runs a chain as DESIGN §1 says, through the routes its walk stepped through.
    private mutating func runChain(_ position: Int) throws {
        let chain = index.graph.chains[position]
        let walk = analysis.chains[position]
        guard let from = chain.from.flatMap({ index.coordinator(named: $0.value) }), active[from] != nil else {
            throw Failure(description: "its coordinator is not started")
        }
        var stepped = walk.stepped.makeIterator()
        for step in chain.steps {
            switch step.action {
            case .route:
                try fire(stepped.next()!, from: nil)
            case .select:
                try enter(stepped.next()!)
            case .dismiss:
                guard layers.count > 1 else { throw Failure(description: "nothing to dismiss") }
                close(above: layers.count - 2)
            case .dismissToRoot:
                close(above: 0)
            case .pop, .popToRoot, .popTo:
                // Only the stack's top changes: the chain's next step shows what it shows.
                break
            }
        }
    }

    private mutating func show(_ screen: RouteID?) {
        layers[layers.count - 1].visible = screen
    }

    /// Closes the layers above `layer`, and the coordinators that live in them.
    private mutating func close(above layer: Int) {
        guard layers.count - 1 > layer else { return }
        layers.removeSubrange((layer + 1)...)
        active = active.filter { $0.value.layer <= layer }
    }

    private func childOf(_ route: RouteID) -> CoordinatorID? { index.child(of: route) }
}
