import FlowModel
import FlowConfig

/// Sheets, full-screen covers and tabs of an owner.
extension SwiftUIStyle {
    /// One `present` route per case of an item's enum that the presenter's closure shows (`.sheet(item: $sheet)`),
    /// or one named after the flag or item (`.sheet(isPresented: $showsMap)`) for the one view it shows.
    static func addPresentationRoutes(_ coordinator: inout Coordinator, _ state: State, _ context: inout Context) {
        let owner = coordinator.name
        let index = context.recognizer.index
        guard let ownerType = index.types[owner] else { return }
        for binding in state.presentations[owner] ?? [] {
            guard let property = binding.property else { continue }
            let declared = ownerType.properties.first { $0.name == property }?.location ?? binding.location
            let modifier: String
            var shown: [(route: String, view: Located<String>, at: SourceLocation)] = []
            var unread = false
            switch binding.kind {
            case .item(let name):
                modifier = name
                if let item = itemEnum(property, of: ownerType, index), let cases = index.types[item]?.cases {
                    let read = caseViews(
                        in: binding.method, after: binding.call, closure: name, of: item, cases: Set(cases.map(\.name) + ["default"]), index
                    )
                    unread = read.unread
                    for item in cases {
                        guard let view = read.views[item.name] ?? read.views["default"] else { continue }
                        shown.append((item.name, view, item.location))
                    }
                } else if let view = presentedView(binding, index) {
                    shown.append((property, view, declared))
                } else {
                    unread = true
                }
            case .flag(let name):
                modifier = name
                if let view = presentedView(binding, index) { shown.append((property, view, declared)) } else { unread = true }
            case .stack, .tabs:
                continue
            }
            if !unread, state.untoldItems[owner]?.contains(property) == true {
                context.notes.append(
                    ExtractionNote(
                        .unrecognized,
                        "`\(property)` is set to a value the reader cannot tell: which of its routes the code shows there is not read",
                        at: binding.location, coordinator: owner))
                coordinator.markOpen()
            }
            if unread {
                context.notes.append(
                    ExtractionNote(
                        .unrecognized,
                        "the view `.\(modifier)` shows for `\(property)` is not one the reader can tell: that presentation is not read",
                        at: binding.location, coordinator: owner))
                coordinator.markOpen()
            }
            let style = names.presenters[modifier] ?? .sheet
            let pushes = isPush(binding.kind)
            for (name, view, location) in shown {
                guard !coordinator.routes.contains(where: { $0.name == name }) else {
                    context.notes.append(
                        ExtractionNote(
                            .unrecognized, "`\(owner)` has two routes named `\(name)`: the `.\(modifier)` of it is left out", at: location,
                            coordinator: owner))
                    coordinator.markOpen()
                    continue
                }
                var route = Route(name: name, location: location)
                route.transition = Located(pushes ? .push : .present, at: binding.location)
                if !pushes { route.presenter = property }
                if style != .sheet, !pushes { route.style = Located(style, at: binding.location) }
                show(view, on: &route, owner: owner, closing: pushes ? .pop : .dismiss, state, &context)
                if state.unplacedClosers[owner]?.contains(property) == true {
                    route.open = Located(true, at: binding.location)
                    context.provenance.set(
                        .route(owner, name, .open),
                        .inferred("`\(owner)` clears `\(property)` where the reader cannot tell which view runs it"))
                }
                coordinator.routes.append(route)
            }
        }
    }

    /// The one view of the app's a presenter's closure shows: the closure the presenter is given, told from the
    /// closures of the other presenters of that modifier in the method (chained `.sheet`s) by where it starts.
    static func presentedView(_ binding: Binding, _ index: ProjectIndex) -> Located<String>? {
        let modifier: String
        switch binding.kind {
        case .item(let name), .flag(let name): modifier = name
        case .stack, .tabs: return nil
        }
        let own = binding.method.calls[binding.call].givenClosures
        if own.isEmpty, let handed = handedContent(binding, index) { return handed }
        guard !own.isEmpty || binding.method.calls.count(where: { $0.name == modifier }) == 1 else { return nil }
        let views = binding.method.calls[(binding.call + 1)...].filter { call in
            runs(call, in: own, of: modifier) && call.receiver == nil && isAppView(call.name, index)
        }
        guard let first = views.first, views.allSatisfy({ $0.name == first.name }) else { return nil }
        return Located(first.name, at: first.location)
    }

    /// `.sheet(isPresented: $shows, content: hiveSheet)`: the content is a method of the view handed by name, and what
    /// the presenter shows is the one view of the app's that method builds.
    private static func handedContent(_ binding: Binding, _ index: ProjectIndex) -> Located<String>? {
        guard let host = index.types[binding.host] else { return nil }
        let methods = binding.method.calls[binding.call].arguments.compactMap { argument -> MethodFacts? in
            guard case .reference(let name) = argument.value else { return nil }
            return host.methods.first { $0.name == name && $0.hasBody }
        }
        guard methods.count == 1, let content = methods.first else { return nil }
        let views = content.calls.filter { $0.receiver == nil && isAppView($0.name, index) }
        guard let first = views.first, views.allSatisfy({ $0.name == first.name }) else { return nil }
        return Located(first.name, at: first.location)
    }

    /// `TabView(selection: $tab) { Inbox().tag(Tab.inbox) … }`: a route per view at the top of its closure, named after
    /// its tag (else after the view); the first selected is the selection's initial value, else the first tab.
    static func addTabs(_ coordinator: inout Coordinator, _ binding: Binding, of type: TypeFacts, _ state: State, _ context: inout Context)
    {
        let owner = coordinator.name
        let index = context.recognizer.index
        let views = tabViews(binding, in: type, index)
        var tabs: [Located<String>] = []
        for view in views {
            let tag = binding.method.calls[(binding.call + 1)...].first { call in
                call.name == names.tag && call.closures.first == names.tabs && (call.receiver ?? "").hasPrefix(view.value + "(")
            }
            let name = tag.flatMap { routeValue($0.arguments.first?.value)?.route } ?? view.value.lowercasedFirst
            guard !coordinator.routes.contains(where: { $0.name == name }) else { continue }
            var route = Route(name: name, location: view.location)
            show(view, on: &route, owner: owner, closing: .dismiss, state, &context)
            coordinator.routes.append(route)
            tabs.append(Located(name, at: view.location))
        }
        if tabs.isEmpty {
            context.notes.append(
                ExtractionNote(
                    .unrecognized, "the tabs of `\(owner)`'s `TabView` are not views the reader sees", at: binding.location,
                    coordinator: owner))
            coordinator.markOpen()
            return
        }
        coordinator.tabs = tabs
        let selected = binding.property.flatMap { property in type.properties.first { $0.name == property } }
        if let selected, let first = routeValue(selected.initializer)?.route, let tab = tabs.first(where: { $0.value == first }) {
            coordinator.initial = context.put(Fact(tab.value, at: selected.location), .coordinator(owner, .initial))
        } else if let first = tabs.first {
            coordinator.initial = context.put(
                Fact(first.value, at: first.location, .inferred("the first tab")), .coordinator(owner, .initial))
        }
        // `tab = .palette` in the view's own code: a `select` route per tab it selects.
        for trigger in state.ownTriggers[owner] ?? [] where trigger.value.hasPrefix(selectPrefix) {
            let tab = String(trigger.value.dropFirst(selectPrefix.count)).lowercasedFirst
            guard tabs.contains(where: { $0.value == tab }), !coordinator.routes.contains(where: { $0.name == trigger.value }) else {
                continue
            }
            var route = Route(name: trigger.value, location: trigger.location)
            route.transition = Located(.select, at: trigger.location)
            route.tab = Located(tab, at: trigger.location)
            coordinator.routes.append(route)
        }
    }

    /// The prefix of the `select` route a tab selection makes (`selectPalette`).
    static let selectPrefix = "select"
}
