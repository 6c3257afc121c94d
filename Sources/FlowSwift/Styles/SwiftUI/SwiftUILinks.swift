import FlowModel

/// `NavigationLink(destination: Detail())` and `NavigationLink { Detail() } label: { … }`: a tap that pushes the view
/// onto the stack the link is shown on. Read on the screens of a coordinator that owns a stack (its root, the views it
/// pushes, and the views built in place in them, a row of a list): one `push` route per view linked, named after the
/// view, triggered by the stack's screen that holds the link. A link on a screen no stack of the owner's shows (a
/// presented one) is not read: the stack it lies in is not known.
extension SwiftUIStyle {
    /// The views `type`'s links push, each at its link: one view of the app's, else the link is not read.
    static func linkedViews(of type: TypeFacts, _ index: ProjectIndex) -> [Located<String>] {
        var found: [Located<String>] = []
        for method in type.methods {
            for (link, made) in linkDestinationCalls(in: method) {
                let views = made.map { method.calls[$0] }.filter { isAppView($0.name, index) }
                guard let first = views.first, views.allSatisfy({ $0.name == first.name }) else { continue }
                found.append(Located(first.name, at: method.calls[link].location))
            }
        }
        return found
    }

    /// The positions of the calls that build what a link of `method` pushes: its `destination:` argument's view, or,
    /// without one, what the first closure it is given builds. A `NavigationLink(value:)` pushes a value instead.
    static func linkDestinationCalls(in method: MethodFacts) -> [(link: Int, made: [Int])] {
        var found: [(link: Int, made: [Int])] = []
        for (position, call) in method.calls.enumerated() where call.name == names.link && call.receiver == nil {
            guard !call.arguments.contains(where: { $0.label == names.linkValueLabel }) else { continue }
            let rest = method.calls.indices.dropFirst(position + 1)
            if let argument = call.arguments.first(where: { $0.label == names.linkDestinationLabel }) {
                guard let view = argument.value.constructedType,
                    let made = rest.first(where: { method.calls[$0].name == view && method.calls[$0].receiver == nil })
                else { continue }
                found.append((position, [made]))
            } else if let closure = call.givenClosures.first {
                found.append(
                    (
                        position,
                        rest.filter {
                            method.calls[$0].closureAt == closure && method.calls[$0].receiver == nil
                                && method.calls[$0].name.first?.isUppercase == true
                        }
                    ))
            }
        }
        return found
    }

    /// The positions of the calls of `method` that build what its links push.
    static func linkDestinations(in method: MethodFacts) -> Set<Int> {
        guard method.calls.contains(where: { $0.name == names.link }) else { return [] }
        return Set(linkDestinationCalls(in: method).flatMap(\.made))
    }

    /// What a stack's screen builds that is not in place on it: what its presenters, destinations and tabs show.
    static let linkHolderSkips = Set(names.presenters.keys).union([names.destination, names.tabs])

    /// The `push` routes of the links on a navigation coordinator's stack: from its root and each screen it pushes,
    /// and the views they build in place (two levels), the views linked pushed in turn.
    static func addLinkRoutes(_ coordinator: inout Coordinator, _ state: State, _ context: inout Context) {
        let index = context.recognizer.index
        guard coordinator.kind?.value == .navigation, (index.callCounts[names.link] ?? 0) > 0 else { return }
        let owner = coordinator.name
        var stackScreens: [String] = coordinator.routes.compactMap { route in
            guard route.transition == nil || route.transition?.value == .push, case .screen(let screen)? = route.destination?.value else {
                return nil
            }
            return screen
        }
        var visited = Set(stackScreens)
        var position = 0
        while position < stackScreens.count, position < 64 {
            let screen = stackScreens[position]
            position += 1
            // The screen, and what it builds in place, inside its own stack too (the rows of the root's list).
            var holders = [screen]
            var level = [screen]
            for _ in 0..<2 {
                let inner = level.flatMap { index.types[$0].map { inPlaceViews(of: $0, skipping: linkHolderSkips) } ?? [] }.map(\.value)
                level = inner.filter { !holders.contains($0) && !state.views.contains($0) && !state.routers.contains($0) }
                holders += level
            }
            for holder in holders {
                guard let type = index.types[holder] else { continue }
                for view in linkedViews(of: type, index) {
                    let name = view.value.lowercasedFirst
                    if !coordinator.routes.contains(where: { $0.name == name }) {
                        var route = Route(name: name, location: view.location)
                        route.transition = Located(.push, at: view.location)
                        show(view, on: &route, owner: owner, closing: .pop, state, &context)
                        coordinator.routes.append(route)
                        if case .screen(let pushed)? = route.destination?.value, visited.insert(pushed).inserted {
                            stackScreens.append(pushed)
                        }
                    } else if coordinator.routes.first(where: { $0.name == name })?.destination?.value.name != view.value {
                        continue
                    }
                    context.triggers[screen, default: []].append(Trigger(owner: owner, route: Fact(name, at: view.location)))
                }
            }
        }
    }
}
