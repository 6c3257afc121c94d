import FlowModel
import FlowConfig

// What the app's own methods do, read once for the whole project: which keep or let go of a child they are handed
// (`StorageEffects`), and which navigate with UIKit on behalf of their caller. The mapping carries them beside the
// team's names of `extract:`, so every role asks one place.
extension Recognizer {
    static func withEffects(_ mapping: ExtractMapping, _ index: ProjectIndex) -> ExtractMapping {
        // A coordinator, or a type one is built on (`class FlowNode` under `final class ShopCoordinator: FlowNode`).
        var bases: Set<String> = []
        for name in index.order {
            guard let type = index.types[name], UIKitStyle.isCoordinatorBase(name) || mayBeCoordinator(type, mapping) else { continue }
            bases.insert(name)
            bases.formUnion(type.inherited.map(\.base))
        }
        let roots = Set(mapping.coordinators)
        // Two reads of every method, independent of each other: side by side.
        let (effects, navigating) = Parallel.both(
            { StorageEffects(index) { bases.contains($0) || UIKitStyle.isCoordinatorBase($0) || roots.contains($0) } },
            { navigatingMethods(index, besides: bases, mapping) })
        var mapping = mapping
        mapping.keptByEffect = effects.keeping
        mapping.releasedByEffect = effects.releasing
        mapping.navigatesByEffect = navigating
        return mapping
    }

    /// Methods of the app's other types (a presentation flow, a router, a screen) whose body navigates with UIKit: a
    /// call of one is navigation the route does not spell out. UIKit's own verbs (an app's `dismiss()` override) are
    /// read as UIKit's, where they are called.
    private static func navigatingMethods(_ index: ProjectIndex, besides bases: Set<String>, _ mapping: ExtractMapping) -> Set<String> {
        var navigating: Set<String> = []
        for name in index.order where !bases.contains(name) {
            for method in index.types[name]?.methods ?? [] where method.hasBody
                && method.calls.contains(where: { $0.closures.isEmpty && UIKitStyle.transition(of: $0, mapping: mapping) != nil }) {
                navigating.insert(method.name)
            }
        }
        // UIKit's own verbs and the team's (`extract:`) are read where they are called, as the vocabulary says.
        return navigating.filter { UIKitStyle.vocabulary.verbs[$0] == nil && mapping.transition(named: $0) == nil }
    }
}
