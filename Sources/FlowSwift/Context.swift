import FlowModel
import FlowConfig

extension Coordinator {
    /// Not every navigation site was read: the spec writes `open: true` and drift does not judge absences.
    mutating func markOpen() {
        open = Located(true, at: location)
    }
}

/// What the style recognizers share while building the model: the links between the project's types, read once
/// and never changed by a build, and what a build adds to the model.
struct Context {
    let links: ProjectLinks
    var output = BuildOutput()

    init(recognizer: Recognizer) {
        links = ProjectLinks(recognizer: recognizer)
    }

    init(links: ProjectLinks) {
        self.links = links
    }

    // The links, read in place (`_read`): every recognizer asks them, in loops over every call of the project.
    var recognizer: Recognizer { _read { yield links.recognizer } }
    var baseClasses: Set<String> { _read { yield links.baseClasses } }
    var firstScreens: [String: Fact<String>] { _read { yield links.firstScreens } }
    var reactions: [String: [Reaction]] { _read { yield links.reactions } }
    var releasingReactions: Set<String> { _read { yield links.releasingReactions } }
    var keepers: [String: [(type: String, property: String)]] { _read { yield links.keepers } }
    var finishingClosures: [String: Set<String>] { _read { yield links.finishingClosures } }
    var relayed: Set<String> { _read { yield links.relayed } }

    // What a build adds, changed in place (`_modify`): a route set through `coordinators[parent]?.routes[i]` must
    // not copy the dictionary.
    var coordinators: [String: Coordinator] {
        _read { yield output.coordinators }
        _modify { yield &output.coordinators }
    }
    var chains: [Chain] {
        _read { yield output.chains }
        _modify { yield &output.chains }
    }
    var provenance: Provenance {
        _read { yield output.provenance }
        _modify { yield &output.provenance }
    }
    var chainScopes: [String: [Int: String]] {
        _read { yield output.chainScopes }
        _modify { yield &output.chainScopes }
    }
    var notes: [ExtractionNote] {
        _read { yield output.notes }
        _modify { yield &output.notes }
    }
    var triggers: [String: [Trigger]] {
        _read { yield output.triggers }
        _modify { yield &output.triggers }
    }
    var madeWith: [String: [String]] {
        _read { yield output.madeWith }
        _modify { yield &output.madeWith }
    }
    var attachedToParentStack: Set<String> {
        _read { yield output.attachedToParentStack }
        _modify { yield &output.attachedToParentStack }
    }
    var alternatives: [String: [String: [String]]] {
        _read { yield output.alternatives }
        _modify { yield &output.alternatives }
    }
    var unmapped: Set<String> {
        _read { yield output.unmapped }
        _modify { yield &output.unmapped }
    }

    /// A context to build coordinators in: the links every type gives, none of the output of a build.
    func forBuilding() -> Context {
        Context(links: links)
    }

    /// Takes in what was built in a context from `forBuilding()`, as if it had been built in this one.
    mutating func absorb(_ built: Context) {
        output.merge(built.output)
    }

    /// What one type tells about the others, read before any coordinator is built.
    fileprivate struct Links: Sendable {
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

    fileprivate static func links(of name: String, _ recognizer: Recognizer) -> Links {
        var links = Links()
        guard let type = recognizer.types[name] else { return links }
        for method in type.methods where !method.constructed.isEmpty {
            for call in method.calls {
                // The label first: only a closure set on a type made here can be that type's.
                guard let label = call.closures.first else { continue }
                let owners = method.constructed.filter { made in
                    made.value != name && recognizer.types[made.value]?.properties.contains(where: { $0.name == label }) == true
                }
                guard !owners.isEmpty,
                    UIKitStyle.isRelease(call, recognizer.mapping) || UIKitStyle.endsOwnFlow(call, finishers: [], reactions: [])
                else { continue }
                for made in owners { links.finishingClosures.append((made.value, label)) }
            }
        }
        if type.keyword == .class { links.bases = type.inherited.map(\.base) }
        if Recognizer.launches(type) || recognizer.claimed(type) {
            for method in type.methods {
                for call in method.calls where call.name != "=" && call.name != "start" {
                    let receiver = plainReceiver(call.receiver)
                    guard !receiver.isEmpty, receiver != "self",
                        receiver.split(separator: ".").last?.lowercased().hasSuffix("coordinator") == true
                    else { continue }
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
                    let screen = method.binding(String(place.dropLast(".coordinator".count)), before: call.location)?.constructedType
                else { continue }
                links.firstScreens.append(
                    (child, Fact(screen, at: call.location, .inferred("`\(screen)` is given the coordinator where it is made"))))
            }
            // `navigationController.pushViewController(locales.localesViewController, …)`,
            // `present(glaze.makeScreen(), …)`: a parent showing a screen of the child it made.
            for call in method.calls where !call.arguments.isEmpty && call.name != "=" {
                guard let (child, member, called) = childMember(call.arguments.first?.value, in: method, before: call.location),
                    let shows = UIKitStyle.transition(of: call, mapping: recognizer.mapping), shows == .push || shows == .present,
                    let childType = recognizer.types[child],
                    let screen = recognizer.screen(ofMember: member, called: called, of: childType)
                else { continue }
                let what = shows == .push ? "pushes" : "presents"
                links.firstScreens.append(
                    (child, Fact(screen, at: call.location, .inferred("the parent \(what) `\(child).\(member)\(called ? "()" : "")`"))))
            }
        }
        for property in type.properties {
            if let declared = property.type { links.keepers.append((recognizer.index.resolved(declared).base, property.name)) }
        }
        return links
    }

    /// `locales.localesViewController` or `glaze.makeScreen()`, where `locales` is bound to a coordinator made in the
    /// method: its type, the member, and whether it is called.
    static func childMember(_ expression: ExpressionFacts?, in method: MethodFacts, before location: SourceLocation) -> (
        child: String, member: String, called: Bool
    )? {
        let text: String, called: Bool
        switch expression {
        case .other(let written)?, .reference(let written)?: (text, called) = (written, false)
        case .factory(let written)?: (text, called) = (written, true)
        default: return nil
        }
        let parts = text.split(separator: ".").map(String.init)
        guard parts.count == 2, let child = method.binding(parts[0], before: location)?.constructedType else { return nil }
        return (child, parts[1], called)
    }

    static func screenType(_ property: PropertyFacts, of type: TypeFacts? = nil) -> String? {
        let declared = property.type?.base ?? property.initializer?.constructedType
        // `var rootViewController: UIViewController { form }`: a getter declared as UIKit's class returns the screen
        // another property holds, or one it makes.
        guard declared == nil || declared?.hasPrefix("UI") == true, let type,
            let returned = type.methods.first(where: { $0.name == property.name })?.returns.first
        else { return declared }
        if case .reference(let name) = returned, name != property.name,
            let other = type.properties.first(where: { $0.name == name }), let screen = screenType(other)
        {
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

    fileprivate func reaction(_ method: MethodFacts, of owner: String) -> Reaction? {
        // Bookkeeping a base class gives every coordinator (`removeChild(_ child: BaseCoordinator)`) takes its own
        // kind, not a child's: the parameter is a coordinator class that is neither the owner nor one of its supertypes.
        let own = Set([owner] + (recognizer.types[owner]?.inherited.map(\.base) ?? []))
        // `init(scanner: ScannerCoordinator)` is given a child to keep, not told about one.
        guard method.name != "init",
            let parameter = method.parameters.first(where: { parameter in
                guard let type = parameter.type, !own.contains(type), recognizer.types[type]?.keyword != .protocol else { return false }
                return isCoordinatorType(type)
            }), let child = parameter.type
        else { return nil }
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
    fileprivate typealias DelegateCalls = [String: [String: Set<String>]]

    /// `func setupCoordinatorDidFinish() { childCoordinators[.setup] = nil; showFeed() }`: a method of the delegate
    /// protocol one child coordinator keeps its parent behind (`weak var delegate: SetupCoordinatorDelegate?`), which
    /// that child calls (`delegate?.setupCoordinatorDidFinish()`), and in which the parent lets the child go. The
    /// parent's reaction to that child, as if it were handed over. One that lets nothing go is a request of the
    /// child's, read as the parent's trigger (`UIKitStyle.collectTriggers`).
    fileprivate func delegateReaction(_ method: MethodFacts, of owner: String, calls: inout DelegateCalls) -> Reaction? {
        guard method.name != "init", method.hasBody, let type = recognizer.types[owner] else { return nil }
        var children: Set<String> = []
        for conformance in type.inherited where recognizer.types[conformance.base]?.keyword == .protocol {
            for (child, property) in keepers[conformance.base] ?? [] where child != owner && isCoordinatorType(child) {
                if calls[child] == nil {
                    var called: [String: Set<String>] = [:]
                    for childMethod in recognizer.types[child]?.methods ?? [] {
                        for call in childMethod.calls where call.receiver != nil {
                            called[plainReceiver(call.receiver), default: []].insert(call.name)
                        }
                    }
                    calls[child] = called
                }
                if calls[child]?[property]?.contains(method.name) == true { children.insert(child) }
            }
        }
        // A protocol several coordinators call says nothing of which child is done.
        guard children.count == 1, let child = children.first else { return nil }
        let places = keptPlaces(of: child, in: type)
        guard
            let release = method.calls.first(where: { call in
                call.closures.isEmpty
                    && (UIKitStyle.isRelease(call, recognizer.mapping) || places.contains(UIKitStyle.releasedPlace(call) ?? ""))
            })
        else { return nil }
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
    static func childAssignments(in type: TypeFacts) -> [(
        place: String, child: String, variable: String, maker: MethodFacts, call: CallFacts
    )] {
        var kept: [(place: String, child: String, variable: String, maker: MethodFacts, call: CallFacts)] = []
        for method in type.methods {
            for call in method.calls where call.name == "=" {
                guard case .reference(let given)? = call.arguments.first?.value,
                    let child = method.binding(given, before: call.location)?.constructedType
                else { continue }
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

    /// Whether some style claims the type (one the app does not declare: by its name) as a coordinator others start:
    /// a SwiftUI view or router a UIKit coordinator makes is its screen's content (`UIHostingController(rootView:
    /// SettingsView())`), not a child.
    func isCoordinatorType(_ name: String) -> Bool {
        guard let type = recognizer.types[name] else { return name.hasSuffix("Coordinator") }
        return recognizer.claimed(type) && !recognizer.ownedBySwiftUIOnly.contains(name)
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
            notes.append(
                ExtractionNote(
                    .dynamicDestination, "the destination `\(what)` is computed at run time", at: location, coordinator: type.name))
        case .factory(let call):
            notes.append(
                ExtractionNote(
                    .unresolvedFactory, "the destination comes from `\(call)`, whose product is not visible", at: location,
                    coordinator: type.name))
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
            // `lazy var flow = { … coordinatorFactory.makeAuth() … }()`: the closure a property is made by runs in place.
            guard call.closures.allSatisfy({ $0 == ExpressionFacts.closureRunInPlace }) else { continue }
            // `coordinatorFactory.makeAuth()`, or a factory further down a container (`container.coordinators.makeAuth()`).
            let path = receiver.split(separator: ".").map(String.init)
            guard let last = path.last, let holder = path.count == 1 ? type : recognizer.index.typeBehind(path.dropLast(), from: type),
                let (declared, candidates, products) = recognizer.madeByFactory(
                    call.name, on: last, of: holder, keeping: { $0 != type.name && isCoordinatorType($0) }),
                let product = products.first
            else { continue }
            guard candidates.count == 1, products.count == 1 else {
                let why =
                    candidates.count > 1
                    ? "`\(declared)` has \(candidates.count) implementations (\(candidates.joined(separator: ", ")))"
                    : "`\(candidates[0]).\(call.name)` makes one of \(products.sorted().joined(separator: ", "))"
                return .ambiguous(
                    call.location,
                    why: "`\(receiver).\(call.name)()` makes a coordinator decided at run time: \(why); the child is left out")
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
            let maker = recognizer.types[receiver]?.methods.first(where: { $0.name == call.name && $0.hasBody })
        else { return nil }
        func makes(_ method: MethodFacts) -> Bool { method.constructed.contains { $0.value == receiver } }
        let helpers = maker.constructed.compactMap { recognizer.types[$0.value] }
        guard makes(maker) || helpers.contains(where: { $0.methods.contains(where: makes) }) else { return nil }
        return Located(receiver, at: call.location)
    }
}

/// What the project's types tell of each other, read once before any coordinator is built: the first screens
/// parents make children with, who keeps whom, the reactions of parents to their children, the calls coordinators
/// relay. No build changes it.
struct ProjectLinks {
    let recognizer: Recognizer
    /// Classes other classes inherit from (`BaseCoordinator`).
    let baseClasses: Set<String>
    /// Coordinator type → the screen a parent makes it with and gives it to (`chat.coordinator = coordinator`).
    let firstScreens: [String: Fact<String>]
    /// Type → its reactions to the children it starts (read once, before any coordinator is built).
    private(set) var reactions: [String: [Context.Reaction]] = [:]
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
        let links = LargeStackThreads.map(chunks) { names in names.map { Context.links(of: $0, recognizer) } }.joined()
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
        // Read with the links so far, as a context that has built nothing.
        let context = Context(links: self)
        let found = LargeStackThreads.map(chunks) { names in
            var delegateCalls = Context.DelegateCalls()
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
}

/// What building coordinators adds to the model. A build starts from an empty one; `merge(_:)` takes a later
/// build's in as if it had been built here. Each field says once how it merges (`fields`), and a test holds that
/// every stored field is among them.
struct BuildOutput {
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
    /// `Coordinator.route` pushes of a value no destination maps (SwiftUI's `path.append` with no
    /// `navigationDestination` for its type): kept without a destination, for `invalid-transition` to judge.
    var unmapped: Set<String> = []

    /// How each field merges, one entry per stored field.
    static var fields: [MergedField<BuildOutput>] {
        [
            .replacing(\.coordinators), .appending(\.chains), .merging(\.provenance) { $0.absorb($1) },
            .replacing(\.chainScopes), .appending(\.notes), .appendingValues(\.triggers), .appendingValues(\.madeWith),
            .merging(\.attachedToParentStack) { $0.formUnion($1) }, .replacing(\.alternatives),
            .merging(\.unmapped) { $0.formUnion($1) },
        ]
    }

    mutating func merge(_ later: BuildOutput) {
        for field in Self.fields { field.merge(&self, later) }
    }
}

/// One field of a value and how a later value's field is taken into it.
struct MergedField<Root> {
    let merge: (inout Root, Root) -> Void

    /// A field merged by `combine`.
    static func merging<Value>(_ path: WritableKeyPath<Root, Value>, _ combine: @escaping (inout Value, Value) -> Void) -> Self {
        MergedField { root, later in combine(&root[keyPath: path], later[keyPath: path]) }
    }

    /// A list: the later one's elements after.
    static func appending<Element>(_ path: WritableKeyPath<Root, [Element]>) -> Self {
        merging(path) { $0 += $1 }
    }

    /// A dictionary whose later entries replace earlier ones of the same key.
    static func replacing<Key, Value>(_ path: WritableKeyPath<Root, [Key: Value]>) -> Self {
        merging(path) { $0.merge($1) { _, new in new } }
    }

    /// A dictionary of lists: a later list goes after the earlier one of its key.
    static func appendingValues<Key, Element>(_ path: WritableKeyPath<Root, [Key: [Element]]>) -> Self {
        merging(path) { mine, later in
            for (key, elements) in later { mine[key, default: []] += elements }
        }
    }
}
