import FlowModel
import FlowConfig

// A route method other than `start()` whose `if … else` arms or `switch` cases show different screens or start
// different children: one route per effect the user can see, never "the first navigation call
// wins". The first arm keeps the method's name (drift's identity); each other arm is a route of its own, and every
// reference to the method (a screen's trigger, `initial`, `then`, a coordinator trigger) reaches all of them. An arm
// that calls another route of the coordinator instead (`case .blocked: showBlocked()`) adds that route to the
// references: a trigger of the method may run it.

/// Where a call of a method body sits: in no branch, in one arm of one `if` (`else if` arms included), in one
/// `switch` case, or in one arm of an `if` that a `switch` case holds.
enum BranchArm: Hashable {
    case common
    case ifArm(IfArm)
    case switchCase([String])
    /// One arm of an `if … else` inside a `switch` case (`case .receive: if … { … } else { … }`): an arm of the case.
    case caseIf([String], IfArm)

    init(_ call: CallFacts) {
        if let names = call.switchCase, let arm = call.ifArm, call.caseOutside {
            self = .caseIf(names, arm)
        } else if let arm = call.ifArm {
            self = .ifArm(arm)
        } else if let names = call.switchCase {
            self = .switchCase(names)
        } else {
            self = .common
        }
    }

    var isCase: Bool {
        switch self {
        case .switchCase, .caseIf: true
        case .common, .ifArm: false
        }
    }
}

/// One arm of a branching method: the method as that arm runs it (its own calls and constructions, and those outside
/// the branch), the calls of other routes it makes instead of navigating itself, and the case names that label it.
struct RouteArm {
    var view: MethodFacts
    /// Whether the arm navigates or starts a child itself (else it only runs other routes).
    var navigates: Bool
    var routeCalls: [CallFacts]
    var caseNames: [String]
    /// The arm's first call that navigates, starts a child or runs a route: where its route is cited.
    var location: SourceLocation
}

enum BranchingRoutes {
    /// The arms of `method` when its branches navigate or start children differently: two or more, each run by one
    /// arm of the same `if` or by one `switch` case; `[]` when it does not branch so (or branches in ways that may all
    /// run, such as two `if`s one after the other: then it is read whole, as before).
    static func arms(
        of method: MethodFacts, routes: Set<String>, mapping: ExtractMapping, isChild: (String) -> Bool
    ) -> [RouteArm] {
        func isDirect(_ call: CallFacts) -> Bool { call.closures.allSatisfy(UIKitStyle.bodyClosures.contains) }
        func navigates(_ call: CallFacts) -> Bool {
            isDirect(call)
                && (UIKitStyle.transition(of: call, mapping: mapping) != nil
                    || (isChild(call.name) && call.name.first?.isUppercase == true))
        }
        func runsRoute(_ call: CallFacts) -> Bool {
            isDirect(call) && routes.contains(call.name) && call.name != method.name && ["", "self"].contains(plainReceiver(call.receiver))
        }
        // The arms in the order they are written, each with what it does.
        var order: [BranchArm] = []
        var effects: [BranchArm: (navigates: Bool, routeCalls: [CallFacts], location: SourceLocation)] = [:]
        for call in method.calls {
            let arm = BranchArm(call)
            guard arm != .common, navigates(call) || runsRoute(call) else { continue }
            if effects[arm] == nil {
                order.append(arm)
                effects[arm] = (false, [], call.location)
            }
            if navigates(call) { effects[arm]!.navigates = true }
            if runsRoute(call) { effects[arm]!.routeCalls.append(call) }
        }
        // Two arms at least, of one `if` or of `switch` cases, and one of them navigating itself.
        guard order.count >= 2, effects.values.contains(where: \.navigates) else { return [] }
        switch order[0] {
        case .ifArm(let first):
            guard order.allSatisfy({ if case .ifArm(let arm) = $0 { arm.statement == first.statement } else { false } }) else { return [] }
        case .switchCase, .caseIf:
            guard order.allSatisfy(\.isCase) else { return [] }
        case .common:
            return []
        }
        // A call in a closure an arm sets (`checkout.onFinish = { … removeChild(checkout) }`) is that arm's: it sits
        // between the arm's first and last direct call.
        var spans: [BranchArm: ClosedRange<SourceLocation>] = [:]
        for call in method.calls {
            let arm = BranchArm(call)
            guard arm != .common, effects[arm] != nil else { continue }
            let span =
                spans[arm].map { min($0.lowerBound, call.location)...max($0.upperBound, call.location) } ?? call.location...call.location
            spans[arm] = span
        }
        // A call under a branch of its own that is no arm (`.handleEvents { switch result { … } }` in an arm's closure)
        // is the arm's written last before it.
        func arm(of location: SourceLocation, _ own: BranchArm) -> BranchArm {
            if own == .common { return order.first { spans[$0]?.contains(location) == true } ?? .common }
            guard effects[own] == nil else { return own }
            return order.last { effects[$0]!.location <= location } ?? .common
        }
        var armOfConstruction: [SourceLocation: BranchArm] = [:]
        for call in method.calls where call.name.first?.isUppercase == true {
            armOfConstruction[call.location] = arm(of: call.location, BranchArm(call))
        }
        return order.map { branch in
            var view = method
            view.calls = method.calls.filter { call in
                let owner = arm(of: call.location, BranchArm(call))
                return owner == .common || owner == branch || effects[owner] == nil
            }
            view.constructed = method.constructed.filter { made in
                let owner = armOfConstruction[made.location] ?? arm(of: made.location, .common)
                return owner == .common || owner == branch || effects[owner] == nil
            }
            let caseNames: [String] =
                switch branch {
                case .switchCase(let names), .caseIf(let names, _): names
                case .common, .ifArm: []
                }
            let effect = effects[branch]!
            return RouteArm(
                view: view, navigates: effect.navigates, routeCalls: effect.routeCalls, caseNames: caseNames, location: effect.location)
        }
    }

    /// The name of an arm's route after the first: the method's name and the `switch` case (`openCartGuest`), else
    /// what the arm shows (`showProductDetail` for `ProductDetailViewController`), else, showing what the first arm
    /// shows or nothing, its transition (`presentCreateRoomScreenPush`).
    static func name(of route: Route, method: String, caseNames: [String], first: Route) -> String {
        if let first = caseNames.first { return method + first.capitalizedFirst }
        let byTransition = method + (route.transition?.value.rawValue.capitalizedFirst ?? "Branch")
        if let shown = route.destination?.value.name, shown != first.destination?.value.name, !shown.hasPrefix("UI") {
            var base = shown
            for suffix in ["ViewController", "Controller", "Coordinator", "Screen", "View"]
            where base.hasSuffix(suffix) && base.count > suffix.count {
                base.removeLast(suffix.count)
                break
            }
            // `showProduct` showing `ProductDetailViewController`: `showProductDetail`, the shared word once.
            let words = camelWords(method)
            for count in stride(from: words.count - 1, through: 1, by: -1) {
                let tail = words.suffix(count).joined()
                if base == tail.capitalizedFirst { return byTransition }
                if base.hasPrefix(tail.capitalizedFirst) {
                    base.removeFirst(tail.count)
                    break
                }
            }
            return method + base.capitalizedFirst
        }
        return byTransition
    }

    /// `showProductDetail` → `show`, `Product`, `Detail`.
    private static func camelWords(_ name: String) -> [String] {
        var words: [String] = []
        for character in name {
            if character.isUppercase || words.isEmpty { words.append(String(character)) } else { words[words.count - 1].append(character) }
        }
        return words
    }

    /// Every reference to a branching route reaches each of its arms: a screen's triggers, `then`, the coordinator's
    /// triggers and `initial`. `alternatives`: coordinator → route → the other routes its arms run.
    static func addAlternatives(_ coordinator: inout Coordinator, _ alternatives: [String: [String: [String]]], _ context: inout Context) {
        guard !alternatives.isEmpty else { return }
        let name = coordinator.name
        func expanded(_ references: [RouteReference], _ path: (String) -> FactPath) -> [RouteReference] {
            var seen = Set(references.map { "\($0.coordinator ?? name).\($0.route)" })
            var result: [RouteReference] = []
            for reference in references {
                result.append(reference)
                let owner = reference.coordinator ?? name
                for other in alternatives[owner]?[reference.route] ?? [] where seen.insert("\(owner).\(other)").inserted {
                    let fact = Fact(other, at: reference.location, .inferred("`\(reference.route)()` runs it in another branch"))
                    let placed = context.put(fact, path(reference.coordinator.map { "\($0).\(other)" } ?? other))
                    result.append(RouteReference(coordinator: reference.coordinator, route: other, location: placed.location))
                }
            }
            return result
        }
        for index in coordinator.routes.indices {
            let route = coordinator.routes[index].name
            coordinator.routes[index].triggers = expanded(coordinator.routes[index].triggers) { .route(name, route, .triggers, item: $0) }
            coordinator.routes[index].then = expanded(coordinator.routes[index].then) { .route(name, route, .then, item: $0) }
        }
        coordinator.triggers = expanded(coordinator.triggers) { .coordinator(name, .triggers, item: $0) }
        guard coordinator.tabs == nil, let own = alternatives[name] else { return }
        var seen = Set(coordinator.initials.map(\.value))
        var initials: [Located<String>] = []
        for initial in coordinator.initials {
            initials.append(initial)
            for other in own[initial.value] ?? [] where seen.insert(other).inserted {
                initials.append(
                    context.put(
                        Fact(other, at: initial.location, .inferred("`\(initial.value)()` runs it in another branch")),
                        .coordinator(name, .initial, item: other)))
            }
        }
        coordinator.initials = initials
    }
}
