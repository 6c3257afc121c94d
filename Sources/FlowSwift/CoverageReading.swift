import FlowModel
import FlowConfig

/// What a run read of the coordinator-like types of the code (DESIGN §5 "Coverage is part of the answer"): counted
/// from the files' own declarations, so a type no style claims is still counted, and judged through the project
/// index. A type is coordinator-like when it is a class, struct or actor named `…Coordinator`, declares a supertype
/// whose name holds Coordinator, Coordinating or Coordinatable (or a root the configuration names), or a style reads
/// it as a coordinator; types below test and vendored folders are not counted (as the OSS check's counter does).
struct CoverageReading {
    let files: [FileFacts]
    let recognizer: Recognizer
    let code: CodeGraph
    /// The folders and files the user gave: test folders are recognized below them, never above.
    let roots: [String]
    let mapping: ExtractMapping

    var coverage: Coverage {
        let found = coordinatorLike()
        let read = Set(code.graph.coordinators.map(\.name))
        let unread = found.filter { !read.contains($0.name) }
        let made = unread.isEmpty ? [] : madeByName
        let notRead = unread.map { reasonNotRead($0, made: made) }
            .sorted { ($0.location, $0.type) < ($1.location, $1.type) }
        let (starts, unknown) = childStarts()
        return Coverage(
            coordinators: found.count, coordinatorsRead: found.count { read.contains($0.name) }, notRead: notRead,
            childStarts: starts, retentionUnknown: unknown, entry: entry())
    }

    // MARK: Which types are coordinator-like

    /// Each coordinator-like name once, at its first declaration, with the facts of that declaration.
    private func coordinatorLike() -> [TypeFacts] {
        var found: [TypeFacts] = []
        var seen: Set<String> = []
        func add(_ type: TypeFacts) {
            if seen.insert(type.name).inserted { found.append(type) }
        }
        let roots = Set(mapping.coordinators)
        for file in files
        where !Self.isSkipped(relativePath(file.path), testTarget: file.isTestCode || recognizer.index.isInTestFolder(file.path)) {
            for type in file.types where Self.isConcrete(type) {
                if Self.looksLikeCoordinator(type, roots: roots) || recognizer.index.types[type.name].map(recognizer.claimed) == true {
                    add(type)
                }
            }
        }
        // What was read, and what a style took for a coordinator and then left out with a note, count wherever it is.
        for coordinator in code.graph.coordinators {
            if let type = recognizer.index.types[coordinator.name] { add(type) }
        }
        for note in code.provenance.notes {
            guard let name = note.coordinator, let type = recognizer.index.types[name], Self.isConcrete(type) else { continue }
            add(type)
        }
        return found
    }

    private static func isConcrete(_ type: TypeFacts) -> Bool {
        type.keyword == .class || type.keyword == .struct || type.keyword == .actor
    }

    private static func looksLikeCoordinator(_ type: TypeFacts, roots: Set<String>) -> Bool {
        if type.name.hasSuffix("Coordinator") || roots.contains(type.name) { return true }
        // `Coordinat` is in each of Coordinator, Coordinating and Coordinatable.
        return type.inherited.contains { supertype in
            roots.contains(supertype.base) || supertype.base.contains("Coordinat")
                || supertype.arguments.contains { $0.contains("Coordinat") }
        }
    }

    /// The path below the root it was found under (the whole path for a file given by itself or read from memory).
    private func relativePath(_ path: String) -> String {
        for root in roots {
            let folder = root.hasSuffix("/") ? root : root + "/"
            if path.hasPrefix(folder) { return String(path.dropFirst(folder.count)) }
        }
        return path
    }

    /// Test targets, mocks, previews and vendored code: not the app's own coordinators. A folder named `…Tests` is a
    /// test target only when it holds test code (`testTarget`): a feature folder so named (`HearingTests/`) is the app's.
    static func isSkipped(_ relativePath: String, testTarget: Bool = true) -> Bool {
        relativePath.split(separator: "/").dropLast().contains { folder in
            ["Pods", "Carthage", "vendor", "Vendor", "ThirdParty", "third_party", ".build", "DerivedData", "Preview Content"].contains(
                folder)
                || ["Mock", "Mocks"].contains { folder.hasSuffix($0) }
                || (testTarget && ["Test", "Tests"].contains { folder.hasSuffix($0) })
        }
    }

    // MARK: Why a type was not read

    private func reasonNotRead(_ declared: TypeFacts, made: Set<String>) -> Coverage.NotRead {
        let name = declared.name
        func notRead(_ reason: Coverage.Reason, _ detail: String) -> Coverage.NotRead {
            Coverage.NotRead(type: name, location: declared.location, reason: reason, detail: detail)
        }
        // The type as the program sees it (inherited members included), when the index holds this declaration.
        let type = recognizer.index.types[name].flatMap { $0.location == declared.location ? $0 : nil } ?? declared
        if recognizer.index.testDoubles.contains(name) || recognizer.index.isTestDouble(declared) {
            return notRead(.testDouble, "a test double: named as one, in a test folder, or made only where UI tests run")
        }
        if let note = code.provenance.notes.first(where: { $0.coordinator == name }) {
            return notRead(note.kind == .unreadable ? .unreadable : .unrecognized, "\(note.message) (\(at(note.location)))")
        }
        if let note = code.provenance.notes.first(where: {
            $0.kind == .unreadable && $0.location.file == declared.location.file && $0.location.line >= declared.location.line
        }) {
            return notRead(.unreadable, "its file is not read from line \(note.location.line): \(note.message)")
        }
        let read = Set(code.graph.coordinators.map(\.name))
        // Types are keyed by name: what others inherit is the declaration the index holds, not a nested namesake
        // (a UIViewRepresentable's `Coordinator` beside a protocol `Coordinator`).
        let isIndexed = recognizer.index.types[name]?.location == declared.location
        let inheritors = isIndexed ? (recognizer.index.implementations[name] ?? []).filter { $0 != name } : []
        if !inheritors.isEmpty, !made.contains(name) {
            let readInheritors = inheritors.filter(read.contains)
            // Its own navigation reaches the flow only through an inheritor that is read.
            if navigation(in: declared) == nil || !readInheritors.isEmpty {
                let shown = (readInheritors.isEmpty ? inheritors : readInheritors).prefix(3).joined(separator: ", ")
                let more = (readInheritors.isEmpty ? inheritors : readInheritors).count > 3 ? ", …" : ""
                return notRead(.base, "a base others build on (\(shown)\(more)), never made itself: read through them")
            }
        }
        if let representable = recognizer.representable(delegating: declared), !showsScreens(declared) {
            return notRead(
                .noNavigation,
                "the delegate `\(representable).makeCoordinator()` makes for the UIKit view it wraps: it answers that view's "
                    + "callbacks; what it closes (`dismiss`, a binding set to false) is its view closing itself")
        }
        if let shown = showsOnlyHandedScreens(type) {
            return notRead(
                .noNavigation,
                "shows only the screens its callers hand it (\(shown.what), \(at(shown.location))): a presenter the coordinators "
                    + "that call it navigate through; it makes no screen and starts no coordinator of its own")
        }
        if let made = makesScreensOnlyToReturn(type) {
            return notRead(
                .noNavigation,
                "makes screens only to return them (\(made.what), \(at(made.location))): a screen factory whose callers show "
                    + "what it makes; it makes no navigation call and starts no coordinator")
        }
        if let site = navigation(in: type) {
            return notRead(.unrecognized, "\(site.what) (\(at(site.location))), but it was not read as a coordinator")
        }
        return notRead(.noNavigation, "shows no screen, starts no coordinator and makes no navigation call")
    }

    /// The first thing the type does that shows a screen or starts a coordinator, read generously: what is not
    /// navigation here may still be, so only a type with none of these is said to navigate nowhere.
    private func navigation(in type: TypeFacts) -> (what: String, location: SourceLocation)? {
        var stateNames: Set<String> = []
        // SwiftUI presents from state: an observable type may show anything by changing any property a view binds.
        let holdsViewState =
            type.inherited.contains { $0.base == "ObservableObject" } || type.name.hasSuffix("ViewModel")
            || type.properties.contains {
                $0.attributes.contains { ["Published", "ObservationIgnored", "ObservationTracked"].contains($0.name) }
            }
        if let screen = type.inherited.first(where: { ["View", "UIView"].contains($0.base) || Self.isController($0.base) }) {
            return ("is a `\(screen.base)`: it shows itself", type.location)
        }
        for property in type.properties {
            if property.attributes.contains(where: { $0.name == "Route" || $0.name == "Root" }) {
                return ("declares the route `\(property.name)`", property.location)
            }
            if case .construct(let made, _)? = property.initializer, made != type.name,
                isScreenOrCoordinator(made) || Self.isController(made)
            {
                return ("makes `\(made)`", property.location)
            }
            if let held = property.type?.base, Self.isController(held) {
                return ("keeps a `\(held)`", property.location)
            }
            if ["rootViewController", "rootView"].contains(property.name) {
                return ("has a `\(property.name)`", property.location)
            }
            if holdsViewState || Self.isNavigationState(property) { stateNames.insert(property.name) }
        }
        for method in type.methods {
            if method.name == "toPresentable" { return ("has `toPresentable()`", method.location) }
            if let made = method.constructed.first(where: {
                $0.value != type.name && (isScreenOrCoordinator($0.value) || Self.isController($0.value))
            }) {
                return ("makes `\(made.value)`", made.location)
            }
            for call in method.calls {
                let receiver = call.receiver.map { plainReceiver($0) } ?? ""
                if Self.navigates(call) {
                    return (
                        call.name == "=" ? "sets `\(receiver)`" : "calls `\(receiver.isEmpty ? "" : receiver + ".")\(call.name)`",
                        call.location
                    )
                }
                // SwiftUI: a sheet, cover or path is shown by changing the state it is bound to.
                // `plainReceiver` has taken `self.` off already.
                if method.name != "init", Self.stateChanges.contains(call.name),
                    let state = receiver.split(separator: ".").first.map(String.init), stateNames.contains(state)
                {
                    return ("changes `\(state)`, which a view may present or push", call.location)
                }
            }
        }
        return nil
    }

    /// A presenter others navigate through (`func run(presented: UIViewController) { host.present(presented, …) }`, a
    /// presentation strategy a coordinator is given): every navigation call it makes shows a value its method was
    /// handed (a parameter, or a navigation container made around one) or closes, and it makes no screen or coordinator.
    /// What it shows is decided by its callers, where that navigation is read. The first showing call, when it is one.
    private func showsOnlyHandedScreens(_ type: TypeFacts) -> (what: String, location: SourceLocation)? {
        if type.inherited.contains(where: { ["View", "UIView"].contains($0.base) || Self.isController($0.base) }) { return nil }
        func isContainer(_ name: String) -> Bool { name.hasSuffix("NavigationController") }
        if type.properties.contains(where: { property in
            guard case .construct(let made, _)? = property.initializer else { return false }
            return !isContainer(made) && (isScreenOrCoordinator(made) || Self.isController(made))
        }) {
            return nil
        }
        var first: (what: String, location: SourceLocation)?
        for method in type.methods {
            if method.constructed.contains(where: {
                !isContainer($0.value) && (isScreenOrCoordinator($0.value) || Self.isController($0.value))
            }) {
                return nil
            }
            let handed = Set(method.parameters.map(\.name))
            for call in method.calls where Self.navigates(call) {
                // `popToViewController(_:animated:)`: a close the vocabulary does not name, showing nothing new.
                guard let transition = UIKitStyle.transition(of: call, mapping: mapping) else {
                    if ["pop", "dismiss"].contains(where: call.name.hasPrefix) { continue }
                    return nil
                }
                guard transition.destinationRule == .required else { continue }
                guard let shown = UIKitStyle.shownArgument(of: call), Self.isHanded(shown, in: method, handed, isContainer) else {
                    return nil
                }
                if first == nil { first = ("`\(plainReceiver(call.receiver)).\(call.name)(\(shown.summary))`", call.location) }
            }
        }
        return first
    }

    /// A parameter, a local bound to one (the parameter cast, `if let presented = presented as? Sheet`), or a container
    /// made around one.
    private static func isHanded(
        _ value: ExpressionFacts, in method: MethodFacts, _ handed: Set<String>, _ isContainer: (String) -> Bool
    ) -> Bool {
        guard case .reference(let name) = value else { return false }
        if handed.contains(name) { return true }
        guard let bound = method.bindings[name], !bound.isEmpty else { return false }
        return bound.allSatisfy { binding in
            switch binding.value {
            case .reference(let source): handed.contains(source)
            // `if let presented = presented as? Sheet`: the parameter itself, cast.
            case .inferredType(_, let why): handed.contains(name) && why.hasPrefix("cast to")
            case .construct(let made, let wrapped):
                if case .reference(let source)? = wrapped { handed.contains(source) } else { isContainer(made) }
            default: false
            }
        }
    }

    /// A screen factory (`func screen(for step: Step) -> UIViewController`): every screen it makes is made in a method
    /// that returns a screen, it makes no navigation call, starts no coordinator, and does nothing else a flow could
    /// show from (the controllers it keeps aside, which it never navigates). What it makes is shown by its callers.
    private func makesScreensOnlyToReturn(_ type: TypeFacts) -> (what: String, location: SourceLocation)? {
        if type.inherited.contains(where: { ["View", "UIView"].contains($0.base) || Self.isController($0.base) }) { return nil }
        func returnsScreen(_ method: MethodFacts) -> Bool {
            guard let returned = method.returnType?.base else { return false }
            return Self.isController(returned) || ["View", "AnyView"].contains(returned)
        }
        var first: (what: String, location: SourceLocation)?
        var stripped = type
        for (position, method) in type.methods.enumerated() {
            if method.calls.contains(where: Self.navigates) { return nil }
            let screens = method.constructed.filter {
                $0.value != type.name && (isScreenOrCoordinator($0.value) || Self.isController($0.value))
            }
            guard !screens.isEmpty else { continue }
            if screens.contains(where: { made in
                made.value.hasSuffix("Coordinator") || recognizer.index.types[made.value].map(recognizer.claimed) == true
            }) {
                return nil
            }
            guard returnsScreen(method) else { return nil }
            if first == nil { first = ("`\(method.name)` returns `\(screens[0].value)`", screens[0].location) }
            stripped.methods[position].constructed = []
        }
        guard let first else { return nil }
        stripped.properties.removeAll { property in
            property.type.map { Self.isController($0.base) } == true || ["rootViewController", "rootView"].contains(property.name)
        }
        return navigation(in: stripped) == nil ? first : nil
    }

    /// What changes a stored value in place: `sheet = .settings`, `isShowing.toggle()`, `path.append(route)`.
    private static let stateChanges: Set<String> = ["=", "toggle", "append", "removeLast", "removeAll", "insert", "send"]

    /// A UIKit container or screen held by the type: what it keeps, it shows (or hands to what shows it).
    private static func isController(_ name: String) -> Bool {
        name.hasSuffix("ViewController") || name.hasSuffix("NavigationController") || name.hasSuffix("TabBarController")
            || (name.hasPrefix("UI") && name.hasSuffix("Controller"))
    }

    /// A property a view may present or push from (`showSettings`, `sheet`, `path: NavigationPath`, `destination`).
    private static func isNavigationState(_ property: PropertyFacts) -> Bool {
        let words = [
            "show", "present", "sheet", "cover", "destination", "path", "route", "navigat", "popover", "alert",
            "dialog", "stack", "screen", "selectedtab", "selection",
        ]
        let name = property.name.lowercased(), type = property.type?.base.lowercased() ?? ""
        return words.contains { name.contains($0) || type.contains($0) }
    }

    private func isScreenOrCoordinator(_ name: String) -> Bool {
        if ["ViewController", "HostingController", "Coordinator", "Screen"].contains(where: name.hasSuffix) { return true }
        guard let type = recognizer.index.types[name] else { return false }
        if recognizer.claimed(type) { return true }
        return type.inherited.contains { supertype in
            supertype.base.hasSuffix("ViewController") || supertype.base == "View" || supertype.base.hasSuffix("HostingController")
        }
    }

    private static let navigationCalls = [
        "push", "present", "show", "pop", "dismiss", "setViewControllers", "setRoot", "navigate", "route", "trigger",
        "coordinate", "embed", "addChild", "addDependency", "startChild", "performSegue", "sheet", "fullScreenCover",
        "navigationDestination", "popover", "NavigationLink", "NavigationStack", "TabView",
    ]
    private static let navigationPlaces = ["rootViewController", "viewControllers", "selectedIndex", "selectedViewController"]

    private static func navigates(_ call: CallFacts) -> Bool {
        let receiver = call.receiver.map { plainReceiver($0) } ?? ""
        if call.name == "=" { return navigationPlaces.contains { receiver.hasSuffix($0) } }
        if navigationCalls.contains(where: call.name.hasPrefix) { return true }
        let lower = receiver.lowercased()
        if call.name.hasPrefix("start"), ["coordinator", "child", "flow"].contains(where: lower.contains) { return true }
        return ["router", "navigator", "navigationcontroller"].contains(where: lower.contains)
    }

    /// Whether the type shows a screen or starts a child itself (a present, push or new root), beyond closing.
    private func showsScreens(_ type: TypeFacts) -> Bool {
        type.methods.contains { method in
            method.calls.contains { call in
                guard let transition = UIKitStyle.transition(of: call, mapping: mapping) else { return false }
                return transition.destinationRule == .required
            } || method.constructed.contains { isScreenOrCoordinator($0.value) && $0.value != type.name }
        }
    }

    /// Types some method makes, besides SwiftUI's `makeCoordinator()`: the `Coordinator` it makes is the
    /// representable's own nested type, which shares its name with every other (types are keyed by name).
    private var madeByName: Set<String> {
        var made: Set<String> = []
        for file in files {
            for type in file.types {
                for method in type.methods where method.name != "makeCoordinator" {
                    for construction in method.constructed { made.insert(construction.value) }
                }
            }
        }
        return made
    }

    // MARK: Child starts and the entry

    /// Routes that start a child coordinator, and those whose retention was not read: written `open`, with the
    /// reason (UIKitStyle's "retention unknown" where it saw no keeper).
    private func childStarts() -> (Int, [Coverage.UnknownRetention]) {
        var starts = 0
        var unknown: [Coverage.UnknownRetention] = []
        for coordinator in code.graph.coordinators {
            for route in coordinator.routes {
                guard let child = route.destination?.value.coordinatorName else { continue }
                starts += 1
                if route.isOpen {
                    let at = route.open?.location ?? route.location
                    let why =
                        code.provenance.confidence(.route(coordinator.name, route.name, .open)).reason
                        ?? code.provenance.notes.first { $0.location == at }?.message
                        ?? "some of its facts (a release, its style) were not read"
                    unknown.append(
                        Coverage.UnknownRetention(
                            coordinator: coordinator.name, route: route.name, child: child,
                            location: at, detail: why.hasPrefix(Recognizer.notSeenKept) ? Recognizer.notSeenKept : "route open: \(why)"))
                }
            }
        }
        return (starts, unknown.sorted { ($0.location, $0.coordinator, $0.route) < ($1.location, $1.coordinator, $1.route) })
    }

    /// The launch site that makes the entry, or the guess: an entry read at the coordinator's own declaration was
    /// chosen because nothing else starts it, not found where the app launches.
    private func entry() -> Coverage.Entry? {
        guard let entry = code.graph.entry else { return nil }
        let why = code.provenance.confidence(.entry).reason
        let guessed = why != nil && code.graph.coordinator(named: entry.value)?.location == entry.location
        return Coverage.Entry(coordinator: entry.value, location: entry.location, guessed: guessed, why: guessed ? why : nil)
    }

    private func at(_ location: SourceLocation) -> String { "\(location.file):\(location.line)" }
}
