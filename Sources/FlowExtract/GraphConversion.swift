import FlowModel

extension ExtractedProject {
    /// The same model the YAML loader builds, with every location pointing at Swift code.
    ///
    /// Inferred facts are kept unless `certainOnly` (drift compares only certain facts by default,
    /// DESIGN §5): an inferred route is then left out, an inferred field is left unset.
    public func flowGraph(certainOnly: Bool = false) -> FlowGraph {
        var graph = FlowGraph()
        graph.files = files
        if let entry, !certainOnly || entry.confidence.isCertain {
            graph.entry = Located(entry.value, at: entry.location)
        }
        for extracted in coordinators {
            graph.add(extracted.coordinator(certainOnly: certainOnly))
        }
        for extracted in chains where !certainOnly || extracted.confidence.isCertain {
            graph.add(extracted.chain)
        }
        return graph
    }
}

/// The fact as a `Located` value, or `nil` when only certain facts are wanted and it is inferred.
private func located<Value>(_ fact: Fact<Value>?, _ certainOnly: Bool) -> Located<Value>? {
    guard let fact, !certainOnly || fact.confidence.isCertain else { return nil }
    return Located(fact.value, at: fact.location)
}

extension ExtractedCoordinator {
    public func coordinator(certainOnly: Bool = false) -> Coordinator {
        var coordinator = Coordinator(name: name, location: location)
        coordinator.kind = located(kind, certainOnly)
        coordinator.stack = located(stack, certainOnly)
        coordinator.initial = located(initial, certainOnly)
        let tabs = tabs.compactMap { located($0, certainOnly) }
        coordinator.tabs = tabs.isEmpty ? nil : tabs
        coordinator.holds = holds.compactMap { hold in
            located(hold.strength, certainOnly).map {
                Hold(target: hold.target, strength: $0, location: hold.strength.location)
            }
        }
        for route in routes where !certainOnly || route.confidence.isCertain {
            coordinator.add(route.route(certainOnly: certainOnly))
        }
        return coordinator
    }
}

extension ExtractedRoute {
    public func route(certainOnly: Bool = false) -> Route {
        var route = Route(name: name, location: location)
        route.transition = located(transition, certainOnly)
        route.destination = located(destination, certainOnly).map { Located($0.value.destination, at: $0.location) }
        route.style = located(style, certainOnly)
        route.target = located(target, certainOnly).map { RouteReference(parsing: $0.value, at: $0.location) }
        route.tab = located(tab, certainOnly)
        route.triggers = triggers.compactMap { located($0, certainOnly) }.map { RouteReference(parsing: $0.value, at: $0.location) }
        route.retain = located(retain, certainOnly)
        if let releaseOn {
            let exits = releaseOn.compactMap { located($0, certainOnly) }
            let at = releaseOn.first?.location ?? retain?.location ?? location
            route.releaseOn = Located(exits, at: at)
        }
        route.params = params.compactMap { located($0, certainOnly) }.map {
            RouteParameter(name: $0.value.name, type: $0.value.type, location: $0.location)
        }
        return route
    }
}

extension ExtractedChain {
    public var chain: Chain {
        var chain = Chain(name: name, location: location)
        chain.from = Located(from, at: location)
        chain.steps = steps.map { step in
            let reference = RouteReference(parsing: step.target ?? "", at: step.location)
            let action: ChainAction = switch step.action {
            case .route: .route(reference)
            case .select: .select(Located(step.target ?? "", at: step.location))
            case .popTo: .popTo(reference)
            case .pop: .pop
            case .popToRoot: .popToRoot
            case .dismiss: .dismiss
            case .dismissToRoot: .dismissToRoot
            }
            return ChainStep(action, at: step.location)
        }
        return chain
    }
}
