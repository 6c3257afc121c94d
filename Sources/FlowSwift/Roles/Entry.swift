import FlowModel
import FlowConfig

// Entry: the coordinator the app's launch creates and starts.
extension Recognizer {
    /// The coordinator an AppDelegate, SceneDelegate or SwiftUI `App` starts; else the only one nobody starts.
    func entry(of graph: FlowGraph) -> Fact<String>? {
        let names = Set(graph.coordinators.map(\.name))
        for name in launchers {
            guard let type = types[name] else { continue }
            // The launch methods first: a property's initializer (`lazy var protection = ProtectionCoordinator()`)
            // makes a helper when it is first asked for, not the flow the app starts in.
            let properties = Set(type.properties.map(\.name))
            // A SwiftUI `App`'s scenes (`var body: some Scene { WindowGroup { Root() } }`) show where the app begins;
            // the objects its other properties make (`@State var router = Router()`) are handed to what they show.
            let scenes = Set(type.properties.filter { $0.type?.base == SwiftUIStyle.names.scene }.map(\.name))
            let made =
                type.methods.filter { scenes.contains($0.name) }
                + type.methods.filter { properties.contains($0.name) && !scenes.contains($0.name) }
            for method in Self.launchOrder(type.methods.filter { !properties.contains($0.name) }) + made {
                // A branch only UI tests take (`if ProcessInfo.processInfo.arguments.contains("-ui-testing")`) is not
                // where the app a user runs begins.
                let testOnly = index.testOnlyLocations(in: method)
                if let made = method.constructed.first(where: { names.contains($0.value) && !testOnly.contains($0.location) }) {
                    return Fact(made.value, at: made.location)
                }
                // `AppCoordinator.create(application:)`: a static factory of the coordinator's own type.
                if let made = method.calls.first(where: {
                    names.contains(plainReceiver($0.receiver)) && $0.name != "=" && !testOnly.contains($0.location)
                }) {
                    return Fact(
                        plainReceiver(made.receiver), at: made.location,
                        .inferred("made by `\(plainReceiver(made.receiver)).\(made.name)()`"))
                }
            }
            if let started = startedThroughProperty(in: type, names: names) { return started }
            if let started = startedThroughObject(in: type, names: names) { return started }
        }
        // Started by another coordinator: a coordinator that starts a copy of itself (a recursive gallery) may
        // still be where the app begins.
        let started = Set(
            graph.coordinators.flatMap { coordinator in
                coordinator.routes.compactMap { route in
                    route.destination?.value.coordinatorName.flatMap { $0 != coordinator.name ? $0 : nil }
                }
            })
        let roots = graph.coordinators.filter { !started.contains($0.name) }
        guard let first = roots.first else { return nil }
        guard roots.count > 1 else { return Fact(first.name, at: first.location, .inferred("no other coordinator starts it")) }
        // Where the launch is not in the sources (an app target left out of the export), the root that starts the most
        // others, directly or down its children, is where the app begins; the first of those on a tie. At most 64 are
        // weighed, each with one walk of the graph.
        var children: [String: [String]] = [:]
        for coordinator in graph.coordinators {
            children[coordinator.name, default: []] += coordinator.routes.compactMap { $0.destination?.value.coordinatorName }
        }
        func startedCount(from root: String) -> Int {
            var seen: Set<String> = [root]
            var queue = [root]
            while let next = queue.popLast() {
                for child in children[next] ?? [] where seen.insert(child).inserted { queue.append(child) }
            }
            return seen.count - 1
        }
        var widest = (root: first, count: startedCount(from: first.name))
        for root in roots.prefix(64).dropFirst() {
            let count = startedCount(from: root.name)
            if count > widest.count { widest = (root, count) }
        }
        let why =
            widest.count == 0
            ? "the first of \(roots.count) coordinators no other starts"
            : "of the \(roots.count) coordinators no other starts, the one that starts the most others (\(widest.count))"
        return Fact(widest.root.name, at: widest.root.location, .inferred(why))
    }

    /// A launcher's methods, the launch first: `application(_:didFinishLaunchingWithOptions:)` (and `willFinish…`),
    /// `scene(_:willConnectTo:options:)`, then what they call on the launcher itself (`setupMainWindow()`), then the
    /// rest (`application(_:open:options:)` handles a link once the app runs), each in declaration order.
    static func launchOrder(_ methods: [MethodFacts]) -> [MethodFacts] {
        let launching: Set<String> = ["didFinishLaunchingWithOptions", "willFinishLaunchingWithOptions", "willConnectTo"]
        var ordered = methods.filter { launching.contains($0.firstLabel ?? "") }
        var taken = Set(ordered.map(\.location))
        var next = 0
        while next < ordered.count {
            let called = Set(ordered[next].calls.filter { ["", "self"].contains(plainReceiver($0.receiver)) }.map(\.name))
            for method in methods where called.contains(method.name) && taken.insert(method.location).inserted {
                ordered.append(method)
            }
            next += 1
        }
        return ordered + methods.filter { !taken.contains($0.location) }
    }

    /// `await appProcessor.start(window:)` in a launch method, where `appProcessor` holds an object of the app's whose
    /// method makes the coordinator, itself or through a factory it keeps (`appModule.makeAppCoordinator(…)`, an
    /// implementation read through the index): one step into that object, never further.
    private func startedThroughObject(in launcher: TypeFacts, names: Set<String>) -> Fact<String>? {
        let properties = Set(launcher.properties.map(\.name))
        for method in Self.launchOrder(launcher.methods.filter { !properties.contains($0.name) }) {
            let testOnly = index.testOnlyLocations(in: method)
            for call in method.calls where !testOnly.contains(call.location) {
                let holder = plainReceiver(call.receiver)
                guard properties.contains(holder), let property = launcher.properties.first(where: { $0.name == holder }),
                    let object = index.heldType(property, in: launcher), !names.contains(object.name)
                else { continue }
                for body in object.methods where body.name == call.name {
                    if let made = madeCoordinator(in: body, of: object, names: names) {
                        return Fact(
                            made, at: call.location,
                            .inferred("`\(launcher.name).\(method.name)` runs `\(holder).\(call.name)`, which makes a `\(made)`"))
                    }
                }
            }
        }
        return nil
    }

    /// The coordinator a method makes: one it constructs, or the one the factory it calls on a property makes.
    private func madeCoordinator(in method: MethodFacts, of type: TypeFacts, names: Set<String>) -> String? {
        if let made = method.constructed.first(where: { names.contains($0.value) }) { return made.value }
        for call in method.calls {
            if let made = madeByFactory(call.name, on: plainReceiver(call.receiver), of: type, keeping: names.contains),
                made.products.count == 1
            {
                return made.products.first
            }
        }
        return nil
    }

    /// What `property.call(…)` can make, `property` being one of `holder`'s: the type it is declared with (an alias
    /// followed, a composition kept whole), the classes that type can be, and the types their `call` methods construct
    /// that `keeping` accepts. `nil` when the property is unknown or its type has no implementation.
    func madeByFactory(
        _ call: String, on property: String, of holder: TypeFacts, keeping: (String) -> Bool
    ) -> (declared: String, candidates: [String], products: Set<String>)? {
        guard let written = holder.properties.first(where: { $0.name == property })?.type else { return nil }
        let declared = index.declared(written).base
        let candidates = index.concreteTypes(declared)
        guard !candidates.isEmpty else { return nil }
        var products: Set<String> = []
        for candidate in candidates {
            for factory in types[candidate]?.methods ?? [] where factory.name == call {
                products.formUnion(factory.constructed.map(\.value).filter(keeping))
            }
        }
        return (declared, candidates, products)
    }

    /// `appCoordinator.start(url:)` in a launch method, where `appCoordinator` is a property the launcher makes through a
    /// builder or a `lazy var` (`coordinatorBuilder.app(…)`, whose body makes an `AppCoordinator`): the coordinator the
    /// property holds, followed through the index as any destination is. Calls in a `Task` the method starts count.
    private func startedThroughProperty(in launcher: TypeFacts, names: Set<String>) -> Fact<String>? {
        let properties = Set(launcher.properties.map(\.name))
        for method in Self.launchOrder(launcher.methods.filter { !properties.contains($0.name) }) {
            let testOnly = index.testOnlyLocations(in: method)
            for call in method.calls where call.name.hasPrefix("start") && !testOnly.contains(call.location) {
                let holder = plainReceiver(call.receiver)
                guard properties.contains(holder),
                    let made = resolve(.reference(holder), in: method, of: launcher, at: call.location).typeName, names.contains(made)
                else { continue }
                return Fact(
                    made, at: call.location, .inferred("`\(launcher.name).\(method.name)` starts `\(holder)`, which holds a `\(made)`"))
            }
        }
        return nil
    }
}
