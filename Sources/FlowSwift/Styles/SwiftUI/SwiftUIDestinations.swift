import FlowModel

/// Where a value or an item leads: the views `navigationDestination(for:)`, `sheet(item:)` and `sheet(isPresented:)`
/// show for it, read from their closures.
extension SwiftUIStyle {
    /// What the closures mapping one enum's values to views show.
    struct CaseViews: Sendable {
        /// Case → the view its arm shows, at the arm.
        var views: [String: Located<String>] = [:]
        /// Where the closure is (the first one read).
        var location: SourceLocation
        /// A closure the reader could not map case by case (`{ RouteView(route: $0) }`, a helper's switch).
        var unread = false
    }

    /// Enum → what every `navigationDestination(for: E.self)` of the project shows per case; and whether one of them
    /// names no enum of the app's (`for: T.self` in a generic helper, `for: String.self`): what it registers is not
    /// read. One walk of every call answers both.
    static func destinations(_ index: ProjectIndex) -> (views: [String: CaseViews], unread: Bool) {
        var found: [String: CaseViews] = [:]
        var unread = false
        guard (index.callCounts[names.destination] ?? 0) > 0 else { return (found, unread) }
        // The app's types, then its extensions of SwiftUI's own (`extension View { func withRouter() -> some View {
        // navigationDestination(for: Route.self) { … } } }`).
        let methods =
            index.order.flatMap { index.types[$0]?.methods ?? [] } + index.helpers.keys.sorted().flatMap { index.helpers[$0] ?? [] }
        // Every call of the app is looked at: the destinations are found and read side by side on the cores, then noted
        // in order.
        let placed = Parallel.map(Parallel.slices(of: Array(methods.indices))) { slice in
            slice.flatMap { at in
                methods[at].calls.indices.filter { methods[at].calls[$0].name == names.destination }.map {
                    destination(in: methods[at], at: $0, index)
                }
            }
        }
        for (unreadHere, read) in placed.joined() {
            unread = unread || unreadHere
            guard let read else { continue }
            var views = found[read.routes] ?? CaseViews(location: read.location)
            for (route, view) in read.views where views.views[route] == nil { views.views[route] = view }
            views.unread = views.unread || read.unread
            found[read.routes] = views
        }
        return (found, unread)
    }

    /// One `navigationDestination(for:)` call (at `position` of `method`): whether it names no enum of the app's, and
    /// what it shows per case of the enum it names.
    private static func destination(in method: MethodFacts, at position: Int, _ index: ProjectIndex) -> (
        unread: Bool, read: (routes: String, location: SourceLocation, views: [String: Located<String>], unread: Bool)?
    ) {
        let call = method.calls[position]
        guard case .qualified(let routes, "self", nil)? = call.arguments.first(where: { $0.label == names.destinationLabel })?.value
        else {
            return (call.arguments.contains { $0.label == names.destinationLabel }, nil)
        }
        let unread = index.types[routes]?.keyword != .enum
        guard let cases = index.types[routes]?.cases, !cases.isEmpty else { return (unread, nil) }
        let read = caseViews(
            in: method, after: position, closure: names.destination, of: routes, cases: Set(cases.map(\.name) + ["default"]), index)
        return (unread, (routes, call.location, read.views, read.unread))
    }

    /// Whether every modifier on the stack's root is SwiftUI's own or an app helper the reader follows: a modifier it
    /// does not know may register a destination (a helper of a package not given).
    static func knowsRootModifiers(_ binding: Binding, _ index: ProjectIndex) -> Bool {
        binding.method.calls[(binding.call + 1)...].allSatisfy { call in
            call.closures.first != names.stack || call.receiver == nil || names.knownModifiers.contains(call.name)
                || names.presenters[call.name] != nil || index.helpers[call.name] != nil
        }
    }

    /// The view each case's arm shows in the closure labelled `closure` after call `position`: the first view of the
    /// app's constructed under `case .x:`. A closure with no arm of the enum's is unread.
    /// A closure that hands the value to a method of its own enum (`{ route in route.view(…) }`) shows what that
    /// method's `switch self` arms build.
    static func caseViews(
        in method: MethodFacts, after position: Int, closure: String, of routes: String, cases: Set<String>, _ index: ProjectIndex
    ) -> (views: [String: Located<String>], unread: Bool) {
        let own = method.calls[position].givenClosures
        // The closure's calls, and those of SwiftUI's containers in it (`Group { switch … }`), not a view's of the app's.
        var inside = Set(own)
        let inClosure = method.calls[(position + 1)...].filter { call in
            guard runs(call, in: own, of: closure) || call.closureAt.map(inside.contains) == true else { return false }
            if !own.isEmpty, call.receiver == nil, call.name.first?.isUppercase == true, !isAppView(call.name, index) {
                inside.formUnion(call.givenClosures)
            }
            return true
        }
        let read = armViews(inClosure, cases: cases, index)
        guard read.unread, let type = index.types[routes] else { return read }
        for call in inClosure where call.receiver.map(isPlainName) == true {
            guard let helper = type.methods.first(where: { $0.name == call.name && $0.hasBody }) else { continue }
            let arms = armViews(helper.calls.filter { $0.closures.isEmpty }, cases: cases, index)
            if !arms.unread { return arms }
        }
        return read
    }

    /// The first view of the app's each arm of the calls' `switch` constructs; unread when no arm of the enum's is seen.
    static func armViews(_ calls: [CallFacts], cases: Set<String>, _ index: ProjectIndex) -> (
        views: [String: Located<String>], unread: Bool
    ) {
        var views: [String: Located<String>] = [:]
        var sawArm = false
        for call in calls {
            guard let arm = call.switchCase, arm.contains(where: cases.contains) else { continue }
            sawArm = true
            guard isAppView(call.name, index), call.receiver.map({ index.types[$0] != nil }) ?? true else { continue }
            for route in arm where cases.contains(route) && views[route] == nil { views[route] = Located(call.name, at: call.location) }
        }
        return (views, !sawArm)
    }

    static func isPlainName(_ text: String) -> Bool {
        !text.isEmpty && text.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "$" }
    }

    /// Whether a call runs at the top of a closure the call `label` names is given (`own`, where they start): a call
    /// of the closure given to another call of that name (the next of several chained `.sheet`s) does not. Where the
    /// closures are not known, by the closure's label alone.
    static func runs(_ call: CallFacts, in own: [SourceLocation], of label: String) -> Bool {
        guard !own.isEmpty else { return call.closures.first == label }
        return call.closureAt.map(own.contains) ?? false
    }
}
