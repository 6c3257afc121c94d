import FlowModel
import FlowConfig

// Holds: the references a coordinator's screens and children keep back to it, with their strength, for
// `retain-cycle`.
extension UIKitStyle {
    /// The coordinators its screens keep in a property (`weak var coordinator: ShelfCoordinator?`): `Self` for
    /// itself. A screen held by the navigation controller that keeps a strong reference back is the classic
    /// retain cycle. Per coordinator held, the strongest reference any screen keeps. A screen the coordinator keeps
    /// in a property of its own reaches it also through the view model the screen keeps (`modelHolds`).
    static func holds(of coordinator: Coordinator, _ context: inout Context) -> [Hold] {
        var holds: [Hold] = []
        let kept = screensKept(by: coordinator.name, context)
        for route in coordinator.routes {
            guard case .screen(let screen)? = route.destination?.value, let type = context.recognizer.types[screen] else { continue }
            for property in type.properties {
                guard let held = property.type?.base, context.recognizer.types[held].map({ $0.keyword != .protocol }) == true,
                    context.isCoordinatorType(held)
                else { continue }
                let target = held == coordinator.name ? Hold.selfReference : held
                holds.keepStrongest(target, property.strength, at: property.location)
            }
            if kept.contains(screen) { modelHolds(of: type, back: coordinator.name, &holds, context) }
        }
        ClosureHolds.read(of: coordinator.name, &holds, context)
        return holds
    }

    /// The screens the coordinator keeps in a strong stored property of its own (`lazy var rootViewController =
    /// DetailScreen()`): they live as long as it does, whatever stack shows them.
    private static func screensKept(by name: String, _ context: Context) -> Set<String> {
        guard let type = context.recognizer.types[name] else { return [] }
        return Set(type.properties.filter { $0.strength == .strong }.compactMap { Context.screenType($0, of: type) })
    }

    /// The view model a screen keeps strongly (a stored property of a class or struct the index resolves) keeping the
    /// coordinator in a property of the coordinator's own type: coordinator → screen → model → coordinator.
    private static func modelHolds(of screen: TypeFacts, back coordinator: String, _ holds: inout [Hold], _ context: Context) {
        let index = context.recognizer.index
        for property in screen.properties where property.strength == .strong {
            guard let model = index.heldType(property, in: screen), model.name != screen.name, model.name != coordinator,
                model.keyword == .class || model.keyword == .struct, !context.isCoordinatorType(model.name)
            else { continue }
            for back in model.properties where back.type.map({ index.resolved($0).base }) == coordinator {
                holds.keepStrongest(Hold.selfReference, back.strength, at: back.location)
            }
        }
    }
}

extension UIKitStyle {
    /// A child's stored reference to the parent that starts it, read from the parent handing itself over where it
    /// keeps the child (`child.parentCoordinator = self`, in the route or in the add-child helper it calls): a strong
    /// property of the parent's type (or a supertype of it) is `holds: {Parent: strong}`, closing parent → child → parent.
    static func linkParentHolds(_ context: inout Context) {
        var found: [String: [Hold]] = [:]
        for name in context.recognizer.order where context.provenance.frameworks[name] == .uikit {
            guard let coordinator = context.coordinators[name], let type = context.recognizer.types[name] else { continue }
            // A subclass's own `start` hides its base's `start(_ child:)` in the index: each supertype's methods are read too.
            let helpers = ([type] + type.inherited.compactMap { context.recognizer.types[$0.base] }).reduce(into: [String: Set<String>]()) {
                helpers, owner in
                helpers.merge(parentHandingHelpers(of: owner)) { $0.union($1) }
            }
            let own = Set([name] + type.inherited.map(\.base))
            for route in coordinator.routes where route.retain?.value == .parent {
                guard case .coordinator(let child)? = route.destination?.value, child != name, context.coordinators[child] != nil,
                    let retained = route.retain?.location, let childType = context.recognizer.types[child]
                else { continue }
                for property in handedProperties(type, child: child, retainedAt: retained, helpers: helpers) {
                    // Only a strong one is written: a weak delegate back to the parent is the norm, and says nothing a rule needs.
                    guard let back = childType.properties.first(where: { $0.name == property }), back.strength == .strong,
                        let declared = back.type.map({ context.recognizer.index.resolved($0).base }), own.contains(declared)
                    else { continue }
                    found[child, default: []].keepStrongest(name, back.strength, at: back.location)
                }
            }
        }
        for (child, holds) in found {
            for hold in holds { context.coordinators[child]?.holds.keepStrongest(hold.target, hold.strength.value, at: hold.location) }
        }
    }

    /// Method name → the properties of a coordinator it is handed that it sets to `self` (`coordinator.parent = self`),
    /// directly or through another such method of the type it hands the coordinator on to, a few calls deep.
    private static func parentHandingHelpers(of type: TypeFacts) -> [String: Set<String>] {
        var handing: [String: Set<String>] = [:]
        for _ in 0..<StorageEffects.depth {
            // A pass that adds nothing leaves every later pass the same: most types hand nothing, and stop after one.
            let before = handing
            for method in type.methods where method.hasBody && !method.parameters.isEmpty {
                let parameters = Set(method.parameters.map(\.name))
                for call in method.calls where call.closures.isEmpty {
                    if let (owner, property) = selfAssignment(call), parameters.contains(owner) {
                        handing[method.name, default: []].insert(property)
                    } else if ["", "self"].contains(plainReceiver(call.receiver)), let handed = handing[call.name],
                        call.arguments.contains(where: {
                            if case .reference(let name) = $0.value { parameters.contains(name) } else { false }
                        })
                    {
                        handing[method.name, default: []].formUnion(handed)
                    }
                }
            }
            if handing == before { break }
        }
        return handing
    }

    /// `owner.property = self`: the owner and the property.
    private static func selfAssignment(_ call: CallFacts) -> (owner: String, property: String)? {
        guard call.name == "=", call.arguments.first?.value == .reference("self") else { return nil }
        let parts = plainReceiver(call.receiver).split(separator: ".").map(String.init)
        guard parts.count == 2 else { return nil }
        return (parts[0], parts[1])
    }

    /// The child's properties the parent sets to itself where it keeps the child: in the method that keeps it, on
    /// the variable bound to the child, or in the helper whose call keeps it.
    private static func handedProperties(
        _ type: TypeFacts, child: String, retainedAt location: SourceLocation, helpers: [String: Set<String>]
    ) -> Set<String> {
        var properties: Set<String> = []
        for method in type.methods {
            guard let retain = method.calls.first(where: { $0.location == location }) else { continue }
            if ["", "self"].contains(plainReceiver(retain.receiver)) { properties.formUnion(helpers[retain.name] ?? []) }
            guard let variable = method.variable(constructing: child) else { continue }
            for call in method.calls {
                if let (owner, property) = selfAssignment(call), owner == variable { properties.insert(property) }
            }
        }
        return properties
    }
}

extension [Hold] {
    /// A reference to `target`: the first one kept, unless a later one is strong where the kept one is not. Per
    /// target, the strongest reference, at its own line: a strong one anywhere is what makes a retain cycle.
    mutating func keepStrongest(_ target: String, _ strength: HoldStrength, at location: SourceLocation) {
        guard let index = firstIndex(where: { $0.target == target }) else {
            append(Hold(target: target, strength: Located(strength, at: location), location: location))
            return
        }
        if strength == .strong, self[index].strength.value != .strong {
            self[index].strength = Located(strength, at: location)
            self[index].location = location
        }
    }
}
