import FlowModel
import FlowConfig

/// What the app's types do to an owner's state, read as routes they trigger: `router.path.append(.detail(id))`,
/// `router.showDetail(id)` (a method of the router that appends), `path.removeLast()`, `sheet = .filters`,
/// `NavigationLink(value: Route.detail(id))`.
extension SwiftUIStyle {
    static func collectTriggers(_ state: inout State, _ context: inout Context) {
        let index = context.recognizer.index
        let owners = state.routers.union(state.views)
        guard !owners.isEmpty else { return }
        // Each type is read on its own against what `prepare` has read so far (nothing read here is asked back): side by
        // side on the cores, then noted in declaration order.
        let frozen = state
        let read = Parallel.map(Parallel.slices(of: index.order)) { slice in
            slice.compactMap { name in index.types[name].flatMap { triggers(of: $0, frozen, index, owners: owners) } }
        }
        for (name, reading) in read.joined() {
            for (owner, value) in reading.pushed { state.pushed[owner, default: []].append(value) }
            for (owner, item) in reading.untold { state.untoldItems[owner, default: []].insert(item) }
            for member in reading.unplaced { state.unplacedClosers[name, default: []].insert(member) }
            record(reading.found, of: name, &state, &context)
        }
        liftEmbeddedTriggers(&context, index)
    }

    /// What one type's calls do to owners' state: the triggers they make, on which screen, and what they push and set.
    struct TypeTriggers: Sendable {
        var found: [(screen: String, trigger: Trigger)] = []
        /// Owner → a value its path is given (`State.pushed`), in call order.
        var pushed: [(owner: String, value: (type: String, route: Fact<String>))] = []
        /// Owner → an item set to a value the reader cannot tell (`State.untoldItems`).
        var untold: [(owner: String, item: String)] = []
        /// The type's own items and flags its body clears (`State.unplacedClosers`).
        var unplaced: [String] = []
    }

    /// What the calls of `type` (a type of the index) do to `owners`' state; nil for a type that holds no router, owns no
    /// state and may make no link.
    static func triggers(of type: TypeFacts, _ state: State, _ index: ProjectIndex, owners: Set<String>)
        -> (name: String, reading: TypeTriggers)?
    {
        let name = type.name
        let holders = routerHolders(type, state, index)
        let isOwner = owners.contains(name)
        let links = (index.callCounts[names.link] ?? 0) > 0
        guard isOwner || !holders.isEmpty || links else { return nil }
        var reading = TypeTriggers()
        let presenting = state.held.bindings(of: type)
        for method in type.methods {
            for call in method.calls {
                // Inside what a presenter or a destination shows, the call is that view's, not this one's.
                guard let screen = screen(making: call, in: method, of: name, presenting, index) else { continue }
                // `Menu(showsText: $showsText)`: a view given the binding of the owner's item or flag may set it, from
                // the owner's own screen or from a view it presents.
                if isOwner, !isBinder(call) {
                    for route in handedOver(call, owner: type, state, index) {
                        reading.found.append((screen, Trigger(owner: name, route: Fact(route, at: call.location))))
                    }
                }
                if links, call.name == names.link,
                    let (route, routes) = routeValue(call.arguments.first(where: { $0.label == names.linkValueLabel })?.value)
                {
                    let owner = routes.flatMap { state.enumOwners[$0] }.flatMap { $0.isEmpty ? nil : $0 }
                    reading.found.append((screen, Trigger(owner: owner, route: Fact(route, at: call.location))))
                    continue
                }
                let receiver = plainReceiver(call.receiver)
                guard let (owner, member) = calledOwner(receiver, holders, ownerName: isOwner ? name : nil),
                    let ownerType = index.types[owner]
                else { continue }
                let routes = calledRoutes(call, on: (owner, ownerType), member: member, of: name, state, index, &reading)
                for route in routes {
                    // A view closing its own presentation from its own body runs under the presented view or in
                    // `onDismiss:`, never on the covered screen: the presentation is left open rather than guessed.
                    if route == "dismiss", owner == name, screen == name, let member {
                        reading.unplaced.append(member)
                        continue
                    }
                    reading.found.append((screen, Trigger(owner: owner, route: Fact(route, at: call.location))))
                }
            }
        }
        return (name, reading)
    }

    /// The routes one call of type `name` makes on `owner`: through a method of the router (what its own calls do, its
    /// parameters given the call's arguments), or on the owner's `member` directly.
    private static func calledRoutes(
        _ call: CallFacts, on owned: (name: String, type: TypeFacts), member: String?, of name: String, _ state: State,
        _ index: ProjectIndex, _ reading: inout TypeTriggers
    ) -> [String] {
        let (owner, ownerType) = owned
        if member == nil, owner != name, let called = ownerType.methods.first(where: { $0.name == call.name && $0.hasBody }) {
            return called.calls.flatMap { inner -> [String] in
                let place = plainReceiver(inner.receiver)
                guard !place.contains(".") else { return [] }
                if let value = pushedValue(of: inner, on: place, ownerType, index, given: (called, call)) {
                    reading.pushed.append((owner, (value.type, Fact(value.route, at: call.location))))
                }
                if isUntoldItem(inner, on: place, ownerType, state, index, given: (called, call)) {
                    reading.untold.append((owner, place))
                }
                return effect(of: inner, on: place.isEmpty ? nil : place, ownerType, state, index, given: (called, call))
            }
        }
        if let member, let value = pushedValue(of: call, on: member, ownerType, index, given: nil) {
            reading.pushed.append((owner, (value.type, Fact(value.route, at: call.location))))
        }
        let routes = effect(of: call, on: member, ownerType, state, index, given: nil)
        if let member, isUntoldItem(call, on: member, ownerType, state, index, given: nil) {
            reading.untold.append((owner, member))
        }
        return routes
    }

    /// The triggers the type `name`'s calls make, placed on their screens and noted on the owners they run on.
    private static func record(
        _ found: [(screen: String, trigger: Trigger)], of name: String, _ state: inout State, _ context: inout Context
    ) {
        for (screen, trigger) in found {
            context.triggers[screen, default: []].append(trigger)
            if screen == name, trigger.owner == name {
                state.ownTriggers[name, default: []].append(trigger.route)
            } else if let owner = trigger.owner {
                state.triggered[owner, default: []].insert(trigger.route.value)
            }
            if let owner = trigger.owner, synthesized[trigger.route.value] != nil {
                state.calls[owner, default: []].append(trigger.route)
            }
        }
    }

    /// A view built in place in another's body (a row in a list, a toolbar of the screen's) is part of that screen:
    /// the forward moves it makes on a router other than itself are the screen's too, a few levels deep. Closing
    /// moves stay with the view that makes them.
    static func liftEmbeddedTriggers(_ context: inout Context, _ index: ProjectIndex) {
        let triggering = context.triggers.filter { $0.value.contains { $0.owner != nil && synthesized[$0.route.value] == nil } }
        guard !triggering.isEmpty else { return }
        let held = context.recognizer.swiftUIHeld
        func inPlace(_ name: String) -> [String] {
            index.types[name].map { type in isView(type) ? held.embeddedViews(of: type).map(\.value) : [] } ?? []
        }
        // Each view is lifted into on its own: side by side on the cores, noted in declaration order.
        let lifted = Parallel.map(Parallel.slices(of: index.order)) { slice in
            slice.compactMap { name -> (name: String, triggers: [Trigger])? in
                guard let type = index.types[name], isView(type) else { return nil }
                var level = inPlace(name)
                guard !level.isEmpty else { return nil }
                var seen: Set<String> = [name]
                var found: [Trigger] = []
                for _ in 0..<4 where !level.isEmpty {
                    var next: [String] = []
                    for view in level where seen.insert(view).inserted {
                        for trigger in triggering[view] ?? [] where isLifted(trigger, from: view) && trigger.owner != name {
                            found.append(trigger)
                        }
                        next += inPlace(view)
                    }
                    level = next
                }
                return found.isEmpty ? nil : (name, found)
            }
        }
        for (name, triggers) in lifted.joined() { context.triggers[name, default: []] += triggers }
    }

    /// A trigger an embedding screen takes over from the view that makes it: a forward move on another owner's state.
    static func isLifted(_ trigger: Trigger, from view: String) -> Bool {
        guard let owner = trigger.owner, owner != view else { return false }
        return synthesized[trigger.route.value] == nil
    }

    /// The owner a call's receiver names and the member of its called (`router.path` → the router, `path`;
    /// `viewModel.routerPath` → the router the model keeps, no member; `path` → the view itself when it owns state).
    static func calledOwner(_ receiver: String, _ holders: [String: String], ownerName: String?) -> (owner: String, member: String?)? {
        // Most types hold no router and own no state: every call of theirs comes here.
        guard !holders.isEmpty || ownerName != nil else { return nil }
        // A receiver of one name (`router`, or none) is the whole of its parts: no split to make.
        if !receiver.utf8.contains(UInt8(ascii: ".")) {
            if !receiver.isEmpty, let held = holders[receiver] { return (held, nil) }
            return ownerName.map { ($0, receiver.isEmpty ? nil : receiver) }
        }
        var parts = receiver.split(separator: ".", maxSplits: 1).map(String.init)
        let deep = receiver.split(separator: ".", maxSplits: 2).map(String.init)
        if deep.count > 1, holders[deep[0] + "." + deep[1]] != nil {
            parts = [deep[0] + "." + deep[1]] + deep.dropFirst(2)
        }
        if let first = parts.first, let held = holders[first] { return (held, parts.count > 1 ? parts[1] : nil) }
        if let ownerName, parts.count <= 1 { return (ownerName, parts.first) }
        return nil
    }

    /// The places of `type` that hold a router, by how a call names them: its own properties (`router`), and the
    /// routers the objects it holds keep (`viewModel.routerPath`, for `viewModel.routerPath.navigate(to: .x)`).
    static func routerHolders(_ type: TypeFacts, _ state: State, _ index: ProjectIndex) -> [String: String] {
        var holders: [String: String] = [:]
        for property in type.properties {
            guard let held = heldType(property.name, in: type, index) else { continue }
            if state.routers.contains(held) {
                holders[property.name] = held
            } else if let model = index.types[held], !isView(model) {
                for inner in model.properties {
                    guard let router = heldType(inner.name, in: model, index), state.routers.contains(router) else { continue }
                    holders[property.name + "." + inner.name] = router
                }
            }
        }
        return holders
    }

    /// The screen a call of `type`'s body runs on: the type itself, or inside a presenter's closure the one view it
    /// presents (`.fullScreenCover(isPresented: $shows) { Eyepiece(onClose: { shows = false }) }`); nil inside a
    /// closure whose view the reader cannot tell (a destination's, one of several presenters').
    static func screen(making call: CallFacts, in method: MethodFacts, of type: String, _ presenting: [Binding], _ index: ProjectIndex)
        -> String?
    {
        guard let modifier = call.closures.first(where: { names.presenters[$0] != nil || $0 == names.destination }) else { return type }
        let binding = presenting.filter { binding in
            guard binding.method.location == method.location, binding.method.name == method.name else { return false }
            switch binding.kind {
            case .item(let name), .flag(let name): return name == modifier
            case .stack, .tabs: return false
            }
        }
        // Several presenters of one modifier chained on the view (`.sheet(isPresented: $a) {…}.sheet(isPresented: $b)
        // {…}`): the one whose closure the call runs in.
        let shown = binding.count == 1 ? binding : binding.filter { runs(call, in: $0.method.calls[$0.call].givenClosures, of: modifier) }
        guard shown.count == 1, let only = shown.first else { return nil }
        return presentedView(only, index)?.value
    }

    /// Whether the call is the presenter, stack or tab view that binds the state (not a view handed the binding).
    static func isBinder(_ call: CallFacts) -> Bool {
        call.name == names.stack || call.name == names.tabs || call.name == names.destination || names.presenters[call.name] != nil
    }

    /// The routes of the owner's items and flags whose binding (`$showsText`) the call hands to a view: the flag's
    /// route, or each case of the item's enum that the presenter shows.
    static func handedOver(_ call: CallFacts, owner: TypeFacts, _ state: State, _ index: ProjectIndex) -> [String] {
        var routes: [String] = []
        for argument in call.arguments {
            guard let (holder, property) = bound(argument.value), holder == nil,
                let binding = (state.presentations[owner.name] ?? []).first(where: { $0.property == property })
            else { continue }
            if case .item = binding.kind, let item = itemEnum(property, of: owner, index) {
                routes += index.types[item]?.cases.map(\.name) ?? []
            } else {
                routes.append(property)
            }
        }
        return routes
    }

    /// Whether the call sets an item of the owner's, whose cases are routes, to a value the reader cannot tell
    /// (`startingPoint = Self.pendingStart`, not `nil` nor a case): any of its routes may be shown there.
    static func isUntoldItem(
        _ call: CallFacts, on member: String, _ owner: TypeFacts, _ state: State, _ index: ProjectIndex,
        given: (method: MethodFacts, call: CallFacts)?
    ) -> Bool {
        guard call.name == "=", let binding = (state.presentations[owner.name] ?? []).first(where: { $0.property == member }),
            case .item = binding.kind, let item = itemEnum(member, of: owner, index)
        else { return false }
        var value = call.arguments.first?.value
        if case .reference(let name)? = value, let (method, outer) = given,
            let position = method.parameters.firstIndex(where: { $0.name == name }), position < outer.arguments.count
        {
            value = outer.arguments[position].value
        }
        if case .other("nil")? = value { return false }
        guard let (route, type) = routeValue(value), type == nil || type == item else { return true }
        return index.types[item]?.cases.contains { $0.name == route } != true
    }

    /// The value `path.append(Route.x)` pushes, with its type: written (`Route.x`) or the path's element type.
    static func pushedValue(
        of call: CallFacts, on member: String, _ owner: TypeFacts, _ index: ProjectIndex,
        given: (method: MethodFacts, call: CallFacts)?
    ) -> (type: String, route: String)? {
        guard names.appendCalls.contains(call.name), let path = pathProperties(of: owner, index).first(where: { $0.name == member }) else {
            return nil
        }
        var value = call.arguments.first?.value
        if case .reference(let name)? = value, let (method, outer) = given,
            let position = method.parameters.firstIndex(where: { $0.name == name }), position < outer.arguments.count
        {
            value = outer.arguments[position].value
        }
        guard let (route, written) = routeValue(value), let type = written ?? path.routes else { return nil }
        return (type, route)
    }

    /// The routes one call does to an owner's `member` (`path.append(.x)` → `x`, `path.removeLast()` → `pop`, `sheet =
    /// nil` → `dismiss`, `tab = .inbox` → `selectInbox`); a parameter of the router method it runs in stands for the
    /// argument its caller gives.
    static func effect(
        of call: CallFacts, on member: String?, _ owner: TypeFacts, _ state: State, _ index: ProjectIndex,
        given: (method: MethodFacts, call: CallFacts)?
    ) -> [String] {
        guard let member else {
            // `toggle()`-like calls and assignments name the member as the receiver; a bare call does nothing here.
            return []
        }
        func value(_ expression: ExpressionFacts?) -> ExpressionFacts? {
            guard case .reference(let name)? = expression, let (method, outer) = given,
                let position = method.parameters.firstIndex(where: { $0.name == name }), position < outer.arguments.count
            else { return expression }
            return outer.arguments[position].value
        }
        let paths = pathProperties(of: owner, index).map(\.name)
        if paths.contains(member) || (state.stacks[owner.name]?.property == member) {
            switch call.name {
            case _ where names.appendCalls.contains(call.name):
                return routeValue(value(call.arguments.first?.value)).map { [$0.route] } ?? []
            case _ where names.popCalls.contains(call.name):
                return [call.arguments.isEmpty ? "pop" : "popToRoot"]
            case _ where names.resetCalls.contains(call.name):
                return ["popToRoot"]
            case "=":
                switch call.arguments.first?.value {
                case .array(let items)? where items.isEmpty: return ["popToRoot"]
                case .construct(names.pathType, _)?: return ["popToRoot"]
                default: return []
                }
            default:
                return []
            }
        }
        let presented = (state.presentations[owner.name] ?? []).filter { $0.property == member }
        if let binding = presented.first {
            // Clearing the state of a pushed destination pops it; of a presentation, dismisses it.
            let closing = isPush(binding.kind) ? "pop" : "dismiss"
            if case .flag = binding.kind {
                if call.name == "toggle" { return [member] }
                guard call.name == "=" else { return [] }
                switch call.arguments.first?.value {
                case .other("true")?: return [member]
                case .other("false")?: return [closing]
                default: return []
                }
            }
            guard call.name == "=" else { return [] }
            if case .other("nil")? = call.arguments.first?.value { return [closing] }
            if itemEnum(member, of: owner, index) == nil { return call.arguments.isEmpty ? [] : [member] }
            return routeValue(value(call.arguments.first?.value)).map { [$0.route] } ?? []
        }
        if state.selections[owner.name]?.contains(member) == true, call.name == "=",
            let tab = routeValue(value(call.arguments.first?.value))?.route
        {
            return [selectPrefix + tab.capitalizedFirst]
        }
        return []
    }
}
