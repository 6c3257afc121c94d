import FlowModel
import SwiftSyntax

/// The closures keeping `self` alive that a value is made with: what `holds` needs to see a coordinator keep,
/// through a screen or a view model it keeps, a closure that keeps the coordinator.
extension FactCollector {
    /// How many constructions deep an argument is followed (`Host(rootView: Shelf(model: Model(onDone: …)))`).
    static let captureDepth = 4

    /// Records the captures of a value made by `value` and kept in `place`.
    func recordCaptures(of value: ExprSyntax, in place: String, local: Bool) {
        guard method != nil else { return }
        for (path, name, at) in captures(in: value, depth: 0) {
            method?.selfCaptures.append(SelfCapture(place: place, placeIsLocal: local, path: path, method: name, location: at))
        }
    }

    /// The property initializer `{ … }()` run in place with one expression: that expression is the value.
    func recordPropertyCaptures(of initializer: ExprSyntax) {
        guard let call = initializer.as(FunctionCallExprSyntax.self) else { return }
        if let closure = call.calledExpression.as(ClosureExprSyntax.self) {
            if closure.statements.count == 1, let only = closure.statements.first?.item.as(ExprSyntax.self) {
                recordCaptures(of: only, in: "", local: false)
            }
            return
        }
        recordCaptures(of: initializer, in: "", local: false)
    }

    /// Each closure keeping `self` that the construction `expression` (under view modifiers) is handed, directly or
    /// through the constructions among its arguments: its path from the value in, the method when it is one handed
    /// by name, and where it is.
    private func captures(in expression: ExprSyntax, depth: Int) -> [([CaptureStep], String?, SourceLocation)] {
        let written = unwrapped(expression)
        let beneath = viewBeneathModifiers(written)
        guard let call = beneath.as(FunctionCallExprSyntax.self) else { return [] }
        let type = constructedTypeName(call)
        if type == nil {
            // `.init(…)`: the type comes from where the value is kept.
            guard let member = call.calledExpression.as(MemberAccessExprSyntax.self), member.base == nil,
                member.declName.baseName.tokenKind == .keyword(.`init`)
            else { return [] }
        }
        let labels = call.arguments.compactMap { $0.label?.text }
        var handed: [(label: String, value: ExprSyntax)] = call.arguments.map { ($0.label?.text ?? "_", $0.expression) }
        if let trailing = call.trailingClosure { handed.append(("{}", ExprSyntax(trailing))) }
        handed += call.additionalTrailingClosures.map { ($0.label.text, ExprSyntax($0.closure)) }
        var found: [([CaptureStep], String?, SourceLocation)] = []
        for (label, value) in handed {
            let step = CaptureStep(type: type, label: label, labels: labels, modified: beneath.id != written.id)
            if let closure = value.as(ClosureExprSyntax.self) {
                if Self.keepsSelf(closure) { found.append(([step], nil, location(of: closure))) }
            } else if let name = handedMethod(value) {
                found.append(([step], name, location(of: value)))
            } else if depth < Self.captureDepth {
                found += captures(in: value, depth: depth + 1).map { ([step] + $0.0, $0.1, $0.2) }
            }
        }
        return found
    }

    /// A method of `self` handed as a closure: `close(animated:)`, `self.close`, or a bare name the method does not
    /// bind (`close`), which may be the type's method (the style checks).
    private func handedMethod(_ value: ExprSyntax) -> String? {
        if let reference = value.as(DeclReferenceExprSyntax.self), case .identifier = reference.baseName.tokenKind {
            let name = reference.baseName.plainName
            guard reference.argumentNames != nil || !isLocal(name) else { return nil }
            return name.first?.isLowercase == true ? name : nil
        }
        if let member = value.as(MemberAccessExprSyntax.self),
            member.base?.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self)
        {
            return member.declName.baseName.plainName
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
