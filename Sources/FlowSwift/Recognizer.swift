import FlowModel
import FlowRules

/// All files' facts, read through the project index: the one pass facts → model.
struct Recognizer {
    let mapping: ExtractMapping
    let index: ProjectIndex
    private var fileNotes: [ExtractionNote] = []

    /// Type name → the type as the program sees it: extensions merged, inherited members included.
    var types: [String: TypeFacts] { index.types }
    /// Type names in declaration order (file, line).
    var order: [String] { index.order }

    /// Whether a style claims the type as one of its coordinators: asked for every type a call or property names,
    /// so the project's own types are answered once, in `init`.
    func claimed(_ type: TypeFacts) -> Bool {
        if let known = claimedNames, index.types[type.name] != nil { return known.contains(type.name) }
        return Self.styles.contains { $0.claims(type, self) }
    }
    private var claimedNames: Set<String>?

    /// XCoordinator route enum → the one coordinator that routes it: what a `StrongRouter<NewsRoute>` leads to.
    private(set) var routerOwners: [String: String] = [:]
    /// App delegates, scene delegates and SwiftUI `App`s, in declaration order: where the entry is looked for.
    private var launchers: [String] = []
    /// XCoordinator route enum → every coordinator that routes it, in declaration order.
    private(set) var routeEnumCoordinators: [String: [String]] = [:]
    /// Style index → the types it claims, in declaration order: each is asked once, here.
    private var claimedByStyle: [[String]] = []

    /// The types `style` claims (of any keyword: a protocol may refine a style's), in declaration order.
    func names(claimedBy style: any CoordinatorStyle.Type) -> [String] {
        Self.styles.firstIndex { $0 == style }.map { claimedByStyle[$0] } ?? []
    }

    /// The fewest coordinators built on one thread: enough to outweigh handing them out (tests build one per
    /// thread to check that the order of building changes nothing).
    let slice: Int

    init(files: [FileFacts], mapping: ExtractMapping, slice: Int = 64) {
        self.mapping = mapping
        self.slice = slice
        index = ProjectIndex(files: files) { Self.mayBeCoordinator($0, mapping) }
        fileNotes = files.flatMap(\.notes) + index.notes
        var owners: [String: [String]] = [:]
        var claimed: Set<String> = []
        var launchers: [String] = []
        var claimedByStyle = Array(repeating: [String](), count: Self.styles.count)
        for name in index.order {
            guard let type = index.types[name] else { continue }
            if XCoordinatorStyle.kind(of: type) != nil, let routes = XCoordinatorStyle.routeEnum(of: type, in: index.types) {
                owners[routes, default: []].append(name)
            }
            if name.hasSuffix("AppDelegate") || name.hasSuffix("SceneDelegate") || type.inherited.contains(where: { $0.base == "App" }) {
                launchers.append(name)
            }
            for (style, claimant) in Self.styles.enumerated() where claimant.claims(type, self) {
                claimed.insert(name)
                claimedByStyle[style].append(name)
            }
        }
        self.launchers = launchers
        routerOwners = owners.compactMapValues { $0.count == 1 ? $0[0] : nil }
        routeEnumCoordinators = owners
        claimedNames = claimed
        self.claimedByStyle = claimedByStyle
    }


    /// A declaration that names a coordinator base among its supertypes.
    private static func mayBeCoordinator(_ type: TypeFacts, _ mapping: ExtractMapping) -> Bool {
        type.inherited.contains { inherited in
            UIKitStyle.isCoordinatorBase(inherited.base) || mapping.coordinators.contains(inherited.base)
                || XCoordinatorStyle.bases[inherited.base] != nil || StinsenStyle.protocols[inherited.base] != nil
        }
    }

    /// The styles in the order they are asked: the first that claims a type builds it. Never mutated: metatypes
    /// only, each style's state lives in the instance `graph()` makes.
    nonisolated(unsafe) static let styles: [any CoordinatorStyle.Type] = [XCoordinatorStyle.self, StinsenStyle.self, UIKitStyle.self]

    /// The graph read from the index. `keepingUntilExit`: what the reading built besides the graph (the context, the
    /// styles' state) is never freed, as `SwiftExtractor.extract(…keepingFactsUntilExit:)` keeps the facts.
    func graph(keepingUntilExit: Bool = false) -> CodeGraph {
        var context = Context(recognizer: self)
        var styles = Self.styles.map { $0.init() }
        var doubles: Set<String> = []
        for index in styles.indices {
            let names = claimedByStyle[index].filter { name in
                guard context.coordinators[name] == nil, !doubles.contains(name), let keyword = types[name]?.keyword else { return false }
                return keyword == .class || keyword == .struct || keyword == .actor
            }
            styles[index].build(names, &context)
            doubles.formUnion(names.filter(self.index.testDoubles.contains))
        }
        for index in styles.indices { styles[index].link(&context) }
        // A child pushed onto its parent's stack in one place and presented in another (in a navigation
        // controller made for it there): a spec gives it one stack, the parent's, so the presentations are left out.
        for owner in order {
            guard var coordinator = context.coordinators[owner] else { continue }
            let before = coordinator.routes.count
            coordinator.routes.removeAll { route in
                guard route.transition?.value == .present, let child = route.destination?.value.coordinatorName,
                      context.attachedToParentStack.contains(child), context.coordinators[child]?.kind?.value == .navigation else { return false }
                context.notes.append(ExtractionNote(.unrecognized, "`\(owner).\(route.name)` presents `\(child)`, which elsewhere is pushed onto its parent's stack: a spec gives it one stack, so this route is left out", at: route.location, coordinator: owner))
                return true
            }
            if coordinator.routes.count != before {
                coordinator.markOpen()
                context.coordinators[owner] = coordinator
            }
        }
        for name in context.attachedToParentStack {
            guard var child = context.coordinators[name], child.kind?.value == .navigation, child.stack == nil else { continue }
            child.stack = context.put(Fact(.parent, at: child.location, .inferred("started on its parent's stack")), .coordinator(name, .stack))
            context.coordinators[name] = child
        }
        let built = order.compactMap { context.coordinators[$0] }
        let routesByCoordinator = Dictionary(uniqueKeysWithValues: built.map { ($0.name, Set($0.routes.map(\.name))) })
        // Each coordinator's triggers, and the other arms of branching routes, side by side; the confidence of each
        // is recorded after, in order.
        let reading = context
        let alternatives = context.alternatives
        let filled = LargeStackThreads.map(Parallel.slices(of: built)) { slice in
            slice.map { coordinator in
                var coordinator = coordinator
                let placed = Self.fillTriggers(&coordinator, context: reading, routes: routesByCoordinator)
                var branching = reading.forBuilding()
                BranchingRoutes.addAlternatives(&coordinator, alternatives, &branching)
                return (coordinator, placed, branching.provenance)
            }
        }.joined()
        var coordinators: [Coordinator] = []
        for (coordinator, placed, branching) in filled {
            for (path, confidence) in placed { context.provenance.set(path, confidence) }
            context.provenance.absorb(branching)
            coordinators.append(coordinator)
        }
        // The clean-up passes (Cleanup.swift), each on what the one before left.
        let written = WrittenCoordinators(TabHubsWithTabs(coordinators, &context), &context)
        let references = ResolvedReferences(ResolvedRoutes(written, &context), &context)
        let resolved = ResolvedChains(references, chains: context.chains.sorted { $0.location < $1.location }, &context)
        var code = CodeGraph()
        for var coordinator in resolved.coordinators {
            coordinator.replaceRoutes(coordinator.routes)
            code.graph.add(coordinator)
        }
        for chain in resolved.chains { code.graph.add(chain) }
        if let entry = entry(of: code.graph) {
            code.graph.entry = context.put(entry, .entry)
        }
        code.provenance = context.provenance
        code.provenance.notes = (fileNotes + context.notes).sorted()
        if keepingUntilExit { KeptUntilExit.keep((context, styles, filled, resolved)) }
        return code
    }

    /// The coordinator an AppDelegate, SceneDelegate or SwiftUI `App` starts; else the only one nobody starts.
    private func entry(of graph: FlowGraph) -> Fact<String>? {
        let names = Set(graph.coordinators.map(\.name))
        for name in launchers {
            guard let type = types[name] else { continue }
            // The launch methods first: a property's initializer (`lazy var protection = ProtectionCoordinator()`)
            // makes a helper when it is first asked for, not the flow the app starts in.
            let properties = Set(type.properties.map(\.name))
            for method in type.methods.filter({ !properties.contains($0.name) }) + type.methods.filter({ properties.contains($0.name) }) {
                // A branch only UI tests take (`if ProcessInfo.processInfo.arguments.contains("-ui-testing")`) is not
                // where the app a user runs begins.
                let testOnly = index.testOnlyLocations(in: method)
                if let made = method.constructed.first(where: { names.contains($0.value) && !testOnly.contains($0.location) }) {
                    return Fact(made.value, at: made.location)
                }
                // `AppCoordinator.create(application:)`: a static factory of the coordinator's own type.
                if let made = method.calls.first(where: { names.contains(plainReceiver($0.receiver)) && $0.name != "=" && !testOnly.contains($0.location) }) {
                    return Fact(plainReceiver(made.receiver), at: made.location, .inferred("made by `\(plainReceiver(made.receiver)).\(made.name)()`"))
                }
            }
        }
        // Started by another coordinator: a coordinator that starts a copy of itself (a recursive gallery) may
        // still be where the app begins.
        let started = Set(graph.coordinators.flatMap { coordinator in
            coordinator.routes.compactMap { route in
                route.destination?.value.coordinatorName.flatMap { $0 != coordinator.name ? $0 : nil }
            }
        })
        let roots = graph.coordinators.filter { !started.contains($0.name) }
        guard let first = roots.first else { return nil }
        let why = roots.count == 1 ? "no other coordinator starts it" : "the first of \(roots.count) coordinators no other starts"
        return Fact(first.name, at: first.location, .inferred(why))
    }

    /// Every route whose destination is a screen gets the routes that screen (or a type it makes) triggers; what
    /// it returns is the confidence of each trigger placed, for the provenance.
    private static func fillTriggers(_ coordinator: inout Coordinator, context: Context, routes: [String: Set<String>]) -> [(FactPath, Confidence)] {
        var placed: [(FactPath, Confidence)] = []
        let names = Set(coordinator.routes.map(\.name))
        let isStinsen = context.provenance.frameworks[coordinator.name] == .stinsen
        for index in coordinator.routes.indices {
            guard let destination = coordinator.routes[index].destination, case .screen(let screen) = destination.value else { continue }
            var seen: Set<String> = []
            var triggers: [Fact<String>] = []
            for source in [screen] + (context.madeWith[screen] ?? []) {
                for trigger in context.triggers[source] ?? [] {
                    if trigger.owner == coordinator.name || trigger.owner == nil {
                        guard names.contains(trigger.route.value), seen.insert(trigger.route.value).inserted else { continue }
                        triggers.append(trigger.route)
                    } else if isStinsen, let owner = trigger.owner, routes[owner]?.contains(trigger.route.value) == true {
                        // SwiftUI hands `@EnvironmentObject` routers down the view tree: X.Router exists only below X.
                        let qualified = "\(owner).\(trigger.route.value)"
                        guard seen.insert(qualified).inserted else { continue }
                        triggers.append(Fact(qualified, at: trigger.route.location, .inferred("an environment router of \(owner) is only there below \(owner)")))
                    }
                }
            }
            let route = coordinator.routes[index].name
            // Triggers a style read itself (an XCoordinator alert's actions) come first; the screen's follow.
            let own = coordinator.routes[index].triggers
            triggers.removeAll { trigger in own.contains { $0.text == trigger.value } }
            coordinator.routes[index].triggers = own + triggers.sorted { $0.value < $1.value }.map { trigger in
                placed.append((.route(coordinator.name, route, .triggers, item: trigger.value), trigger.confidence))
                return RouteReference(parsing: trigger.value, at: trigger.location)
            }
        }
        return placed
    }

    // MARK: shared resolution

    /// What a destination expression resolves to.
    enum Resolution {
        case type(String, Confidence, ownStack: Bool)
        case dynamic(String)
        case factory(String)

        var typeName: String? {
            if case .type(let name, _, _) = self { name } else { nil }
        }
    }

    /// Follows local bindings, wrappers and factories (of this type, or of the one type behind a property) to a
    /// type name; iterative, bounded.
    func resolve(_ start: ExpressionFacts, in method: MethodFacts, of type: TypeFacts, at use: SourceLocation) -> Resolution {
        var location = use
        var expression = start
        var confidence = Confidence.certain
        var ownStack = false
        var currentMethod = method
        var currentType = type
        for _ in 0..<8 {
            switch expression {
            case .construct(let name, let wrapped):
                // The app's own navigation controller (`class NavigationController: UINavigationController`) wraps too.
                let isNavigation = name == "UINavigationController" || index.types[name]?.inherited.contains { $0.base == "UINavigationController" } == true
                if let wrapped, isNavigation || ["NavigationViewCoordinator", "UIHostingController", "ViewWrapperCoordinator"].contains(name) {
                    ownStack = ownStack || isNavigation || name == "NavigationViewCoordinator"
                    expression = wrapped
                    continue
                }
                return .type(name, confidence, ownStack: ownStack)
            case .inferredType(let name, let why):
                return .type(name, .inferred(why), ownStack: ownStack)
            case .qualified(let name, let member, .some):
                // `Shop.make()`: a static factory taken to make its own type; UIKit's are not screens of the app.
                guard !name.hasPrefix("UI") else {
                    // `UIAlertController.alertController(…)`, which the app declares in an extension returning that type.
                    let returned = index.helpers[member]?.compactMap(\.returnType?.base) ?? []
                    if !returned.isEmpty, returned.allSatisfy({ $0 == name }) {
                        return .type(name, .inferred("the app's `\(name).\(member)()` returns a `\(name)`"), ownStack: ownStack)
                    }
                    return .factory("\(name).\(member)")
                }
                return .type(name, .inferred("`\(name).\(member)()` is taken to make a `\(name)`"), ownStack: ownStack)
            case .reference(let name):
                if let bound = currentMethod.binding(name, before: location) {
                    expression = bound
                    continue
                }
                if let property = currentType.properties.first(where: { $0.name == name }) {
                    // The stack `init` fills (`navigationController.viewControllers = [splash]`): its first screen.
                    if let filled = Self.firstScreen(filledBy: currentType, into: name) {
                        (expression, currentMethod, location) = filled
                        ownStack = true
                        continue
                    }
                    // `let newsRouter: StrongRouter<NewsRoute>`: the coordinator that routes `NewsRoute`.
                    if let declared = property.type, declared.base.hasSuffix("Router"), let routes = declared.arguments.first,
                       let owner = routerOwners[routes] {
                        return .type(owner, .inferred("the one coordinator that routes `\(routes)`"), ownStack: ownStack)
                    }
                    // `lazy var alert: UIAlertController = { … }()`: the declared type, the app's or UIKit's; for a stack
                    // (`UINavigationController = { …; return NavigationController(rootViewController: screen) }()`), what it returns.
                    if case .factory(ExpressionFacts.closureRunInPlace)? = property.initializer, let declared = property.type,
                       types[declared.base] != nil || declared.base.hasPrefix("UI") {
                        if declared.base == "UINavigationController",
                           let body = currentType.methods.first(where: { $0.location == property.location && $0.name == name }),
                           let returned = body.returns.first {
                            expression = returned
                            currentMethod = body
                            location = SourceLocation(file: body.location.file, line: .max, column: 0)
                            continue
                        }
                        return .type(declared.base, .inferred("the type of property `\(name)`"), ownStack: ownStack)
                    }
                    if let initializer = property.initializer {
                        expression = initializer
                        continue
                    }
                    if let declared = property.type, types[declared.base] != nil {
                        return .type(declared.base, .inferred("the type of property `\(name)`"), ownStack: ownStack)
                    }
                }
                return .dynamic(name)
            case .factory(let call):
                let parts = call.split(separator: ".").map(String.init)
                let name = parts.last ?? call
                // `module.toPresent()`, where `extension UIViewController { func toPresent() -> UIViewController? { self } }`:
                // the value itself.
                if parts.count == 2, let identity = index.helpers[name], !identity.isEmpty,
                   identity.allSatisfy({ $0.parameters.isEmpty && $0.returns == [.reference("self")] }) {
                    expression = .reference(parts[0])
                    continue
                }
                // `makeDetail()` of this type, or `container.makeDetail()` / `container.builder.makeDetail()` of the one
                // type behind a chain of properties.
                let path = parts.dropLast().drop { $0 == "self" }.map { $0.filter { $0 != "?" && $0 != "!" } }
                guard let owner = path.isEmpty ? currentType : chainStart(path, in: currentMethod, of: currentType, before: location)
                        .flatMap({ index.typeBehind($0.path, from: $0.type) }),
                      let factory = owner.methods.first(where: { $0.name == name }) else { return .factory(call) }
                currentType = owner
                // Returns of different types (`returning ? WelcomeBack() : Onboarding()`): decided at run time.
                if factory.returns.count > 1, Set(factory.returns.filter { $0 != .other("nil") }.map { Self.returnedType($0, in: factory) }).count > 1 {
                    return .dynamic("\(call)(…)")
                }
                if let returned = factory.returns.first {
                    expression = returned
                    currentMethod = factory
                    location = SourceLocation(file: factory.location.file, line: .max, column: 0)
                    confidence = .inferred("made by `\(call)()`")
                    continue
                }
                if let declared = factory.returnType, types[declared.base] != nil {
                    return .type(declared.base, .inferred("the return type of `\(name)()`"), ownStack: ownStack)
                }
                return .factory(call)
            case .array(let elements):
                guard let first = elements.first else { return .dynamic("[]") }
                expression = first
            default:
                return .dynamic(expression.summary)
            }
        }
        return .dynamic(start.summary)
    }
}

extension Recognizer {
    /// Where a chain of properties starts (`builder.makeSettings()`, `container.factories.makeHelp()`): a property of
    /// `type`; a local bound to such a chain (`let builder = dependencyContainer.viewControllerBuilder`), followed
    /// a few steps; or a parameter of a declared type with one implementation (`func makeHome(in container: AppContainer)`).
    /// `nil` when the head is none of these.
    private func chainStart(_ path: [String], in method: MethodFacts, of type: TypeFacts, before location: SourceLocation) -> (type: TypeFacts, path: [String])? {
        var path = path
        for _ in 0..<4 {
            guard let head = path.first, !type.properties.contains(where: { $0.name == head }) else { return (type, path) }
            if let bound = method.binding(head, before: location) {
                let text: String
                switch bound {
                case .reference(let name): text = name
                case .other(let chain): text = chain
                default: return nil
                }
                let steps = text.split(separator: ".").map { $0.filter { $0 != "?" && $0 != "!" } }.drop { $0 == "self" }
                guard !steps.isEmpty, steps.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" } }) else { return nil }
                path = Array(steps) + path.dropFirst()
                continue
            }
            guard let parameter = method.parameters.first(where: { $0.name == head }), let declared = parameter.type else { return nil }
            let name = index.resolved(TypeName(base: declared.filter { $0 != "?" && $0 != "!" })).base
            let candidates = index.concreteTypes(name)
            guard candidates.count == 1, let start = types[candidates[0]] else { return nil }
            return (start, Array(path.dropFirst()))
        }
        return nil
    }

    /// What a factory's `return` gives, as far as its own body tells: the type it constructs, directly or through a local
    /// (`let profile = ProfileViewController(); …; return profile`), else the expression itself.
    static func returnedType(_ returned: ExpressionFacts, in factory: MethodFacts) -> ExpressionFacts {
        var expression = returned
        for _ in 0..<4 {
            guard case .reference(let local) = expression, let bound = factory.binding(local, before: SourceLocation(file: factory.location.file, line: .max, column: 0)) else { break }
            expression = bound
        }
        return expression
    }

    /// The first screen an `init` of the type puts into the stack kept in `property` (`property.viewControllers =
    /// [splash]` or `property.setViewControllers([splash], …)`), read in that `init`.
    static func firstScreen(filledBy type: TypeFacts, into property: String) -> (ExpressionFacts, MethodFacts, SourceLocation)? {
        for initializer in type.methods where initializer.name == "init" {
            for call in initializer.calls {
                let receiver = plainReceiver(call.receiver)
                let isFill = call.name == "=" ? receiver == property + ".viewControllers" : call.name == "setViewControllers" && receiver == property
                guard isFill, case .array(let items)? = call.arguments.first?.value, let first = items.first else { continue }
                return (first, initializer, call.location)
            }
        }
        return nil
    }
}

/// One value read from the code, where, and how sure the reader is: what a recognizer hands on until the value is
/// placed in the graph (`Context.put`), which records the confidence in the provenance.
struct Fact<Value> {
    var value: Value
    var location: SourceLocation
    var confidence: Confidence

    init(_ value: Value, at location: SourceLocation, _ confidence: Confidence = .certain) {
        self.value = value
        self.location = location
        self.confidence = confidence
    }
}

extension Fact: Sendable where Value: Sendable {}

extension Coordinator {
    /// Not every navigation site was read: the spec writes `open: true` and drift does not judge absences.
    mutating func markOpen() {
        open = Located(true, at: location)
    }
}

/// A route a type triggers: `router.trigger(.x)`, `coordinator?.showX()`, `router.route(to: \.x)`.
struct Trigger: Sendable {
    /// The coordinator whose route it is, `nil` when only the route name is known.
    var owner: String?
    var route: Fact<String>
}

/// What the style recognizers share while building the model.
struct Context {
    let recognizer: Recognizer
    var coordinators: [String: Coordinator] = [:]
    var chains: [Chain] = []
    /// How sure the reader is of each fact placed in the graph, and each coordinator's library.
    var provenance = Provenance()
    /// Chain name → step → the route enum whose coordinator runs the step (a deep link's later routes).
    var chainScopes: [String: [Int: String]] = [:]
    var notes: [ExtractionNote] = []
    /// Screen or view-model type → the routes it triggers.
    var triggers: [String: [Trigger]] = [:]
    /// Screen type → the types constructed where it is made (its view model): their triggers are its triggers.
    var madeWith: [String: [String]] = [:]
    /// Children attached with `.none()` / shared routers: they push onto their parent's stack.
    var attachedToParentStack: Set<String> = []
    /// Coordinator → route of a branching method → the routes its other arms are (`BranchingRoutes`).
    var alternatives: [String: [String: [String]]] = [:]

    /// Classes other classes inherit from (`BaseCoordinator`).
    let baseClasses: Set<String>
    /// Coordinator type → the screen a parent makes it with and gives it to (`chat.coordinator = coordinator`).
    let firstScreens: [String: Fact<String>]
    /// Type → its reactions to the children it starts (read once, before any coordinator is built).
    private(set) var reactions: [String: [Reaction]] = [:]
    /// Names of the parents' reactions that let the child go (`didCancel(in:)` calling `removeCoordinator`): a child
    /// that calls one on its delegate with itself finishes.
    private(set) var releasingReactions: Set<String> = []
    /// Type name → the (type, property) pairs that keep a value of it (`weak var coordinator: X?`).
    let keepers: [String: [(type: String, property: String)]]
    /// Coordinator type → its closure properties a parent sets to let it go or to end its own flow with it
    /// (`confirmation.onCompleted = { … self.delegate?.didFinish(receipt, in: self) }`): calling one is finishing.
    let finishingClosures: [String: Set<String>]
    /// Names of the methods coordinators and app or scene delegates call on a coordinator they keep
    /// (`protectionCoordinator.applicationDidBecomeActive()`, `appCoordinator?.handle(url)`): events they relay.
    let relayed: Set<String>

    init(recognizer: Recognizer) {
        self.recognizer = recognizer
        // Each type's links are read on its own, a share of the types per thread, and put together in declaration
        // order: the first screen found first is the one kept.
        let chunks = Parallel.slices(of: recognizer.order)
        let links = LargeStackThreads.map(chunks) { names in names.map { Self.links(of: $0, recognizer) } }.joined()
        var bases: Set<String> = []
        var keepers: [String: [(type: String, property: String)]] = [:]
        var firstScreens: [String: Fact<String>] = [:]
        var relayed: Set<String> = []
        var finishingClosures: [String: Set<String>] = [:]
        for (name, found) in zip(recognizer.order, links) {
            for (made, label) in found.finishingClosures { finishingClosures[made, default: []].insert(label) }
            bases.formUnion(found.bases)
            relayed.formUnion(found.relayed)
            for (child, screen) in found.firstScreens where firstScreens[child] == nil { firstScreens[child] = screen }
            for (kept, property) in found.keepers { keepers[kept, default: []].append((name, property)) }
        }
        baseClasses = bases
        self.keepers = keepers
        self.relayed = relayed
        self.finishingClosures = finishingClosures
        self.firstScreens = firstScreens
        let context = self
        let found = LargeStackThreads.map(chunks) { names in
            var delegateCalls = DelegateCalls()
            return names.map { name in
                (context.recognizer.types[name]?.methods ?? []).compactMap {
                    context.reaction($0, of: name) ?? context.delegateReaction($0, of: name, calls: &delegateCalls)
                }
            }
        }.joined()
        for (name, found) in zip(recognizer.order, found) where !found.isEmpty {
            reactions[name] = found
            releasingReactions.formUnion(found.filter { $0.release != nil }.map(\.method.name))
        }
    }

    /// What one type tells about the others, read before any coordinator is built.
    private struct Links: Sendable {
        /// (made type, closure property) pairs: the type sets that closure of a child it makes to let it go.
        var finishingClosures: [(String, String)] = []
        /// The supertypes of a class.
        var bases: [String] = []
        /// Methods it calls on a coordinator it keeps.
        var relayed: [String] = []
        /// (child, screen) pairs, in the order the type's methods give them.
        var firstScreens: [(String, Fact<String>)] = []
        /// (type kept, property) for each property with a declared type.
        var keepers: [(String, String)] = []
    }

    private static func links(of name: String, _ recognizer: Recognizer) -> Links {
        var links = Links()
        guard let type = recognizer.types[name] else { return links }
        for method in type.methods where !method.constructed.isEmpty {
            for call in method.calls {
                // The label first: only a closure set on a type made here can be that type's.
                guard let label = call.closures.first else { continue }
                let owners = method.constructed.filter { made in
                    made.value != name && recognizer.types[made.value]?.properties.contains(where: { $0.name == label }) == true
                }
                guard !owners.isEmpty, UIKitStyle.isRelease(call, recognizer.mapping) || UIKitStyle.endsOwnFlow(call, finishers: [], reactions: []) else { continue }
                for made in owners { links.finishingClosures.append((made.value, label)) }
            }
        }
        if type.keyword == .class { links.bases = type.inherited.map(\.base) }
        if name.hasSuffix("AppDelegate") || name.hasSuffix("SceneDelegate") || recognizer.claimed(type) {
            for method in type.methods {
                for call in method.calls where call.name != "=" && call.name != "start" {
                    let receiver = plainReceiver(call.receiver)
                    guard !receiver.isEmpty, receiver != "self",
                          receiver.split(separator: ".").last?.lowercased().hasSuffix("coordinator") == true else { continue }
                    links.relayed.append(call.name)
                    // `coordinator.show(fungibleToken: token, …)`: the overload of that label, a route of its own.
                    if let overload = call.overloadName { links.relayed.append(overload) }
                }
            }
        }
        for method in type.methods {
            for call in method.calls where call.name == "=" {
                let place = plainReceiver(call.receiver)
                guard place.hasSuffix(".coordinator"), case .reference(let given)? = call.arguments.first?.value,
                      let child = method.binding(given, before: call.location)?.constructedType,
                      let screen = method.binding(String(place.dropLast(".coordinator".count)), before: call.location)?.constructedType else { continue }
                links.firstScreens.append((child, Fact(screen, at: call.location, .inferred("`\(screen)` is given the coordinator where it is made"))))
            }
            // `navigationController.pushViewController(locales.localesViewController, …)`: a parent pushing a screen
            // of the child it made.
            for call in method.calls where ["pushViewController", "pushModule", "push"].contains(call.name) || recognizer.mapping.push.contains(call.name) {
                guard let (child, property) = childMember(call.arguments.first?.value, in: method, before: call.location),
                      let childType = recognizer.types[child],
                      let screen = childType.properties.first(where: { $0.name == property }).flatMap({ screenType($0, of: childType) }) else { continue }
                links.firstScreens.append((child, Fact(screen, at: call.location, .inferred("the parent pushes `\(child).\(property)`"))))
            }
        }
        for property in type.properties {
            if let declared = property.type { links.keepers.append((recognizer.index.resolved(declared).base, property.name)) }
        }
        return links
    }

    /// `locales.localesViewController`, where `locales` is bound to a coordinator made in the method: its type and
    /// the member.
    static func childMember(_ expression: ExpressionFacts?, in method: MethodFacts, before location: SourceLocation) -> (child: String, member: String)? {
        guard case .other(let text)? = expression else { return nil }
        let parts = text.split(separator: ".").map(String.init)
        guard parts.count == 2, let child = method.binding(parts[0], before: location)?.constructedType else { return nil }
        return (child, parts[1])
    }

    /// The screen a stored or lazy property holds: its declared type, or the type its initializer makes.
    static func screenType(_ property: PropertyFacts, of type: TypeFacts? = nil) -> String? {
        let declared = property.type?.base ?? property.initializer?.constructedType
        // `var rootViewController: UIViewController { form }`: a getter declared as UIKit's class returns the screen
        // another property holds, or one it makes.
        guard declared == nil || declared?.hasPrefix("UI") == true, let type,
              let returned = type.methods.first(where: { $0.name == property.name })?.returns.first else { return declared }
        if case .reference(let name) = returned, name != property.name,
           let other = type.properties.first(where: { $0.name == name }), let screen = screenType(other) {
            return screen
        }
        return returned.constructedType ?? declared
    }

    /// A parent's method that a child coordinator calls on its delegate, handing itself over
    /// (`func didCancel(in coordinator: WalletCreationCoordinator)`): not a route of the parent, but its reaction to
    /// that child — the release it makes, and the parent's routes it runs next (the child's `then`).
    struct Reaction {
        var method: MethodFacts
        var child: String
        var release: CallFacts?
        var continuations: [CallFacts]
    }

    /// Whether the method is one of the type's reactions to a child.
    func isReaction(_ method: MethodFacts, of owner: String) -> Bool {
        reactions[owner]?.contains { $0.method.location == method.location } ?? false
    }

    private func reaction(_ method: MethodFacts, of owner: String) -> Reaction? {
        // Bookkeeping a base class gives every coordinator (`removeChild(_ child: BaseCoordinator)`) takes its own
        // kind, not a child's: the parameter is a coordinator class that is neither the owner nor one of its supertypes.
        let own = Set([owner] + (recognizer.types[owner]?.inherited.map(\.base) ?? []))
        // `init(scanner: ScannerCoordinator)` is given a child to keep, not told about one.
        guard method.name != "init", let parameter = method.parameters.first(where: { parameter in
            guard let type = parameter.type, !own.contains(type), recognizer.types[type]?.keyword != .protocol else { return false }
            return isCoordinatorType(type)
        }), let child = parameter.type else { return nil }
        let mapping = recognizer.mapping
        // `removeCoordinator(coordinator)`, or `childCoordinators.removeAll { $0 === coordinator }` (a predicate on it).
        let release = method.calls.first { call in
            call.closures.isEmpty && UIKitStyle.isRelease(call, mapping)
                && call.arguments.contains { $0.value == .reference(parameter.name) || $0.label == "{}" || $0.label == "where" }
        }
        let continuations = method.calls.filter { call in
            call.closures.isEmpty && (call.receiver == nil || plainReceiver(call.receiver) == "self") && call.name != method.name
        }
        return Reaction(method: method, child: child, release: release, continuations: continuations)
    }

    /// Coordinator type → delegate property → the names of the methods it calls on it, read once per type.
    private typealias DelegateCalls = [String: [String: Set<String>]]

    /// `func setupCoordinatorDidFinish() { childCoordinators[.setup] = nil; showFeed() }`: a method of the delegate
    /// protocol one child coordinator keeps its parent behind (`weak var delegate: SetupCoordinatorDelegate?`), which
    /// that child calls (`delegate?.setupCoordinatorDidFinish()`), and in which the parent lets the child go. The
    /// parent's reaction to that child, as if it were handed over. One that lets nothing go is a request of the
    /// child's, read as the parent's trigger (`UIKitStyle.collectTriggers`).
    private func delegateReaction(_ method: MethodFacts, of owner: String, calls: inout DelegateCalls) -> Reaction? {
        guard method.name != "init", method.hasBody, let type = recognizer.types[owner] else { return nil }
        var children: Set<String> = []
        for conformance in type.inherited where recognizer.types[conformance.base]?.keyword == .protocol {
            for (child, property) in keepers[conformance.base] ?? [] where child != owner && isCoordinatorType(child) {
                if calls[child] == nil {
                    var called: [String: Set<String>] = [:]
                    for childMethod in recognizer.types[child]?.methods ?? [] {
                        for call in childMethod.calls where call.receiver != nil { called[plainReceiver(call.receiver), default: []].insert(call.name) }
                    }
                    calls[child] = called
                }
                if calls[child]?[property]?.contains(method.name) == true { children.insert(child) }
            }
        }
        // A protocol several coordinators call says nothing of which child is done.
        guard children.count == 1, let child = children.first else { return nil }
        let places = keptPlaces(of: child, in: type)
        guard let release = method.calls.first(where: { call in
            call.closures.isEmpty && (UIKitStyle.isRelease(call, recognizer.mapping) || places.contains(UIKitStyle.releasedPlace(call) ?? ""))
        }) else { return nil }
        let continuations = method.calls.filter { call in
            call.closures.isEmpty && (call.receiver == nil || plainReceiver(call.receiver) == "self") && call.name != method.name
        }
        return Reaction(method: method, child: child, release: release, continuations: continuations)
    }

    /// Where `type` keeps the children of type `child` it makes: `readerFlow = flow`, `children[.reader] = flow`.
    private func keptPlaces(of child: String, in type: TypeFacts) -> Set<String> {
        Set(Self.childAssignments(in: type).filter { $0.child == child }.map(\.place))
    }

    /// Every assignment of a child `type` makes to a place of its own (`self.diaryCoordinator = diary`,
    /// `children[.reader] = flow`): the place, the child's type, the local it was made in, and where.
    static func childAssignments(in type: TypeFacts) -> [(place: String, child: String, variable: String, maker: MethodFacts, call: CallFacts)] {
        var kept: [(place: String, child: String, variable: String, maker: MethodFacts, call: CallFacts)] = []
        for method in type.methods {
            for call in method.calls where call.name == "=" {
                guard case .reference(let given)? = call.arguments.first?.value,
                      let child = method.binding(given, before: call.location)?.constructedType else { continue }
                kept.append((plainReceiver(call.receiver), child, given, method, call))
            }
        }
        return kept
    }

    /// Whether `label` names a closure property of `type` (`onCompleted`), one a parent may set on it.
    func isClosureProperty(_ label: String, of type: String) -> Bool {
        recognizer.types[type]?.properties.contains { $0.name == label } == true
    }

    /// The reactions of `owner` to children of type `child`, or to every child.
    func reactions(of owner: String, to child: String? = nil) -> [Reaction] {
        (reactions[owner] ?? []).filter { child == nil || $0.child == child }
    }

    /// Places a fact in the graph, recording how sure the reader is of it.
    /// A context to build coordinators in: the links every type gives, none of the output of a build.
    func forBuilding() -> Context {
        var context = self
        context.coordinators = [:]
        context.chains = []
        context.provenance = Provenance()
        context.chainScopes = [:]
        context.notes = []
        context.triggers = [:]
        context.madeWith = [:]
        context.attachedToParentStack = []
        context.alternatives = [:]
        return context
    }

    /// Takes in what was built in a context from `forBuilding()`, as if it had been built in this one.
    mutating func absorb(_ built: Context) {
        coordinators.merge(built.coordinators) { _, new in new }
        chains += built.chains
        provenance.absorb(built.provenance)
        chainScopes.merge(built.chainScopes) { _, new in new }
        notes += built.notes
        for (type, found) in built.triggers { triggers[type, default: []] += found }
        for (screen, made) in built.madeWith { madeWith[screen, default: []] += made }
        attachedToParentStack.formUnion(built.attachedToParentStack)
        alternatives.merge(built.alternatives) { _, new in new }
    }

    mutating func put<Value>(_ fact: Fact<Value>, _ path: FactPath) -> Located<Value> {
        provenance.set(path, fact.confidence)
        return Located(fact.value, at: fact.location)
    }

    /// A fact already in the graph, with the confidence recorded for it.
    func fact<Value>(_ located: Located<Value>?, _ path: FactPath) -> Fact<Value>? {
        located.map { Fact($0.value, at: $0.location, provenance.confidence(path)) }
    }

    /// A new coordinator of `framework`, of the kind read.
    mutating func coordinator(_ type: TypeFacts, _ framework: Framework, kind: Fact<CoordinatorKind>) -> Coordinator {
        var coordinator = Coordinator(name: type.name, location: type.location)
        coordinator.kind = put(kind, .coordinator(type.name, .kind))
        provenance.frameworks[type.name] = framework
        return coordinator
    }

    /// Whether some style claims the type (one the app does not declare: by its name).
    func isCoordinatorType(_ name: String) -> Bool {
        guard let type = recognizer.types[name] else { return name.hasSuffix("Coordinator") }
        return recognizer.claimed(type)
    }

    /// A destination fact for a resolved expression, or a note for one that cannot be resolved.
    mutating func destination(
        _ expression: ExpressionFacts, in method: MethodFacts, of type: TypeFacts, at location: SourceLocation
    ) -> (Fact<Destination>, ownStack: Bool)? {
        switch recognizer.resolve(expression, in: method, of: type, at: location) {
        case .type(let name, let confidence, let ownStack):
            let destination: Destination = isCoordinatorType(name) ? .coordinator(name) : .screen(name)
            return (Fact(destination, at: location, confidence), ownStack)
        case .dynamic(let what):
            notes.append(ExtractionNote(.dynamicDestination, "the destination `\(what)` is computed at run time", at: location, coordinator: type.name))
        case .factory(let call):
            notes.append(ExtractionNote(.unresolvedFactory, "the destination comes from `\(call)`, whose product is not visible", at: location, coordinator: type.name))
        }
        return nil
    }

    /// A child coordinator a method gets from a factory object (`coordinatorFactory.makeAuth(router:)`, or
    /// `let (coordinator, module) = coordinatorFactory.makeItemBox()`): the property's type, or the one class or
    /// struct that implements that protocol, has methods of that name that construct exactly one coordinator type.
    enum FactoryProduct {
        case child(Located<String>, why: String)
        /// Coordinators made by a factory, but which one is decided at run time: a note, never a guess.
        case ambiguous(SourceLocation, why: String)

        var child: (child: Located<String>, why: String)? {
            if case .child(let child, let why) = self { (child, why) } else { nil }
        }
    }

    /// The coordinator a method's factory call makes, or why it cannot be told.
    func factoryProduct(in method: MethodFacts, of type: TypeFacts) -> FactoryProduct? {
        for call in method.calls where call.name != "=" {
            let receiver = plainReceiver(call.receiver)
            if call.closures.allSatisfy(UIKitStyle.ownClosures.contains), let made = staticMaker(call, receiver: receiver, of: type) {
                return .child(made, why: "made by `\(receiver).\(call.name)(…)`, given `self`")
            }
            guard call.closures.isEmpty else { continue }
            // `coordinatorFactory.makeAuth()`, or a factory further down a container (`container.coordinators.makeAuth()`).
            let path = receiver.split(separator: ".").map(String.init)
            guard let last = path.last, let holder = path.count == 1 ? type : recognizer.index.typeBehind(path.dropLast(), from: type),
                  let declared = holder.properties.first(where: { $0.name == last })?.type,
                  recognizer.types[declared.base] != nil else { continue }
            let candidates = recognizer.index.concreteTypes(declared.base)
            var products: Set<String> = []
            for candidate in candidates {
                for made in recognizer.types[candidate]?.methods.filter({ $0.name == call.name }).flatMap(\.constructed) ?? [] {
                    if made.value != type.name, isCoordinatorType(made.value) { products.insert(made.value) }
                }
            }
            guard let product = products.first else { continue }
            guard candidates.count == 1, products.count == 1 else {
                let why = candidates.count > 1
                    ? "`\(declared.base)` has \(candidates.count) implementations (\(candidates.joined(separator: ", ")))"
                    : "`\(candidates[0]).\(call.name)` makes one of \(products.sorted().joined(separator: ", "))"
                return .ambiguous(call.location, why: "`\(receiver).\(call.name)()` makes a coordinator decided at run time: \(why); the child is left out")
            }
            return .child(Located(product, at: call.location), why: "made by `\(receiver).\(call.name)()` (`\(candidates[0])`)")
        }
        return nil
    }

    /// `AcceptProposalCoordinator.promise(navigationController, coordinator: self, …)`: a static method of another
    /// coordinator type, given the caller, that makes that coordinator in its body or in a method of a type it
    /// constructs (a promise bridge that starts the child and lets it go when it answers).
    private func staticMaker(_ call: CallFacts, receiver: String, of type: TypeFacts) -> Located<String>? {
        guard receiver != type.name, receiver.first?.isUppercase == true, !receiver.contains("."),
              UIKitStyle.passesSelf(call), isCoordinatorType(receiver),
              let maker = recognizer.types[receiver]?.methods.first(where: { $0.name == call.name && $0.hasBody }) else { return nil }
        func makes(_ method: MethodFacts) -> Bool { method.constructed.contains { $0.value == receiver } }
        let helpers = maker.constructed.compactMap { recognizer.types[$0.value] }
        guard makes(maker) || helpers.contains(where: { $0.methods.contains(where: makes) }) else { return nil }
        return Located(receiver, at: call.location)
    }
}

/// `self.router?` → `router`; likewise the names closures give `self` (`owner` of RxSwift's `withUnretained`,
/// `strongSelf`, `weakSelf`), and those names alone are `self` (`strongSelf.showDetail()`).
func plainReceiver(_ receiver: String?) -> String {
    guard let receiver else { return "" }
    if receiver == "strongSelf" || receiver == "weakSelf" || receiver == "weakSelf?" { return "self" }
    // Called for every call the recognizer looks at: a receiver without `?` or `!` is not copied byte by byte.
    guard receiver.utf8.contains(where: { $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "!") }) else {
        guard let alias = selfAliases.first(where: { receiver.utf8.starts(with: $0) }) else { return receiver }
        return String(decoding: receiver.utf8.dropFirst(alias.count), as: UTF8.self)
    }
    var bytes = receiver.utf8.filter { $0 != UInt8(ascii: "?") && $0 != UInt8(ascii: "!") }
    if let alias = selfAliases.first(where: { bytes.starts(with: $0) }) { bytes.removeFirst(alias.count) }
    return String(decoding: bytes, as: UTF8.self)
}

/// `self.` and the names closures give `self`, as receiver prefixes (after `?` and `!` are dropped).
private let selfAliases: [[UInt8]] = ["self.", "owner.", "strongSelf.", "weakSelf."].map { Array($0.utf8) }

extension String {
    /// `showDetail` → `ShowDetail`.
    var capitalizedFirst: String { prefix(1).uppercased() + dropFirst() }
    /// `ChatViewController` → `chatViewController`.
    var lowercasedFirst: String { prefix(1).lowercased() + dropFirst() }
}
