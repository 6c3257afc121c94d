import FlowModel

/// What views bind: the navigation state a body hands SwiftUI (`NavigationStack(path: $router.path)`,
/// `.sheet(item: $sheet)`, `TabView(selection: $tab)`), who holds that state, and the views the containers and
/// modifiers show. The owner of bound state is the coordinator: reading by effect, not by the router's name.
extension SwiftUIStyle {
    /// One piece of navigation state a view's body binds.
    struct Binding: Sendable {
        enum Kind: Sendable, Equatable {
            case stack
            /// `.sheet(item: $x)`: an optional value, one route per case of its enum.
            case item(modifier: String)
            /// `.sheet(isPresented: $x)`: a flag, one route named after it.
            case flag(modifier: String)
            case tabs
        }
        var kind: Kind
        /// The view's property holding the object that owns the state (`router` of `$router.path`); nil: the view's own.
        var holder: String?
        /// The bound property (`path`); nil for a `TabView` without `selection:`.
        var property: String?
        /// The view whose body binds it, and the method (`body`, a helper) and call that do.
        var host: String
        var method: MethodFacts
        var call: Int

        var location: SourceLocation { method.calls[call].location }
    }

    /// `$router.path` → (`router`, `path`); `$path`, `self.$path` → (nil, `path`); anything else (`$store.scope(…)`,
    /// a binding made by hand) is no binding the reader follows.
    static func bound(_ value: ExpressionFacts?) -> (holder: String?, property: String)? {
        func isName(_ part: Substring) -> Bool { !part.isEmpty && part.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" } }
        switch value {
        case .reference(let name)?:
            guard name.hasPrefix("$"), isName(name.dropFirst()) else { return nil }
            return (nil, String(name.dropFirst()))
        case .other(let text)?:
            guard text.hasPrefix("$") else { return nil }
            let parts = text.dropFirst().split(separator: ".", omittingEmptySubsequences: false)
            guard parts.count == 2, parts.allSatisfy(isName) else { return nil }
            return parts[0] == "self" ? (nil, String(parts[1])) : (String(parts[0]), String(parts[1]))
        default:
            return nil
        }
    }

    /// The navigation state `type`'s methods bind, in declaration order. A `navigationDestination(isPresented:)` or
    /// `(item:)` pushes onto the stack it lies in: it is read where the view binds a `NavigationStack` of its own (no
    /// path, or its own), whose pushes it then is; elsewhere (no stack, or one bound to a router's path) the stack it
    /// lies in is not the view's, and it is left out.
    static func bindings(of type: TypeFacts) -> [Binding] {
        var found: [Binding] = []
        var holdsStack: Bool?
        for method in type.methods {
            for (position, call) in method.calls.enumerated() {
                guard let (kind, bound) = binding(call) else { continue }
                if isPush(kind) {
                    if holdsStack == nil {
                        holdsStack = type.methods.contains {
                            $0.calls.contains {
                                $0.name == names.stack
                                    && Self.bound($0.arguments.first { $0.label == names.stackPathLabel }?.value)?.holder == nil
                            }
                        }
                    }
                    guard holdsStack == true else { continue }
                }
                found.append(
                    Binding(kind: kind, holder: bound?.holder, property: bound?.property, host: type.name, method: method, call: position))
            }
        }
        return found
    }

    /// A `navigationDestination(isPresented:)` or `(item:)`: its state pushes a view rather than presenting one.
    static func isPush(_ kind: Binding.Kind) -> Bool {
        switch kind {
        case .item(let modifier), .flag(let modifier): modifier == names.destination
        case .stack, .tabs: false
        }
    }

    private static func binding(_ call: CallFacts) -> (Binding.Kind, (holder: String?, property: String)?)? {
        func argument(_ label: String) -> ExpressionFacts? { call.arguments.first { $0.label == label }?.value }
        if call.name == names.stack {
            return bound(argument(names.stackPathLabel)).map { (.stack, $0) }
        }
        if call.name == names.tabs {
            return (.tabs, bound(argument(names.tabSelectionLabel)))
        }
        guard names.presenters[call.name] != nil || call.name == names.destination else { return nil }
        if let item = bound(argument(names.itemLabel)) { return (.item(modifier: call.name), item) }
        if let flag = bound(argument(names.flagLabel)) { return (.flag(modifier: call.name), flag) }
        return nil
    }

    /// A view: it conforms to `View`, or declares the `var body: some View` that conformance needs (an app's nested
    /// `typealias View = …` elsewhere can make the conformance read as another type).
    static func isView(_ type: TypeFacts) -> Bool {
        type.keyword != .protocol
            && (type.inherited.contains { $0.base == names.view || names.representables.contains($0.base) }
                || type.properties.contains { $0.name == names.body && $0.type?.base == names.view })
    }

    /// A view of the app's own: what a route can show.
    static func isAppView(_ name: String, _ index: ProjectIndex) -> Bool {
        index.types[name].map(isView) == true
    }

    /// The type of the object a view's property holds: `@EnvironmentObject var router: R`, `@StateObject var router
    /// = R()`, `@Environment(R.self) var router`, `@Bindable var router: R`, `let router: R`.
    static func heldType(_ holder: String, in type: TypeFacts, _ index: ProjectIndex) -> String? {
        guard let property = type.properties.first(where: { $0.name == holder }) else { return nil }
        if let environment = property.attributes.first(where: { $0.name == names.environment }), let key = environment.arguments.first,
            key.hasSuffix(".self")
        {
            return String(key.dropLast(".self".count))
        }
        if let declared = property.type { return index.resolved(declared).base }
        return property.initializer?.constructedType
    }

    /// Whether the view makes and keeps the object itself (`@StateObject private var router = R()`): a child it owns.
    static func ownsHeld(_ holder: String, in type: TypeFacts) -> Bool {
        guard let property = type.properties.first(where: { $0.name == holder }) else { return false }
        return property.initializer?.constructedType != nil || property.attributes.contains { names.owningWrappers.contains($0.name) }
    }

    /// A property that can be a stack's path: a `NavigationPath`, or an array of an enum of the app's that is
    /// `Hashable` (what a value pushed onto a stack must be), with that enum.
    static func pathProperties(of type: TypeFacts, _ index: ProjectIndex) -> [(name: String, routes: String?)] {
        type.properties.compactMap { property in
            if property.type?.base == names.pathType || property.initializer?.constructedType == names.pathType {
                return (property.name, nil)
            }
            guard let element = (property.type ?? madeArray(property.initializer)).flatMap(arrayElement), let routes = index.types[element],
                routes.keyword == .enum,
                routes.inherited.contains(where: { $0.base == names.hashable })
            else { return nil }
            return (property.name, element)
        }
    }

    /// The type an empty array's initializer makes, where the property declares none (`var path = [Route]()`).
    static func madeArray(_ initializer: ExpressionFacts?) -> TypeName? {
        guard case .factory(let made)? = initializer, made.hasPrefix("["), made.hasSuffix("]") else { return nil }
        return TypeName(base: made)
    }

    /// `[Route]` or `Array<Route>` → `Route`.
    static func arrayElement(_ type: TypeName) -> String? {
        if type.base == "Array", type.arguments.count == 1 { return type.arguments[0] }
        guard type.base.hasPrefix("["), type.base.hasSuffix("]"), !type.base.contains(":") else { return nil }
        let inner = String(type.base.dropFirst().dropLast().filter { $0 != " " })
        return inner.isEmpty || inner.contains("[") ? nil : inner
    }

    /// The enum of an optional item property (`var sheet: Sheet?`), when it is one of the app's.
    static func itemEnum(_ property: String, of type: TypeFacts, _ index: ProjectIndex) -> String? {
        guard let declared = type.properties.first(where: { $0.name == property })?.type else { return nil }
        let name = index.resolved(declared).base
        return index.types[name]?.keyword == .enum ? name : nil
    }

    /// The stacks views bind to one of `type`'s path properties through a property holding `type`, in declaration order.
    static func stacksBound(_ type: String, _ paths: [(name: String, routes: String?)], _ held: HeldBindings, first: Bool = false)
        -> [Binding]
    {
        var found: [Binding] = []
        for binding in held.stacks[type] ?? [] where paths.contains(where: { $0.name == binding.property }) {
            found.append(binding)
            if first { return found }
        }
        return found
    }

    /// The presenters views bind to `type`'s properties through a property holding `type` (`.sheet(item:
    /// $model.searchData)`), in declaration order.
    static func presentersBound(_ type: TypeFacts, _ held: HeldBindings, first: Bool = false) -> [Binding] {
        guard let bound = held.presenters[type.name] else { return [] }
        let properties = Set(type.properties.map(\.name))
        var found: [Binding] = []
        for binding in bound where binding.property.map(properties.contains) == true {
            found.append(binding)
            if first { return found }
        }
        return found
    }

    /// The app's views a container's closure shows at its top level (`NavigationStack { Root() }`, the tabs of a
    /// `TabView { A(); B() }`): the calls after the container's whose innermost closure is the container's own.
    static func shown(after binding: Binding, in closure: String, _ index: ProjectIndex) -> [Located<String>] {
        var found: [Located<String>] = []
        for call in binding.method.calls[(binding.call + 1)...] where call.closures.first == closure && call.switchCase == nil {
            guard isAppView(call.name, index), call.receiver == nil, !found.contains(where: { $0.value == call.name }) else { continue }
            found.append(Located(call.name, at: call.location))
        }
        return found
    }

    /// The value a call names a route by: `.detail(id)`, `Route.detail(id)`, `Route.settings` → the case, and its enum
    /// when written.
    static func routeValue(_ value: ExpressionFacts?) -> (route: String, type: String?)? {
        switch value {
        case .member(let name, _)?: return (name, nil)
        case .qualified(let type, let member, _)? where member != "self" && member != "init": return (member, type)
        default: return nil
        }
    }
}

extension SwiftUIStyle {
    /// What the views bind through a property holding an object (`$router.path`, `.sheet(item: $model.sheet)`), by the
    /// object's type, in declaration order: read once for the whole project, so that asking it for each class costs
    /// what that class's own bindings do, not a walk of every view.
    struct HeldBindings: Sendable {
        /// Object type → the stacks views bind to its properties.
        var stacks: [String: [Binding]] = [:]
        /// Object type → the presenters (and bound destinations) views bind to its properties.
        var presenters: [String: [Binding]] = [:]
        /// View → what it binds itself (`bindings(of:)`), through the app's helpers (`helperBindings(of:_:)`), and the
        /// views its body builds in place (`embeddedViews(of:)`): read in the one walk of each view here, so that the
        /// passes asking again for every view look them up instead of walking its calls once more.
        private var viewBindings: [String: [Binding]] = [:]
        private var viewHelperBindings: [String: [Binding]] = [:]
        private var viewEmbedded: [String: [Located<String>]] = [:]

        init() {}

        init(_ index: ProjectIndex) {
            let counts = index.callCounts
            let readsStacks = (counts[names.stack] ?? 0) > 0
            let readsPresenters = (names.presenters.keys + [names.destination]).contains { (counts[$0] ?? 0) > 0 }
            // Each view is read on its own: side by side on the cores, gathered in declaration order.
            let read = Parallel.map(Parallel.slices(of: index.order)) { slice in
                slice.compactMap { name -> (name: String, own: [Binding], helped: [Binding], embedded: [Located<String>])? in
                    guard let host = index.types[name], isView(host) else { return nil }
                    return (
                        name, SwiftUIStyle.bindings(of: host), SwiftUIStyle.helperBindings(of: host, index),
                        SwiftUIStyle.embeddedViews(of: host)
                    )
                }
            }
            for (name, own, helped, embedded) in read.joined() {
                guard let host = index.types[name] else { continue }
                viewBindings[name] = own
                viewHelperBindings[name] = helped
                viewEmbedded[name] = embedded
                guard readsStacks || readsPresenters else { continue }
                let stackBindings = readsStacks ? own.filter { $0.kind == .stack } : []
                let presenterBindings = readsPresenters ? (own + helped).filter { $0.kind != .stack && $0.kind != .tabs } : []
                for (binding, isStack) in stackBindings.map({ ($0, true) }) + presenterBindings.map({ ($0, false) }) {
                    guard let holder = binding.holder, binding.property != nil, let type = heldType(holder, in: host, index) else {
                        continue
                    }
                    if isStack { stacks[type, default: []].append(binding) } else { presenters[type, default: []].append(binding) }
                }
            }
        }

        /// `SwiftUIStyle.bindings(of:)` of a type of the index.
        func bindings(of type: TypeFacts) -> [Binding] { viewBindings[type.name] ?? SwiftUIStyle.bindings(of: type) }

        /// `SwiftUIStyle.helperBindings(of:_:)` of a type of the index.
        func helperBindings(of type: TypeFacts, _ index: ProjectIndex) -> [Binding] {
            viewHelperBindings[type.name] ?? SwiftUIStyle.helperBindings(of: type, index)
        }

        /// `SwiftUIStyle.embeddedViews(of:)` of a type of the index.
        func embeddedViews(of type: TypeFacts) -> [Located<String>] { viewEmbedded[type.name] ?? SwiftUIStyle.embeddedViews(of: type) }
    }
}
