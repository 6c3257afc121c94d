import FlowModel
import SwiftSyntax

// What one Swift file says, before any style is recognized: its types with their members, and every
// call, assignment and binding in their bodies with where it sits (switch case, closure). The
// recognizers read only these located facts; one pass per project turns them into the model.

/// A type declaration (or an extension, merged into its type later). Passes copy types and their methods and calls
/// often, so each keeps its fields in a shared box (one reference to copy), copied only when a copy is changed.
struct TypeFacts: Sendable {
    enum Keyword: String, Sendable { case `class`, `struct`, `enum`, `protocol`, `extension`, `actor` }

    struct Fields: Sendable {
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

    private var shared: SharedFields<Fields>

    init(
        name: String, keyword: Keyword, inherited: [TypeName] = [], constraints: [String] = [], location: SourceLocation,
        cases: [CaseFacts] = [], properties: [PropertyFacts] = [], methods: [MethodFacts] = []
    ) {
        shared = SharedFields(
            Fields(
                name: name, keyword: keyword, inherited: inherited, constraints: constraints, location: location, cases: cases,
                properties: properties, methods: methods))
    }

    var name: String {
        get { shared.fields.name }
        _modify { yield &shared.fields.name }
    }
    var keyword: Keyword {
        get { shared.fields.keyword }
        _modify { yield &shared.fields.keyword }
    }
    var inherited: [TypeName] {
        get { shared.fields.inherited }
        _modify { yield &shared.fields.inherited }
    }
    var constraints: [String] {
        get { shared.fields.constraints }
        _modify { yield &shared.fields.constraints }
    }
    var location: SourceLocation {
        get { shared.fields.location }
        _modify { yield &shared.fields.location }
    }
    var cases: [CaseFacts] {
        get { shared.fields.cases }
        _modify { yield &shared.fields.cases }
    }
    var properties: [PropertyFacts] {
        get { shared.fields.properties }
        _modify { yield &shared.fields.properties }
    }
    var methods: [MethodFacts] {
        get { shared.fields.methods }
        _modify { yield &shared.fields.methods }
    }
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
    struct Fields: Sendable {
        var name: String
        var type: TypeName?
        /// `Root`, `Route` (Stinsen property wrappers), or another attribute name.
        var attributes: [AttributeFacts] = []
        var strength: HoldStrength = .strong
        var initializer: ExpressionFacts?
        var location: SourceLocation
    }

    private var shared: SharedFields<Fields>

    init(
        name: String, type: TypeName? = nil, attributes: [AttributeFacts] = [], strength: HoldStrength = .strong,
        initializer: ExpressionFacts? = nil, location: SourceLocation
    ) {
        shared = SharedFields(
            Fields(name: name, type: type, attributes: attributes, strength: strength, initializer: initializer, location: location))
    }

    var name: String {
        get { shared.fields.name }
        _modify { yield &shared.fields.name }
    }
    var type: TypeName? {
        get { shared.fields.type }
        _modify { yield &shared.fields.type }
    }
    var attributes: [AttributeFacts] {
        get { shared.fields.attributes }
        _modify { yield &shared.fields.attributes }
    }
    var strength: HoldStrength {
        get { shared.fields.strength }
        _modify { yield &shared.fields.strength }
    }
    var initializer: ExpressionFacts? {
        get { shared.fields.initializer }
        _modify { yield &shared.fields.initializer }
    }
    var location: SourceLocation {
        get { shared.fields.location }
        _modify { yield &shared.fields.location }
    }
}

struct AttributeFacts: Sendable {
    var name: String
    /// The arguments as written, e.g. `.push`, `tabItem: makeTab`.
    var arguments: [String]
}

struct MethodFacts: Sendable {
    struct Fields: Sendable {
        var name: String
        var location: SourceLocation
        /// `false` for a protocol's requirement: a default comes from an extension, an implementation from a conformer.
        var hasBody = true
        var parameters: [ParameterFacts] = []
        var returnType: TypeName?
        var calls: [CallFacts] = []
        /// Local name → every `let`/`var` of that name in the body, in order (switch cases rebind names).
        var bindings: [String: [Located<ExpressionFacts>]] = [:]
        var returns: [ExpressionFacts] = []
        /// Every type constructed in the body (`Foo(...)`), in order.
        var constructed: [Located<String>] = []
        /// The first argument label of the parameters (`fungibleToken` of `show(fungibleToken token: Token)`,
        /// `shouldConnectFor` of `provider(_:shouldConnectFor:)`), `nil` when every one is `_`: what tells overloads apart.
        var firstLabel: String?
        /// The protocols the extension that declares the method conforms the type to (`extension Flow: ParentCoordinator`),
        /// empty for a method of the type's own declaration: what may call it besides the app.
        var conformances: [String] = []
        /// What the values made here are handed, and where they go (`Handoff`): for `holds`.
        var handoffs: [Handoff] = []
        /// The `if`s that test one name (`if animated`, `if !animated`), by where they are: that name, `!` first when
        /// negated. What picks an arm when a caller hands the method a literal.
        var flags: [SourceLocation: String] = [:]
    }

    private var shared: SharedFields<Fields>

    init(
        name: String, location: SourceLocation, hasBody: Bool = true, parameters: [ParameterFacts] = [], returnType: TypeName? = nil,
        calls: [CallFacts] = [], bindings: [String: [Located<ExpressionFacts>]] = [:], returns: [ExpressionFacts] = [],
        constructed: [Located<String>] = [], firstLabel: String? = nil, conformances: [String] = []
    ) {
        shared = SharedFields(
            Fields(
                name: name, location: location, hasBody: hasBody, parameters: parameters, returnType: returnType, calls: calls,
                bindings: bindings, returns: returns, constructed: constructed, firstLabel: firstLabel, conformances: conformances))
    }

    var name: String {
        get { shared.fields.name }
        _modify { yield &shared.fields.name }
    }
    var location: SourceLocation {
        get { shared.fields.location }
        _modify { yield &shared.fields.location }
    }
    var hasBody: Bool {
        get { shared.fields.hasBody }
        _modify { yield &shared.fields.hasBody }
    }
    var parameters: [ParameterFacts] {
        get { shared.fields.parameters }
        _modify { yield &shared.fields.parameters }
    }
    var returnType: TypeName? {
        get { shared.fields.returnType }
        _modify { yield &shared.fields.returnType }
    }
    var calls: [CallFacts] {
        get { shared.fields.calls }
        _modify { yield &shared.fields.calls }
    }
    var bindings: [String: [Located<ExpressionFacts>]] {
        get { shared.fields.bindings }
        _modify { yield &shared.fields.bindings }
    }
    var returns: [ExpressionFacts] {
        get { shared.fields.returns }
        _modify { yield &shared.fields.returns }
    }
    var constructed: [Located<String>] {
        get { shared.fields.constructed }
        _modify { yield &shared.fields.constructed }
    }
    var firstLabel: String? {
        get { shared.fields.firstLabel }
        _modify { yield &shared.fields.firstLabel }
    }
    var conformances: [String] {
        get { shared.fields.conformances }
        _modify { yield &shared.fields.conformances }
    }
    var handoffs: [Handoff] {
        get { shared.fields.handoffs }
        _modify { yield &shared.fields.handoffs }
    }
    var flags: [SourceLocation: String] {
        get { shared.fields.flags }
        _modify { yield &shared.fields.flags }
    }

    /// The first local name (in name order) bound to a new `type`: `let tokens = TokensCoordinator(…)` → `tokens`.
    func variable(constructing type: String) -> String? {
        bindings.keys.sorted().first { bindings[$0]?.contains { $0.value.constructedType == type } == true }
    }

    /// What an initializer hands `super.init(…)`: each argument with its label.
    var superInitArguments: [(label: String?, value: ExpressionFacts)] {
        calls.filter { $0.name == "init" && $0.receiver == "super" }.flatMap(\.arguments)
    }

    /// The binding of `name` in effect at `location`: the last one before it.
    func binding(_ name: String, before location: SourceLocation) -> ExpressionFacts? {
        bindings[name]?.last { $0.location < location }?.value ?? bindings[name]?.first?.value
    }
}

/// Something handed to a value that may keep it, and where the value goes:
/// `let shelf = ShelfHost(rootView: ShelfView { self.close() })` hands a closure keeping `self` to `ShelfView`, itself
/// handed to `ShelfHost`, kept in the local `shelf`.
struct Handoff: Sendable {
    /// Where the value goes: a local name, a place assigned (`self.host`), or `""` for the value the method (or the
    /// property whose body this is) returns.
    var place: String
    var placeIsLocal: Bool
    /// The constructions (and makers) from the value in: each one and the argument the next is handed as.
    var path: [CaptureStep]
    var handed: Handed
    var location: SourceLocation
}

/// What a value is handed, as far as keeping it matters.
enum Handed: Sendable, Hashable {
    /// A closure that keeps `self` alive: it names `self` with no `[weak self]`, or takes `[self]`.
    case closure
    /// A method of `self` handed by name (`close(animated:)`, `self.close`, or a bare name the method does not bind).
    case method(String)
    /// A parameter of the method, or a local it binds.
    case parameter(String)
    case local(String)
}

/// One step on a handoff's way: a construction (its type, `nil` for `.init(…)`) or a method that makes the value
/// (`builder.makeShelf(…)`: its receiver and name); the argument (`{}` for the first trailing closure), the labels
/// written beside it, and whether view modifiers wrap it.
struct CaptureStep: Sendable, Hashable {
    var type: String?
    var maker: String? = nil
    var receiver: String? = nil
    var label: String
    var labels: [String]
    var modified: Bool
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

    /// The case a value names: `.recipe(model)`, `Stall.produce`, `.push`.
    var caseName: String? {
        switch self {
        case .member(let name, _): name
        case .qualified(_, let member, _): member
        case .other(let text) where text.hasPrefix(".") && text.dropFirst().allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }):
            String(text.dropFirst())
        default: nil
        }
    }

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
    struct Fields: Sendable {
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
        /// The `switch` case is the outer of the two when both are set (`case .receive: if … else …`).
        var caseOutside = false
        /// The receiver starts from a local name or a parameter of the method (`tabs.append(x)` on a `var tabs` of its
        /// own), not from storage the type owns.
        var onLocal = false
        /// The enclosing closures, innermost first: their argument label, the called function of a
        /// trailing closure, or the property a closure is assigned to (`finishFlow`).
        var closures: [String] = []
        /// The event whose handler the call runs in: the innermost enclosing closure given to a call that names an
        /// event (`machine.on(.begin) { … }`, `stateMachine.addRoutes(event: .signOut, …) { … }`).
        var handles: EventHandler?
        /// How many of `closures` (innermost first) are inside the handler's own closure.
        var handlerDepth = 0
        /// Where the innermost enclosing closure of the method starts (nil outside closures): with `givenClosures`, what
        /// tells which of several calls of one name (chained modifiers) a closure's calls belong to.
        var closureAt: SourceLocation? = nil
        /// Where the closures the call is given start (its trailing closures and closure arguments), in source order.
        var givenClosures: [SourceLocation] = []
    }

    private var shared: SharedFields<Fields>

    init(
        receiver: String? = nil, name: String, arguments: [(label: String?, value: ExpressionFacts)], location: SourceLocation,
        switchCase: [String]? = nil, ifArm: IfArm? = nil, caseOutside: Bool = false, onLocal: Bool = false, closures: [String] = [],
        handles: EventHandler? = nil, handlerDepth: Int = 0, closureAt: SourceLocation? = nil, givenClosures: [SourceLocation] = []
    ) {
        shared = SharedFields(
            Fields(
                receiver: receiver, name: name, arguments: arguments, location: location, switchCase: switchCase, ifArm: ifArm,
                caseOutside: caseOutside, onLocal: onLocal, closures: closures, handles: handles, handlerDepth: handlerDepth,
                closureAt: closureAt, givenClosures: givenClosures))
    }

    var receiver: String? {
        get { shared.fields.receiver }
        _modify { yield &shared.fields.receiver }
    }
    var name: String {
        get { shared.fields.name }
        _modify { yield &shared.fields.name }
    }
    var arguments: [(label: String?, value: ExpressionFacts)] {
        get { shared.fields.arguments }
        _modify { yield &shared.fields.arguments }
    }
    var location: SourceLocation {
        get { shared.fields.location }
        _modify { yield &shared.fields.location }
    }
    var switchCase: [String]? {
        get { shared.fields.switchCase }
        _modify { yield &shared.fields.switchCase }
    }
    var ifArm: IfArm? {
        get { shared.fields.ifArm }
        _modify { yield &shared.fields.ifArm }
    }
    var caseOutside: Bool {
        get { shared.fields.caseOutside }
        _modify { yield &shared.fields.caseOutside }
    }
    var onLocal: Bool {
        get { shared.fields.onLocal }
        _modify { yield &shared.fields.onLocal }
    }
    var closures: [String] {
        get { shared.fields.closures }
        _modify { yield &shared.fields.closures }
    }
    var handles: EventHandler? {
        get { shared.fields.handles }
        _modify { yield &shared.fields.handles }
    }
    var handlerDepth: Int {
        get { shared.fields.handlerDepth }
        _modify { yield &shared.fields.handlerDepth }
    }
    var closureAt: SourceLocation? {
        get { shared.fields.closureAt }
        _modify { yield &shared.fields.closureAt }
    }
    var givenClosures: [SourceLocation] {
        get { shared.fields.givenClosures }
        _modify { yield &shared.fields.givenClosures }
    }
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
    /// The file imports a test framework or imports a module `@testable`: it belongs to a test target.
    var isTestCode = false
}

/// flowlint's location (SwiftSyntax has a type of the same name).
typealias SourceLocation = FlowModel.SourceLocation

/// Fields kept in a box that copies share, copied only when a copy is changed: passes copy facts often, and a copy of
/// the facts is then one reference.
struct SharedFields<Fields: Sendable>: Sendable {
    private final class Box: @unchecked Sendable {
        /// Changed only through `fields`' `_modify`, when no other copy shares the box: no access to check at run time.
        @exclusivity(unchecked) var fields: Fields
        init(_ fields: Fields) { self.fields = fields }
    }

    private var box: Box

    init(_ fields: Fields) { box = Box(fields) }

    /// Read in place; for a change, the box is copied first when another copy shares it.
    var fields: Fields {
        @inline(__always) _read { yield box.fields }
        @inline(__always) _modify {
            if !isKnownUniquelyReferenced(&box) { box = Box(box.fields) }
            yield &box.fields
        }
    }
}
