import FlowModel

/// A view that registers `navigationDestination(for:)` but is shown outside every `NavigationStack`: SwiftUI ignores
/// the destination, and the view's links push nothing. Such a view is read as a navigation coordinator that pushes
/// onto the stack it is shown in (`stack: parent`), started by what shows it: presented, it has no stack, and
/// `push-without-stack` says so at the Swift line. Read only where every place that shows the view is read and none
/// can put it in a stack; else the view stays a screen, as before.
extension SwiftUIStyle {
    /// SwiftUI's containers that lay views out and hold no stack: between a view and the presenter that shows it, only
    /// these leave it outside every stack.
    static let layoutContainers: Set<String> = [
        "VStack", "HStack", "ZStack", "Group", "ScrollView", "List", "Form", "Section", "LazyVStack", "LazyHStack",
    ]

    /// Whether `type` is a view whose own `navigationDestination(for:)` (of an enum of the app's) is outside every
    /// stack wherever the app shows it: no stack in its body, and each place that builds it is a presenter's closure,
    /// or the body of a view that is itself outside every stack, with only layout containers between.
    static func isStacklessDestinationView(_ type: TypeFacts, _ index: ProjectIndex) -> Bool {
        guard (index.callCounts[names.destination] ?? 0) > 0, isView(type), !registersOnlyInStack(type) else { return false }
        let enums = destinationEnums(in: type).filter { index.types[$0]?.keyword == .enum }
        guard !enums.isEmpty else { return false }
        var visited: Set<String> = []
        return isOutsideEveryStack(type.name, index, &visited, depth: 0)
    }

    /// A body that holds a stack, or registers no destination of its own: nothing to judge.
    private static func registersOnlyInStack(_ type: TypeFacts) -> Bool {
        let calls = type.methods.flatMap(\.calls)
        return !calls.contains { $0.name == names.destination } || calls.contains { $0.name == names.stack || $0.name == names.tabs }
    }

    /// Every place that builds `view` puts it outside every stack; a place the reader cannot judge (a closure of
    /// another call, a type that is no view, a link that may push it) says no.
    private static func isOutsideEveryStack(_ view: String, _ index: ProjectIndex, _ visited: inout Set<String>, depth: Int) -> Bool {
        guard depth < 4, visited.insert(view).inserted else { return false }
        var sites = 0
        for name in index.order {
            guard let host = index.types[name] else { continue }
            for method in host.methods {
                for call in method.calls where call.name == view && call.receiver == nil {
                    sites += 1
                    guard name != view, isView(host) else { return false }
                    // A link's destination argument pushes what it builds: inside a stack.
                    if method.calls.contains(where: {
                        $0.name == names.link && $0.arguments.contains { $0.label != names.linkValueLabel && $0.label != nil }
                    }) {
                        return false
                    }
                    guard !call.closures.contains(names.destination) else { return false }
                    let containers = call.closures.prefix { names.presenters[$0] == nil }
                    guard containers.allSatisfy(layoutContainers.contains) else { return false }
                    if containers.count == call.closures.count {
                        // Built in place in the host's body: the host must be outside every stack too.
                        guard let hostType = index.types[name],
                            !hostType.methods.contains(where: { $0.calls.contains { $0.name == names.stack } }),
                            isOutsideEveryStack(name, index, &visited, depth: depth + 1)
                        else { return false }
                    }
                }
            }
        }
        // Helpers of SwiftUI's types (`extension View`) may build it anywhere.
        let inHelpers = index.helpers.values.contains { $0.contains { $0.calls.contains { $0.name == view && $0.receiver == nil } } }
        return sites > 0 && !inHelpers
    }

    /// The coordinator of a view whose destinations lie outside every stack: `navigation`, `stack: parent`, its first
    /// screen the view itself, one `push` per case its `navigationDestination(for:)` maps.
    static func stacklessDestinationView(_ type: TypeFacts, _ state: State, _ context: inout Context) -> Coordinator? {
        let enums = destinationEnums(in: type)
        let location = type.methods.lazy.flatMap(\.calls).first { $0.name == names.destination }?.location ?? type.location
        var coordinator = context.coordinator(type, .swiftui, kind: Fact(.navigation, at: type.location))
        coordinator.stack = context.put(
            Fact(.parent, at: location, .inferred("its `navigationDestination(for:)` pushes onto the stack it is shown in")),
            .coordinator(type.name, .stack))
        setInitial(
            &coordinator, Located(type.name, at: type.location),
            why: "the view itself, whose destinations push onto the stack it is shown in", state, &context)
        addStackRoutes(&coordinator, enums: enums, at: location, state, &context)
        addPresentationRoutes(&coordinator, state, &context)
        addEmbedded(&coordinator, state, &context)
        addSynthesized(&coordinator, state, &context)
        return coordinator
    }
}
