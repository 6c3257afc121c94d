import FlowModel
import SwiftSyntax

/// How the collector reads an expression: constructions and what they wrap, members, arrays, closures, and
/// where a call sits (switch case, `if` arm, closure).
extension FactCollector {
    func typeName(_ type: TypeSyntax) -> TypeName {
        if let identifier = type.as(IdentifierTypeSyntax.self) {
            let arguments = identifier.genericArgumentClause?.arguments.map { text(of: $0.argument) } ?? []
            return TypeName(base: identifier.name.plainName, arguments: arguments)
        }
        if let member = type.as(MemberTypeSyntax.self) {
            let arguments = member.genericArgumentClause?.arguments.map { text(of: $0.argument) } ?? []
            return TypeName(base: "\(text(of: member.baseType)).\(member.name.plainName)", arguments: arguments)
        }
        // `X???`, `some X`, `@escaping X`: the type inside, without recursing on how many wrap it.
        if let wrapped = type.as(OptionalTypeSyntax.self)?.wrappedType ?? type.as(ImplicitlyUnwrappedOptionalTypeSyntax.self)?.wrappedType
            ?? type.as(SomeOrAnyTypeSyntax.self)?.constraint ?? type.as(AttributedTypeSyntax.self)?.baseType
        {
            var inner = wrapped
            while let next = inner.as(OptionalTypeSyntax.self)?.wrappedType ?? inner.as(ImplicitlyUnwrappedOptionalTypeSyntax.self)?
                .wrappedType
                ?? inner.as(SomeOrAnyTypeSyntax.self)?.constraint ?? inner.as(AttributedTypeSyntax.self)?.baseType
            {
                inner = next
            }
            return typeName(inner)
        }
        return TypeName(base: text(of: type))
    }

    func typeName(_ expression: ExprSyntax) -> TypeName? {
        if let reference = expression.as(DeclReferenceExprSyntax.self) {
            return TypeName(base: reference.baseName.plainName)
        }
        if let generic = expression.as(GenericSpecializationExprSyntax.self), let base = typeName(generic.expression) {
            return TypeName(base: base.base, arguments: generic.genericArgumentClause.arguments.map { text(of: $0.argument) })
        }
        if let type = expression.as(TypeExprSyntax.self) { return typeName(type.type) }
        return nil
    }

    func isTypeName(_ name: String) -> Bool {
        name.first.map { $0.isUppercase } ?? false
    }

    func constructedTypeName(_ call: FunctionCallExprSyntax) -> String? {
        guard let name = typeName(call.calledExpression), isTypeName(name.base) else { return nil }
        return name.base
    }

    func callee(_ called: ExprSyntax) -> (receiver: String?, name: String?) {
        // `finishFlow?()`, `onDone!()`: the closure property called.
        let called = unwrapped(called)
        if let member = called.as(MemberAccessExprSyntax.self) {
            return (member.base.map { clippedText(of: $0) }, member.declName.baseName.plainName)
        }
        if let reference = called.as(DeclReferenceExprSyntax.self) {
            return (nil, reference.baseName.plainName)
        }
        return (nil, nil)
    }

    /// `x!`, `x?`, `x!?!`: the expression inside, in a loop (postfix chains can be as long as the guard allows).
    func unwrapped(_ syntax: ExprSyntax) -> ExprSyntax {
        var inner = syntax
        while let next = inner.as(OptionalChainingExprSyntax.self)?.expression ?? inner.as(ForceUnwrapExprSyntax.self)?.expression {
            inner = next
        }
        return inner
    }

    /// `FeedViewController().then { $0.delegate = self }` (Then, and the like): the configured value itself.
    func configured(_ syntax: ExprSyntax) -> ExprSyntax {
        var inner = unwrapped(syntax)
        while let call = inner.as(FunctionCallExprSyntax.self), let member = call.calledExpression.as(MemberAccessExprSyntax.self),
            let base = member.base, ["then", "with"].contains(member.declName.baseName.plainName),
            call.trailingClosure != nil, call.arguments.isEmpty
        {
            inner = unwrapped(base)
        }
        return inner
    }

    /// Whether `receiver` starts from a name the method binds or takes as a parameter.
    /// Asked for every call: the method is read in place (not copied), and an ASCII name is cut at its first other
    /// byte without asking each character's Unicode properties.
    func isLocal(_ receiver: String?) -> Bool {
        guard let receiver, method != nil else { return false }
        let utf8 = receiver.utf8
        let end =
            utf8.firstIndex { byte in
                !(byte == UInt8(ascii: "_") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                    || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20))
            } ?? utf8.endIndex
        let root =
            end == utf8.endIndex || utf8[end] < 0x80
            ? String(receiver[..<end]) : String(receiver.prefix { $0.isLetter || $0.isNumber || $0 == "_" })
        return method?.bindings[root] != nil || method?.parameters.contains { $0.name == root } == true
    }

    /// A member that gives the coordinator behind a router (`strongRouter`).
    func isRouter(_ member: String) -> Bool {
        let folded = member.lowercased()
        return wrappers.routerSuffixes.contains { folded.hasSuffix($0) }
    }

    /// `WelcomeView(…).padding().environmentObject(model)`: the constructed view under a chain of modifiers.
    func viewBeneathModifiers(_ syntax: ExprSyntax) -> ExprSyntax {
        var inner = syntax
        while let call = inner.as(FunctionCallExprSyntax.self), constructedTypeName(call) == nil,
            let base = call.calledExpression.as(MemberAccessExprSyntax.self)?.base
        {
            inner = base
        }
        return inner.as(FunctionCallExprSyntax.self).flatMap(constructedTypeName) != nil ? inner : syntax
    }

    /// The member a `map` takes of each element: `map { $0.navigationController }` or `map(\.navigationController)`.
    func mappedMember(_ call: FunctionCallExprSyntax) -> String? {
        if call.arguments.isEmpty, call.trailingClosure?.statements.count == 1,
            let access = call.trailingClosure?.statements.first?.item.as(MemberAccessExprSyntax.self),
            access.base?.as(DeclReferenceExprSyntax.self)?.baseName.text == "$0"
        {
            return access.declName.baseName.plainName
        }
        if call.trailingClosure == nil, call.arguments.count == 1, call.arguments.first?.label == nil,
            let keyPath = call.arguments.first?.expression.as(KeyPathExprSyntax.self), keyPath.root == nil, keyPath.components.count == 1,
            let property = keyPath.components.first?.component.as(KeyPathPropertyComponentSyntax.self)
        {
            return property.declName.baseName.plainName
        }
        return nil
    }

    /// The three elements of an unfolded `a = b`, `a += b`, `a ? b : c` or `a as T`; nil for any other length. Read
    /// without copying the elements into an array: every binary expression of the project comes here.
    static func triple(_ sequence: SequenceExprSyntax) -> (ExprSyntax, ExprSyntax, ExprSyntax)? {
        let elements = sequence.elements
        guard elements.count == 3 else { return nil }
        var iterator = elements.makeIterator()
        guard let left = iterator.next(), let middle = iterator.next(), let right = iterator.next() else { return nil }
        return (left, middle, right)
    }

    /// `hibernating ? nil : checkin?.viewController` → `checkin?.viewController`: the branch that is not `nil`.
    func valueIfPresent(_ expression: ExprSyntax) -> ExprSyntax {
        guard let sequence = expression.as(SequenceExprSyntax.self), let (_, middle, otherwise) = Self.triple(sequence),
            let ternary = middle.as(UnresolvedTernaryExprSyntax.self)
        else { return expression }
        if ternary.thenExpression.is(NilLiteralExprSyntax.self) { return otherwise }
        return otherwise.is(NilLiteralExprSyntax.self) ? ternary.thenExpression : expression
    }

    func expression(_ original: ExprSyntax) -> ExpressionFacts {
        let syntax = configured(original)
        if let call = syntax.as(FunctionCallExprSyntax.self) { return callExpression(call) }
        if let reference = syntax.as(DeclReferenceExprSyntax.self) {
            return .reference(reference.baseName.plainName)
        }
        if let member = syntax.as(MemberAccessExprSyntax.self) { return memberExpression(member, syntax) }
        if let keyPath = syntax.as(KeyPathExprSyntax.self),
            let last = keyPath.components.last?.component.as(KeyPathPropertyComponentSyntax.self)
        {
            return .keyPath(last.declName.baseName.plainName)
        }
        if let array = syntax.as(ArrayExprSyntax.self) {
            return .array(array.elements.map { expression($0.expression) })
        }
        if let sequence = syntax.as(SequenceExprSyntax.self), let (left, middle, right) = Self.triple(sequence),
            let read = sequenceExpression(left, middle, right)
        {
            return read
        }
        if let cast = syntax.as(AsExprSyntax.self), cast.expression.is(ArrayExprSyntax.self) {
            return expression(cast.expression)
        }
        if let cast = syntax.as(AsExprSyntax.self) {
            let name = typeName(cast.type).base
            return .inferredType(name, why: "cast to `\(name)`")
        }
        return .other(clippedText(of: syntax))
    }

    /// A call: a construction and what it wraps, a member call, or a factory.
    func callExpression(_ call: FunctionCallExprSyntax) -> ExpressionFacts {
        if let name = constructedTypeName(call) { return construction(name, call) }
        if let member = call.calledExpression.as(MemberAccessExprSyntax.self) { return memberCall(member, call) }
        // `lazy var screen: X = { … }()`: a closure run in place; the property's declared type says what it makes.
        if call.calledExpression.is(ClosureExprSyntax.self) { return .factory(ExpressionFacts.closureRunInPlace) }
        return .factory(clippedText(of: call.calledExpression))
    }

    /// `Type(…)`: containers that wrap a screen give the screen, which is what the route shows, and the labelled
    /// arguments that name a stack's first route or tabs.
    func construction(_ name: String, _ call: FunctionCallExprSyntax) -> ExpressionFacts {
        let wrapped = call.arguments.first { argument in
            guard let label = argument.label?.text else { return wrappers.unlabelled.contains(name) }
            return wrappers.labels.contains(label)
        }
        // An app's convenience `NavigationViewCoordinator { SettingsScreen() }` (over a coordinator that only
        // shows the view it is given): the view, in a navigation view of its own.
        if wrapped == nil, wrappers.trailingClosure.contains(name), call.arguments.isEmpty, let content = call.trailingClosure?.statements,
            content.count == 1, let view = content.first?.item.as(ExprSyntax.self)
        {
            return .construct(name, wrapped: expression(viewBeneathModifiers(view)))
        }
        // `UIHostingController(rootView: Welcome().padding())`: the view the modifiers wrap is the screen.
        return .construct(
            name,
            wrapped: wrapped.map {
                expression(wrappers.viewLabels.contains($0.label?.text ?? "") ? viewBeneathModifiers($0.expression) : $0.expression)
            })
    }

    /// `base.name(…)`: a member of an implicit or a type's, a list's elements, or a factory.
    func memberCall(_ member: MemberAccessExprSyntax, _ call: FunctionCallExprSyntax) -> ExpressionFacts {
        let name = member.declName.baseName.plainName
        guard let base = member.base else {
            return .member(name, arguments: call.arguments.map { expression($0.expression) })
        }
        // `[home?.rootViewController, hibernating ? nil : checkin?.viewController].compactMap { $0 }`: the
        // elements, a conditional one as the value it may have.
        if name == "compactMap", let array = base.as(ArrayExprSyntax.self), call.arguments.isEmpty,
            let only = call.trailingClosure?.statements.first, call.trailingClosure?.statements.count == 1,
            only.item.as(DeclReferenceExprSyntax.self)?.baseName.text == "$0"
        {
            return .array(array.elements.map { expression(valueIfPresent($0.expression)) })
        }
        // `[home, chat, settings].filter { $0.isEnabled }`: every element the filter may keep.
        if name == "filter", let array = base.as(ArrayExprSyntax.self) {
            return .array(array.elements.map { expression($0.expression) })
        }
        // `[feed, search].map { $0.navigationController }`, or over a local bound to such a list: each
        // element's member; over any other list (`tabs.map(\.navigationController)`, `makeTabs().map { … }`),
        // the list is looked up later, in the project.
        if name == "map", let member = mappedMember(call) {
            var items: [ExpressionFacts]?
            if let array = base.as(ArrayExprSyntax.self) {
                items = array.elements.map { expression($0.expression) }
            } else if let local = base.as(DeclReferenceExprSyntax.self)?.baseName.plainName,
                case .array(let bound)? = method?.binding(local, before: location(of: call))
            {
                items = bound
            }
            guard let items else { return .mapped(expression(base), member: member) }
            return .array(
                items.map { item in
                    switch item {
                    case .reference(let name): .other(name + "." + member)
                    case .other(let text): .other(text + "." + member)
                    default: .other(item.summary + "." + member)
                    }
                })
        }
        if let type = typeName(base), isTypeName(type.base) {
            return .qualified(type: type.base, member: name, arguments: call.arguments.map { expression($0.expression) })
        }
        return .factory(clippedText(of: call.calledExpression))
    }

    /// `a.b` outside a call.
    func memberExpression(_ member: MemberAccessExprSyntax, _ syntax: ExprSyntax) -> ExpressionFacts {
        // `UserCoordinator().strongRouter`: the coordinator behind its router.
        if let base = member.base?.as(FunctionCallExprSyntax.self), let name = constructedTypeName(base),
            isRouter(member.declName.baseName.plainName)
        {
            return .construct(name, wrapped: nil)
        }
        if member.base == nil { return .member(member.declName.baseName.plainName, arguments: []) }
        if member.base?.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self) {
            return .reference(member.declName.baseName.plainName)
        }
        if let base = member.base, let type = typeName(base), isTypeName(type.base) {
            return .qualified(type: type.base, member: member.declName.baseName.plainName, arguments: nil)
        }
        return .other(clippedText(of: syntax))
    }

    /// `a &> { … }`, `[…] as [T]`, `x as T`; nil for any other three elements.
    func sequenceExpression(_ left: ExprSyntax, _ middle: ExprSyntax, _ right: ExprSyntax) -> ExpressionFacts? {
        // `makeFeedScreen() &> { $0.delegate = self }`: a configure operator gives back its left side.
        if middle.as(BinaryOperatorExprSyntax.self)?.operator.text == "&>", right.is(ClosureExprSyntax.self) {
            return expression(left)
        }
        // `[homeRouter, searchRouter] as [Presentable]`: the array itself.
        if middle.is(UnresolvedAsExprSyntax.self), left.is(ArrayExprSyntax.self) {
            return expression(left)
        }
        if middle.is(UnresolvedAsExprSyntax.self), let type = right.as(TypeExprSyntax.self) {
            let name = typeName(type.type).base
            return .inferredType(name, why: "cast to `\(name)`")
        }
        return nil
    }

    // MARK: context

    /// The enclosing `switch` case of the current node, up to the enclosing function or closure.
    var switchCase: [String]? {
        for frame in context.reversed() {
            switch frame {
            case .switchCase(let names): return names
            case .function, .closure, .returnedClosure, .nestedFunction: return nil
            case .initializer, .ifArm: continue
            }
        }
        return nil
    }

    /// The branches around the current node, up to the enclosing function or closure, in one walk of the context:
    /// the innermost `switch` case and `if` arm, and whether the outermost of them is a `switch` case that holds an
    /// `if` (`case .receive: if … { … } else { … }`): then the case, not the `if`, is the method's branch.
    var branches: (switchCase: [String]?, ifArm: IfArm?, caseOutside: Bool) {
        var switchCase: [String]?
        var ifArm: IfArm?
        var outermostIsCase = false
        walk: for frame in context.reversed() {
            switch frame {
            case .switchCase(let names):
                if switchCase == nil { switchCase = names }
                outermostIsCase = true
            case .ifArm(let arm):
                if ifArm == nil { ifArm = arm }
                outermostIsCase = false
            case .function, .closure, .returnedClosure, .nestedFunction: break walk
            case .initializer: continue
            }
        }
        return (switchCase, ifArm, outermostIsCase && ifArm != nil)
    }

    /// The enclosing arm of an `if` of the current node, up to the enclosing function or closure.
    var ifArm: IfArm? {
        for frame in context.reversed() {
            switch frame {
            case .ifArm(let arm): return arm
            case .function, .closure, .returnedClosure, .nestedFunction: return nil
            case .initializer, .switchCase: continue
            }
        }
        return nil
    }

    func caseName(_ pattern: PatternSyntax) -> String? {
        if let binding = pattern.as(ValueBindingPatternSyntax.self) { return caseName(binding.pattern) }
        guard let expression = pattern.as(ExpressionPatternSyntax.self)?.expression else { return nil }
        if let member = expression.as(MemberAccessExprSyntax.self) { return member.declName.baseName.plainName }
        if let call = expression.as(FunctionCallExprSyntax.self),
            let member = call.calledExpression.as(MemberAccessExprSyntax.self)
        {
            return member.declName.baseName.plainName
        }
        return nil
    }

    /// The labels of the enclosing closures, innermost first, up to the enclosing function or initializer.
    var closures: [String] {
        var labels: [String] = []
        for frame in context.reversed() {
            switch frame {
            case .closure(let label, _): labels.append(label)
            case .function, .initializer, .nestedFunction: return labels
            case .switchCase, .ifArm, .returnedClosure: continue
            }
        }
        return labels
    }

    /// The event handler the current node runs in: the innermost enclosing closure registered for an event.
    var handles: (handler: EventHandler, depth: Int)? {
        var depth = 0
        for frame in context.reversed() {
            switch frame {
            case .closure(_, let handles?): return (handles, depth)
            case .closure: depth += 1
            case .function, .initializer, .nestedFunction: return nil
            case .switchCase, .ifArm, .returnedClosure: continue
            }
        }
        return nil
    }

    /// `machine.on(.begin) { … }`, `stateMachine.addRoutes(event: .signOut, transitions: […]) { … }`: the closure
    /// (trailing or an argument) of a call on a receiver whose `event:` argument, or first argument, is an implicit
    /// member.
    func handler(of closure: ClosureExprSyntax) -> EventHandler? {
        let call =
            closure.parent?.as(FunctionCallExprSyntax.self)
            ?? closure.parent?.as(LabeledExprSyntax.self)?.parent?.parent?.as(FunctionCallExprSyntax.self)
        guard let call, let receiver = callee(call.calledExpression).receiver,
            let argument = call.arguments.first(where: { $0.label?.text == "event" }) ?? call.arguments.first,
            argument.label == nil || argument.label?.text == "event",
            case .member(let event, _) = expression(argument.expression)
        else { return nil }
        return EventHandler(receiver: receiver, event: event)
    }

    /// Whether the current node is inside a closure of the enclosing function, a returned one included.
    /// Where the innermost enclosing closure starts, when the nearest enclosing function-like frame is a closure.
    var innermostClosure: SourceLocation? {
        for frame in context.reversed() {
            switch frame {
            case .closure: return closureStarts.last
            case .returnedClosure, .function, .initializer, .nestedFunction: return nil
            case .switchCase, .ifArm: continue
            }
        }
        return nil
    }

    var isInClosure: Bool {
        for frame in context.reversed() {
            switch frame {
            case .closure, .returnedClosure, .nestedFunction: return true
            case .function, .initializer: return false
            case .switchCase, .ifArm: continue
            }
        }
        return false
    }

    /// `if present`, `if !present`: the one name an `if` (not an `else if`) tests, `!` first when negated.
    static func flag(of statement: IfExprSyntax?) -> String? {
        guard let statement, statement.parent?.as(IfExprSyntax.self) == nil, statement.conditions.count == 1,
            let condition = statement.conditions.first?.condition.as(ExprSyntax.self)
        else { return nil }
        if let name = condition.as(DeclReferenceExprSyntax.self), case .identifier = name.baseName.tokenKind {
            return name.baseName.plainName
        }
        if let negated = condition.as(PrefixOperatorExprSyntax.self), negated.operator.text == "!",
            let name = negated.expression.as(DeclReferenceExprSyntax.self), case .identifier = name.baseName.tokenKind
        {
            return "!" + name.baseName.plainName
        }
        return nil
    }

    /// `return { … }` (or the single expression) at the top of the body of a function declared to return a function.
    func isReturnedByFunction(_ closure: ClosureExprSyntax) -> Bool {
        let statement = closure.parent?.as(ReturnStmtSyntax.self)?.parent ?? closure.parent
        guard let statements = statement?.as(CodeBlockItemSyntax.self)?.parent else { return false }
        let returnType: TypeSyntax?
        if case .function? = context.last {
            returnType = statements.parent?.as(CodeBlockSyntax.self)?.parent?.as(FunctionDeclSyntax.self)?.signature.returnClause?.type
        } else if context.isEmpty, propertyBody != nil {
            // `var showHelp: () -> Void { return { … } }`: a computed property whose getter returns a closure.
            // The implicit getter's statements, or `get { … }`'s body within the accessor list.
            let getter =
                statements.parent?.as(AccessorBlockSyntax.self) ?? statements.parent?.parent?.parent?.parent?.as(AccessorBlockSyntax.self)
            returnType = getter?.parent?.as(PatternBindingSyntax.self)?.typeAnnotation?.type
            if let returnType, returnsFunction(returnType) { noteClosureProperty(returnType, closure) }
        } else {
            returnType = nil
        }
        return returnType.map(returnsFunction) ?? false
    }

    private func returnsFunction(_ type: TypeSyntax) -> Bool {
        var returned = type
        if let optional = returned.as(OptionalTypeSyntax.self) { returned = optional.wrappedType }
        if let tuple = returned.as(TupleTypeSyntax.self), tuple.elements.count == 1, let only = tuple.elements.first {
            returned = only.type
        }
        if let attributed = returned.as(AttributedTypeSyntax.self) { returned = attributed.baseType }
        return returned.is(FunctionTypeSyntax.self)
    }

    /// The first parameter of a closure that a call hands `self`: the closure given to a call with `self` as an argument
    /// (`flatMapLatest(with: self) { owner, _ in … }`, `subscribe(with: self, onNext: { owner, value in … })`), or to a
    /// call on a chain through a self binder (`WrapperNames.selfBinders`: RxSwift's and CombineExt's
    /// `withUnretained(self)`): `{ owner, value in … }`.
    func selfParameter(of closure: ClosureExprSyntax) -> String? {
        let call = closure.parent?.as(FunctionCallExprSyntax.self) ?? closure.parent?.parent?.parent?.as(FunctionCallExprSyntax.self)
        guard let call, let first = firstParameter(of: closure) else { return nil }
        func isSelf(_ expression: ExprSyntax) -> Bool { expression.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self) }
        if call.arguments.contains(where: { isSelf($0.expression) }) { return first }
        // Down the chain the call is made on, at most a few links: `.withUnretained(self).filter { … }.flatMap { owner, _ in }`.
        var base = call.calledExpression.as(MemberAccessExprSyntax.self)?.base
        for _ in 0..<4 {
            guard let link = base.map(unwrapped)?.as(FunctionCallExprSyntax.self) else { return nil }
            if let name = callee(link.calledExpression).name, wrappers.selfBinders.contains(name),
                link.arguments.contains(where: { isSelf($0.expression) })
            {
                return first
            }
            base = link.calledExpression.as(MemberAccessExprSyntax.self)?.base
        }
        return nil
    }

    private func firstParameter(of closure: ClosureExprSyntax) -> String? {
        switch closure.signature?.parameterClause {
        case .simpleInput(let names)?: names.first.map { $0.name.plainName }
        case .parameterClause(let clause)?: clause.parameters.first.map { ($0.secondName ?? $0.firstName).plainName }
        default: nil
        }
    }

    /// The arguments that hand a method of the type as a closure, written with its argument names
    /// (`showPassword(email:)`, `self.finish(with:)`): a name with argument names is a method, never a stored value.
    func methodReferences(in node: FunctionCallExprSyntax) -> [(
        label: String, receiver: String?, name: String, location: SourceLocation
    )] {
        node.arguments.compactMap { argument in
            let expression = argument.expression
            if let reference = expression.as(DeclReferenceExprSyntax.self), reference.argumentNames != nil {
                return (argument.label?.text ?? "_", nil, reference.baseName.plainName, location(of: expression))
            }
            if let member = expression.as(MemberAccessExprSyntax.self), member.declName.argumentNames != nil,
                member.base?.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self)
            {
                return (argument.label?.text ?? "_", "self", member.declName.baseName.plainName, location(of: expression))
            }
            return nil
        }
    }

    func label(of closure: ClosureExprSyntax) -> String {
        if let argument = closure.parent?.as(LabeledExprSyntax.self) {
            return argument.label?.text ?? "_"
        }
        if let call = closure.parent?.as(FunctionCallExprSyntax.self) {
            // `lazy var tabs: UIViewController = { … }()`: run in place, as part of what encloses it.
            if call.calledExpression.id == closure.id { return ExpressionFacts.closureRunInPlace }
            // `await MainActor.run { … }`: a call the styles know by its type and name.
            let (receiver, name) = callee(call.calledExpression)
            if let receiver, let name, wrappers.qualifiedClosureCalls.contains("\(receiver).\(name)") { return "\(receiver).\(name)" }
            return name ?? "_"
        }
        if let sequence = closure.parent?.as(ExprListSyntax.self)?.parent?.as(SequenceExprSyntax.self),
            let (left, middle, _) = Self.triple(sequence)
        {
            if middle.is(AssignmentExprSyntax.self) {
                let place = clippedText(of: left)
                return String(place.split(separator: ".").last ?? Substring(place))
            }
        }
        return "_"
    }
}

extension TokenSyntax {
    /// The name the token declares or refers to: ``case `default` `` names `default`, without the backticks.
    var plainName: String { identifier?.name ?? text }
}
