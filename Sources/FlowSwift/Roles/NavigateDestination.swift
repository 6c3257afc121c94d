import FlowModel
import FlowConfig

// Navigate: what a destination expression shows, followed through bindings, wrappers and factories.
extension Recognizer {
    /// What a destination expression resolves to.
    enum Resolution {
        case type(String, Confidence, ownStack: Bool)
        case dynamic(String)
        case factory(String)

        var typeName: String? {
            if case .type(let name, _, _) = self { name } else { nil }
        }
    }

    /// Where following a destination stands: the expression, in which method and type, and what was learned on the way.
    struct ResolutionWalk {
        var location: SourceLocation
        var expression: ExpressionFacts
        var method: MethodFacts
        var type: TypeFacts
        var confidence = Confidence.certain
        var ownStack = false
    }

    /// One step of the walk: follow the new expression, or the answer.
    enum ResolutionStep {
        case follow
        case done(Resolution)
    }

    /// Follows local bindings, wrappers and factories (of this type, or of the one type behind a property) to a
    /// type name; iterative, bounded.
    func resolve(_ start: ExpressionFacts, in method: MethodFacts, of type: TypeFacts, at use: SourceLocation) -> Resolution {
        var walk = ResolutionWalk(location: use, expression: start, method: method, type: type)
        for _ in 0..<8 {
            let step: ResolutionStep
            switch walk.expression {
            case .construct(let name, let wrapped): step = unwrap(name, wrapped, &walk)
            case .inferredType(let name, let why): return .type(name, .inferred(why), ownStack: walk.ownStack)
            case .qualified(let name, let member, .some): step = staticFactory(name, member, walk)
            case .reference(let name): step = follow(reference: name, &walk)
            case .factory(let call): step = follow(factory: call, &walk)
            case .array(let elements):
                guard let first = elements.first else { return .dynamic("[]") }
                walk.expression = first
                step = .follow
            default:
                return .dynamic(walk.expression.summary)
            }
            if case .done(let resolution) = step { return resolution }
        }
        return .dynamic(start.summary)
    }

    /// A construction: the screen a wrapper holds, or the type made.
    private func unwrap(_ name: String, _ wrapped: ExpressionFacts?, _ walk: inout ResolutionWalk) -> ResolutionStep {
        // The app's own navigation controller (`class NavigationController: UINavigationController`) wraps too.
        let isNavigation =
            name == "UINavigationController" || index.types[name]?.inherited.contains { $0.base == "UINavigationController" } == true
        if let wrapped, isNavigation || ["NavigationViewCoordinator", "UIHostingController", "ViewWrapperCoordinator"].contains(name) {
            walk.ownStack = walk.ownStack || isNavigation || name == "NavigationViewCoordinator"
            walk.expression = wrapped
            return .follow
        }
        return .done(.type(name, walk.confidence, ownStack: walk.ownStack))
    }

    private func staticFactory(_ name: String, _ member: String, _ walk: ResolutionWalk) -> ResolutionStep {
        // `Shop.make()`: a static factory taken to make its own type; UIKit's are not screens of the app.
        guard !name.hasPrefix("UI") else {
            // `UIAlertController.alertController(…)`, which the app declares in an extension returning that type.
            let returned = index.helpers[member]?.compactMap(\.returnType?.base) ?? []
            if !returned.isEmpty, returned.allSatisfy({ $0 == name }) {
                return .done(.type(name, .inferred("the app's `\(name).\(member)()` returns a `\(name)`"), ownStack: walk.ownStack))
            }
            return .done(.factory("\(name).\(member)"))
        }
        // What the type declares the member to return comes first: `Scenes.topController(for:) -> UIViewController`
        // makes no `Scenes`.
        let declared = Set((index.types[name]?.methods ?? []).filter { $0.name == member }.compactMap(\.returnType?.base))
        if let returned = declared.first, declared.count == 1, returned != name, returned != "Self" {
            guard index.types[returned] != nil else { return .done(.factory("\(name).\(member)")) }
            return .done(.type(returned, .inferred("`\(name).\(member)()` is declared to return a `\(returned)`"), ownStack: walk.ownStack))
        }
        return .done(.type(name, .inferred("`\(name).\(member)()` is taken to make a `\(name)`"), ownStack: walk.ownStack))
    }

    /// A name: a local binding, or a property of the type and what it holds.
    private func follow(reference name: String, _ walk: inout ResolutionWalk) -> ResolutionStep {
        if let bound = walk.method.binding(name, before: walk.location) {
            walk.expression = bound
            return .follow
        }
        if let property = walk.type.properties.first(where: { $0.name == name }) {
            // The stack `init` fills (`navigationController.viewControllers = [splash]`): its first screen.
            if let filled = Self.firstScreen(filledBy: walk.type, into: name) {
                (walk.expression, walk.method, walk.location) = filled
                walk.ownStack = true
                return .follow
            }
            // `let newsRouter: StrongRouter<NewsRoute>`: the coordinator that routes `NewsRoute`.
            if let declared = property.type, declared.base.hasSuffix("Router"), let routes = declared.arguments.first,
                let owner = routerOwners[routes]
            {
                return .done(.type(owner, .inferred("the one coordinator that routes `\(routes)`"), ownStack: walk.ownStack))
            }
            // `lazy var alert: UIAlertController = { … }()`: the declared type, the app's or UIKit's; for a stack
            // (`UINavigationController = { …; return NavigationController(rootViewController: screen) }()`), what it returns.
            if case .factory(ExpressionFacts.closureRunInPlace)? = property.initializer, let declared = property.type,
                types[declared.base] != nil || declared.base.hasPrefix("UI")
            {
                if declared.base == "UINavigationController",
                    let body = walk.type.methods.first(where: { $0.location == property.location && $0.name == name }),
                    let returned = body.returns.first
                {
                    walk.expression = returned
                    walk.method = body
                    walk.location = SourceLocation(file: body.location.file, line: .max, column: 0)
                    return .follow
                }
                return .done(.type(declared.base, .inferred("the type of property `\(name)`"), ownStack: walk.ownStack))
            }
            if let initializer = property.initializer {
                walk.expression = initializer
                return .follow
            }
            if let declared = property.type, types[declared.base] != nil {
                return .done(.type(declared.base, .inferred("the type of property `\(name)`"), ownStack: walk.ownStack))
            }
        }
        return .done(.dynamic(name))
    }

    /// A factory method of this type, or of the one type behind a chain of properties.
    private func follow(factory call: String, _ walk: inout ResolutionWalk) -> ResolutionStep {
        let parts = call.split(separator: ".").map(String.init)
        let name = parts.last ?? call
        // `module.toPresent()`, where `extension UIViewController { func toPresent() -> UIViewController? { self } }`:
        // the value itself.
        if parts.count == 2, let identity = index.helpers[name], !identity.isEmpty,
            identity.allSatisfy({ $0.parameters.isEmpty && $0.returns == [.reference("self")] })
        {
            walk.expression = .reference(parts[0])
            return .follow
        }
        // `makeDetail()` of this type, or `container.makeDetail()` / `container.builder.makeDetail()` of the one
        // type behind a chain of properties.
        let path = parts.dropLast().drop { $0 == "self" }.map { $0.filter { $0 != "?" && $0 != "!" } }
        guard
            let owner = path.isEmpty
                ? walk.type
                : chainStart(path, in: walk.method, of: walk.type, before: walk.location)
                    .flatMap({ index.typeBehind($0.path, from: $0.type) }),
            let factory = owner.methods.first(where: { $0.name == name })
        else {
            // `component.viewBuilder.makeOnboardingViewController(…)` through a generic the reader cannot follow: what
            // every method of that name in the project declares to return, when that is one type of the app's.
            if let returned = declaredReturns[name], returned.count == 1, let only = returned.first, types[only] != nil,
                !["Self", "Void"].contains(only)
            {
                let why = "every `\(name)(…)` of the project is declared to return a `\(only)`"
                return .done(.type(only, .inferred(why), ownStack: walk.ownStack))
            }
            return .done(.factory(call))
        }
        walk.type = owner
        // Returns of different types (`returning ? WelcomeBack() : Onboarding()`): decided at run time.
        if factory.returns.count > 1,
            Set(factory.returns.filter { $0 != .other("nil") }.map { Self.returnedType($0, in: factory) }).count > 1
        {
            return .done(.dynamic("\(call)(…)"))
        }
        if let returned = factory.returns.first {
            walk.expression = returned
            walk.method = factory
            walk.location = SourceLocation(file: factory.location.file, line: .max, column: 0)
            walk.confidence = .inferred("made by `\(call)()`")
            return .follow
        }
        if let declared = factory.returnType, types[declared.base] != nil {
            return .done(.type(declared.base, .inferred("the return type of `\(name)()`"), ownStack: walk.ownStack))
        }
        return .done(.factory(call))
    }
}

extension Recognizer {
    /// Where a chain of properties starts (`builder.makeSettings()`, `container.factories.makeHelp()`): a property of
    /// `type`; a local bound to such a chain (`let builder = dependencyContainer.viewControllerBuilder`), followed
    /// a few steps; or a parameter of a declared type with one implementation (`func makeHome(in container: AppContainer)`).
    /// `nil` when the head is none of these.
    private func chainStart(_ path: [String], in method: MethodFacts, of type: TypeFacts, before location: SourceLocation) -> (
        type: TypeFacts, path: [String]
    )? {
        var path = path
        for _ in 0..<4 {
            guard let head = path.first, !type.properties.contains(where: { $0.name == head }) else { return (type, path) }
            if let bound = method.binding(head, before: location) {
                let text: String
                switch bound {
                case .reference(let name): text = name
                case .other(let chain): text = chain
                default: return nil
                }
                let steps = text.split(separator: ".").map { $0.filter { $0 != "?" && $0 != "!" } }.drop { $0 == "self" }
                guard !steps.isEmpty, steps.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" } }) else {
                    return nil
                }
                path = Array(steps) + path.dropFirst()
                continue
            }
            guard let parameter = method.parameters.first(where: { $0.name == head }), let declared = parameter.type else { return nil }
            let name = index.resolved(TypeName(base: declared.filter { $0 != "?" && $0 != "!" })).base
            let candidates = index.concreteTypes(name)
            guard candidates.count == 1, let start = types[candidates[0]] else { return nil }
            return (start, Array(path.dropFirst()))
        }
        return nil
    }

    /// What a factory's `return` gives, as far as its own body tells: the type it constructs, directly or through a local
    /// (`let profile = ProfileViewController(); …; return profile`), else the expression itself.
    static func returnedType(_ returned: ExpressionFacts, in factory: MethodFacts) -> ExpressionFacts {
        var expression = returned
        for _ in 0..<4 {
            guard case .reference(let local) = expression,
                let bound = factory.binding(local, before: SourceLocation(file: factory.location.file, line: .max, column: 0))
            else { break }
            expression = bound
        }
        return expression
    }

    /// The first screen an `init` of the type puts into the stack kept in `property` (`property.viewControllers =
    /// [splash]` or `property.setViewControllers([splash], …)`), read in that `init`.
    static func firstScreen(filledBy type: TypeFacts, into property: String) -> (ExpressionFacts, MethodFacts, SourceLocation)? {
        for initializer in type.methods where initializer.name == "init" {
            for call in initializer.calls {
                let receiver = plainReceiver(call.receiver)
                let isFill =
                    call.name == "=" ? receiver == property + ".viewControllers" : call.name == "setViewControllers" && receiver == property
                guard isFill, case .array(let items)? = call.arguments.first?.value, let first = items.first else { continue }
                return (first, initializer, call.location)
            }
        }
        return nil
    }
}

extension Recognizer {
    /// The screen a member of a coordinator gives its parent to show (`glaze.rootViewController`, `kiln.makeScreen()`):
    /// what the method returns, or what the property holds — its initializer, or what `init` assigns it, through
    /// wrappers (`UINavigationController(rootViewController: palette)` gives `palette`'s type). `nil` when it is
    /// UIKit's class or not one type.
    func screen(ofMember member: String, called: Bool, of type: TypeFacts) -> String? {
        func screen(_ resolution: Resolution) -> String? {
            guard let screen = resolution.typeName, !screen.hasPrefix("UI"), types[screen] != nil else { return nil }
            return screen
        }
        if called {
            guard let method = type.methods.first(where: { $0.name == member }) else { return nil }
            return screen(resolve(.factory(member), in: method, of: type, at: method.location))
        }
        for initializer in type.methods where initializer.name == "init" {
            guard let assigned = initializer.calls.last(where: { $0.name == "=" && StorageEffects.root(of: $0.receiver) == member }),
                let value = assigned.arguments.first?.value
            else { continue }
            if let shown = screen(resolve(value, in: initializer, of: type, at: assigned.location)) { return shown }
        }
        guard let property = type.properties.first(where: { $0.name == member }), let shown = Context.screenType(property, of: type) else {
            return nil
        }
        return screen(.type(shown, .certain, ownStack: false))
    }
}
