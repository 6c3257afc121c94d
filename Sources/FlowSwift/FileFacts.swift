import FlowModel
import SwiftSyntax

// What one Swift file says, before any style is recognized: its types with their members, and every
// call, assignment and binding in their bodies with where it sits (switch case, closure). The
// recognizers read only these located facts; one pass per project turns them into the model.

/// A type declaration (or an extension, merged into its type later).
struct TypeFacts: Sendable {
    enum Keyword: String, Sendable { case `class`, `struct`, `enum`, `protocol`, `extension`, `actor` }
    var name: String
    var keyword: Keyword
    /// Inherited types and conformances: base name and generic arguments (`NavigationCoordinator<R>`).
    var inherited: [TypeName] = []
    /// An extension's `where Self: X` / `where Self == X` requirements: the types a conformer must be or inherit
    /// for its members to apply (`extension Coordinator where Self: UIViewController`).
    var constraints: [String] = []
    var location: SourceLocation
    var cases: [CaseFacts] = []
    var properties: [PropertyFacts] = []
    var methods: [MethodFacts] = []
}

/// A type as written: `Foo`, `Foo<Bar>`, `Foo.Router`.
struct TypeName: Hashable, Sendable {
    var base: String
    var arguments: [String] = []
}

/// A parameter of a method or an enum case's associated value: a route's `params`.
struct ParameterFacts: Sendable, Hashable {
    var name: String
    var type: String?
}

struct CaseFacts: Sendable {
    var name: String
    var parameters: [ParameterFacts]
    var location: SourceLocation
}

struct PropertyFacts: Sendable {
    var name: String
    var type: TypeName?
    /// `Root`, `Route` (Stinsen property wrappers), or another attribute name.
    var attributes: [AttributeFacts] = []
    var strength: HoldStrength = .strong
    var initializer: ExpressionFacts?
    var location: SourceLocation
}

struct AttributeFacts: Sendable {
    var name: String
    /// The arguments as written, e.g. `.push`, `tabItem: makeTab`.
    var arguments: [String]
}

struct MethodFacts: Sendable {
    var name: String
    var location: SourceLocation
    /// `false` for a protocol's requirement: a default comes from an extension, an implementation from a conformer.
    var hasBody = true
    var parameters: [ParameterFacts] = []
    var returnType: TypeName?
    var calls: [CallFacts] = []
    /// Local name → every `let`/`var` of that name in the body, in order (switch cases rebind names).
    var bindings: [String: [Located<ExpressionFacts>]] = [:]

    /// The first local name (in name order) bound to a new `type`: `let tokens = TokensCoordinator(…)` → `tokens`.
    func variable(constructing type: String) -> String? {
        bindings.keys.sorted().first { bindings[$0]?.contains { $0.value.constructedType == type } == true }
    }

    /// The binding of `name` in effect at `location`: the last one before it.
    func binding(_ name: String, before location: SourceLocation) -> ExpressionFacts? {
        bindings[name]?.last { $0.location < location }?.value ?? bindings[name]?.first?.value
    }
    var returns: [ExpressionFacts] = []
    /// Every type constructed in the body (`Foo(...)`), in order.
    var constructed: [Located<String>] = []
    /// The first argument label of the parameters (`fungibleToken` of `show(fungibleToken token: Token)`,
    /// `shouldConnectFor` of `provider(_:shouldConnectFor:)`), `nil` when every one is `_`: what tells overloads apart.
    var firstLabel: String?
}

/// What an expression denotes, as far as syntax tells.
indirect enum ExpressionFacts: Sendable, Hashable {
    /// `Foo(...)`, `Foo.instantiate()`, `x as! Foo`: a value of this type.
    case construct(String, wrapped: ExpressionFacts?)
    /// A static factory or cast: inferred to give this type.
    case inferredType(String, why: String)
    /// A local name or property.
    case reference(String)
    /// A call of a lowercase function or method: `makeDetail()`, `factory.makeX()`.
    case factory(String)
    /// `.push(vc)`, `.trigger(.x)`: an implicit member, with its arguments.
    case member(String, arguments: [ExpressionFacts])
    /// `HomeRoute.news`, `AppRoute.home(router)`, `Shop.make()`: a member of a type; `arguments` is `nil` when
    /// it is not called.
    case qualified(type: String, member: String, arguments: [ExpressionFacts]?)
    /// `\.todo`, `\X.todo`.
    case keyPath(String)
    /// An array literal.
    case array([ExpressionFacts])
    /// `tabs.map { $0.navigationController }` (or `map(\.navigationController)`) over a list the expression does not
    /// spell out (a property, a function's result): each element's `member`, once the list is looked up.
    case mapped(ExpressionFacts, member: String)
    case other(String)
}

extension ExpressionFacts {
    /// The factory text of `{ … }()`.
    static let closureRunInPlace = "{ … }"

    /// The type `Foo(…)` constructs, through wrappers.
    var constructedType: String? {
        if case .construct(let name, _) = self { name } else { nil }
    }

    /// The expression as a note quotes it: source-like, on one line, at most 60 characters.
    var summary: String {
        let text: String
        switch self {
        case .construct(let name, _): text = "\(name)(…)"
        case .inferredType(let name, _): text = name
        case .reference(let name): text = name
        case .factory(let call): text = "\(call)(…)"
        case .member(let name, _): text = ".\(name)"
        case .qualified(let type, let member, let arguments): text = arguments == nil ? "\(type).\(member)" : "\(type).\(member)(…)"
        case .keyPath(let name): text = "\\.\(name)"
        case .array(let items): text = "[" + items.map(\.summary).joined(separator: ", ") + "]"
        case .mapped(let list, let member): text = "\(list.summary).map { $0.\(member) }"
        case .other(let source): text = source
        }
        let words = text.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
        return words.count > 60 ? String(words.prefix(59)) + "…" : words
    }
}

/// A call or an assignment in a method body.
struct CallFacts: Sendable {
    /// The receiver as written (`navigationController`, `router`, `coordinator?`, `self.children`), `nil` for none.
    var receiver: String?
    /// The method name, or `=` for an assignment (then `receiver` is the assigned place).
    var name: String
    var arguments: [(label: String?, value: ExpressionFacts)]
    var location: SourceLocation
    /// The enclosing `switch` case patterns' member names (`case .user(let id):` → `user`), innermost.
    var switchCase: [String]?
    /// The innermost enclosing arm of an `if … else` (`else if` arms are arms of the first `if`).
    var ifArm: IfArm? = nil
    /// The enclosing closures, innermost first: their argument label, the called function of a
    /// trailing closure, or the property a closure is assigned to (`finishFlow`).
    var closures: [String] = []
    /// The event whose handler the call runs in: the innermost enclosing closure given to a call that names an
    /// event (`machine.on(.begin) { … }`, `stateMachine.addRoutes(event: .signOut, …) { … }`).
    var handles: EventHandler?
    /// How many of `closures` (innermost first) are inside the handler's own closure.
    var handlerDepth = 0
}

/// One arm of an `if … else if … else`: the statement (where its first `if` is) and the arm's place in it.
struct IfArm: Hashable, Sendable {
    var statement: SourceLocation
    var arm: Int
}

extension CallFacts {
    /// The route name of the overload the call's first label picks (`show(fungibleToken:)` → `showFungibleToken`,
    /// `provider(p, shouldConnectFor:)` → `providerShouldConnectFor`), when it has a label.
    var overloadName: String? {
        guard let label = arguments.first(where: { $0.label != nil })?.label, label != "{}", let first = label.first else { return nil }
        return name + first.uppercased() + label.dropFirst()
    }
}

/// A closure registered for an event: what it is registered on (`machine`, as written) and the event (`begin`).
struct EventHandler: Sendable, Hashable {
    var receiver: String
    var event: String
}

/// `typealias Router = UnownedRouter<AppRoute>`.
struct AliasFacts: Sendable {
    var name: String
    var type: TypeName
    var location: SourceLocation
    /// The parts of a composition (`typealias RootCoordinator = Coordinator & RootViewControllerProvider`).
    var parts: [TypeName] = []
}

struct FileFacts: Sendable {
    var path: String
    var types: [TypeFacts] = []
    /// Method name → how many calls of that name the file's bodies make.
    var callCounts: [String: Int] = [:]
    var aliases: [AliasFacts] = []
    var notes: [ExtractionNote] = []
    /// The arms of `if`s taken only under UI tests (`if ProcessInfo.processInfo.arguments.contains("-ui-testing")`):
    /// the app a user runs never enters them.
    var testOnlyArms: [IfArm] = []
}

/// Walks one parsed file and records located facts.
final class FactCollector: SyntaxVisitor {
    private let path: String
    /// Where each line starts, by byte offset.
    private let lineStarts: [Int]
    private let source: [UInt8]
    /// Which clause of each `#if` is read.
    private let configuration: BuildConfiguration
    private(set) var types: [TypeFacts] = []
    private(set) var aliases: [AliasFacts] = []
    private(set) var testOnlyArms: [IfArm] = []
    /// Indices into `types` of the enclosing type declarations.
    private var typeStack: [Int] = []
    private var method: MethodFacts?
    /// The property whose accessor or initializer is the current `method`.
    private var propertyBody: SyntaxIdentifier?
    /// The enclosing functions, closures and switch cases, innermost last: what `closures(of:)` and
    /// `switchCase(of:)` read, kept as the walk goes instead of climbing every ancestor of every call.
    private var context: [Context] = []

    private enum Context {
        case function, initializer
        case closure(label: String, handles: EventHandler?)
        /// The closure a function returns (`func runItemFlow() -> (UINavigationController) -> Void { return { … } }`):
        /// its calls are read as the function's own, since running the product is what calling it is for.
        case returnedClosure
        /// A function declared inside the method.
        case nestedFunction
        case switchCase([String])
        case ifArm(IfArm)
    }

    /// The functions nested in the current method, innermost last.
    private var nestedFunctions: [SyntaxIdentifier] = []
    /// The code blocks that pushed an `.ifArm` frame, innermost last: popped by identity, not worked out again.
    private var armBlocks: [SyntaxIdentifier] = []

    init(path: String, source: [UInt8], configuration: BuildConfiguration = BuildConfiguration()) {
        self.path = path
        self.source = source
        self.configuration = configuration
        lineStarts = Self.lineStarts(of: source)
        super.init(viewMode: .sourceAccurate)
    }

    /// The node's source without its leading and trailing trivia: `trimmedDescription`, read from the file's
    /// bytes instead of built from a trimmed copy of the tree (that copy was half of extraction's time).
    func text(of node: some SyntaxProtocol) -> String {
        let start = start(of: node)
        let end = node.endPositionBeforeTrailingTrivia.utf8Offset
        guard start < end, end <= source.count else { return "" }
        return String(decoding: source[start..<end], as: UTF8.self)
    }

    /// Receivers and expressions kept only to be matched by name or quoted: past `clipLength` bytes, their
    /// first and last `clipLength / 2`. Every call of `x.a().a()…` has all the calls before it as its
    /// receiver, so whole texts would be quadratic in the chain.
    func clippedText(of node: some SyntaxProtocol) -> String {
        let start = start(of: node)
        let end = node.endPositionBeforeTrailingTrivia.utf8Offset
        guard start < end, end <= source.count else { return "" }
        guard end - start > Self.clipLength else { return String(decoding: source[start..<end], as: UTF8.self) }
        var headEnd = start + Self.clipLength / 2
        while headEnd > start, source[headEnd] & 0xC0 == 0x80 { headEnd -= 1 }
        var tailStart = end - Self.clipLength / 2
        while tailStart < end, source[tailStart] & 0xC0 == 0x80 { tailStart += 1 }
        var clipped = Array(source[start..<headEnd])
        clipped += Self.clipMark
        clipped += source[tailStart..<end]
        // Every call of a long chain has the same clipped receiver: one copy of it per file.
        if let text = clippedTexts[clipped] { return text }
        let text = String(decoding: clipped, as: UTF8.self)
        clippedTexts[clipped] = text
        return text
    }

    private var clippedTexts: [[UInt8]: String] = [:]
    private static let clipMark = Array("…".utf8)

    static let clipLength = 256

    /// Line and UTF-8 column, 1-based, as swift-syntax's `SourceLocationConverter` gives them; read from the bytes
    /// (the converter walks every token of the tree to build its table: 5% of an extract).
    func location(of node: some SyntaxProtocol) -> SourceLocation {
        let offset = start(of: node)
        var low = 0, high = lineStarts.count - 1  // the last line starting at or before `offset`
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        return SourceLocation(file: path, line: low + 1, column: offset - lineStarts[low] + 1)
    }

    /// `\n`, `\r\n` and a lone `\r` each end a line, as in Swift.
    static func lineStarts(of source: [UInt8]) -> [Int] {
        var starts = [0]
        for index in source.indices {
            switch source[index] {
            case UInt8(ascii: "\n"): starts.append(index + 1)
            case UInt8(ascii: "\r") where index + 1 == source.count || source[index + 1] != UInt8(ascii: "\n"): starts.append(index + 1)
            default: break
            }
        }
        return starts
    }

    /// Where the node's first token starts, found by skipping its leading trivia in the bytes: swift-syntax's
    /// `positionAfterSkippingLeadingTrivia` descends to the first token, as deep as a left-nested chain goes.
    private func start(of node: some SyntaxProtocol) -> Int {
        var offset = node.position.utf8Offset
        while offset < source.count {
            switch source[offset] {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"), 0x0B, 0x0C:
                offset += 1
            case UInt8(ascii: "/") where offset + 1 < source.count && source[offset + 1] == UInt8(ascii: "/"):
                while offset < source.count && source[offset] != UInt8(ascii: "\n") { offset += 1 }
            case UInt8(ascii: "/") where offset + 1 < source.count && source[offset + 1] == UInt8(ascii: "*"):
                var level = 0
                repeat {
                    if source[offset] == UInt8(ascii: "/"), offset + 1 < source.count, source[offset + 1] == UInt8(ascii: "*") {
                        level += 1
                        offset += 2
                    } else if source[offset] == UInt8(ascii: "*"), offset + 1 < source.count, source[offset + 1] == UInt8(ascii: "/") {
                        level -= 1
                        offset += 2
                    } else {
                        offset += 1
                    }
                } while level > 0 && offset < source.count
            case 0xEF where offset + 2 < source.count && source[offset + 1] == 0xBB && source[offset + 2] == 0xBF:
                offset += 3  // a byte order mark
            default:
                return offset
            }
        }
        return offset
    }

    // MARK: types

    private func open(_ name: String, _ keyword: TypeFacts.Keyword, _ inheritance: InheritanceClauseSyntax?, _ node: some SyntaxProtocol) {
        var type = TypeFacts(name: name, keyword: keyword, location: location(of: node))
        type.inherited = inheritance?.inheritedTypes.map { typeName($0.type) } ?? []
        typeStack.append(types.count)
        types.append(type)
    }

    private func close() {
        typeStack.removeLast()
    }

    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
        open(node.name.plainName, .class, node.inheritanceClause, node.name)
        return .visitChildren
    }
    override func visitPost(_ node: ClassDeclSyntax) { close() }

    override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind {
        open(node.name.plainName, .struct, node.inheritanceClause, node.name)
        return .visitChildren
    }
    override func visitPost(_ node: StructDeclSyntax) { close() }

    override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind {
        open(node.name.plainName, .enum, node.inheritanceClause, node.name)
        return .visitChildren
    }
    override func visitPost(_ node: EnumDeclSyntax) { close() }

    override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind {
        open(node.name.plainName, .actor, node.inheritanceClause, node.name)
        return .visitChildren
    }
    override func visitPost(_ node: ActorDeclSyntax) { close() }

    override func visit(_ node: ProtocolDeclSyntax) -> SyntaxVisitorContinueKind {
        open(node.name.plainName, .protocol, node.inheritanceClause, node.name)
        return .visitChildren
    }
    override func visitPost(_ node: ProtocolDeclSyntax) { close() }

    override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
        open(typeName(node.extendedType).base, .extension, node.inheritanceClause, node.extendedType)
        types[types.count - 1].constraints = node.genericWhereClause?.requirements.compactMap { requirement in
            switch requirement.requirement {
            case .conformanceRequirement(let conformance) where text(of: conformance.leftType) == "Self":
                typeName(conformance.rightType).base
            case .sameTypeRequirement(let same) where text(of: same.leftType) == "Self":
                text(of: same.rightType)
            default: nil
            }
        } ?? []
        return .visitChildren
    }

    override func visit(_ node: TypeAliasDeclSyntax) -> SyntaxVisitorContinueKind {
        if method == nil {
            let value = node.initializer.value
            let parts = value.as(CompositionTypeSyntax.self)?.elements.map { typeName($0.type) } ?? []
            aliases.append(AliasFacts(name: node.name.plainName, type: typeName(value), location: location(of: node.name), parts: parts))
        }
        return .skipChildren
    }
    override func visitPost(_ node: ExtensionDeclSyntax) { close() }

    override func visit(_ node: EnumCaseDeclSyntax) -> SyntaxVisitorContinueKind {
        guard let current = typeStack.last, method == nil else { return .skipChildren }
        for element in node.elements {
            let parameters = element.parameterClause?.parameters.enumerated().map { index, parameter in
                ParameterFacts(
                    name: parameter.firstName?.plainName ?? "_\(index)",
                    type: text(of: parameter.type)
                )
            } ?? []
            types[current].cases.append(CaseFacts(name: element.name.plainName, parameters: parameters, location: location(of: element.name)))
        }
        return .skipChildren
    }

    override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
        if method != nil {
            for binding in node.bindings {
                guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.plainName else { continue }
                if let value = binding.initializer?.value {
                    let bound = Located(expression(value), at: location(of: binding))
                    method?.bindings[name, default: []].append(bound)
                } else if let type = binding.typeAnnotation?.type {
                    method?.bindings[name, default: []].append(Located(.construct(typeName(type).base, wrapped: nil), at: location(of: binding)))
                }
            }
            return .visitChildren
        }
        guard let current = typeStack.last else { return .skipChildren }
        let attributes = node.attributes.compactMap { $0.as(AttributeSyntax.self) }.map { attribute in
            AttributeFacts(
                name: typeName(attribute.attributeName).base,
                arguments: attribute.arguments?.as(LabeledExprListSyntax.self)?.map { text(of: $0) } ?? []
            )
        }
        var strength = HoldStrength.strong
        for modifier in node.modifiers {
            if modifier.name.text == "weak" { strength = .weak }
            if modifier.name.text == "unowned" { strength = .unowned }
        }
        for binding in node.bindings {
            guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.plainName else { continue }
            types[current].properties.append(PropertyFacts(
                name: name,
                type: binding.typeAnnotation.map { typeName($0.type) },
                attributes: attributes,
                strength: strength,
                initializer: binding.initializer.map { expression($0.value) },
                location: location(of: binding.pattern)
            ))
        }
        // Computed properties (`var body: some View`) and closure initializers are bodies too.
        if node.bindings.contains(where: { $0.accessorBlock != nil || $0.initializer?.value.is(FunctionCallExprSyntax.self) == true }),
           let name = node.bindings.first?.pattern.as(IdentifierPatternSyntax.self)?.identifier.plainName {
            method = MethodFacts(name: name, location: location(of: node.bindings.first!.pattern))
            propertyBody = node.id
            // `var rootViewController: UIViewController { form }`: a one-expression getter returns its expression.
            if case .getter(let items)? = node.bindings.first?.accessorBlock?.accessors, items.count == 1,
               let only = items.first?.item.as(ExprSyntax.self) {
                let returned = expression(only)
                method?.returns.append(returned)
            }
        }
        return .visitChildren
    }

    override func visitPost(_ node: VariableDeclSyntax) {
        if propertyBody == node.id {
            propertyBody = nil
            finishMethod()
        }
    }

    /// `#if os(tvOS) … #else … #endif`, around declarations, statements, switch cases or modifiers: only the clause
    /// compiled for the configuration is read, as if the others were not there; the code around it is read as usual.
    override func visit(_ node: IfConfigDeclSyntax) -> SyntaxVisitorContinueKind {
        if let elements = configuration.activeClause(of: node)?.elements { walk(elements) }
        return .skipChildren
    }

    // MARK: methods

    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
        // A function nested in a method (`func _startFlow(…)` inside `start()`) runs as part of it: its calls are the
        // method's own; what it returns is not.
        if method != nil {
            context.append(.nestedFunction)
            nestedFunctions.append(node.id)
            return .visitChildren
        }
        context.append(.function)
        guard typeStack.last != nil else { return .skipChildren }
        method = MethodFacts(
            name: node.name.plainName,
            location: location(of: node.name),
            parameters: parameters(of: node.signature.parameterClause),
            returnType: node.signature.returnClause.map { typeName($0.type) }
        )
        if let first = node.signature.parameterClause.parameters.first(where: { $0.firstName.tokenKind != .wildcard }) {
            method?.firstLabel = first.firstName.plainName
        }
        method?.hasBody = node.body != nil
        return .visitChildren
    }
    override func visitPost(_ node: FunctionDeclSyntax) {
        context.removeLast()
        if nestedFunctions.last == node.id {
            nestedFunctions.removeLast()
            return
        }
        finishMethod()
    }

    override func visit(_ node: InitializerDeclSyntax) -> SyntaxVisitorContinueKind {
        context.append(.initializer)
        guard typeStack.last != nil, method == nil else { return .skipChildren }
        method = MethodFacts(name: "init", location: location(of: node.initKeyword), parameters: parameters(of: node.signature.parameterClause))
        return .visitChildren
    }

    private func parameters(of clause: FunctionParameterClauseSyntax) -> [ParameterFacts] {
        clause.parameters.map { ParameterFacts(name: ($0.secondName ?? $0.firstName).plainName, type: text(of: $0.type)) }
    }

    override func visitPost(_ node: InitializerDeclSyntax) {
        context.removeLast()
        finishMethod()
    }

    override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind {
        context.append(isReturnedByFunction(node) ? .returnedClosure : .closure(label: label(of: node), handles: handler(of: node)))
        return .visitChildren
    }
    override func visitPost(_ node: ClosureExprSyntax) { context.removeLast() }

    override func visit(_ node: SwitchCaseSyntax) -> SyntaxVisitorContinueKind {
        guard case .case(let label) = node.label else {
            context.append(.switchCase(["default"]))
            return .visitChildren
        }
        context.append(.switchCase(label.caseItems.compactMap { caseName($0.pattern) }))
        return .visitChildren
    }
    override func visitPost(_ node: SwitchCaseSyntax) { context.removeLast() }

    override func visit(_ node: DeinitializerDeclSyntax) -> SyntaxVisitorContinueKind {
        guard typeStack.last != nil, method == nil else { return .skipChildren }
        method = MethodFacts(name: "deinit", location: location(of: node.deinitKeyword))
        return .visitChildren
    }
    override func visitPost(_ node: DeinitializerDeclSyntax) { finishMethod() }

    private func finishMethod() {
        guard let finished = method, let current = typeStack.last else { return }
        types[current].methods.append(finished)
        method = nil
    }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        guard method != nil else { return .visitChildren }
        if let name = constructedTypeName(node) {
            method?.constructed.append(Located(name, at: location(of: node)))
        }
        let (receiver, name) = callee(node.calledExpression)
        guard let name else { return .visitChildren }
        var arguments: [(label: String?, value: ExpressionFacts)] = node.arguments.map { ($0.label?.text, expression($0.expression)) }
        if node.trailingClosure != nil { arguments.append(("{}", .other("closure"))) }
        let handled = handles
        method?.calls.append(CallFacts(
            receiver: receiver, name: name, arguments: arguments, location: location(of: node),
            switchCase: switchCase, ifArm: ifArm, closures: closures, handles: handled?.handler, handlerDepth: handled?.depth ?? 0
        ))
        return .visitChildren
    }

    override func visit(_ node: SequenceExprSyntax) -> SyntaxVisitorContinueKind {
        guard method != nil, let (left, middle, right) = Self.triple(node) else { return .visitChildren }
        if middle.is(AssignmentExprSyntax.self) {
            let handled = handles
            let assigned = expression(right)
            method?.calls.append(CallFacts(
                receiver: clippedText(of: left), name: "=", arguments: [(nil, assigned)],
                location: location(of: node), switchCase: switchCase, ifArm: ifArm, closures: closures, handles: handled?.handler,
                handlerDepth: handled?.depth ?? 0
            ))
        } else if middle.as(BinaryOperatorExprSyntax.self)?.operator.text == "+=", right.is(ArrayExprSyntax.self) {
            // `tabs += [profileRouter]`: an array grown like `append`, read where a list of tabs is built.
            method?.calls.append(CallFacts(
                receiver: clippedText(of: left), name: "+=", arguments: [(nil, expression(right))],
                location: location(of: node), switchCase: switchCase, ifArm: ifArm, closures: closures
            ))
        }
        return .visitChildren
    }

    override func visit(_ node: ReturnStmtSyntax) -> SyntaxVisitorContinueKind {
        if let value = node.expression, !isInClosure || returnsPropertyValue {
            // Read before the append: reading an expression may look at the method's bindings.
            let returned = expression(value)
            method?.returns.append(returned)
        }
        return .visitChildren
    }

    /// In the `{ … }()` a stored property is made by, outside any closure of its own: what it returns is the value.
    private var returnsPropertyValue: Bool {
        guard propertyBody != nil else { return false }
        var closures = context.lazy.filter {
            switch $0 {
            case .switchCase, .ifArm: false
            default: true
            }
        }.makeIterator()
        guard case .closure(ExpressionFacts.closureRunInPlace, _)? = closures.next() else { return false }
        return closures.next() == nil
    }

    /// A single-expression body returns its expression.
    override func visit(_ node: CodeBlockSyntax) -> SyntaxVisitorContinueKind {
        if method != nil, nestedFunctions.isEmpty, node.parent?.is(FunctionDeclSyntax.self) == true {
            // The statements `#if` compiles in, worked out only when there is an `#if` among them.
            let written = node.statements
            let statements = written.contains(where: { $0.item.is(IfConfigDeclSyntax.self) }) ? compiledStatements(written) : Array(written.prefix(2))
            if statements.count == 1, let only = statements[0].item.as(ExprSyntax.self) {
                // A `some View` maker (Stinsen's `makeX() -> some View { X().environmentObject(model) }`) shows the view.
                let returnsView = node.parent?.as(FunctionDeclSyntax.self)?.signature.returnClause?.type.as(SomeOrAnyTypeSyntax.self).map { text(of: $0.constraint) } == "View"
                let returned = expression(returnsView ? viewBeneathModifiers(only) : only)
                method?.returns.append(returned)
            }
        }
        if let arm = ifArm(of: node) {
            context.append(.ifArm(arm))
            armBlocks.append(node.id)
            if method != nil, let statement = node.parent?.as(IfExprSyntax.self), arm.arm < 2, Self.testArm(of: statement) == arm.arm,
               statement.parent?.as(IfExprSyntax.self)?.elseBody?.id != statement.id {
                testOnlyArms.append(arm)
            }
        }
        return .visitChildren
    }

    /// The arm of an `if` (its body, 0, or its `else`, 1) that runs only under UI tests: the condition asks the launch
    /// arguments or the environment (`ProcessInfo.processInfo.arguments.contains("-ui-testing")`) or a flag named for
    /// UI tests (`isUITesting`), and a leading `!` makes it the `else`.
    static func testArm(of statement: IfExprSyntax) -> Int? {
        guard statement.conditions.count == 1, let condition = statement.conditions.first else { return nil }
        var text = condition.condition.trimmedDescription
        let negated = text.hasPrefix("!")
        if negated { text.removeFirst() }
        let lowered = text.lowercased()
        let asksLaunch = (lowered.contains("processinfo") || lowered.contains("commandline.arguments")) && lowered.contains("test")
        let namedFlag = ["uitest", "ui-test", "ui_test"].contains { lowered.contains($0) }
        guard asksLaunch || namedFlag, !lowered.contains("&&"), !lowered.contains("||") else { return nil }
        return negated ? 1 : 0
    }
    override func visitPost(_ node: CodeBlockSyntax) {
        guard armBlocks.last == node.id else { return }
        armBlocks.removeLast()
        context.removeLast()
    }

    /// The arm of an `if` the block is: the body is arm 0, each `else if` the next, a last `else` the one after.
    private func ifArm(of block: CodeBlockSyntax) -> IfArm? {
        guard var statement = block.parent?.as(IfExprSyntax.self) else { return nil }
        var arm = block.id == statement.body.id ? 0 : 1
        while let outer = statement.parent?.as(IfExprSyntax.self), outer.elseBody?.id == statement.id {
            statement = outer
            arm += 1
        }
        return IfArm(statement: location(of: statement.ifKeyword), arm: arm)
    }

    /// The statements compiled for the configuration: an `#if`'s active clause in its place (`@ViewBuilder` bodies
    /// whose one view depends on the platform), its other clauses dropped.
    private func compiledStatements(_ statements: CodeBlockItemListSyntax) -> [CodeBlockItemSyntax] {
        var compiled: [CodeBlockItemSyntax] = []
        var pending = Array(statements.reversed())
        while let statement = pending.popLast() {
            guard let conditional = statement.item.as(IfConfigDeclSyntax.self) else {
                compiled.append(statement)
                continue
            }
            if case .statements(let inner)? = configuration.activeClause(of: conditional)?.elements { pending += inner.reversed() }
        }
        return compiled
    }

    // MARK: reading expressions

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
            ?? type.as(SomeOrAnyTypeSyntax.self)?.constraint ?? type.as(AttributedTypeSyntax.self)?.baseType {
            var inner = wrapped
            while let next = inner.as(OptionalTypeSyntax.self)?.wrappedType ?? inner.as(ImplicitlyUnwrappedOptionalTypeSyntax.self)?.wrappedType
                    ?? inner.as(SomeOrAnyTypeSyntax.self)?.constraint ?? inner.as(AttributedTypeSyntax.self)?.baseType {
                inner = next
            }
            return typeName(inner)
        }
        return TypeName(base: text(of: type))
    }

    private func typeName(_ expression: ExprSyntax) -> TypeName? {
        if let reference = expression.as(DeclReferenceExprSyntax.self) {
            return TypeName(base: reference.baseName.plainName)
        }
        if let generic = expression.as(GenericSpecializationExprSyntax.self), let base = typeName(generic.expression) {
            return TypeName(base: base.base, arguments: generic.genericArgumentClause.arguments.map { text(of: $0.argument) })
        }
        if let type = expression.as(TypeExprSyntax.self) { return typeName(type.type) }
        return nil
    }

    private func isTypeName(_ name: String) -> Bool {
        name.first.map { $0.isUppercase } ?? false
    }

    private func constructedTypeName(_ call: FunctionCallExprSyntax) -> String? {
        guard let name = typeName(call.calledExpression), isTypeName(name.base) else { return nil }
        return name.base
    }

    private func callee(_ called: ExprSyntax) -> (receiver: String?, name: String?) {
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
    private func unwrapped(_ syntax: ExprSyntax) -> ExprSyntax {
        var inner = syntax
        while let next = inner.as(OptionalChainingExprSyntax.self)?.expression ?? inner.as(ForceUnwrapExprSyntax.self)?.expression {
            inner = next
        }
        return inner
    }

    /// `FeedViewController().then { $0.delegate = self }` (Then, and the like): the configured value itself.
    private func configured(_ syntax: ExprSyntax) -> ExprSyntax {
        var inner = unwrapped(syntax)
        while let call = inner.as(FunctionCallExprSyntax.self), let member = call.calledExpression.as(MemberAccessExprSyntax.self),
              let base = member.base, ["then", "with"].contains(member.declName.baseName.plainName),
              call.trailingClosure != nil, call.arguments.isEmpty {
            inner = unwrapped(base)
        }
        return inner
    }

    /// `WelcomeView(…).padding().environmentObject(model)`: the constructed view under a chain of modifiers.
    private func viewBeneathModifiers(_ syntax: ExprSyntax) -> ExprSyntax {
        var inner = syntax
        while let call = inner.as(FunctionCallExprSyntax.self), constructedTypeName(call) == nil,
              let base = call.calledExpression.as(MemberAccessExprSyntax.self)?.base {
            inner = base
        }
        return inner.as(FunctionCallExprSyntax.self).flatMap(constructedTypeName) != nil ? inner : syntax
    }

    /// The member a `map` takes of each element: `map { $0.navigationController }` or `map(\.navigationController)`.
    private func mappedMember(_ call: FunctionCallExprSyntax) -> String? {
        if call.arguments.isEmpty, call.trailingClosure?.statements.count == 1,
           let access = call.trailingClosure?.statements.first?.item.as(MemberAccessExprSyntax.self),
           access.base?.as(DeclReferenceExprSyntax.self)?.baseName.text == "$0" {
            return access.declName.baseName.plainName
        }
        if call.trailingClosure == nil, call.arguments.count == 1, call.arguments.first?.label == nil,
           let keyPath = call.arguments.first?.expression.as(KeyPathExprSyntax.self), keyPath.root == nil, keyPath.components.count == 1,
           let property = keyPath.components.first?.component.as(KeyPathPropertyComponentSyntax.self) {
            return property.declName.baseName.plainName
        }
        return nil
    }

    /// The three elements of an unfolded `a = b`, `a += b`, `a ? b : c` or `a as T`; nil for any other length. Read
    /// without copying the elements into an array: every binary expression of the project comes here.
    private static func triple(_ sequence: SequenceExprSyntax) -> (ExprSyntax, ExprSyntax, ExprSyntax)? {
        let elements = sequence.elements
        guard elements.count == 3 else { return nil }
        var iterator = elements.makeIterator()
        guard let left = iterator.next(), let middle = iterator.next(), let right = iterator.next() else { return nil }
        return (left, middle, right)
    }

    /// `hibernating ? nil : checkin?.viewController` → `checkin?.viewController`: the branch that is not `nil`.
    private func valueIfPresent(_ expression: ExprSyntax) -> ExprSyntax {
        guard let sequence = expression.as(SequenceExprSyntax.self), let (_, middle, otherwise) = Self.triple(sequence),
              let ternary = middle.as(UnresolvedTernaryExprSyntax.self) else { return expression }
        if ternary.thenExpression.is(NilLiteralExprSyntax.self) { return otherwise }
        return otherwise.is(NilLiteralExprSyntax.self) ? ternary.thenExpression : expression
    }

    func expression(_ original: ExprSyntax) -> ExpressionFacts {
        let syntax = configured(original)
        if let call = syntax.as(FunctionCallExprSyntax.self) {
            if let name = constructedTypeName(call) {
                // Containers that wrap a screen: the screen is what the route shows.
                // and the labelled arguments that name a Stinsen stack's first route or tabs.
                let wrapped = call.arguments.first { argument in
                    guard let label = argument.label?.text else { return name == "NavigationViewCoordinator" || name == "ViewWrapperCoordinator" }
                    return ["rootViewController", "rootView", "initial", "startingItems"].contains(label)
                }
                // An app's convenience `NavigationViewCoordinator { SettingsScreen() }` (over a coordinator that only
                // shows the view it is given): the view, in a navigation view of its own.
                if wrapped == nil, name == "NavigationViewCoordinator", call.arguments.isEmpty, let content = call.trailingClosure?.statements,
                   content.count == 1, let view = content.first?.item.as(ExprSyntax.self) {
                    return .construct(name, wrapped: expression(viewBeneathModifiers(view)))
                }
                // `UIHostingController(rootView: Welcome().padding())`: the view the modifiers wrap is the screen.
                return .construct(name, wrapped: wrapped.map { expression($0.label?.text == "rootView" ? viewBeneathModifiers($0.expression) : $0.expression) })
            }
            if let member = call.calledExpression.as(MemberAccessExprSyntax.self) {
                let name = member.declName.baseName.plainName
                guard let base = member.base else {
                    return .member(name, arguments: call.arguments.map { expression($0.expression) })
                }
                // `[home?.rootViewController, hibernating ? nil : checkin?.viewController].compactMap { $0 }`: the
                // elements, a conditional one as the value it may have.
                if name == "compactMap", let array = base.as(ArrayExprSyntax.self), call.arguments.isEmpty,
                   let only = call.trailingClosure?.statements.first, call.trailingClosure?.statements.count == 1,
                   only.item.as(DeclReferenceExprSyntax.self)?.baseName.text == "$0" {
                    return .array(array.elements.map { expression(valueIfPresent($0.expression)) })
                }
                // `[feed, search].map { $0.navigationController }`, or over a local bound to such a list: each
                // element's member; over any other list (`tabs.map(\.navigationController)`, `makeTabs().map { … }`),
                // the list is looked up later, in the project.
                if name == "map", let member = mappedMember(call) {
                    var items: [ExpressionFacts]?
                    if let array = base.as(ArrayExprSyntax.self) {
                        items = array.elements.map { expression($0.expression) }
                    } else if let local = base.as(DeclReferenceExprSyntax.self)?.baseName.plainName,
                              case .array(let bound)? = method?.binding(local, before: location(of: call)) {
                        items = bound
                    }
                    guard let items else { return .mapped(expression(base), member: member) }
                    return .array(items.map { item in
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
            // `lazy var screen: X = { … }()`: a closure run in place; the property's declared type says what it makes.
            if call.calledExpression.is(ClosureExprSyntax.self) { return .factory(ExpressionFacts.closureRunInPlace) }
            return .factory(clippedText(of: call.calledExpression))
        }
        if let reference = syntax.as(DeclReferenceExprSyntax.self) {
            return .reference(reference.baseName.plainName)
        }
        if let member = syntax.as(MemberAccessExprSyntax.self) {
            // `UserCoordinator().strongRouter`: the coordinator behind its router.
            if let base = member.base?.as(FunctionCallExprSyntax.self), let name = constructedTypeName(base),
               member.declName.baseName.plainName.lowercased().hasSuffix("router") {
                return .construct(name, wrapped: nil)
            }
            if member.base == nil { return .member(member.declName.baseName.plainName, arguments: []) }
            if member.base?.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self) { return .reference(member.declName.baseName.plainName) }
            if let base = member.base, let type = typeName(base), isTypeName(type.base) {
                return .qualified(type: type.base, member: member.declName.baseName.plainName, arguments: nil)
            }
            return .other(clippedText(of: syntax))
        }
        if let keyPath = syntax.as(KeyPathExprSyntax.self),
           let last = keyPath.components.last?.component.as(KeyPathPropertyComponentSyntax.self) {
            return .keyPath(last.declName.baseName.plainName)
        }
        if let array = syntax.as(ArrayExprSyntax.self) {
            return .array(array.elements.map { expression($0.expression) })
        }
        if let sequence = syntax.as(SequenceExprSyntax.self), let (left, middle, right) = Self.triple(sequence) {
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

    // MARK: context

    /// The enclosing `switch` case of the current node, up to the enclosing function or closure.
    private var switchCase: [String]? {
        for frame in context.reversed() {
            switch frame {
            case .switchCase(let names): return names
            case .function, .closure, .returnedClosure, .nestedFunction: return nil
            case .initializer, .ifArm: continue
            }
        }
        return nil
    }

    /// The enclosing arm of an `if` of the current node, up to the enclosing function or closure.
    private var ifArm: IfArm? {
        for frame in context.reversed() {
            switch frame {
            case .ifArm(let arm): return arm
            case .function, .closure, .returnedClosure, .nestedFunction: return nil
            case .initializer, .switchCase: continue
            }
        }
        return nil
    }

    private func caseName(_ pattern: PatternSyntax) -> String? {
        if let binding = pattern.as(ValueBindingPatternSyntax.self) { return caseName(binding.pattern) }
        guard let expression = pattern.as(ExpressionPatternSyntax.self)?.expression else { return nil }
        if let member = expression.as(MemberAccessExprSyntax.self) { return member.declName.baseName.plainName }
        if let call = expression.as(FunctionCallExprSyntax.self),
           let member = call.calledExpression.as(MemberAccessExprSyntax.self) {
            return member.declName.baseName.plainName
        }
        return nil
    }

    /// The labels of the enclosing closures, innermost first, up to the enclosing function or initializer.
    private var closures: [String] {
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
    private var handles: (handler: EventHandler, depth: Int)? {
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
    private func handler(of closure: ClosureExprSyntax) -> EventHandler? {
        let call = closure.parent?.as(FunctionCallExprSyntax.self)
            ?? closure.parent?.as(LabeledExprSyntax.self)?.parent?.parent?.as(FunctionCallExprSyntax.self)
        guard let call, let receiver = callee(call.calledExpression).receiver,
              let argument = call.arguments.first(where: { $0.label?.text == "event" }) ?? call.arguments.first,
              argument.label == nil || argument.label?.text == "event",
              case .member(let event, _) = expression(argument.expression) else { return nil }
        return EventHandler(receiver: receiver, event: event)
    }

    /// Whether the current node is inside a closure of the enclosing function, a returned one included.
    private var isInClosure: Bool {
        for frame in context.reversed() {
            switch frame {
            case .closure, .returnedClosure, .nestedFunction: return true
            case .function, .initializer: return false
            case .switchCase, .ifArm: continue
            }
        }
        return false
    }

    /// `return { … }` (or the single expression) at the top of the body of a function declared to return a function.
    private func isReturnedByFunction(_ closure: ClosureExprSyntax) -> Bool {
        guard case .function? = context.last else { return false }
        let statement = closure.parent?.as(ReturnStmtSyntax.self)?.parent ?? closure.parent
        guard let body = statement?.as(CodeBlockItemSyntax.self)?.parent?.parent?.as(CodeBlockSyntax.self),
              let function = body.parent?.as(FunctionDeclSyntax.self),
              var returned = function.signature.returnClause?.type else { return false }
        if let optional = returned.as(OptionalTypeSyntax.self) { returned = optional.wrappedType }
        if let tuple = returned.as(TupleTypeSyntax.self), tuple.elements.count == 1, let only = tuple.elements.first { returned = only.type }
        if let attributed = returned.as(AttributedTypeSyntax.self) { returned = attributed.baseType }
        return returned.is(FunctionTypeSyntax.self)
    }

    private func label(of closure: ClosureExprSyntax) -> String {
        if let argument = closure.parent?.as(LabeledExprSyntax.self) {
            return argument.label?.text ?? "_"
        }
        if let call = closure.parent?.as(FunctionCallExprSyntax.self) {
            // `lazy var tabs: UIViewController = { … }()`: run in place, as part of what encloses it.
            if call.calledExpression.id == closure.id { return ExpressionFacts.closureRunInPlace }
            return callee(call.calledExpression).name ?? "_"
        }
        if let sequence = closure.parent?.as(ExprListSyntax.self)?.parent?.as(SequenceExprSyntax.self), let (left, middle, _) = Self.triple(sequence) {
            if middle.is(AssignmentExprSyntax.self) {
                let place = clippedText(of: left)
                return String(place.split(separator: ".").last ?? Substring(place))
            }
        }
        return "_"
    }
}

/// flowlint's location (SwiftSyntax has a type of the same name).
typealias SourceLocation = FlowModel.SourceLocation

extension TokenSyntax {
    /// The name the token declares or refers to: ``case `default` `` names `default`, without the backticks.
    var plainName: String { identifier?.name ?? text }
}
