import FlowModel
import FlowConfig

/// All files' facts, read through the project index: the one pass facts → model.
struct Recognizer {
    let mapping: ExtractMapping
    let index: ProjectIndex
    private var fileNotes: [ExtractionNote] = []

    /// Type name → the type as the program sees it: extensions merged, inherited members included.
    var types: [String: TypeFacts] { index.types }
    /// Type names in declaration order (file, line).
    var order: [String] { index.order }

    /// The representable whose `makeCoordinator()` makes this declaration, when it is one.
    func representable(delegating type: TypeFacts) -> String? { bridgeDelegates[type.location.file]?[type.name] }

    /// Whether a style claims the type as one of its coordinators: asked for every type a call or property names,
    /// so the project's own types are answered once, in `init`.
    func claimed(_ type: TypeFacts) -> Bool {
        if let known = claimedNames, index.types[type.name] != nil { return known.contains(type.name) }
        return Self.styles.contains { $0.claims(type, self) }
    }
    private var claimedNames: Set<String>?
    /// Types only the SwiftUI style claims (a view or a router owning SwiftUI navigation state): what another style's
    /// coordinator makes of them is a screen's content, never a child it starts and keeps.
    private(set) var ownedBySwiftUIOnly: Set<String> = []
    /// What SwiftUI views bind through objects they hold, by the object's type: read once, before any type is claimed.
    private(set) var swiftUIHeld = SwiftUIStyle.HeldBindings()

    /// SwiftUI's bridges to a UIKit view's delegate, by where they are declared: file → the type a representable's
    /// `makeCoordinator()` makes → that representable (`ImagePicker` → its nested `Coordinator`). Not a flow.
    private(set) var bridgeDelegates: [String: [String: String]] = [:]

    /// XCoordinator route enum → the one coordinator that routes it: what a `StrongRouter<NewsRoute>` leads to.
    private(set) var routerOwners: [String: String] = [:]
    /// App delegates, scene delegates and SwiftUI `App`s, in declaration order: where the entry is looked for.
    private(set) var launchers: [String] = []
    /// XCoordinator route enum → every coordinator that routes it, in declaration order.
    private(set) var routeEnumCoordinators: [String: [String]] = [:]
    /// Method name → the return types the project's methods of that name declare (`makeProfileViewController` →
    /// `ProfileViewController`): what a factory reached through a generic or an unread chain makes, when they agree.
    private(set) var declaredReturns: [String: Set<String>] = [:]
    /// The app's types whose `present…` method sets the presented controller's `modalPresentationStyle` from a value
    /// they were given (`vc.modalPresentationStyle = presentationStyle` in a router), with the protocols and base
    /// classes they are used through, each with whether every such router the app makes is made with a full-screen
    /// style (`ModalRouter(parentViewController: vc, presentationStyle: .fullScreen)`): then a presentation through
    /// one is full screen; otherwise its style is the maker's, which the reader does not follow.
    private(set) var presentsInStyleGiven: [String: Bool] = [:]
    /// Which coordinators' start streams end as their screens go away: read when some method of the app keeps a
    /// child until that stream ends (`coordinate(to:)`).
    private(set) var resultStreams = ResultStreams()
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
        self.slice = slice
        let index = ProjectIndex(files: files) { Self.mayBeCoordinator($0, mapping) }
        self.index = index
        let mapping = Self.withEffects(mapping, index)
        self.mapping = mapping
        fileNotes = files.flatMap(\.notes) + index.notes
        swiftUIHeld = SwiftUIStyle.HeldBindings(index)
        bridgeDelegates = SwiftUIStyle.bridgeDelegates(in: files)
        var owners: [String: [String]] = [:]
        var claimed: Set<String> = []
        var launchers: [String] = []
        var claimedByStyle = Array(repeating: [String](), count: Self.styles.count)
        var declaredReturns: [String: Set<String>] = [:]
        var styleGivers: Set<String> = []
        for name in index.order {
            guard let type = index.types[name] else { continue }
            for method in type.methods {
                if let returned = method.returnType?.base { declaredReturns[method.name, default: []].insert(returned) }
                if UIKitStyle.setsStyleGiven(method),
                    method.calls.contains(where: { UIKitStyle.transition(of: $0, mapping: mapping) == .present })
                {
                    styleGivers.insert(name)
                }
            }
            if XCoordinatorStyle.kind(of: type) != nil, let routes = XCoordinatorStyle.routeEnum(of: type, in: index.types) {
                owners[routes, default: []].append(name)
            }
            if Self.launches(type) {
                launchers.append(name)
            }
            for (style, claimant) in Self.styles.enumerated() where claimant.claims(type, self) {
                claimed.insert(name)
                claimedByStyle[style].append(name)
            }
        }
        self.launchers = launchers
        self.declaredReturns = declaredReturns
        if !styleGivers.isEmpty {
            // Each router type, and each protocol or base class it is used through (`let router: Router`): full
            // screen only when every router behind it is.
            let madeFullScreen = Self.madeFullScreen(styleGivers, index)
            for giver in styleGivers.sorted() {
                let full = madeFullScreen.contains(giver)
                for name in [giver] + (index.types[giver]?.inherited.map(\.base) ?? []) where !name.hasPrefix("NS") {
                    presentsInStyleGiven[name] = (presentsInStyleGiven[name] ?? true) && full
                }
            }
        }
        routerOwners = owners.compactMapValues { $0.count == 1 ? $0[0] : nil }
        routeEnumCoordinators = owners
        claimedNames = claimed
        if let swiftUI = Self.styles.firstIndex(where: { $0 == SwiftUIStyle.self }) {
            let others = Set(claimedByStyle.indices.filter { $0 != swiftUI }.flatMap { claimedByStyle[$0] })
            ownedBySwiftUIOnly = Set(claimedByStyle[swiftUI]).subtracting(others)
        }
        if self.mapping.keptByEffect.values.contains(true) { resultStreams = ResultStreams(index, coordinators: claimed) }
        self.claimedByStyle = claimedByStyle
    }

    /// Of `types`, those the app makes at least once and always with a full-screen style argument.
    private static func madeFullScreen(_ types: Set<String>, _ index: ProjectIndex) -> Set<String> {
        var made: Set<String> = []
        var otherwise: Set<String> = []
        for name in index.order {
            for method in index.types[name]?.methods ?? [] {
                for call in method.calls where types.contains(call.name) && call.receiver == nil {
                    let full = call.arguments.contains { UIKitStyle.vocabulary.isFullScreen($0.value) }
                    if full { made.insert(call.name) } else { otherwise.insert(call.name) }
                }
            }
        }
        return made.subtracting(otherwise)
    }

    /// A declaration that names a coordinator base among its supertypes.
    /// Where the app starts: its application or scene delegate (named so, or conforming to UIKit's protocols under
    /// any name), or its SwiftUI `App`.
    static func launches(_ type: TypeFacts) -> Bool {
        type.name.hasSuffix("AppDelegate") || type.name.hasSuffix("SceneDelegate")
            || type.inherited.contains { UIKitStyle.launchProtocols.contains($0.base) || $0.base == "App" }
    }

    static func mayBeCoordinator(_ type: TypeFacts, _ mapping: ExtractMapping) -> Bool {
        type.inherited.contains { inherited in
            UIKitStyle.isCoordinatorBase(inherited.base) || mapping.coordinators.contains(inherited.base)
                || XCoordinatorStyle.bases[inherited.base] != nil || StinsenStyle.protocols[inherited.base] != nil
        }
    }

    /// The styles in the order they are asked: the first that claims a type builds it. Never mutated: metatypes
    /// only, each style's state lives in the instance `graph()` makes.
    nonisolated(unsafe) static let styles: [any CoordinatorStyle.Type] = [
        XCoordinatorStyle.self, StinsenStyle.self, SwiftUIStyle.self, UIKitStyle.self,
    ]

    /// The graph read from the index.
    func graph() -> CodeGraph { read().code }

    /// The graph, and what reading it built besides (the context, the styles' state): a command that exits once it
    /// has the graph keeps that for good rather than spend time freeing it (`KeptUntilExit`).
    func read() -> (code: CodeGraph, work: Any) {
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
        Self.leaveOutPresentationsOnParentStacks(order, &context)
        Self.leaveOutTabsOnParentStacks(order, &context)
        for name in context.attachedToParentStack {
            guard var child = context.coordinators[name], child.kind?.value == .navigation, child.stack == nil else { continue }
            child.stack = context.put(
                Fact(.parent, at: child.location, .inferred("started on its parent's stack")), .coordinator(name, .stack))
            context.coordinators[name] = child
        }
        for (screen, made) in builderCompanions(isCoordinator: { context.coordinators[$0] != nil || context.isCoordinatorType($0) }) {
            context.madeWith[screen, default: []] += made
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
        coordinators = UIKitStyle.droppingUnusedInheritedHelpers(coordinators, context)
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
        return (code, (context, styles, filled, resolved))
    }
}

extension Recognizer {
    /// A child pushed onto its parent's stack in one place and presented in another (in a navigation controller made
    /// for it there): a spec gives it one stack, the parent's, so the presentations are left out.
    static func leaveOutPresentationsOnParentStacks(_ order: [String], _ context: inout Context) {
        for owner in order {
            guard var coordinator = context.coordinators[owner] else { continue }
            let before = coordinator.routes.count
            coordinator.routes.removeAll { route in
                guard route.transition?.value == .present, let child = route.destination?.value.coordinatorName,
                    context.attachedToParentStack.contains(child), context.coordinators[child]?.kind?.value == .navigation
                else { return false }
                context.notes.append(
                    ExtractionNote(
                        .unrecognized,
                        "`\(owner).\(route.name)` presents `\(child)`, which elsewhere is pushed onto its parent's stack: a spec gives it "
                            + "one stack, so this route is left out",
                        at: route.location, coordinator: owner))
                return true
            }
            if coordinator.routes.count != before {
                coordinator.markOpen()
                context.coordinators[owner] = coordinator
            }
        }
    }

    /// A child that is a tab of a hub in one place (on a stack made for it) and pushed onto its parent's stack in another:
    /// a spec gives it one stack, the parent's, so the tab is left out and the hub is open.
    static func leaveOutTabsOnParentStacks(_ order: [String], _ context: inout Context) {
        for owner in order {
            guard var hub = context.coordinators[owner], hub.kind?.value == .tab, let tabs = hub.tabs else { continue }
            let left = Set(
                hub.routes.filter { route in
                    guard tabs.contains(where: { $0.value == route.name }), let child = route.destination?.value.coordinatorName,
                        context.attachedToParentStack.contains(child), context.coordinators[child]?.kind?.value == .navigation
                    else { return false }
                    context.notes.append(
                        ExtractionNote(
                            .unrecognized,
                            "`\(owner).\(route.name)` gives `\(child)` a tab of its own, which elsewhere is pushed onto its parent's "
                                + "stack: a spec gives it one stack, so this tab is left out",
                            at: route.location, coordinator: owner))
                    return true
                }.map(\.name))
            guard !left.isEmpty else { continue }
            hub.routes.removeAll { left.contains($0.name) }
            hub.tabs = tabs.filter { !left.contains($0.value) }
            let initials = hub.initials.filter { !left.contains($0.value) }
            hub.initials =
                !initials.isEmpty
                ? initials
                : (hub.tabs ?? []).map { tab in
                    context.put(
                        Fact(tab.value, at: tab.location, .inferred("a tab; the one shown first is left out")),
                        .coordinator(owner, .initial, item: tab.value))
                }
            hub.markOpen()
            context.coordinators[owner] = hub
        }
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
