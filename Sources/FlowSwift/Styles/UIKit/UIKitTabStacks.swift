import FlowModel
import FlowConfig

/// Tabs read by what they show: the child coordinators a hub starts on the navigation controllers it hands its tab
/// bar, in the method that hands them over and in the helpers it runs (`let nav = UINavigationController();
/// coordinate(to: HomeCoordinator(navigationController: nav)); return nav`, or `zip(navs, tabs).map { switch … }`).
extension UIKitStyle {
    /// A tab found by the stack its child is given.
    struct StackTab {
        var name: String
        var child: String
        /// The local the child is bound to in `maker` (empty when it is made in place).
        var variable: String
        var made: SourceLocation
        var maker: MethodFacts
        /// The helper the tab-giving method called to reach it (nil: made by that method itself), and the stack it was
        /// given there: what an element of the tab bar's list names.
        var via: String?
        var stack: String?
    }

    /// Closures of a list that run as the list is mapped (`tabs.map { … }`), beside those that run as part of a method.
    static let listClosures: Set<String> = ["map", "compactMap", "forEach"]

    /// Whether a call runs as the method runs: not in a callback, a subscription or a handler that runs later.
    static func runsNow(_ call: CallFacts) -> Bool {
        call.closures.allSatisfy { ownClosures.contains($0) || listClosures.contains($0) }
    }

    /// The children started, as `method` hands the tab bar its controllers (`fill`), on a navigation controller made
    /// for them, in the order the code makes them; the helpers of the type it runs on the way are followed a few
    /// levels deep. With them, the helpers that only set tabs up (a tab is made through them, and they are called from
    /// nowhere else).
    static func tabsOnHandedStacks(
        _ fill: CallFacts, in method: MethodFacts, of type: TypeFacts, _ context: Context
    ) -> (tabs: [StackTab], setUp: Set<String>) {
        var tabs: [StackTab] = []
        var visited: Set<String> = [method.name]
        // The helpers a tab is made through (not one that presents an onboarding beside the tabs).
        var towardTabs: Set<String> = []
        // An explicit stack of (method, next call, the helper of `method` it was reached through): no recursion on input.
        var pending: [(MethodFacts, Int, String?)] = [(method, 0, nil)]
        while let (current, index, via) = pending.popLast() {
            guard index < current.calls.count else { continue }
            pending.append((current, index + 1, via))
            let call = current.calls[index]
            guard runsNow(call) else { continue }
            if ["", "self"].contains(plainReceiver(call.receiver)), pending.count < 4, !visited.contains(call.name),
                let helper = type.methods.first(where: { $0.name == call.name && $0.hasBody })
            {
                visited.insert(helper.name)
                pending.append((helper, 0, via ?? helper.name))
                continue
            }
            guard call.name != type.name, context.isCoordinatorType(call.name),
                current.constructed.contains(where: { $0.value == call.name && $0.location == call.location }),
                let stack = handedStack(call, in: current, tabList: fill, of: method, type, context),
                !tabs.contains(where: { $0.child == call.name })
            else { continue }
            towardTabs.formUnion(pending.map(\.0.name))
            let variable = current.bindings.first { _, bound in
                bound.contains { $0.location <= call.location && $0.value.constructedType == call.name }
            }?.key
            tabs.append(
                StackTab(
                    name: tabName(of: call.name), child: call.name, variable: variable ?? "", made: call.location, maker: current,
                    via: via, stack: via == nil ? stack : nil
                ))
        }
        let setUp = visited.intersection(towardTabs).subtracting([method.name]).filter { helper in
            type.methods.allSatisfy { caller in
                caller.calls.allSatisfy { $0.name != helper || (visited.contains(caller.name) && runsNow($0)) }
            }
        }
        return (tabs, setUp)
    }

    /// The methods that set a hub's tabs up: the one that hands the tab bar its controllers, the ones its list and its
    /// tabs' children are made in, and the helpers a tab is started through.
    static func tabSetUpMethods(of type: TypeFacts, _ context: Context) -> Set<String> {
        for method in type.methods {
            guard let call = method.calls.first(where: { fillsTabBar($0, in: method, of: type, context.recognizer.index) }) else {
                continue
            }
            var names: Set<String> = [method.name]
            if let list = tabItems(call, in: method, of: type) {
                names.insert(list.maker.name)
                for item in list.items {
                    if let found = tab(
                        item, in: list.maker, of: type, at: list.before ?? call.location, citingBindings: list.before != nil, context)
                    {
                        names.insert(found.maker.name)
                    }
                }
            }
            return names.union(tabsOnHandedStacks(call, in: method, of: type, context).setUp)
        }
        return []
    }

    /// `HomeCoordinator` → `home`: a tab named after the flow it shows.
    static func tabName(of child: String) -> String {
        let base = child.hasSuffix("Coordinator") ? String(child.dropLast("Coordinator".count)) : child
        return base.isEmpty ? child.lowercasedFirst : base.lowercasedFirst
    }

    /// The navigation controller a child's initializer is given, directly or through what wraps it
    /// (`NavigationRouter(navigationController: nav)`, `PushPresentation(nav)`), as the name it has in `method`.
    static func handedStack(
        _ construct: CallFacts, in method: MethodFacts, tabList fill: CallFacts, of giver: MethodFacts, _ type: TypeFacts,
        _ context: Context
    ) -> String? {
        /// The initializer call a value is made by: a local bound to `Wrapper(…)`, or `Wrapper(…)` written in place.
        func wrapping(_ value: ExpressionFacts, at location: SourceLocation) -> CallFacts? {
            var made = value
            var from = location
            if case .reference(let name) = value, let bound = method.bindings[name]?.last(where: { $0.location < location }) {
                made = bound.value
                from = bound.location
            }
            guard let wrapper = made.constructedType else { return nil }
            return method.calls.first { $0.name == wrapper && from <= $0.location }
        }
        for argument in construct.arguments {
            if case .reference(let name) = argument.value, isStack(name, at: construct, in: method, tabList: fill, of: giver, type, context)
            {
                return name
            }
            guard let wrapper = wrapping(argument.value, at: construct.location), wrapper.location != construct.location else { continue }
            for inner in wrapper.arguments {
                if case .reference(let name) = inner.value, isStack(name, at: wrapper, in: method, tabList: fill, of: giver, type, context)
                {
                    return name
                }
            }
        }
        return nil
    }

    /// Whether `name` is a navigation controller where `call` uses it: a local or property made as one, a parameter
    /// declared as one, or an element of the list the tab bar is given, zipped with another and mapped
    /// (`zip(navs, tabs).map { nav, tab in … }`).
    static func isStack(
        _ name: String, at call: CallFacts, in method: MethodFacts, tabList fill: CallFacts, of giver: MethodFacts, _ type: TypeFacts,
        _ context: Context
    ) -> Bool {
        let index = context.recognizer.index
        if let bound = method.bindings[name]?.last(where: { $0.location < call.location }) {
            return bound.value.constructedType.map { isNavigationController($0, index) } ?? false
        }
        if let parameter = method.parameters.first(where: { $0.name == name }) {
            return parameter.type.map { isNavigationController(String($0.filter { $0 != "?" && $0 != "!" }), index) } ?? false
        }
        if let property = type.properties.first(where: { $0.name == name }) {
            return controllers(property, index).contains { isNavigationController($0, index) }
        }
        // A closure's parameter: an element of the handed list when the closure maps that list zipped with another.
        guard method.location == giver.location, call.closures.first.map(listClosures.contains) == true,
            case .reference(let list)? = fill.arguments.first?.value
        else { return false }
        return method.calls.contains { $0.name == "zip" && $0.arguments.contains { $0.value == .reference(list) } }
    }

    /// A navigation controller class: UIKit's, or one of the app's that inherits from one.
    static func isNavigationController(_ name: String, _ index: ProjectIndex) -> Bool {
        isController(name, kind: "NavigationController", index)
    }

    /// A controller of a UIKit kind (`NavigationController`, `TabBarController`): UIKit's class, or one of the app's
    /// classes that inherits from it.
    static func isController(_ name: String, kind: String, _ index: ProjectIndex) -> Bool {
        var current = name
        for _ in 0..<5 {
            if current.hasSuffix(kind) { return true }
            guard let next = index.types[current]?.inherited.first(where: { index.types[$0.base]?.keyword != .protocol })?.base else {
                return false
            }
            current = next
        }
        return false
    }
}
