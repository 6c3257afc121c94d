import FlowModel
import FlowConfig

/// How a UIKit flow ends: its finish call, the delegate or closure that tells the parent, and self-release.
extension UIKitStyle {
    /// A parent's reaction to a child that neither lets the child go nor says it is done by its name
    /// (`didTapAddAlert(for:in:)`), and shows a screen or starts a child itself: the child asks the parent for it
    /// and goes on. It is a route, run whenever the child asks.
    static func isRequest(_ method: MethodFacts, of type: TypeFacts, _ context: Context) -> Bool {
        guard let reaction = context.reactions(of: type.name).first(where: { $0.method.location == method.location }),
            reaction.release == nil, !endsFlow(method.name)
        else { return false }
        let mapping = context.recognizer.mapping
        return childMadeNow(in: method, of: type, context) != nil
            || method.calls.contains { $0.closures.isEmpty && transition(of: $0, mapping: mapping)?.destinationRule == .required }
    }

    /// A parent's reaction whose name says the child is done (`didFinish(in:)`, `didCancel(in:)`, `didClose`).
    static func endsFlow(_ name: String) -> Bool {
        // By word: `didSendTransaction` does not end anything.
        var words: [String] = []
        for character in name {
            if character.isUppercase || words.isEmpty { words.append("") }
            words[words.count - 1].append(character.lowercased())
        }
        return words.contains { word in
            ["finish", "cancel", "close", "done", "complet", "dismiss", "end", "exit", "fail"].contains { word.hasPrefix($0) }
        }
    }

    /// A child (or its base class) that ends its own flow when the user leaves it: its
    /// `presentationControllerDidDismiss` (a swipe-down) or `navigationController(_:didShow:)` pop handler calls its
    /// finish. Where the parent releases it on finish, it is released on those exits too.
    /// Back through `navigationController(_:didShow:)` is left out when the child hands that delegate on
    /// (`navigationDelegateHandedOn`).
    static func finishesOnItsOwnExits(_ child: String, delegateHandedOn: Bool = false, _ context: Context) -> [Fact<ExitKind>] {
        let finishers = selfReleasingMethods(of: child, context)
        return (context.recognizer.types[child]?.methods ?? []).compactMap { method in
            let exit: ExitKind
            switch method.name {
            case "presentationControllerDidDismiss": exit = .dismiss
            case "navigationController" where !delegateHandedOn: exit = .back
            case "didMove": exit = .back
            default: return nil
            }
            guard let call = finishCall(in: method, finishers: finishers, reactions: context.releasingReactions) else { return nil }
            return Fact(
                exit, at: call.location,
                .inferred("`\(child).\(method.name)` ends the flow with `\(call.name)()`, on which the parent releases it"))
        }
    }

    /// A child whose method, run when one of its screens goes away, tells the parent it finished: the child's own
    /// (`deinit { delegate?.screenDismissed() }` calling the child's `screenDismissed`), or one a screen the child shows
    /// relays to it (`func didPopViewController(animated:) { delegate?.didClose(in: self) }` calling the child's
    /// `didClose(in:)`). When that method calls a parent method that releases the child
    /// (`delegate?.aboutCoordinatorDidFinish()`, `delegate?.didClose(in: self)`), the child is released when its
    /// first screen is popped too: `back`.
    static func tellsParentWhenAScreenGoes(
        _ child: String, _ parentReleases: Set<String>, _ goingAway: GoingAway, _ context: Context
    ) -> Fact<ExitKind>? {
        let lets = context.recognizer.mapping.releasedByEffect
        guard !parentReleases.isEmpty || !lets.isEmpty, let type = context.recognizer.types[child] else { return nil }
        var relayed: [String: String] = [:]  // the child's method → the screen method that calls it as the screen goes
        for route in context.coordinators[child]?.routes ?? [] {
            guard case .screen(let screen)? = route.destination?.value else { continue }
            for method in context.recognizer.types[screen]?.methods ?? [] where goingAway.popNotifications.contains(method.name) {
                for call in method.calls where relayed[call.name] == nil { relayed[call.name] = "\(screen).\(method.name)" }
            }
            for (method, relay) in relaysAsItGoes(screen, context) where relayed[method] == nil { relayed[method] = relay }
        }
        for method in type.methods {
            let why: String
            if goingAway.called.contains(method.name) {
                why = "a screen going away (`deinit`) runs `\(child).\(method.name)()`, which tells the parent it finished"
            } else if let screen = relayed[method.name] {
                why = "`\(screen)`, run as the screen is popped, calls `\(child).\(method.name)()`, which tells the parent it finished"
            } else {
                continue
            }
            if let call = method.calls.first(where: {
                (parentReleases.contains($0.name) || (lets.contains($0.name) && passesSelf($0))) && $0.closures.isEmpty
            }) {
                return Fact(.back, at: call.location, .inferred(why))
            }
        }
        return nil
    }

    /// UIKit's callbacks that run on a screen as it is popped: `didMove(toParent: nil)`, `viewWillDisappear` and
    /// `viewDidDisappear` (often checked with `isMovingFromParent` or `navigationController == nil`), and `deinit`.
    /// A release reached from any of them may run on back, so back is not judged a leak.
    static let goingAwayCallbacks: Set<String> = ["deinit", "didMove", "viewWillDisappear", "viewDidDisappear"]

    /// The methods a screen reaches through an object it keeps as it goes away (`goingAwayCallbacks`): `didMove(toParent:)`
    /// or `deinit` calling `viewModel?.viewClosed()`, whose body calls `coordinator?.finish()`. Each method so reached,
    /// with the path that reaches it. The object's type comes from the index, so the names of the screen's properties
    /// and of the model's methods do not matter.
    static func relaysAsItGoes(_ screen: String, _ context: Context) -> [(String, String)] {
        let index = context.recognizer.index
        guard let type = context.recognizer.types[screen] else { return [] }
        var found: [(String, String)] = []
        for method in type.methods where goingAwayCallbacks.contains(method.name) {
            for call in method.calls where call.closures.isEmpty {
                let holder = plainReceiver(call.receiver)
                guard !holder.isEmpty, holder != "self", holder != "super",
                    let property = type.properties.first(where: { $0.name == holder }),
                    let model = index.heldType(property, in: type)
                else { continue }
                for relay in model.methods where relay.name == call.name {
                    for reached in relay.calls where reached.closures.isEmpty && !["", "self"].contains(plainReceiver(reached.receiver)) {
                        found.append((reached.name, "\(screen).\(method.name) → \(model.name).\(relay.name)"))
                    }
                }
            }
        }
        return found
    }

    /// What runs as a screen goes away.
    struct GoingAway {
        /// Methods called from a `deinit` or `didMove(toParent:)`.
        var called: Set<String> = []
        /// Methods the app's `UINavigationController` subclass calls on the controller it pops.
        var popNotifications: Set<String> = []
    }

    /// The call that ends this coordinator's flow: one of its own methods that removes it from its parent
    /// (`leave()`), a finish callback (`finishFlow?()`, `onFinish()`), or a delegate told `…DidFinish(self)`.
    /// A call in a closure the method hands to a screen (`form.onDone = { self?.finishFlow?() }`) is not the
    /// method's own: it runs later, when the user acts (collectTriggers and the closure routes take it). A
    /// completion of the method's own navigation (`dismiss(animated:) { self.leave() }`) or a dispatch is.
    static func finishCall(in method: MethodFacts, finishers: Set<String>, reactions: Set<String> = []) -> CallFacts? {
        method.calls.first { call in
            call.closures.allSatisfy({ ownClosures.contains($0) }) && endsOwnFlow(call, finishers: finishers, reactions: reactions)
        }
    }

    /// Whether the name says `finish` in any case (`finishFlow`, `didFinish`, `coordinatorDidFinish`), read in place:
    /// every call the recognizer looks at is asked.
    static func namesFinish(_ name: String) -> Bool {
        let bytes = Array(name.utf8)
        let word = Array("inish".utf8)
        guard bytes.count >= 6 else { return false }
        for start in 0...(bytes.count - 6) where bytes[start] | 0x20 == UInt8(ascii: "f") {
            if (0..<5).allSatisfy({ bytes[start + 1 + $0] | 0x20 == word[$0] }) { return true }
        }
        return false
    }

    /// Whether the call ends the flow of the coordinator making it: `finish()`, `finishFlow?()`, or telling its
    /// parent it is done (`delegate?.didFinish(result, in: self)`).
    static func endsOwnFlow(_ call: CallFacts, finishers: Set<String>, reactions: Set<String>) -> Bool {
        // The name first: the receiver is read only for calls that may finish.
        let named = namesFinish(call.name)
        guard named || finishers.contains(call.name) || reactions.contains(call.name) else { return false }
        let receiver = plainReceiver(call.receiver)
        if receiver.isEmpty || receiver == "self" {
            // `childDidFinish(loading)`: the coordinator lets a child go; its own flow goes on.
            if vocabulary.release.contains(call.name),
                call.arguments.contains(where: { argument in
                    if case .reference(let name) = argument.value { plainReceiver(name) != "self" } else { false }
                })
            {
                return false
            }
            return finishers.contains(call.name) || named
        }
        // `delegate?.didCancel(in: self)`, where a parent's `didCancel(in:)` lets this coordinator go.
        guard named || reactions.contains(call.name) else { return false }
        // `delegate?.settingsCoordinatorDidFinish(self)`, or without `self` on the coordinator's own delegate.
        let ownDelegate =
            !receiver.contains(".")
            && (receiver.lowercased().hasSuffix("delegate") || receiver == "parent" || receiver == "parentCoordinator")
        return (receiver.lowercased().contains("delegate") || receiver.lowercased().contains("parent"))
            && (ownDelegate || passesSelf(call))
    }

    /// Closures that are the method's body, run a little later: `Task { … }`, `DispatchQueue.main.async { … }`,
    /// `await MainActor.run { … }` and `{ … }()`. A navigation in one is the method's own.
    static let bodyClosures: Set<String> = ["Task", "MainActor.run", "async", ExpressionFacts.closureRunInPlace]

    /// Closures that run as part of the method: completions of its navigation calls and dispatches (`MainActor.run`), and PromiseKit's
    /// `firstly { … }` and the steps of the promise it makes (`.then`, `.get`, `.done`).
    static let ownClosures: Set<String> = [
        "completion", "dismiss", "present", "pushViewController", "popViewController", "popToRootViewController",
        "setViewControllers", "dismissModule", "popModule", "async", "asyncAfter", "sync", "perform", "animate", "Task", "MainActor.run",
        "firstly", "then", "get", "done",
        ExpressionFacts.closureRunInPlace,
    ]

    /// Methods of the type, its base classes and protocol extensions that remove `self` from the parent, and the closure
    /// properties a parent sets to let it go (`Context.finishingClosures`).
    static func selfReleasingMethods(of name: String, _ context: Context) -> Set<String> {
        let methods = context.recognizer.types[name]?.methods ?? []
        return Set(methods.filter { $0.calls.contains { isRelease($0, context.recognizer.mapping) && passesSelf($0) } }.map(\.name))
            .union(context.finishingClosures[name] ?? [])
    }

    /// `parentCoordinator?.childDidFinish(self)`: a release, or a call of the app's that releases by its effect, given
    /// the caller.
    static func handsItselfToRelease(_ call: CallFacts, _ mapping: ExtractMapping) -> Bool {
        (isRelease(call, mapping) || mapping.releasedByEffect.contains(call.name)) && passesSelf(call)
    }

    /// Whether the call hands the caller over (`delegate?.didCancel(in: self)`, `in: strongSelf`), or removes it from its parent.
    static func passesSelf(_ call: CallFacts) -> Bool {
        call.arguments.contains { if case .reference(let name) = $0.value { plainReceiver(name) == "self" } else { false } }
            || call.name.hasPrefix("removeFromParent")
    }

    /// A child (or its base class) that removes itself from its parent: `parentCoordinator?.childDidFinish(self)`.
    /// An override that calls `super.finish()` lets the child go as the base class's `finish()` does (a few classes
    /// up at most: a cycle of inheritance, which no compiler takes, ends there too).
    static func selfRelease(of child: String, _ context: Context, depth: Int = 0) -> Fact<ExitKind>? {
        guard let type = context.recognizer.types[child] else { return nil }
        for method in type.methods {
            for call in method.calls where handsItselfToRelease(call, context.recognizer.mapping) {
                return Fact(.finish, at: call.location, .inferred("the child removes itself in `\(method.name)()`"))
            }
        }
        guard depth < 8, let base = context.recognizer.index.classLineage(of: type).dropFirst().first else { return nil }
        let baseLetsGo = lettingItselfGo(base.name, context)
        for method in type.methods {
            for call in method.calls where plainReceiver(call.receiver) == "super" && baseLetsGo.contains(call.name) {
                guard let released = selfRelease(of: base.name, context, depth: depth + 1) else { continue }
                return Fact(
                    .finish, at: released.location, .inferred("the child removes itself in `super.\(call.name)()`, in `\(method.name)()`"))
            }
        }
        return nil
    }
}
