import FlowModel
import FlowRules

// Holds: the references a coordinator's screens and children keep back to it, with their strength, for
// `retain-cycle`.
extension UIKitStyle {
    /// The coordinators its screens keep in a property (`weak var coordinator: ShelfCoordinator?`): `Self` for
    /// itself. A screen held by the navigation controller that keeps a strong reference back is the classic
    /// retain cycle. Per coordinator held, the strongest reference any screen keeps.
    static func holds(of coordinator: Coordinator, _ context: inout Context) -> [Hold] {
        var holds: [Hold] = []
        for route in coordinator.routes {
            guard case .screen(let screen)? = route.destination?.value, let type = context.recognizer.types[screen] else { continue }
            for property in type.properties {
                guard let held = property.type?.base, context.recognizer.types[held].map({ $0.keyword != .protocol }) == true,
                      context.isCoordinatorType(held) else { continue }
                let target = held == coordinator.name ? Hold.selfReference : held
                holds.keepStrongest(target, property.strength, at: property.location)
            }
        }
        return holds
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
