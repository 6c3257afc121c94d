import FlowModel
import FlowAnalysis

// The clean-up after every style has read its coordinators: what would not be a valid spec element (a route to a
// coordinator that was not extracted, a chain step naming no route: `unknown-reference` in the spec) is left out
// with a note, never guessed. Each pass is a type whose initializer takes the pass before it, so the order is
// the types', not a comment's:
//
//     TabHubsWithTabs → WrittenCoordinators → ResolvedRoutes → ResolvedReferences → ResolvedChains

/// A tab coordinator is its tabs: without them it is not a valid spec element. One whose tabs the reader cannot follow
/// but that navigates otherwise (sets the window's root, presents) is kept as a container of what it shows (`view`),
/// open: no coordinator type is dropped while something of it can be written.
struct TabHubsWithTabs {
    var coordinators: [Coordinator]

    init(_ coordinators: [Coordinator], _ context: inout Context) {
        var kept: [Coordinator] = []
        for var coordinator in coordinators {
            guard coordinator.kind?.value == .tab, coordinator.tabs?.isEmpty ?? true else {
                kept.append(coordinator)
                continue
            }
            let name = coordinator.name
            coordinator.replaceRoutes(
                coordinator.routes.filter { route in
                    route.transition.map { $0.value != .select } ?? !coordinator.initials.contains { $0.value == route.name }
                })
            guard let first = coordinator.routes.first else {
                context.notes.append(
                    ExtractionNote(
                        .unrecognized, "the tabs of `\(name)` come from values the reader cannot follow: coordinator left out",
                        at: coordinator.location, coordinator: name))
                continue
            }
            context.notes.append(
                ExtractionNote(
                    .unrecognized,
                    "the tabs of `\(name)` come from values the reader cannot follow: written as a container of what else it shows (`kind: "
                        + "view`), open",
                    at: coordinator.location, coordinator: name))
            coordinator.kind = context.put(
                Fact(
                    .view, at: coordinator.location, .inferred("a tab hub whose tabs the reader cannot follow, kept for what else it shows")
                ), .coordinator(name, .kind))
            coordinator.tabs = nil
            coordinator.open = Located(true, at: coordinator.location)
            let names = Set(coordinator.routes.map(\.name))
            coordinator.initials = coordinator.initials.filter { names.contains($0.value) }
            if coordinator.initials.isEmpty {
                coordinator.initials = [
                    context.put(
                        Fact(first.name, at: first.location, .inferred("its tabs are not read: the first route left")),
                        .coordinator(name, .initial))
                ]
                if first.transition?.value != .present, let index = coordinator.routes.firstIndex(where: { $0.name == first.name }) {
                    coordinator.routes[index].transition = nil
                    coordinator.routes[index].style = nil
                }
            }
            kept.append(coordinator)
        }
        self.coordinators = kept
    }
}

/// The coordinators that will be written. One without routes is not, nor one whose start was not read, nor a tab
/// coordinator none of whose tabs is: routes that start it are left out with it, which may leave their own coordinator
/// without routes (so, until nothing changes; each round removes one at least).
struct WrittenCoordinators {
    var coordinators: [Coordinator]
    var names: Set<String>

    init(_ previous: TabHubsWithTabs, _ context: inout Context) {
        coordinators = previous.coordinators
        var names = Set(coordinators.filter { !$0.routes.isEmpty }.map(\.name))
        var leftOutWhole: Set<String> = []
        while true {
            var withoutTabs: [Coordinator] = []
            var withoutStart: [Coordinator] = []
            let emptied = coordinators.filter { coordinator in
                guard names.contains(coordinator.name) else { return false }
                // Where it begins was not read (a Stinsen coordinator whose `stack` does not parse): no valid spec element.
                if coordinator.initial == nil, coordinator.initials.isEmpty {
                    withoutStart.append(coordinator)
                    return true
                }
                if !coordinator.routes.contains(where: { route in
                    route.destination.map { $0.value.coordinatorName.map(names.contains) ?? true } ?? true
                }) {
                    return true
                }
                // A tab is a screen or a child that is written; without one the coordinator is no valid tab coordinator.
                guard coordinator.kind?.value == .tab, let tabs = coordinator.tabs.map({ Set($0.map(\.value)) }) else { return false }
                let hasTab = coordinator.routes.contains { route in
                    tabs.contains(route.name) && route.destination.map { $0.value.coordinatorName.map(names.contains) ?? true } == true
                }
                if !hasTab { withoutTabs.append(coordinator) }
                return !hasTab
            }
            guard !emptied.isEmpty else { break }
            for coordinator in withoutTabs {
                context.notes.append(
                    ExtractionNote(
                        .unresolvedFactory,
                        "none of the tabs of `\(coordinator.name)` is written (their coordinators' routes were not recognized): "
                            + "coordinator left out",
                        at: coordinator.location, coordinator: coordinator.name))
                leftOutWhole.insert(coordinator.name)
            }
            for coordinator in withoutStart {
                context.notes.append(
                    ExtractionNote(
                        .unrecognized, "where `\(coordinator.name)` begins was not read (no first route or screen): coordinator left out",
                        at: coordinator.location, coordinator: coordinator.name))
                leftOutWhole.insert(coordinator.name)
            }
            names.subtract(emptied.map(\.name))
        }
        // Its other routes (a screen a hub shows before its tabs) would keep it: it goes whole.
        coordinators.removeAll { leftOutWhole.contains($0.name) }
        self.names = names
    }
}

/// Routes the spec could not hold are left out, and their coordinator is `open`: a navigation the reader does not
/// recognize, a destination the code computes, a child that is not written. Holds on a coordinator that is not
/// written go too.
struct ResolvedRoutes {
    var coordinators: [Coordinator]
    var names: Set<String>

    init(_ previous: WrittenCoordinators, _ context: inout Context) {
        var coordinators = previous.coordinators
        let names = previous.names
        for index in coordinators.indices {
            // A sheet's heights belong to the route that presents it: a child's start whose presentation was lifted
            // onto its parent's route, or a first screen read as a stack's root, keeps none.
            for route in coordinators[index].routes.indices where coordinators[index].routes[route].transition?.value != .present {
                coordinators[index].routes[route].detents = nil
            }
            let coordinator = coordinators[index]
            let initial = coordinator.initial?.value
            coordinators[index].routes = coordinator.routes.filter { route in
                /// Says why `route` is left out, and marks its coordinator open.
                func leaveOut(_ kind: ExtractionNote.Kind, _ message: String) -> Bool {
                    context.notes.append(ExtractionNote(kind, message, at: route.location, coordinator: coordinator.name))
                    coordinators[index].markOpen()
                    return false
                }
                // A route whose navigation was not recognized (a custom `Transition`) has nothing to write.
                if route.transition == nil, route.destination == nil, route.name != initial {
                    return leaveOut(
                        .unrecognized,
                        "`\(coordinator.name).\(route.name)` navigates in a way the reader does not recognize: route left out (name "
                            + "your own navigation methods in .flowlint.yml `extract:`)")
                }
                // A transition that needs a destination or a target the code did not show: listed, not guessed.
                if let transition = route.transition?.value, route.name != initial,
                    (transition.destinationRule == .required && route.destination == nil
                        && !context.unmapped.contains("\(coordinator.name).\(route.name)"))
                        || (transition.targetField == .route && route.target == nil)
                        || (transition.targetField == .tab && route.tab == nil)
                {
                    return leaveOut(
                        .dynamicDestination,
                        "`\(coordinator.name).\(route.name)` does `\(transition.rawValue)` to something the code computes: route left out")
                }
                guard let child = route.destination?.value.coordinatorName, !names.contains(child) else { return true }
                return leaveOut(
                    .unresolvedFactory,
                    "`\(coordinator.name).\(route.name)` starts `\(child)`, whose routes were not recognized: route left out")
            }
        }
        for index in coordinators.indices {
            coordinators[index].holds.removeAll { $0.target != Hold.selfReference && !names.contains($0.target) }
        }
        self.coordinators = coordinators
        self.names = names
    }
}

/// What names a route left out goes with it: `initial` lists, tabs, the `select`s of a tab, and route references
/// (`then`, triggers); a first screen the code computes gets a placeholder. Coordinators left without routes are not written.
struct ResolvedReferences {
    /// In the order of the coordinators read.
    var coordinators: [Coordinator]
    /// The same, by name, with each one's route index rebuilt.
    var byName: [String: Coordinator]

    init(_ previous: ResolvedRoutes, _ context: inout Context) {
        var coordinators = previous.coordinators
        // A `select` of a tab whose route was left out (its child's routes were not recognized) goes with it: the tab
        // is left out of the tabs below, and a spec may only select one of its tabs.
        for index in coordinators.indices {
            let coordinator = coordinators[index]
            let names = Set(coordinator.routes.map(\.name))
            coordinators[index].routes.removeAll { route in
                guard let tab = route.tab, !names.contains(tab.value) else { return false }
                context.notes.append(
                    ExtractionNote(
                        .unresolvedFactory,
                        "`\(coordinator.name).\(route.name)` selects the tab `\(tab.value)`, which was left out: route left out",
                        at: route.location, coordinator: coordinator.name))
                return true
            }
            if coordinators[index].routes.count != coordinator.routes.count { coordinators[index].markOpen() }
        }
        let keptRoutes = Dictionary(uniqueKeysWithValues: coordinators.map { ($0.name, Set($0.routes.map(\.name))) })
        for index in coordinators.indices {
            let coordinator = coordinators[index]
            let name = coordinator.name
            let kept = keptRoutes[name] ?? []
            func exists(_ reference: RouteReference) -> Bool {
                reference.coordinator.map { keptRoutes[$0]?.contains(reference.route) == true } ?? kept.contains(reference.route)
            }
            // A first screen the code computes (a factory's product) still needs a destination to be a valid
            // spec: a placeholder the reader fills in, marked inferred (drift never compares it).
            if let initial = coordinator.initial, let root = coordinator.routes.firstIndex(where: { $0.name == initial.value }),
                coordinator.routes[root].destination == nil,
                coordinator.routes[root].transition.map({ $0.value.destinationRule == .required }) ?? true
            {
                let placeholder = Fact(
                    Destination.screen("UnresolvedScreen"), at: coordinator.routes[root].location,
                    .inferred("the code computes the first screen (see the notes): write its type here"))
                coordinators[index].routes[root].destination = context.put(placeholder, .route(name, initial.value, .screen))
                coordinators[index].markOpen()
            }
            // Of the routes `start()` may pick, those left; none left, the first route left.
            coordinators[index].initials = coordinator.initials.filter { kept.contains($0.value) }
            if !coordinator.initials.isEmpty, coordinators[index].initials.isEmpty {
                coordinators[index].initial = coordinators[index].routes.first.map {
                    context.put(Fact($0.name, at: $0.location, .inferred("the first route left")), .coordinator(name, .initial))
                }
            }
            for route in coordinators[index].routes.indices {
                coordinators[index].routes[route].removeReferences { !exists($0) }
            }
            coordinators[index].triggers = coordinator.triggers.filter(exists)
            // A tab whose child was left out is left out of the tabs too (the note says why).
            coordinators[index].tabs = coordinator.tabs?.filter { kept.contains($0.value) }
        }
        coordinators.removeAll { $0.routes.isEmpty }
        var byName: [String: Coordinator] = [:]
        for var coordinator in coordinators {
            coordinator.replaceRoutes(coordinator.routes)
            byName[coordinator.name] = coordinator
        }
        self.coordinators = coordinators
        self.byName = byName
    }
}

/// XCoordinator chains resolved against the coordinators written: a chain whose steps cannot be told is left out
/// with a note, and the route that runs it says so instead of pointing at a chain that is not there.
struct ResolvedChains {
    var coordinators: [Coordinator]
    var chains: [Chain]

    init(_ previous: ResolvedReferences, chains: [Chain], _ context: inout Context) {
        var coordinators = previous.coordinators
        let kept = previous.byName
        var routeEnums: [String: String] = [:]  // coordinator → the route enum it routes (XCoordinator)
        for name in kept.keys {
            if let type = context.recognizer.types[name], let routes = XCoordinatorStyle.routeEnum(of: type, in: context.recognizer.types) {
                routeEnums[name] = routes
            }
        }
        var leftOut: [Chain] = []
        // The coordinators written, indexed for `ChainWalk`: built only when there are chains to resolve.
        var graph = FlowGraph()
        for coordinator in coordinators where !chains.isEmpty { if let read = kept[coordinator.name] { graph.add(read) } }
        let index = FlowIndex(graph)
        self.chains = chains.compactMap { chain in
            guard let from = chain.from?.value, kept[from] != nil else { return nil }
            switch XCoordinatorStyle.resolve(chain, scopes: context.chainScopes[chain.name] ?? [:], index: index, routeEnums: routeEnums) {
            case .steps(let steps):
                var resolved = chain
                resolved.steps = steps
                return resolved
            case .leftOut(let note):
                context.notes.append(note)
                leftOut.append(chain)
                return nil
            }
        }
        for chain in leftOut {
            guard let from = chain.from?.value, let owner = coordinators.firstIndex(where: { $0.name == from }),
                let route = coordinators[owner].routes.firstIndex(where: { chain.name == XCoordinatorStyle.chainName(from, $0.name) }),
                coordinators[owner].routes[route].transition != nil
            else { continue }
            context.provenance.set(
                .route(from, coordinators[owner].routes[route].name, .transition), .inferred(XCoordinatorStyle.chainLeftOut))
            coordinators[owner].markOpen()
        }
        self.coordinators = coordinators
    }
}
