import FlowModel
import FlowConfig

/// The children a UIKit coordinator keeps outside its routes, and the exits on which it lets them go.
extension UIKitStyle {
    /// Children `init` makes and keeps in a stored property (`chatsFlow = ChatsFlowCoordinator(…)`) and some
    /// method starts later (`chatsFlow.start()`, a state machine's handler): one route each, named after the
    /// property and cited at the start, with the `init` that made it. A child some route already starts is left to it.
    static func keptChildren(of type: TypeFacts, besides routes: [Route], _ context: inout Context) -> [(Route, MethodFacts)] {
        let started = Set(routes.compactMap { $0.destination?.value.coordinatorName })
        let properties = Set(type.properties.map(\.name))
        // Where each property's child is first started (`chatsFlow.start()`), looked up once.
        var starts: [String: (MethodFacts, CallFacts)] = [:]
        for method in type.methods {
            for call in method.calls where call.name == "start" {
                let place = plainReceiver(call.receiver)
                if starts[place] == nil { starts[place] = (method, call) }
            }
        }
        var found: [(Route, MethodFacts)] = []
        var named: Set<String> = []
        for initializer in type.methods where initializer.name == "init" {
            for assignment in initializer.calls where assignment.name == "=" && assignment.closures.isEmpty {
                let place = plainReceiver(assignment.receiver)
                guard !place.isEmpty, !place.contains("."), !place.contains("["), properties.contains(place),
                    let value = assignment.arguments.first?.value
                else { continue }
                var child = value.constructedType
                var why = "`init` makes it and keeps it in `\(place)`"
                if child == nil, case .reference(let local) = value {
                    child = initializer.binding(local, before: assignment.location)?.constructedType
                    // `init(coordinator: ScanQRCodeCoordinator)` keeping the child its maker hands it.
                    if child == nil, let given = initializer.parameters.first(where: { $0.name == local })?.type {
                        child = String(given.filter { $0 != "?" && $0 != "!" })
                        why = "`init` is given it and keeps it in `\(place)`"
                    }
                }
                guard let child, child != type.name, context.isCoordinatorType(child), !started.contains(child),
                    !named.contains(place)
                else { continue }
                guard let (method, start) = starts[place] else { continue }
                var route = Route(name: place, location: start.location)
                route.destination = context.put(
                    Fact(.coordinator(child), at: assignment.location, .inferred(why)), .route(type.name, place, .coordinator))
                route.retain = context.put(Fact(.parent, at: assignment.location), .route(type.name, place, .retain))
                route.releaseOn = Located([], at: assignment.location)
                // Made once and kept for the coordinator's life: what ends it, if anything does before the coordinator
                // goes, is not in the code the reader follows (the route is open, its `releaseOn` a lower bound).
                route.open = context.put(
                    Fact(true, at: assignment.location, .inferred("made once in `init` and kept for the coordinator's life")),
                    .route(type.name, place, .open))
                found.append((route, method))
                named.insert(place)
            }
        }
        return found
    }

    /// `authFlow = nil` in a delegate method or a state machine's handler: a release on an event the reader does not
    /// tie to an exit. The route's `releaseOn` is then a lower bound (the route is open), never a leak on a guess.
    /// Releases `linkChildren` reads as exits are tied: in the parent's reactions to its children, UIKit's
    /// callbacks (a swipe-down, a pop) and its finish methods; so are those `tied` (a dismissal callback's event).
    static func openOnUntiedRelease(
        _ route: inout Route, keptIn place: String, of type: TypeFacts, besides method: MethodFacts,
        _ releases: [(method: MethodFacts, call: CallFacts)], tied: Set<SourceLocation> = [], _ context: inout Context
    ) {
        let mapping = context.recognizer.mapping
        guard !place.isEmpty, !place.contains("["),
            let elsewhere = releases.first(where: { release in
                release.method.location != method.location && !tied.contains(release.call.location)
                    && !context.isReaction(release.method, of: type.name)
                    && !systemCallbacks.contains(release.method.name) && !namesFinish(release.method.name)
                    // Emptied as the method sets a new root: the child's `replaced` (`linkChildren`).
                    && !setsNewRoot(release.method, mapping)
            })
        else { return }
        route.open = Located(true, at: elsewhere.call.location)
        context.notes.append(
            ExtractionNote(
                .unrecognized,
                "`\(type.name).\(route.name)` keeps its child in `\(place)`, which `\(elsewhere.method.name)` lets go on an event the "
                    + "reader does not tie to an exit: its releases are not all read (the route is open)",
                at: elsewhere.call.location, coordinator: type.name))
    }

    /// The exits on which the child sends `event` (`actionsSubject.send(.complete)`) from the closure of its own
    /// navigation call that runs when the user leaves: a push's closure (routers and navigation coordinators run it
    /// when the screen is popped: `back`) or a sheet's dismissal callback (`dismiss`).
    static func exitsReported(by child: String, sending event: String, releasedAt location: SourceLocation, _ context: Context) -> [Fact<
        ExitKind
    >] {
        var exits: [Fact<ExitKind>] = []
        for method in context.recognizer.types[child]?.methods ?? [] {
            for call in method.calls where call.arguments.contains(where: { if case .member(event, _) = $0.value { true } else { false } })
            {
                guard let label = call.closures.first else { continue }
                let exit: ExitKind
                if ["push", "pushViewController", "pushModule"].contains(label) || context.recognizer.mapping.push.contains(label) {
                    exit = .back
                } else if isDismissalCallback(label) {
                    exit = .dismiss
                } else {
                    continue
                }
                guard !exits.contains(where: { $0.value == exit }) else { continue }
                exits.append(
                    Fact(
                        exit, at: location,
                        .inferred("`\(child)` sends `.\(event)` from the `\(label)` closure, which runs as the user leaves it")))
            }
        }
        return exits
    }

    /// The first child coordinator the method makes as it runs: not one made in a closure that runs later (a state
    /// machine's handler, a screen's callback), which is that event's, not this method's.
    static func childMadeNow(in method: MethodFacts, of type: TypeFacts, _ context: Context) -> Located<String>? {
        let made = childrenMadeNow(in: method, of: type, context)
        guard made.count > 1 else { return made.first }
        // `let scanner = ScanQRCodeCoordinator(…)` handed to `QRCodeResolutionCoordinator(coordinator: scanner)`, the
        // one started here: the child is the coordinator the method starts.
        return made.first { started($0, in: method) } ?? made.first
    }

    static func childrenMadeNow(in method: MethodFacts, of type: TypeFacts, _ context: Context) -> [Located<String>] {
        method.constructed.filter { made in
            guard made.value != type.name, context.isCoordinatorType(made.value) else { return false }
            let call = method.calls.first { $0.location == made.location && $0.name == made.value }
            return call.map { $0.closures.allSatisfy(ownClosures.contains) } ?? true
        }
    }

    /// Whether the method calls `start` on the variable the child is bound to, after making it.
    static func started(_ child: Located<String>, in method: MethodFacts) -> Bool {
        guard let variable = method.variable(constructing: child.value) else { return false }
        return method.calls.contains { $0.name == "start" && plainReceiver($0.receiver) == variable && child.location < $0.location }
    }

    /// `start() { if account.isHD { let coordinator = BackupSeedPhraseCoordinator(…); …start() } else { let coordinator =
    /// EnterPasswordCoordinator(…); …start() } }`: the children after the first that `start()` makes and starts, each of
    /// another type. Bound to the same name as the first, they are in other branches (Swift lets no scope declare a name
    /// twice); children bound to names of their own start together (a tab hub's).
    static func otherStartedChildren(in method: MethodFacts, of type: TypeFacts, besides first: String, _ context: Context) -> [Located<
        String
    >] {
        guard let variable = method.variable(constructing: first) else { return [] }
        var seen: Set<String> = [first]
        return childrenMadeNow(in: method, of: type, context).filter { child in
            method.variable(constructing: child.value) == variable && started(child, in: method) && seen.insert(child.value).inserted
        }
    }
}
