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
        let (effects, navigation) = Parallel.both(
            { StorageEffects(index) { bases.contains($0) || UIKitStyle.isCoordinatorBase($0) || roots.contains($0) } },
            { MethodNavigation(index, besides: bases, mapping) })
        var mapping = mapping
        mapping.childStorage = childStorage(index, coordinators: bases.union(roots))
        mapping.keptByEffect = effects.keeping
        mapping.releasedByEffect = effects.releasing
        mapping.navigatesByEffect = navigation.navigating
        mapping.wrappedTransitions = navigation.wrapped
        mapping.quietReceivers = quietReceivers(index, verbs: navigation.quiet)
        return mapping
    }

    /// The properties through which a UIKit verb reaches a method of the app's that does not navigate (`verbs`: each
    /// verb's such types, `MethodNavigation.quiet`): a toast center's `present(.saved)`, a banner's `show(message)`.
    /// A property counts when every property of its name is declared as one of those types.
    private static func quietReceivers(_ index: ProjectIndex, verbs: [String: Set<String>]) -> [String: Set<String>] {
        guard !verbs.isEmpty else { return [:] }
        var quiet: [String: [String: Bool]] = [:]
        for name in index.order {
            for property in index.types[name]?.properties ?? [] {
                guard let declared = property.type?.base ?? property.initializer?.constructedType else { continue }
                for (verb, types) in verbs {
                    quiet[verb, default: [:]][property.name] = (quiet[verb]?[property.name] ?? true) && types.contains(declared)
                }
            }
        }
        return quiet.mapValues { Set($0.filter(\.value).keys) }.filter { !$0.value.isEmpty }
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
}

/// What the methods of the app's types do with UIKit's navigation, read in one pass over every method, each call's
/// transition asked once:
/// - `navigating`: methods of types that are no coordinators whose body navigates (a presentation flow, a router, a
///   screen): a call of one is navigation the route does not spell out. UIKit's own verbs (an app's `dismiss()`
///   override) and the team's (`extract:`) are read where they are called, as the vocabulary says.
/// - `wrapped`: of those, the router wrappers whose every navigation pushes, presents or sets as root the screen they
///   are handed (`func raise(_ screen:) { host.present(screen, animated: true) }` → `present`), that transition
///   wherever they are called; a name two such methods give different transitions is left out.
/// - `quiet`: UIKit's verb → the app's types (no controllers) whose method of that name does something and does not
///   navigate; an empty body is a stub (a library's stand-in, a base class's hook its subclasses override) and says
///   nothing.
struct MethodNavigation {
    private(set) var navigating: Set<String> = []
    private(set) var wrapped: [String: Transition] = [:]
    private(set) var quiet: [String: Set<String>] = [:]

    init(_ index: ProjectIndex, besides bases: Set<String>, _ mapping: ExtractMapping) {
        var wrappers: [String: Transition?] = [:]
        for name in index.order {
            guard let type = index.types[name] else { continue }
            let isCoordinator = bases.contains(name)
            let mayBeQuiet = type.keyword != .protocol && type.keyword != .extension && !type.inherited.contains { $0.base.hasPrefix("UI") }
            for method in type.methods where method.hasBody {
                let isVerb = UIKitStyle.vocabulary.verbs[method.name] != nil
                let ownName = !isVerb && mapping.transition(named: method.name) == nil
                guard (!isCoordinator && ownName) || (mayBeQuiet && isVerb) else { continue }
                let transitions = method.calls.map { UIKitStyle.transition(of: $0, mapping: mapping) }
                if mayBeQuiet, isVerb, !method.calls.isEmpty, transitions.allSatisfy({ $0 == nil }) {
                    quiet[method.name, default: []].insert(name)
                }
                guard !isCoordinator, ownName else { continue }
                let direct = zip(method.calls, transitions).filter { $0.0.closures.isEmpty && $0.1 != nil }
                guard !direct.isEmpty else { continue }
                navigating.insert(method.name)
                guard !method.parameters.isEmpty else { continue }
                let handed = Set(method.parameters.map(\.name))
                let shown = direct.map { call, transition -> Transition? in
                    guard let transition, [.present, .push, .setRoot].contains(transition),
                        case .reference(let screen)? = call.arguments.first(where: { $0.label != "animated" })?.value,
                        handed.contains(screen)
                    else { return nil }
                    return transition
                }
                guard let first = shown.first, shown.allSatisfy({ $0 == first }) else { continue }
                wrappers[method.name] = wrappers[method.name].map { $0 == first ? first : nil } ?? first
            }
        }
        wrapped = wrappers.compactMapValues { $0 }
    }
}
