import FlowModel
import SwiftSyntax

/// Reads one file's syntax into its located facts (`FileFacts`): declarations here, expressions in
/// FactCollector+Expressions.swift. Framework-neutral: the names of the frameworks' wrappers come in `wrappers`.
final class FactCollector: SyntaxVisitor {
    let path: String
    /// Where each line starts, by byte offset.
    let lineStarts: [Int]
    let source: [UInt8]
    /// Which clause of each `#if` is read.
    let configuration: BuildConfiguration
    /// The styles' names of what wraps a screen.
    let wrappers: WrapperNames
    var types: [TypeFacts] = []
    private(set) var aliases: [AliasFacts] = []
    private(set) var testOnlyArms: [IfArm] = []
    /// An `import` only test code makes (`@testable import App`, a test framework's).
    private(set) var importsForTests = false
    /// Indices into `types` of the enclosing type declarations.
    var typeStack: [Int] = []
    var method: MethodFacts?
    /// The property whose accessor or initializer is the current `method`.
    var propertyBody: SyntaxIdentifier?
    /// Type index → its computed properties whose getter returns a closure (FactCollector+ClosureProperties.swift).
    var closureProperties: [Int: Set<String>] = [:]
    /// The enclosing functions, closures and switch cases, innermost last: what `closures(of:)` and
    /// `switchCase(of:)` read, kept as the walk goes instead of climbing every ancestor of every call.
    var context: [Context] = []

    enum Context {
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
    var nestedFunctions: [SyntaxIdentifier] = []
    /// Per enclosing closure, the name its first parameter gives `self`, if the call binds it so (`selfParameter(of:)`).
    var selfParameters: [String?] = []
    /// The code blocks that pushed an `.ifArm` frame, innermost last: popped by identity, not worked out again.
    var armBlocks: [SyntaxIdentifier] = []
    /// Where each enclosing closure starts, innermost last (one per closure frame of `context`).
    var closureStarts: [SourceLocation] = []

    init(path: String, source: [UInt8], configuration: BuildConfiguration = BuildConfiguration(), wrappers: WrapperNames) {
        self.path = path
        self.wrappers = wrappers
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

    var clippedTexts: [[UInt8]: String] = [:]
    static let clipMark = Array("…".utf8)

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
    func start(of node: some SyntaxProtocol) -> Int {
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

    func open(_ name: String, _ keyword: TypeFacts.Keyword, _ inheritance: InheritanceClauseSyntax?, _ node: some SyntaxProtocol) {
        var type = TypeFacts(name: name, keyword: keyword, location: location(of: node))
        type.inherited = inheritance?.inheritedTypes.map { typeName($0.type) } ?? []
        typeStack.append(types.count)
        types.append(type)
    }

    func close() {
        typeStack.removeLast()
    }

    override func visit(_ node: ImportDeclSyntax) -> SyntaxVisitorContinueKind {
        let testable = node.attributes.contains { $0.as(AttributeSyntax.self)?.attributeName.trimmedDescription == "testable" }
        if testable || node.path.first.map({ wrappers.testModules.contains($0.name.text) }) == true { importsForTests = true }
        return .skipChildren
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
        types[types.count - 1].constraints =
            node.genericWhereClause?.requirements.compactMap { requirement in
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
            let parameters =
                element.parameterClause?.parameters.enumerated().map { index, parameter in
                    ParameterFacts(
                        name: parameter.firstName?.plainName ?? "_\(index)",
                        type: text(of: parameter.type)
                    )
                } ?? []
            types[current].cases.append(
                CaseFacts(name: element.name.plainName, parameters: parameters, location: location(of: element.name)))
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
                    recordHandoffs(of: value, in: name, local: true)
                } else if let type = binding.typeAnnotation?.type {
                    method?.bindings[name, default: []].append(
                        Located(.construct(typeName(type).base, wrapped: nil), at: location(of: binding)))
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
            types[current].properties.append(
                PropertyFacts(
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
            let name = node.bindings.first?.pattern.as(IdentifierPatternSyntax.self)?.identifier.plainName
        {
            method = MethodFacts(name: name, location: location(of: node.bindings.first!.pattern))
            propertyBody = node.id
            if let initializer = node.bindings.first?.initializer?.value { recordPropertyHandoffs(of: initializer) }
            // `var rootViewController: UIViewController { form }`: a one-expression getter returns its expression.
            if case .getter(let items)? = node.bindings.first?.accessorBlock?.accessors, items.count == 1,
                let only = items.first?.item.as(ExprSyntax.self)
            {
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
        method = MethodFacts(
            name: "init", location: location(of: node.initKeyword), parameters: parameters(of: node.signature.parameterClause))
        return .visitChildren
    }

    func parameters(of clause: FunctionParameterClauseSyntax) -> [ParameterFacts] {
        clause.parameters.map { ParameterFacts(name: ($0.secondName ?? $0.firstName).plainName, type: text(of: $0.type)) }
    }

    override func visitPost(_ node: InitializerDeclSyntax) {
        context.removeLast()
        finishMethod()
    }

    override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind {
        context.append(isReturnedByFunction(node) ? .returnedClosure : .closure(label: label(of: node), handles: handler(of: node)))
        selfParameters.append(selfParameter(of: node))
        closureStarts.append(location(of: node))
        return .visitChildren
    }
    override func visitPost(_ node: ClosureExprSyntax) {
        context.removeLast()
        selfParameters.removeLast()
        closureStarts.removeLast()
    }

    /// `owner.showHelp()` inside `withUnretained(self).flatMap { owner, _ in … }`: the receiver as `self`.
    func receiverSeeingSelf(_ receiver: String?) -> String? {
        guard let receiver, selfParameters.contains(where: { $0 != nil }) else { return receiver }
        for name in selfParameters.reversed() {
            guard let name, receiver.hasPrefix(name) else { continue }
            let rest = receiver.dropFirst(name.count)
            if rest.isEmpty || rest.first == "." || rest.first == "?" || rest.first == "!" { return "self" + rest }
        }
        return receiver
    }

    /// `case .finished(let value)`, `if case let .failed(error) = result`: a pattern matches a value; what looks like
    /// a call in it (`.finished(…)`) calls nothing.
    override func visit(_ node: ExpressionPatternSyntax) -> SyntaxVisitorContinueKind {
        method == nil ? .visitChildren : .skipChildren
    }

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

    func finishMethod() {
        guard var finished = method, let current = typeStack.last else { return }
        if types[current].keyword == .extension { finished.conformances = types[current].inherited.map(\.base) }
        types[current].methods.append(finished)
        method = nil
    }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        guard method != nil else { return .visitChildren }
        if let name = constructedTypeName(node) {
            method?.constructed.append(Located(name, at: location(of: node)))
        }
        let (seen, name) = callee(node.calledExpression)
        guard let name else { return .visitChildren }
        recordStored(node)
        let receiver = receiverSeeingSelf(seen)
        var arguments: [(label: String?, value: ExpressionFacts)] = node.arguments.map { ($0.label?.text, expression($0.expression)) }
        if node.trailingClosure != nil { arguments.append(("{}", .other("closure"))) }
        let handled = handles
        let onLocal = isLocal(receiver)
        let branch = branches
        var given = node.arguments.compactMap { $0.expression.as(ClosureExprSyntax.self).map { location(of: $0) } }
        if let trailing = node.trailingClosure { given.append(location(of: trailing)) }
        given += node.additionalTrailingClosures.map { location(of: $0.closure) }
        let (references, enclosing) = (methodReferences(in: node), closures)
        given += references.map(\.location)
        method?.calls.append(
            CallFacts(
                receiver: receiver, name: name, arguments: arguments, location: location(of: node),
                switchCase: branch.switchCase, ifArm: branch.ifArm, caseOutside: branch.caseOutside, onLocal: onLocal, closures: enclosing,
                handles: handled?.handler, handlerDepth: handled?.depth ?? 0, closureAt: innermostClosure, givenClosures: given
            ))
        // `onPasswordRequest: showPassword(email:)`: the method handed as a closure runs as that closure's call would.
        for reference in references {
            method?.calls.append(
                CallFacts(
                    receiver: reference.receiver, name: reference.name, arguments: [], location: reference.location,
                    switchCase: branch.switchCase, ifArm: branch.ifArm, caseOutside: branch.caseOutside,
                    closures: [reference.label] + enclosing,
                    handles: handled?.handler, handlerDepth: handled?.depth ?? 0, closureAt: reference.location))
        }
        return .visitChildren
    }

    override func visit(_ node: SequenceExprSyntax) -> SyntaxVisitorContinueKind {
        guard method != nil, let (left, middle, right) = Self.triple(node) else { return .visitChildren }
        if middle.is(AssignmentExprSyntax.self) {
            let handled = handles
            let assigned = expression(right)
            let receiver = receiverSeeingSelf(clippedText(of: left))
            let onLocal = isLocal(receiver)
            let branch = branches
            method?.calls.append(
                CallFacts(
                    receiver: receiver, name: "=", arguments: [(nil, assigned)], location: location(of: node),
                    switchCase: branch.switchCase, ifArm: branch.ifArm, caseOutside: branch.caseOutside, onLocal: onLocal,
                    closures: closures,
                    handles: handled?.handler, handlerDepth: handled?.depth ?? 0
                ))
            recordHandoffs(of: right, in: receiver ?? "", local: onLocal)
        } else if middle.as(BinaryOperatorExprSyntax.self)?.operator.text == "+=", right.is(ArrayExprSyntax.self) {
            // `tabs += [profileRouter]`: an array grown like `append`, read where a list of tabs is built.
            method?.calls.append(
                CallFacts(
                    receiver: clippedText(of: left), name: "+=", arguments: [(nil, expression(right))],
                    location: location(of: node), switchCase: switchCase, ifArm: ifArm, closures: closures
                ))
        } else if let ternary = middle.as(UnresolvedTernaryExprSyntax.self),
            ternary.parent?.parent?.parent?.is(CodeBlockItemSyntax.self) == true
        {
            // `hasGrain ? showHopper() : showEmptyBin()` as a statement: two arms, read as an `if … else`.
            walk(left)
            for (arm, branch) in [ternary.thenExpression, right].enumerated() {
                context.append(.ifArm(IfArm(statement: location(of: node), arm: arm)))
                walk(branch)
                context.removeLast()
            }
            return .skipChildren
        }
        return .visitChildren
    }

    override func visit(_ node: ReturnStmtSyntax) -> SyntaxVisitorContinueKind {
        if let value = node.expression, !isInClosure || returnsPropertyValue {
            // Read before the append: reading an expression may look at the method's bindings.
            let returned = expression(value)
            method?.returns.append(returned)
            recordHandoffs(of: value, in: "", local: false)
        }
        return .visitChildren
    }

    /// In the `{ … }()` a stored property is made by, outside any closure of its own: what it returns is the value.
    var returnsPropertyValue: Bool {
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
            let statements =
                written.contains(where: { $0.item.is(IfConfigDeclSyntax.self) }) ? compiledStatements(written) : Array(written.prefix(2))
            if statements.count == 1, let only = statements[0].item.as(ExprSyntax.self) {
                // A `some View` maker (Stinsen's `makeX() -> some View { X().environmentObject(model) }`) shows the view.
                let returnsView =
                    node.parent?.as(FunctionDeclSyntax.self)?.signature.returnClause?.type.as(SomeOrAnyTypeSyntax.self).map {
                        wrappers.viewProtocols.contains(text(of: $0.constraint))
                    } == true
                let returned = expression(returnsView ? viewBeneathModifiers(only) : only)
                method?.returns.append(returned)
                recordHandoffs(of: only, in: "", local: false)
            }
        }
        if let arm = ifArm(of: node) {
            context.append(.ifArm(arm))
            armBlocks.append(node.id)
            if arm.arm == 0, let flag = Self.flag(of: node.parent?.as(IfExprSyntax.self)) { method?.flags[arm.statement] = flag }
            if method != nil, let statement = node.parent?.as(IfExprSyntax.self), arm.arm < 2, Self.testArm(of: statement) == arm.arm,
                statement.parent?.as(IfExprSyntax.self)?.elseBody?.id != statement.id
            {
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
    func ifArm(of block: CodeBlockSyntax) -> IfArm? {
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
    func compiledStatements(_ statements: CodeBlockItemListSyntax) -> [CodeBlockItemSyntax] {
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
}
