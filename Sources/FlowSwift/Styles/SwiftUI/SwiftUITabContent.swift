import FlowModel

/// The pages of a `TabView` built deeper than the top of its closure: `ForEach(sections) { TabSection { ForEach(tabs)
/// { tab in Tab(value: tab) { makeTabContent(for: tab) } } } }`, where a helper of the view, or a method of the value
/// a page is made for (`tab.makeContentView()`, a `switch self` of the tab enum's), builds the views.
extension SwiftUIStyle {
    /// The views a `TabView`'s pages show: those at the top of its closure, else those built inside it.
    static func tabViews(_ binding: Binding, in host: TypeFacts?, _ index: ProjectIndex) -> [Located<String>] {
        let top = shown(after: binding, in: names.tabs, index)
        guard top.isEmpty else { return top }
        let inside = binding.method.calls[(binding.call + 1)...].filter { $0.closures.contains(names.tabs) }
        // Pages are listed by `ForEach` or `Tab`; one helper's `switch` alone under the `TabView` (a single page that
        // changes with the app's state) is no set of tabs.
        guard inside.contains(where: { names.pages.contains($0.name) && $0.receiver == nil }) else { return [] }
        return built(by: Array(inside), host: host, steps: 2, index)
    }

    /// The outermost views of the app's the calls build, in SwiftUI's containers at any depth (not in what a view of
    /// the app's, a presenter or a destination is given), and through at most `steps` helper methods.
    static func built(by calls: [CallFacts], host: TypeFacts?, steps: Int, _ index: ProjectIndex) -> [Located<String>] {
        let skipped = Set(names.presenters.keys).union([names.destination, names.stack, names.tabs])
        var found: [Located<String>] = []
        func add(_ view: String, at location: SourceLocation) {
            if !found.contains(where: { $0.value == view }) { found.append(Located(view, at: location)) }
        }
        for call in calls {
            // The closures inside the `TabView`'s (all of them in a helper's body): SwiftUI's containers (`ForEach`,
            // `Tab`), not a modifier's (`.overlay { Toast() }`) or a label's, nor what a view of the app's is given.
            let within = call.closures.prefix { $0 != names.tabs }
            guard !within.contains(where: { skipped.contains($0) || isAppView($0, index) || $0.first?.isUppercase != true }) else {
                continue
            }
            if call.receiver == nil, isAppView(call.name, index) {
                add(call.name, at: call.location)
                continue
            }
            guard steps > 0 else { continue }
            for (method, owner) in helperMethods(of: call, host: host, index) {
                for view in built(by: method.calls, host: owner, steps: steps - 1, index) { add(view.value, at: call.location) }
            }
        }
        return found
    }

    /// The method a call runs that builds views: the host's own (`makeTabContent(for:)`, `self.content()`), or the
    /// one type of the app's declaring a method of that name (`tab.makeContentView()`).
    static func helperMethods(of call: CallFacts, host: TypeFacts?, _ index: ProjectIndex) -> [(MethodFacts, TypeFacts)] {
        let receiver = call.receiver.map(plainReceiver) ?? ""
        if receiver.isEmpty || receiver == "self" {
            guard let host else { return [] }
            return host.methods.filter { $0.name == call.name && $0.hasBody }.map { ($0, host) }
        }
        guard isPlainName(receiver), call.name.first?.isLowercase == true else { return [] }
        var declaring: [(MethodFacts, TypeFacts)] = []
        for name in index.order {
            guard let type = index.types[name], type.keyword != .protocol else { continue }
            for method in type.methods where method.name == call.name && method.hasBody && method.returnType?.base == names.view {
                declaring.append((method, type))
            }
            if declaring.count > 1 { return [] }
        }
        return declaring
    }
}
