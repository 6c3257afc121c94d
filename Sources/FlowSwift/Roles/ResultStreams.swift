import FlowModel

/// Whether a coordinator's start stream ends as its screen goes away. A parent that keeps a child and lets it go when
/// the stream the child's `start()` returns emits or ends (`coordinate(to:)`: store, then
/// `start().handleEvents { free }`) lets it go on the exits that end that stream. The stream ends on the child's
/// own finish (a screen event it maps to its result). It ends on back and dismissal only when something that runs as
/// the screen goes away feeds it, read by effect from what UIKit calls then:
/// - a closure property such a callback calls (`onClose?()` in a `viewDidDisappear`), assigned in the start;
/// - a subject such a callback sends to (`dismissPublisher.send()` in `didMove(toParent:)` or
///   `presentationControllerDidDismiss`), mentioned in the start;
/// - an object whose `deinit` sends, made on the way (a "deallocated" publisher);
///
/// each followed through the methods the start calls, a few levels deep. What reads as going away is taken
/// generously: a release wrongly assumed hides a leak, a release missed reports a false one.
struct ResultStreams: Sendable {
    /// `Type.method` of the methods whose stream, or what they set up, ends as a screen goes away.
    private var ending: Set<String> = []
    /// The names of those that hand it out (`handsOut`), for calls on other objects (`vc.deallocatedPublisher()`), whose type
    /// syntax does not give.
    private var endingNames: Set<String> = []

    /// How many calls deep the start is followed.
    static let depth = 3

    /// UIKit's callbacks that run as a screen goes away, and the app's methods swizzled in for them
    /// (`viewDidDisappearOverride`), as `isHook` reads them.
    static let hooks: [String] = Array(UIKitStyle.goingAwayCallbacks).sorted() + ["presentationControllerDidDismiss"]

    /// Whether a method runs as a screen goes away: one of the hooks, or a method named after one of UIKit's
    /// callbacks it is swizzled in for (`viewDidDisappearOverride`); `deinit` is only itself (`deinitCallback(…)`
    /// is a method like any other).
    static func isHook(_ name: String) -> Bool {
        name == "deinit" || hooks.contains { $0 != "deinit" && name.contains($0) }
    }

    /// Words that, named in a start, observe the screen's end through a framework: a hook's own name
    /// (`rx.methodInvoked(#selector(viewDidDisappear(_:)))`) or RxCocoa's `rx.deallocated`.
    static let endingWords: Set<String> = Set(hooks).union(["deallocated", "deallocating"])

    /// Nothing read: no method of the app keeps a child until its stream ends.
    init() {}

    init(_ index: ProjectIndex, coordinators: Set<String>) {
        // What the hooks touch: the closure properties they call and the subjects they send to, and the types whose
        // `deinit` sends.
        var closures: Set<String> = []
        var subjects: Set<String> = []
        var dying: Set<String> = []
        // The app's types, and its extensions of UIKit's (`extension UIViewController`, where a swizzled
        // `viewDidDisappear` calls `onClose?()`).
        let owned = index.order.flatMap { name in (index.types[name]?.methods ?? []).map { (name, $0) } }
        let extended = index.helpers.keys.sorted().flatMap { name in (index.helpers[name] ?? []).map { ("", $0) } }
        for (name, method) in owned + extended where method.hasBody && Self.isHook(method.name) {
            for call in method.calls {
                let receiver = plainReceiver(call.receiver)
                if call.name == "send", let subject = Self.lastName(receiver) {
                    // A `deinit` sending says the object's end is an event: made on the way, it ends the stream.
                    if method.name != "deinit" { subjects.insert(subject) } else if !name.isEmpty { dying.insert(name) }
                } else if ["", "self"].contains(receiver) {
                    // A closure property it calls, or a method of its own: a method is never assigned a closure, so
                    // taking it as a property costs nothing.
                    closures.insert(call.name)
                }
            }
        }
        let watched = subjects.union(Self.endingWords)
        var ending: Set<String> = []
        var endingNames: Set<String> = []
        var others: [(type: String, method: MethodFacts)] = []
        for (name, method) in owned + extended where method.hasBody {
            if Self.touches(method, closures: closures, watched: watched, dying: dying) {
                ending.insert("\(name).\(method.name)")
                if Self.handsOut(method, of: name, coordinators) { endingNames.insert(method.name) }
            } else {
                others.append((name, method))
            }
        }
        // Then through the calls, round by round: a method ends so once one it calls does.
        for _ in 0..<Self.depth {
            others.removeAll { name, method in
                let ends = method.calls.contains { call in
                    !name.isEmpty && ["", "self"].contains(plainReceiver(call.receiver))
                        ? ending.contains("\(name).\(call.name)") : endingNames.contains(call.name)
                }
                if ends {
                    ending.insert("\(name).\(method.name)")
                    if Self.handsOut(method, of: name, coordinators) { endingNames.insert(method.name) }
                }
                return ends
            }
        }
        self.ending = ending
        self.endingNames = endingNames
    }

    /// Whether the stream `type`'s `start()` returns ends as its screen goes away; `nil` when no start with a body
    /// was read (a base class of another module's).
    func endsAsScreenGoes(startOf type: TypeFacts) -> Bool? {
        guard type.methods.contains(where: { $0.name == "start" && $0.hasBody }) else { return nil }
        return ending.contains("\(type.name).start")
    }

    /// Whether a call of the method on another object hands the caller what ends as a screen goes away: a method
    /// that returns something (`deallocatedPublisher()`, `dismissObservable(with:)`), of a type that is not a
    /// coordinator (a coordinator's own stream is not its caller's), and not one of the hooks itself.
    private static func handsOut(_ method: MethodFacts, of type: String, _ coordinators: Set<String>) -> Bool {
        method.returnType != nil && !coordinators.contains(type) && !isHook(method.name)
    }

    /// Whether the method assigns a closure property the hooks call, mentions a subject they send to (or an
    /// `endingWords` word), or makes an object whose `deinit` sends.
    private static func touches(_ method: MethodFacts, closures: Set<String>, watched: Set<String>, dying: Set<String>) -> Bool {
        if method.constructed.contains(where: { dying.contains($0.value) }) { return true }
        for call in method.calls {
            if call.closures.contains(where: closures.contains) { return true }
            if call.name == "=", let place = lastName(plainReceiver(call.receiver)), closures.contains(place) { return true }
            if names(in: call.receiver ?? "").contains(where: watched.contains) { return true }
            if call.arguments.contains(where: { mentions(watched, $0.value) }) { return true }
        }
        return method.bindings.values.contains { $0.contains { mentions(watched, $0.value) } }
            || method.returns.contains { mentions(watched, $0) }
    }

    private static func mentions(_ names: Set<String>, _ value: ExpressionFacts) -> Bool {
        switch value {
        case .reference(let text), .factory(let text), .other(let text): Self.names(in: text).contains(where: names.contains)
        case .construct(_, let wrapped): wrapped.map { mentions(names, $0) } ?? false
        case .member(_, let arguments): arguments.contains { mentions(names, $0) }
        case .qualified(_, _, let arguments): arguments?.contains { mentions(names, $0) } ?? false
        case .array(let items): items.contains { mentions(names, $0) }
        case .mapped(let list, _): mentions(names, list)
        case .inferredType, .keyPath: false
        }
    }

    /// The identifiers of a receiver or an expression as written: `popHandler.dismissPublisher` → both names.
    private static func names(in text: String) -> [String] {
        text.split { !($0.isLetter || $0.isNumber || $0 == "_") }.map(String.init)
    }

    /// The last identifier of a place: `self.dismissPublisher` → `dismissPublisher`.
    private static func lastName(_ place: String) -> String? {
        names(in: place).last
    }
}

extension UIKitStyle {
    /// A child its parent keeps until the stream its `start()` returns ends has a finish: that stream's end, which
    /// its screens send (a view model's `route` filtered to `.done`, a `result` subject). Unless the child reads as
    /// finishing already, a `finish` route is added, triggered by its first screens: which screen sends it is not
    /// read, only that the flow ends when the stream does.
    /// Only a presented child gets one: a presentation is left through its finish or a dismissal, and without the
    /// finish a full-screen child would read as a trap; a tab or a pushed child is left otherwise.
    static func addStreamFinishes(_ children: [String: SourceLocation], _ context: inout Context) {
        guard !children.isEmpty else { return }
        var presented: Set<String> = []
        for coordinator in context.coordinators.values {
            for route in coordinator.routes where route.transition?.value == .present {
                if let child = route.destination?.value.coordinatorName { presented.insert(child) }
            }
        }
        for (child, kept) in children.sorted(by: { $0.key < $1.key }) where presented.contains(child) {
            guard var coordinator = context.coordinators[child],
                !coordinator.routes.contains(where: { $0.transition?.value == .finish })
            else { continue }
            let name = unusedName("finish", in: coordinator)
            var route = Route(name: name, location: coordinator.location)
            route.transition = context.put(
                Fact(
                    .finish, at: coordinator.location,
                    .inferred(
                        "its parent lets it go when the stream its `start()` returns ends "
                            + "(\(kept.file.split(separator: "/").last ?? ""):\(kept.line)): that is its finish"
                    )),
                .route(child, name, .transition))
            coordinator.routes.append(route)
            for initial in coordinator.initials {
                guard let index = coordinator.routes.firstIndex(where: { $0.name == initial.value }),
                    coordinator.routes[index].destination != nil
                else { continue }
                let placed = context.put(
                    Fact(
                        name, at: coordinator.routes[index].location,
                        .inferred("the screen's events end the stream its coordinator's `start()` returns")),
                    .route(child, initial.value, .triggers, item: name))
                coordinator.routes[index].triggers.append(RouteReference(coordinator: nil, route: placed.value, location: placed.location))
            }
            context.coordinators[child] = coordinator
        }
    }
}
