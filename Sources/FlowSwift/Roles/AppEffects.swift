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
        mapping.childStorage = childStorage(index, coordinators: bases.union(roots))
        mapping.keptByEffect = effects.keeping
        mapping.releasedByEffect = effects.releasing
        mapping.navigatesByEffect = navigating
        mapping.wrappedTransitions = wrappedTransitions(index, besides: bases, mapping)
        mapping.quietReceivers = quietReceivers(index, mapping)
        return mapping
    }

    /// The properties through which a UIKit verb reaches a method of the app's that does not navigate: a toast
    /// center's `present(.saved)`, a banner's `show(message)`. Navigation is what the receiver does, not its name.
    private static func quietReceivers(_ index: ProjectIndex, _ mapping: ExtractMapping) -> [String: Set<String>] {
        var quietTypes: [String: Set<String>] = [:]
        for name in index.order {
            guard let type = index.types[name], type.keyword != .protocol, type.keyword != .extension,
                  !type.inherited.contains(where: { $0.base.hasPrefix("UI") }) else { continue }
            // A body that does something, and nothing that navigates: an empty one is a stub (a library's stand-in,
            // a base class's hook its subclasses override) and says nothing.
            for method in type.methods where method.hasBody && UIKitStyle.vocabulary.verbs[method.name] != nil && !method.calls.isEmpty
                && !method.calls.contains(where: { UIKitStyle.transition(of: $0, mapping: mapping) != nil }) {
                quietTypes[method.name, default: []].insert(name)
            }
        }
        guard !quietTypes.isEmpty else { return [:] }
        var quiet: [String: [String: Bool]] = [:]
        for name in index.order {
            for property in index.types[name]?.properties ?? [] {
                guard let declared = property.type?.base ?? property.initializer?.constructedType else { continue }
                for (verb, types) in quietTypes {
                    let isQuiet = types.contains(declared)
                    quiet[verb, default: [:]][property.name] = (quiet[verb]?[property.name] ?? true) && isQuiet
                }
            }
        }
        return quiet.mapValues { Set($0.filter(\.value).keys) }.filter { !$0.value.isEmpty }
    }

    /// The app's router wrappers, by what they do: a method of a type that is no coordinator whose every UIKit
    /// navigation pushes, presents or sets as root the screen it is handed. A name two such methods give different
    /// transitions is left out.
    private static func wrappedTransitions(_ index: ProjectIndex, besides bases: Set<String>, _ mapping: ExtractMapping) -> [String: Transition] {
        var found: [String: Transition?] = [:]
        for name in index.order where !bases.contains(name) {
            for method in index.types[name]?.methods ?? [] where method.hasBody && !method.parameters.isEmpty
                && UIKitStyle.vocabulary.verbs[method.name] == nil && mapping.transition(named: method.name) == nil {
                let handed = Set(method.parameters.map(\.name))
                let shown = method.calls.compactMap { call -> Transition?? in
                    guard call.closures.isEmpty, let transition = UIKitStyle.transition(of: call, mapping: mapping) else { return nil }
                    guard [.present, .push, .setRoot].contains(transition),
                          case .reference(let screen)? = call.arguments.first(where: { $0.label != "animated" })?.value,
                          handed.contains(screen) else { return .some(nil) }
                    return .some(transition)
                }
                guard let first = shown.first, shown.allSatisfy({ $0 == first }) else { continue }
                found[method.name] = found[method.name].map { $0 == first ? first : nil } ?? first
            }
        }
        return found.compactMapValues { $0 }
    }

    /// The strong stored properties of coordinators whose declared type names a coordinator: a list, a dictionary,
    /// an optional or a plain slot of them. Keeping a child there, or emptying it, is a retain or a release by what it
    /// does, whatever the property is called.
    private static func childStorage(_ index: ProjectIndex, coordinators: Set<String>) -> Set<String> {
        var storage: Set<String> = []
        for name in index.order where coordinators.contains(name) {
            for property in index.types[name]?.properties ?? [] where property.strength == .strong {
                guard let type = property.type else { continue }
                let words = ([type.base] + type.arguments).flatMap { $0.split { !($0.isLetter || $0.isNumber || $0 == "_") } }
                if words.contains(where: { coordinators.contains(String($0)) || UIKitStyle.isCoordinatorBase(String($0)) }) {
                    storage.insert(property.name)
                }
            }
        }
        return storage
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
