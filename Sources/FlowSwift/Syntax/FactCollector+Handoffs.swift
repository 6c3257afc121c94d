import FlowModel
import SwiftSyntax

/// What the values a method makes are handed, and where they go: what `holds` needs to see a coordinator keep,
/// through a screen or a view model it keeps, a closure that keeps the coordinator, and what a builder method's
/// product keeps of its parameters.
extension FactCollector {
    /// How many constructions deep an argument is followed (`Host(rootView: Shelf(model: Model(onDone: …)))`).
    static let captureDepth = 4

    /// Records what the value made by `value` and kept in `place` is handed.
    func recordHandoffs(of value: ExprSyntax, in place: String, local: Bool) {
        guard method != nil else { return }
        for (path, handed, at) in handoffs(in: value, depth: 0) {
            method?.handoffs.append(Handoff(place: place, placeIsLocal: local, path: path, handed: handed, location: at))
        }
    }

    /// `subscription.store(in: &cancellables)`: a value handed `in:` a place of the caller's (`&`) is kept there.
    func recordStored(_ call: FunctionCallExprSyntax) {
        guard call.arguments.count == 1, call.arguments.first?.label?.text == "in",
            let place = call.arguments.first?.expression.as(InOutExprSyntax.self)?.expression,
            let base = call.calledExpression.as(MemberAccessExprSyntax.self)?.base
        else { return }
        let receiver = receiverSeeingSelf(clippedText(of: place)) ?? ""
        recordHandoffs(of: base, in: receiver, local: isLocal(receiver))
    }

    /// A property's initializer; for `{ … }()` run in place, its one expression (its `return`s are read as returns).
    func recordPropertyHandoffs(of initializer: ExprSyntax) {
        guard let call = initializer.as(FunctionCallExprSyntax.self) else { return }
        if let closure = call.calledExpression.as(ClosureExprSyntax.self) {
            if closure.statements.count == 1, let only = closure.statements.first?.item.as(ExprSyntax.self) {
                recordHandoffs(of: only, in: "", local: false)
            }
            return
        }
        recordHandoffs(of: initializer, in: "", local: false)
    }

    /// Each closure keeping `self`, method, parameter or local that the construction or maker call `expression`
    /// (under view modifiers) is handed, directly or through the calls among its arguments: its path from the value
    /// in, what it is, and where.
    private func handoffs(in expression: ExprSyntax, depth: Int) -> [([CaptureStep], Handed, SourceLocation)] {
        let written = unwrapped(expression)
        let beneath = viewBeneathModifiers(written)
        // Most values are made with no argument, or none worth reading: the step is worked out only for one that is.
        guard let call = beneath.as(FunctionCallExprSyntax.self), !call.arguments.isEmpty || call.trailingClosure != nil else { return [] }
        var handed: [(label: String, value: ExprSyntax)] = call.arguments.map { ($0.label?.text ?? "_", $0.expression) }
        if let trailing = call.trailingClosure { handed.append(("{}", ExprSyntax(trailing))) }
        handed += call.additionalTrailingClosures.map { ($0.label.text, ExprSyntax($0.closure)) }
        var found: [(label: String, inner: [CaptureStep], what: Handed, at: SourceLocation)] = []
        for (label, value) in handed {
            if let closure = value.as(ClosureExprSyntax.self) {
                if Self.keepsSelf(closure) { found.append((label, [], .closure, location(of: closure))) }
            } else if let what = handedName(value) {
                found.append((label, [], what, location(of: value)))
            } else if depth < Self.captureDepth {
                found += handoffs(in: value, depth: depth + 1).map { (label, $0.0, $0.1, $0.2) }
            }
        }
        guard !found.isEmpty, let made = madeBy(call) else { return [] }
        let labels = call.arguments.compactMap { $0.label?.text }
        let modified = beneath.id != written.id
        return found.map { handoff in
            let step = CaptureStep(
                type: made.type, maker: made.maker, receiver: made.receiver, label: handoff.label, labels: labels, modified: modified)
            return ([step] + handoff.inner, handoff.what, handoff.at)
        }
    }

    /// What makes the call's value: a type it constructs (`nil` for `.init(…)`, whose type comes from where the value
    /// is kept), or a method (`builder.makeShelf(…)`, `makeShelf(…)`), with its receiver.
    private func madeBy(_ call: FunctionCallExprSyntax) -> (type: String?, maker: String?, receiver: String?)? {
        if let type = constructedTypeName(call) { return (type, nil, nil) }
        if let member = call.calledExpression.as(MemberAccessExprSyntax.self), member.base == nil,
            member.declName.baseName.tokenKind == .keyword(.`init`)
        {
            return (nil, nil, nil)
        }
        let (receiver, name) = callee(call.calledExpression)
        guard let name, name.first?.isLowercase == true else { return nil }
        return (nil, name, receiver)
    }

    /// A name handed as it is: a parameter or a local of the method, or a method of `self` handed as a closure
    /// (`close(animated:)`, `self.close`, or a bare name the method does not bind, which may be the type's method:
    /// the style checks).
    private func handedName(_ value: ExprSyntax) -> Handed? {
        if let reference = value.as(DeclReferenceExprSyntax.self), case .identifier = reference.baseName.tokenKind {
            let name = reference.baseName.plainName
            guard reference.argumentNames == nil else { return .method(name) }
            if method?.parameters.contains(where: { $0.name == name }) == true { return .parameter(name) }
            if method?.bindings[name] != nil { return .local(name) }
            return name.first?.isLowercase == true ? .method(name) : nil
        }
        if let member = value.as(MemberAccessExprSyntax.self),
            member.base?.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self)
        {
            return .method(member.declName.baseName.plainName)
        }
        return nil
    }

    /// The closure keeps `self` alive: `[self]` in its capture list, or `self` named in its body (outside closures
    /// of its own that take it `weak` or `unowned`) with no `[weak self]` or `[unowned self]`.
    static func keepsSelf(_ closure: ClosureExprSyntax) -> Bool {
        if let items = closure.signature?.capture?.items, let own = items.first(where: { $0.name.tokenKind == .keyword(.self) }) {
            return own.specifier == nil
        }
        let finder = SelfUseFinder(viewMode: .sourceAccurate)
        finder.walk(closure.statements)
        return finder.found
    }
}

/// Finds a use of `self` that keeps it: not one inside a closure that takes `self` weak or unowned.
private final class SelfUseFinder: SyntaxVisitor {
    var found = false

    override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
        if node.baseName.tokenKind == .keyword(.self) { found = true }
        return .skipChildren
    }

    override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind {
        guard !found, let items = node.signature?.capture?.items else { return found ? .skipChildren : .visitChildren }
        let weakSelf = items.contains { $0.name.tokenKind == .keyword(.self) && $0.specifier != nil }
        return weakSelf ? .skipChildren : .visitChildren
    }
}
