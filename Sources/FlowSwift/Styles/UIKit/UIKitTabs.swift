import FlowModel
import FlowConfig

/// A tab bar coordinator's tabs: the flows it hands the tab bar controller, and the tab it selects.
extension UIKitStyle {
    /// A tab bar coordinator: `tabBarController.viewControllers = [feed.navigationController, …]` (or
    /// `setViewControllers`) over child coordinators made in the same method → one tab route per child, named
    /// after its variable; `selectedIndex = n` → a `select` of the n-th tab. Elements that are not a child's controller
    /// (what helpers return, a list mapped from tab kinds) give the tabs by what the hub starts on the stacks it hands
    /// over (`tabsOnHandedStacks`); failing that, the tabs are unread (the coordinator is then left out with a note, or
    /// kept as a container of what else it shows, never half-written).
    static func readTabs(_ coordinator: inout Coordinator, _ type: TypeFacts, _ state: inout State, _ context: inout Context) {
        for method in type.methods {
            guard let call = method.calls.first(where: { fillsTabBar($0, in: method, of: type, context.recognizer.index) }) else {
                continue
            }
            let list = tabItems(call, in: method, of: type)
            var tabs: [Route] = []
            var skipped = false
            var notes: [ExtractionNote] = []
            for item in list?.items ?? [] {
                guard let list,
                    let (name, child, maker) = tab(
                        item, in: list.maker, of: type, at: list.before ?? call.location, citingBindings: list.before != nil, context)
                else {
                    notes.append(
                        ExtractionNote(
                            .unrecognized,
                            "a tab of `\(type.name)`, `\(item.summary)`, is not the controller of a child coordinator the reader can "
                                + "follow: left out of the tabs",
                            at: call.location, coordinator: type.name))
                    skipped = true
                    continue
                }
                guard !tabs.contains(where: { $0.name == name }) else { continue }
                if type.properties.contains(where: { $0.name == name }) { state.slots[type.name, default: [:]][name] = name }
                tabs.append(
                    tabRoute(
                        name, child: child.value, variable: child.variable, made: child.location, maker: maker, at: call.location, type,
                        &context))
                if child.variable.isEmpty, let built = builtChild(of: name, in: type, context),
                    built.child == Located(child.value, at: child.location)
                {
                    context.provenance.set(.route(type.name, name, .coordinator), .inferred(built.why))
                }
            }
            // Elements the reader cannot follow one by one: the children the hub starts on the stacks it hands over.
            if tabs.isEmpty || skipped {
                let stacked = tabsOnHandedStacks(call, in: method, of: type, context)
                if stacked.tabs.count > tabs.count {
                    let ordered = inItemOrder(stacked.tabs, list?.items ?? [], in: method, before: call.location)
                    let routes = (ordered ?? stacked.tabs).map { tab in
                        stackTabRoute(tab, at: call.location, type, &state, &context)
                    }
                    install(
                        routes, builtBy: stacked.setUp.union([method.name]), skipped: false, ordered: ordered != nil, &coordinator, type,
                        &state, &context)
                    return
                }
            }
            guard list.map({ !$0.items.isEmpty }) ?? false else { continue }
            context.notes += notes
            install(tabs, builtBy: [method.name], skipped: skipped, ordered: true, &coordinator, type, &state, &context)
            return
        }
        install(
            selectedFlows(of: coordinator, type, context), builtBy: [], skipped: false, ordered: true, &coordinator, type, &state, &context)
    }

    /// A tab route: the child it shows, kept where the method that makes it keeps it, else by the tab bar controller.
    static func tabRoute(
        _ name: String, child: String, variable: String, made: SourceLocation, maker: MethodFacts, at location: SourceLocation,
        _ type: TypeFacts, _ context: inout Context
    ) -> Route {
        let mapping = context.recognizer.mapping
        var route = Route(name: name, location: location)
        route.destination = Located(.coordinator(child), at: made)
        let handed = maker.calls.first { call in
            isRetain(call, mapping)
                && call.arguments.contains {
                    (!variable.isEmpty && $0.value == .reference(variable))
                        || (variable.isEmpty && $0.value.constructedType == child && call.location <= made)
                }
        }
        if let handed {
            route.retain = context.put(Fact(.parent, at: handed.location), .route(type.name, name, .retain))
        } else {
            route.retain = context.put(
                Fact(.hierarchy, at: location, .inferred("kept by the tab bar controller")), .route(type.name, name, .retain))
        }
        return route
    }

    /// A tab found by its stack: the child kept, and let go, as the method that makes it says (`coordinate(to:)` keeps
    /// it until its flow ends), else kept by the tab bar controller.
    static func stackTabRoute(
        _ tab: StackTab, at location: SourceLocation, _ type: TypeFacts, _ state: inout State, _ context: inout Context
    ) -> Route {
        let mapping = context.recognizer.mapping
        var route = Route(name: tab.name, location: location)
        route.destination = Located(.coordinator(tab.child), at: tab.made)
        // Kept after it is made: arms of a `switch` bind their children to the same name.
        let keeping = tab.maker.calls.filter { call in
            isRetain(call, mapping) && (tab.variable.isEmpty || tab.made < call.location)
                && call.arguments.contains {
                    (!tab.variable.isEmpty && $0.value == .reference(tab.variable))
                        || (tab.variable.isEmpty && $0.value.constructedType == tab.child && call.location <= tab.made)
                }
        }
        // A call that keeps the child among the children before a property that also points at it.
        guard let retain = keeping.first(where: { $0.name != "=" }) ?? keeping.first else {
            route.retain = context.put(
                Fact(.hierarchy, at: location, .inferred("kept by the tab bar controller")), .route(type.name, tab.name, .retain))
            return route
        }
        let clearing = Set(type.methods.filter { $0.calls.contains { clearsChildren($0, mapping) } }.map(\.name))
        readRetention(
            retain, of: Located(tab.child, at: tab.made), &route, tab.maker, type, clearing: clearing,
            finishers: selfReleasingMethods(of: type.name, context), &state, &context)
        return route
    }

    /// The tabs found by their stacks, in the order of the list the tab bar is given, when each element names one
    /// (`let second = setUpSwap()`: the tab that helper starts; `nav`: the tab started on it); nil when one does not.
    static func inItemOrder(_ tabs: [StackTab], _ items: [ExpressionFacts], in method: MethodFacts, before location: SourceLocation)
        -> [StackTab]?
    {
        var ordered: [StackTab] = []
        for item in items {
            guard case .reference(let name) = item else { return nil }
            var helper: String?
            if case .factory(let call)? = method.binding(name, before: location) {
                helper = call.split(separator: ".").last.map(String.init)
            }
            guard
                let next = tabs.first(where: { tab in
                    !ordered.contains { $0.child == tab.child } && ((helper != nil && tab.via == helper) || tab.stack == name)
                })
            else { return nil }
            ordered.append(next)
        }
        return ordered.count == tabs.count ? ordered : nil
    }

    /// `tabBarController.viewControllers = …` or `tabBarController.setViewControllers(…)`: where a hub's tabs are given.
    static func fillsTabBar(_ call: CallFacts) -> Bool {
        (call.name == "=" && plainReceiver(call.receiver).hasSuffix("viewControllers"))
            || (call.name == "setViewControllers" && plainReceiver(call.receiver).lowercased().contains("tabbar"))
    }

    /// The same, on a tab bar controller known by its name or its type whatever it is called (`meadowTabs.setViewControllers`):
    /// a property, a local or a parameter of the method made or declared as one.
    static func fillsTabBar(_ call: CallFacts, in method: MethodFacts, of type: TypeFacts, _ index: ProjectIndex) -> Bool {
        var place = plainReceiver(call.receiver)
        if call.name == "=", place.hasSuffix(".viewControllers") {
            place.removeLast(".viewControllers".count)
        } else if call.name != "setViewControllers" {
            return false
        }
        // Not a split view controller's or a navigation controller's: those are no tabs.
        return isTabBar(place, at: call, in: method, of: type, index)
    }

    /// Whether the type gives a tab bar controller its tabs, which is what makes it a tab hub: it sets the bar's
    /// controllers (`tabBarController.viewControllers = …`, `tabs.setViewControllers(…)` on a bar it keeps, makes or is
    /// handed), or hands a bar it keeps the closures or functions that start each tab's flow (`tabs.onFeedSelect =
    /// runFeed()`). A bar it only keeps a reference to (to select a tab, to present over it) is not its hub.
    static func givesTabs(_ type: TypeFacts, _ index: ProjectIndex) -> Bool {
        // A bar the type keeps, by name → the app's own type it is declared as (a protocol or a subclass), whose members
        // the app declares; UIKit's (`selectedIndex`, `delegate`) are no tabs.
        var bars: [String: TypeFacts?] = [:]
        for property in type.properties
        where controllers(property, index).contains(where: { isController($0, kind: "TabBarController", index) }) {
            bars[property.name] = property.type.flatMap { index.types[$0.base] }
        }
        return type.methods.contains { method in
            method.calls.contains { call in
                var place = plainReceiver(call.receiver)
                if call.name == "=", place.hasSuffix(".viewControllers") {
                    place.removeLast(".viewControllers".count)
                } else if call.name == "=", case let parts = place.split(separator: "."), parts.count == 2, let bar = bars[String(parts[0])]
                {
                    // A storyboard's bar given, in a member the app declares, what starts each tab: a function's result, or a closure.
                    guard bar?.properties.contains(where: { $0.name == parts[1] }) == true else { return false }
                    if case .factory? = call.arguments.first?.value { return true }
                    return method.calls.contains { $0.closures.first == String(parts[1]) }
                } else if call.name != "setViewControllers" {
                    return false
                }
                return isTabBar(place, at: call, in: method, of: type, index)
            }
        }
    }

    /// Whether `place` names a tab bar controller where `call` uses it: UIKit's `tabBarController`, or a local, a
    /// parameter or a property of the type made or declared as one.
    static func isTabBar(_ place: String, at call: CallFacts, in method: MethodFacts, of type: TypeFacts, _ index: ProjectIndex) -> Bool {
        guard !place.isEmpty, !place.contains(".") else { return false }
        if place.lowercased().contains("tabbar") { return true }
        if let bound = method.binding(place, before: call.location) {
            return bound.constructedType.map { isController($0, kind: "TabBarController", index) } ?? false
        }
        if let parameter = method.parameters.first(where: { $0.name == place }) {
            return parameter.type.map { isController(String($0.filter { $0 != "?" && $0 != "!" }), kind: "TabBarController", index) }
                ?? false
        }
        guard let property = type.properties.first(where: { $0.name == place }) else { return false }
        // `lazy var tabs = UITabBarController.branded`: a bar the type's own static member makes.
        if case .qualified(let maker, _, _)? = property.initializer, isController(maker, kind: "TabBarController", index) { return true }
        return controllers(property, index).contains { isController($0, kind: "TabBarController", index) }
    }

    /// `tabBarController.viewControllers = tabs.map(\.navigationController)`: the tabs' stacks mapped from a list.
    static func givesMappedTabs(_ call: CallFacts) -> Bool {
        guard case .mapped? = call.arguments.first?.value else { return false }
        return fillsTabBar(call)
    }

    /// Tabs a storyboard builds, whose flows start when the tab bar reports a tab
    /// (`tabbarView.onItemFlowSelect = runItemFlow()`, or `= { [weak self] in self?.runItemFlow($0) }`): the
    /// routes so run that start a child, in the order `start()` hands them over.
    static func selectedFlows(of coordinator: Coordinator, _ type: TypeFacts, _ context: Context) -> [Route] {
        guard let start = type.methods.first(where: { $0.name == "start" }) else { return [] }
        let bars = Set(
            type.properties.filter { property in
                controllers(property, context.recognizer.index).contains { $0.hasSuffix("TabBarController") }
            }.map(\.name))
        var tabs: [Route] = []
        for assignment in start.calls where assignment.name == "=" && assignment.closures.isEmpty {
            let place = plainReceiver(assignment.receiver).split(separator: ".")
            guard place.count == 2, bars.contains(String(place[0])) else { continue }
            var names: [String] = []
            if case .factory(let name)? = assignment.arguments.first?.value { names.append(name) }
            names += start.calls.filter {
                $0.closures.first == String(place[1]) && (plainReceiver($0.receiver).isEmpty || plainReceiver($0.receiver) == "self")
            }.map(\.name)
            for name in names where !tabs.contains(where: { $0.name == name }) {
                guard var route = coordinator.routes.first(where: { $0.name == name }), route.destination?.value.coordinatorName != nil
                else { continue }
                // The tab bar hands the flow its stack: no transition of its own, no argument a user gives.
                route.transition = nil
                route.style = nil
                route.params = []
                tabs.append(route)
            }
        }
        return tabs
    }

    /// The tabs read, in place of the routes of the same names and of the method that built them (a tab takes
    /// no transition); the first is the initial; `selectedIndex = n` elsewhere selects the n-th.
    static func install(
        _ tabs: [Route], builtBy builders: Set<String>, skipped: Bool, ordered: Bool,
        _ coordinator: inout Coordinator, _ type: TypeFacts, _ state: inout State, _ context: inout Context
    ) {
        guard !tabs.isEmpty else { return }
        if skipped { coordinator.markOpen() }
        // The method that builds the tabs is the start, not a route of its own; a tab takes no transition.
        let tabNames = Set(tabs.map(\.name))
        // Nor is the route that shows the tab bar itself, or the split view it is a column of
        // (`window.rootViewController = tabBarController` in `start()`).
        let index = context.recognizer.index
        coordinator.routes.removeAll { route in
            if builders.contains(route.name) || tabNames.contains(route.name) { return true }
            guard case .screen(let shown)? = route.destination?.value else { return false }
            let container = isController(shown, kind: "TabBarController", index) || isController(shown, kind: "SplitViewController", index)
            return container && coordinator.initials.contains { $0.value == route.name }
        }
        state.pendingChildRoutes.removeAll { $0.0 == type.name && (tabNames.contains($0.1) || builders.contains($0.1)) }
        // A `start()` that only hands a tab its flow does not show anything by the tab's navigation.
        if let initial = coordinator.initial?.value, tabs.contains(where: { $0.name == initial }) {
            state.startTransitions[type.name] = nil
            state.startStyles[type.name] = nil
            state.startDismissible[type.name] = nil
        }
        coordinator.routes.insert(contentsOf: tabs, at: 0)
        coordinator.tabs = tabs.map { Located($0.name, at: $0.location) }
        guard ordered else {
            // Which tab shows first is not read: any of them may be where the user first looks; no position names a tab.
            coordinator.initials = tabs.map { tab in
                context.put(
                    Fact(tab.name, at: tab.location, .inferred("a tab; the order of the tabs is not read")),
                    .coordinator(type.name, .initial, item: tab.name))
            }
            return
        }
        coordinator.initial = context.put(
            Fact(tabs[0].name, at: tabs[0].location, .inferred("the first tab")), .coordinator(type.name, .initial))
        for other in type.methods {
            for select in other.calls where select.name == "=" && plainReceiver(select.receiver).hasSuffix("selectedIndex") {
                // With a tab left out, a position no longer names the tab it selects.
                guard !skipped, case .other(let literal)? = select.arguments.first?.value, let position = Int(literal),
                    tabs.indices.contains(position),
                    let index = coordinator.routes.firstIndex(where: { $0.name == other.name }) ?? appendRoute(other, to: &coordinator)
                else { continue }
                coordinator.routes[index].transition = context.put(
                    Fact(.select, at: select.location), .route(type.name, other.name, .transition))
                coordinator.routes[index].tab = Located(tabs[position].name, at: select.location)
                coordinator.routes[index].removeDestination()
            }
        }
    }

    /// The controllers a tab bar is given: an array literal, or a local array filled by `append` before it is
    /// assigned (the elements of every branch: the spec lists every tab the code can show), or each element's member
    /// of a list looked up elsewhere (`tabs.map(\.navigationController)`, see `mappedList`). The items are read in
    /// `maker`, whose locals they name as they stand before `before` (`nil`: where the tab bar is given them).
    static func tabItems(
        _ call: CallFacts, in method: MethodFacts, of type: TypeFacts
    ) -> (items: [ExpressionFacts], maker: MethodFacts, before: SourceLocation?)? {
        switch call.arguments.first?.value {
        case .array(let items):
            return (items, method, nil)
        case .reference(let local):
            return (arrayItems(local, in: method, before: call.location), method, nil)
        case .mapped(let list, let member)?:
            guard let (items, maker, before) = mappedList(list, in: method, of: type, before: call.location) else { return nil }
            return (
                items.map { item in
                    switch item {
                    case .reference(let name): .other(name + "." + member)
                    case .other(let text): .other(text + "." + member)
                    default: item
                    }
                }, maker, before
            )
        default:
            return nil
        }
    }

    /// The elements a local array holds before `location`: its literal and what is appended to it.
    static func arrayItems(_ local: String, in method: MethodFacts, before location: SourceLocation) -> [ExpressionFacts] {
        var items: [ExpressionFacts] = []
        if case .array(let literal)? = method.binding(local, before: location) { items = literal }
        for append in method.calls where append.name == "append" && plainReceiver(append.receiver) == local && append.location < location {
            if let item = append.arguments.first?.value { items.append(item) }
        }
        return items
    }

    /// The list a tab bar maps (`tabs.map { $0.navigationController }`), where it is written: a local, a stored
    /// property set by its initializer, a lazy closure or `init` (`tabs = [home, inbox]`), or what a method of the type
    /// returns (`makeTabs()`). Its elements, the method they are read in, and where in it they stand.
    static func mappedList(
        _ list: ExpressionFacts, in method: MethodFacts, of type: TypeFacts, before location: SourceLocation
    ) -> (items: [ExpressionFacts], maker: MethodFacts, before: SourceLocation)? {
        var expression = list
        var maker = method
        var before = location
        /// The end of a body: every local of it is bound there.
        func end(of body: MethodFacts) -> SourceLocation { SourceLocation(file: body.location.file, line: .max, column: 0) }
        for _ in 0..<4 {
            switch expression {
            case .array(let items):
                return (items, maker, before)
            case .reference(let name):
                if let bound = maker.binding(name, before: before) {
                    if case .array = bound { return (arrayItems(name, in: maker, before: before), maker, before) }
                    expression = bound
                    continue
                }
                guard maker.location == method.location, let property = type.properties.first(where: { $0.name == name }) else {
                    return nil
                }
                // `lazy var tabs: [TabCoordinator] = { …; return [home, inbox] }()`, or `= [HomeCoordinator(), …]`.
                if let body = type.methods.first(where: { $0.name == name && $0.location == property.location }) {
                    guard body.returns.count == 1 else { return nil }
                    maker = body
                    before = end(of: body)
                    expression = body.returns[0]
                    continue
                }
                if let initial = property.initializer {
                    expression = initial
                    continue
                }
                // `init(…) { let home = HomeCoordinator(…); …; tabs = [home, inbox] }`: the one assignment `init` makes.
                let assignments = type.methods.filter { $0.name == "init" }.flatMap { initializer in
                    initializer.calls.filter { $0.name == "=" && plainReceiver($0.receiver) == name && $0.closures.isEmpty }.map {
                        (initializer, $0)
                    }
                }
                guard assignments.count == 1, let (initializer, assignment) = assignments.first,
                    let value = assignment.arguments.first?.value
                else { return nil }
                maker = initializer
                before = assignment.location
                expression = value
            case .factory(let call):
                // `makeTabs()` of this type: what its one `return` gives.
                let parts = call.split(separator: ".")
                guard parts.count == 1 || (parts.count == 2 && parts[0] == "self"),
                    let body = type.methods.first(where: { $0.name == parts.last.map(String.init) }), body.returns.count == 1
                else { return nil }
                maker = body
                before = end(of: body)
                expression = body.returns[0]
            default:
                return nil
            }
        }
        return nil
    }

    /// One element of a tab bar's controllers and the child coordinator behind it: `feed.navigationController` of a
    /// child made in the same method (the tab is named after the variable), or a property or method that makes the
    /// child and gives back its controller (`lazy var chatsTab: UIViewController = { … }()`, named after it).
    static func tab(
        _ item: ExpressionFacts, in method: MethodFacts, of type: TypeFacts, at location: SourceLocation, citingBindings: Bool = false,
        _ context: Context
    ) -> (name: String, child: (value: String, variable: String, location: SourceLocation), maker: MethodFacts)? {
        switch item {
        case .other(let text):
            // `feed.navigationController`, where `feed` is made here or by a method of the type (`createFeed()`).
            guard let dot = text.firstIndex(of: ".") else { return nil }
            var variable = String(text[..<dot])
            while variable.last == "?" || variable.last == "!" { variable.removeLast() }
            if method.binding(variable, before: location) == nil {
                if let kept = keptChild(in: variable, of: type, context) {
                    // `homeCoordinator?.rootViewController`, a property some method of the type fills with the child it makes.
                    return (variable, (kept.child, kept.variable, kept.call.location), kept.maker)
                }
                // `lazy var home = HomeCoordinator(…)` mapped with the other tabs: the property that makes the child.
                if type.properties.contains(where: { $0.name == variable }) {
                    return tab(.reference(variable), in: method, of: type, at: location, context)
                }
            }
            guard let bound = method.binding(variable, before: location),
                case .type(let child, _, _) = context.recognizer.resolve(bound, in: method, of: type, at: location),
                context.isCoordinatorType(child)
            else { return nil }
            // Cited where the variable is bound when the list is built in another method (`makeTabs()`, `init`).
            let at = citingBindings ? method.bindings[variable]?.last { $0.location < location }?.location ?? location : location
            if case .factory(let call) = bound, let maker = type.methods.first(where: { $0.name == call }) {
                return (variable, (child, maker.variable(constructing: child) ?? "", at), maker)
            }
            return (variable, (child, variable, at), method)
        case .reference(let name), .factory(let name):
            let children =
                type.methods.first { $0.name == name }.map { maker in
                    maker.constructed.filter { context.isCoordinatorType($0.value) && $0.value != type.name }.map { (maker, $0) }
                } ?? []
            guard children.count == 1, let (maker, made) = children.first else {
                return builtChild(of: name, in: type, context).map { (name, ($0.child.value, "", $0.child.location), method) }
            }
            return (name, (made.value, maker.variable(constructing: made.value) ?? "", made.location), maker)
        case .construct(let child, nil) where context.isCoordinatorType(child) && child != type.name:
            // `[HomeCoordinator(…), InboxCoordinator(…)]` mapped to their controllers: named after the type (`home`).
            let base = child.hasSuffix("Coordinator") ? String(child.dropLast("Coordinator".count)) : child
            let made = method.constructed.first { $0.value == child }?.location ?? location
            return (base.isEmpty ? child.lowercasedFirst : base.lowercasedFirst, (child, "", made), method)
        default:
            return nil
        }
    }

    /// The child coordinator a property of the type is made by a builder it keeps with (`lazy var home =
    /// coordinatorBuilder.home`, `= coordinatorBuilder.chat(…)`): the one coordinator the builder's member makes, cited
    /// where the property is.
    static func builtChild(of property: String, in type: TypeFacts, _ context: Context) -> (child: Located<String>, why: String)? {
        guard let declared = type.properties.first(where: { $0.name == property }) else { return nil }
        let text: String
        switch declared.initializer {
        case .other(let written)?: text = written
        case .factory(let called)?: text = called
        default: return nil
        }
        var path = text.split(separator: ".").map(String.init)
        guard path.count >= 2, let member = path.popLast(), let builder = context.recognizer.index.typeBehind(path, from: type) else {
            return nil
        }
        let made = builder.methods.filter { $0.name == member }.flatMap(\.constructed).filter {
            context.isCoordinatorType($0.value) && $0.value != type.name
        }
        guard let child = made.first?.value, made.allSatisfy({ $0.value == child }) else { return nil }
        return (Located(child, at: declared.location), "made by `\(text)` (`\(builder.name)`)")
    }

    /// The child coordinator a stored property of the type holds (`var diaryCoordinator: DiaryCoordinator?`), and the
    /// method that makes it and keeps it there (`self.diaryCoordinator = diaryCoordinator`).
    static func keptChild(
        in property: String, of type: TypeFacts, _ context: Context
    ) -> (child: String, variable: String, maker: MethodFacts, call: CallFacts)? {
        guard let declared = type.properties.first(where: { $0.name == property })?.type?.base, context.isCoordinatorType(declared),
            let kept = Context.childAssignments(in: type).first(where: { $0.place == property && $0.child == declared })
        else { return nil }
        return (declared, kept.variable, kept.maker, kept.call)
    }
}
