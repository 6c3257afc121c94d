import FlowModel
import FlowConfig

/// Every type of the project, from the one parse of every file: what the recognizers ask, never a file at a time.
///
/// A type is seen as the program sees it: its declaration, its extensions, and what it inherits — the methods and
/// properties of its superclasses and the default implementations of the protocols it conforms to (constrained
/// extensions included when the type meets `where Self: X`), each kept where it is written, so a route a base
/// class declares is cited at the base class's line. A member the type declares itself overrides an inherited one
/// of the same name.
struct ProjectIndex {
    /// Type name → the type with its extensions and everything it inherits (`inherited` holds every supertype,
    /// transitively, nearest first).
    private(set) var types: [String: TypeFacts] = [:]
    /// Type names in declaration order (file, line).
    private(set) var order: [String] = []
    /// Protocol or class → the classes, structs and actors that conform to it or inherit it, directly or not; the
    /// test doubles among them (`ItemModuleFactoryMock` in `AppTests/`) only when the app has no other.
    private(set) var implementations: [String: [String]] = [:]
    /// Every type some method constructs (`Foo(…)`): a class others inherit from is still made on its own.
    private(set) var constructed: Set<String> = []
    /// Method name → how many calls of that name the project makes (each written call once, inherited or not).
    private(set) var callCounts: [String: Int] = [:]
    /// Method name → the methods of that name in extensions of types the project does not declare (UIKit's own:
    /// `extension UIViewController { func makePresentationFullScreen() { modalPresentationStyle = .fullScreen } }`).
    private(set) var helpers: [String: [MethodFacts]] = [:]
    /// `typealias` name → the type it names.
    private(set) var aliases: [String: TypeName] = [:]
    /// `typealias` name → the parts of the composition it names (`Coordinator & RootViewControllerProvider`).
    private(set) var compositions: [String: [TypeName]] = [:]
    /// Types of a test target or named as doubles (`isTestDouble`), asked once each, and types made only in branches UI
    /// tests take.
    private(set) var testDoubles: Set<String> = []
    /// What the index could not take in: a second type of a name already declared.
    private(set) var notes: [ExtractionNote] = []
    /// The arms of `if`s only UI tests run (`FileFacts.testOnlyArms`), of every file.
    private(set) var testOnlyArms: Set<IfArm> = []
    /// The folders named `…Test` or `…Tests` that hold test code (a file that imports a test framework or
    /// `@testable`), each up to its `/`, and the files of test code themselves: a test target, where a feature folder
    /// that is only so named (`HearingTests/`) is the app's.
    private(set) var testFolders: Set<Substring> = []
    private(set) var testFiles: Set<String> = []

    /// Where the method's calls (constructions among them) sit in an arm only UI tests run.
    func testOnlyLocations(in method: MethodFacts) -> Set<SourceLocation> {
        guard !testOnlyArms.isEmpty else { return [] }
        return Set(method.calls.filter { $0.ifArm.map(testOnlyArms.contains) == true }.map(\.location))
    }

    /// The type, extensions merged, before anything inherited is added.
    private var declared: [String: TypeFacts] = [:]
    /// Protocol → its extensions with `where Self: …` requirements, applied to conformers that meet them.
    private var constrained: [String: [TypeFacts]] = [:]

    init(files: [FileFacts], isCoordinatorDeclaration: (TypeFacts) -> Bool) {
        var extensions: [TypeFacts] = []
        let typeCount = files.reduce(0) { $0 + $1.types.count }
        declared.reserveCapacity(typeCount)
        types.reserveCapacity(typeCount)
        order.reserveCapacity(typeCount)
        // The files' call counts are added up on another core while the types are taken in here.
        (callCounts, _) = Parallel.both({ Self.callCounts(in: files) }, { takeIn(files, &extensions, isCoordinatorDeclaration) })
        finish(extensions)
    }

    /// Method name → calls of that name, over all files.
    private static func callCounts(in files: [FileFacts]) -> [String: Int] {
        var counts: [String: Int] = [:]
        for file in files { counts.merge(file.callCounts, uniquingKeysWith: +) }
        return counts
    }

    /// Every file's aliases and declarations, in file order; extensions are kept aside for `finish`.
    private mutating func takeIn(_ files: [FileFacts], _ extensions: inout [TypeFacts], _ isCoordinatorDeclaration: (TypeFacts) -> Bool) {
        for file in files {
            testOnlyArms.formUnion(file.testOnlyArms)
            if file.isTestCode {
                testFiles.insert(file.path)
                testFolders.formUnion(Self.testNamedFolders(in: file.path))
            }
            for alias in file.aliases where aliases[alias.name] == nil {
                aliases[alias.name] = alias.type
                if !alias.parts.isEmpty { compositions[alias.name] = alias.parts }
            }
            for type in file.types {
                if type.keyword == .extension {
                    extensions.append(type)
                } else if let first = declared[type.name] {
                    // Two modules (or two platforms) may each declare it: types are keyed by name, so the second is
                    // not read, and a coordinator among them says so.
                    if isCoordinatorDeclaration(type) {
                        let at = "\(first.location.file):\(first.location.line)"
                        notes.append(
                            ExtractionNote(
                                .unrecognized,
                                "a second type named `\(type.name)` (the first is at \(at)): the reader keys types by name, so this one is "
                                    + "not read; rename one, or extract one module at a time",
                                at: type.location, coordinator: type.name))
                    }
                } else {
                    var type = type
                    // A protocol's requirements have no body: what conformers run comes from them or an extension.
                    if type.keyword == .protocol { type.methods.removeAll { !$0.hasBody } }
                    declared[type.name] = type
                    order.append(type.name)
                }
            }
        }
    }

    /// Extensions merged into their types, aliases followed, inheritance flattened, and what is made and implemented.
    private mutating func finish(_ extensions: [TypeFacts]) {
        for facts in extensions {
            guard var type = declared[facts.name] else {
                for method in facts.methods { helpers[method.name, default: []].append(method) }
                continue
            }
            if !facts.constraints.isEmpty, type.keyword == .protocol {
                constrained[facts.name, default: []].append(facts)
                continue
            }
            type.inherited += facts.inherited
            type.cases += facts.cases
            type.properties += facts.properties
            type.methods += facts.methods
            declared[facts.name] = type
        }
        if !aliases.isEmpty {
            for name in order where declared[name]?.inherited.contains(where: { aliases[$0.base] != nil }) == true {
                let inherited = declared[name]?.inherited.flatMap(supertypes) ?? []
                declared[name]?.inherited = inherited
            }
        }
        var visiting: Set<String> = []
        for name in order { _ = flattened(name, visiting: &visiting) }
        // Types made only in branches UI tests take (a stubbed root coordinator): test doubles, as a test target's are.
        var madeForTests: Set<String> = []
        var madeForUsers: Set<String> = []
        for name in order {
            guard let type = types[name] else { continue }
            // Read in place: this runs over every method of every type, and a copy of each would retain all its facts.
            for at in type.methods.indices where !type.methods[at].constructed.isEmpty {
                for made in type.methods[at].constructed { constructed.insert(made.value) }
                guard !testOnlyArms.isEmpty else { continue }
                let testOnly = testOnlyLocations(in: type.methods[at])
                for made in type.methods[at].constructed {
                    if testOnly.contains(made.location) { madeForTests.insert(made.value) } else { madeForUsers.insert(made.value) }
                }
            }
            guard type.keyword == .class || type.keyword == .struct || type.keyword == .actor else { continue }
            // A subclass of an implementation is reached through it: `P` → `A`, not `A` and every subclass of `A`.
            let superclass = type.inherited.first.flatMap { types[$0.base]?.keyword == .class ? types[$0.base] : nil }
            for supertype in type.inherited where superclass?.inherited.contains(where: { $0.base == supertype.base }) != true {
                implementations[supertype.base, default: []].append(name)
            }
        }
        // The app's own implementations come first: a test double is one only when the app has none.
        testDoubles = Set(order.filter { types[$0].map(isTestDouble) ?? false }).union(madeForTests.subtracting(madeForUsers))
        guard !testDoubles.isEmpty else { return }
        for (name, all) in implementations {
            let app = all.filter { !testDoubles.contains($0) }
            if !app.isEmpty, app.count < all.count { implementations[name] = app }
        }
    }

    /// The name an alias stands for (`typealias AppRouter = UnownedRouter<AppRoute>`), followed a few steps.
    func resolved(_ name: TypeName) -> TypeName {
        var current = name
        for _ in 0..<8 {
            guard let next = aliases[current.base], next.base != current.base else { break }
            current = next
        }
        return current
    }

    /// A declared type as `concreteTypes` takes it: an alias followed, except one that names a composition
    /// (`typealias Module = AuthModule & TabModule`), which `concreteTypes` reads part by part.
    func declared(_ name: TypeName) -> TypeName {
        compositions[name.base] != nil ? name : resolved(name)
    }

    /// A declared supertype as the program sees it: an alias followed, and a composition
    /// (`class SendCoordinator: RootCoordinator`, `typealias RootCoordinator = Coordinator & Provider`) as each part.
    private func supertypes(_ name: TypeName) -> [TypeName] {
        guard let parts = compositions[name.base] else { return [resolved(name)] }
        return parts.map(resolved)
    }

    /// The type with what it inherits, computed once per type; a cycle (`class A: B`, `class B: A`) stops at the
    /// type already being computed.
    private mutating func flattened(_ name: String, visiting: inout Set<String>) -> TypeFacts? {
        if let done = types[name] { return done }
        guard var type = declared[name], visiting.insert(name).inserted else { return declared[name] }
        defer { visiting.remove(name) }
        // Most types (screens, models) inherit nothing the project declares: they are as written.
        if type.inherited.allSatisfy({ declared[$0.base] == nil && constrained[$0.base] == nil }),
            type.inherited.indices.allSatisfy({ at in
                type.inherited[at].base != name && !type.inherited[..<at].contains { $0.base == type.inherited[at].base }
            })
        {
            types[name] = type
            return type
        }
        var supertypes: [TypeName] = []
        var seen: Set<String> = [name]
        var methodNames = Set(type.methods.map(\.name))
        var propertyNames = Set(type.properties.map(\.name))
        func inherit(_ members: TypeFacts) {
            for method in members.methods where !methodNames.contains(method.name) { type.methods.append(method) }
            methodNames.formUnion(members.methods.map(\.name))
            for property in members.properties where !propertyNames.contains(property.name) { type.properties.append(property) }
            propertyNames.formUnion(members.properties.map(\.name))
        }
        // Superclass first (its chain is already flat), then the protocols, each with its own supertypes.
        for direct in type.inherited where seen.insert(direct.base).inserted {
            supertypes.append(direct)
            guard let supertype = flattened(direct.base, visiting: &visiting) else { continue }
            if type.keyword != .protocol || supertype.keyword == .protocol { inherit(supertype) }
            for further in supertype.inherited where seen.insert(further.base).inserted { supertypes.append(further) }
        }
        type.inherited = supertypes
        // `extension P where Self: X`: its members apply when the type is, or inherits, every X.
        let meets = Set(supertypes.map(\.base) + [name])
        for supertype in supertypes {
            for facts in constrained[supertype.base] ?? [] where facts.constraints.allSatisfy(meets.contains) {
                inherit(facts)
            }
        }
        types[name] = type
        return type
    }

    /// The type and the app's classes it inherits from, nearest first: a flattened type lists its superclass chain first.
    /// (Their methods, read each on its own, include a base's overloads that a subclass's method of the same name hides
    /// in the flattened type.)
    func classLineage(of type: TypeFacts) -> [TypeFacts] {
        [type] + type.inherited.lazy.map(\.base).compactMap { types[$0] }.prefix { $0.keyword == .class }
    }

    /// Whether the type inherits from or conforms to one of `roots`, directly or through the app's own types.
    func conforms(_ type: TypeFacts, toAnyOf roots: Set<String>) -> Bool {
        type.inherited.contains { roots.contains($0.base) }
    }

    /// The classes and structs a declared type can be: itself, every implementation of a protocol, or what
    /// implements every part of a composition (`typealias Module = AuthModule & TabModule`).
    func concreteTypes(_ name: String) -> [String] {
        if let parts = compositions[name] {
            var common: [String]?
            for part in parts.prefix(16) {
                let each = types[resolved(part).base].map { $0.keyword == .protocol ? implementations[$0.name] ?? [] : [$0.name] } ?? []
                common = common.map { sofar in sofar.filter(each.contains) } ?? each
            }
            return common ?? []
        }
        guard let type = types[name] else { return [] }
        return type.keyword == .protocol ? implementations[name] ?? [] : [name]
    }

    /// The one class or struct a chain of properties leads to from `type` (`dependencyContainer.factories.screens`):
    /// each step is the property's concrete type, or `nil` when a step is not a property or may be several types.
    func typeBehind<Path: Collection<String>>(_ path: Path, from type: TypeFacts) -> TypeFacts? {
        var current = type
        for step in path {
            guard let property = current.properties.first(where: { $0.name == step }), let held = heldType(property, in: current) else {
                return nil
            }
            current = held
        }
        return current
    }

    /// The class or struct a property of `owner` holds: what its initializer constructs (`let screens = ScreenFactory()`),
    /// else its declared type (an alias followed), a protocol as its one implementation or as the one `owner`'s `init`
    /// assigns (`viewControllerBuilder = ViewControllerBuilder()`); `nil` when that is more than one or unknown.
    func heldType(_ property: PropertyFacts, in owner: TypeFacts) -> TypeFacts? {
        if case .construct(let name, nil)? = property.initializer, let made = types[name], made.keyword != .protocol { return made }
        guard let declared = property.type.map(resolved)?.base, types[declared] != nil else { return nil }
        let candidates = concreteTypes(declared)
        if candidates.count == 1 { return types[candidates[0]] }
        var assigned: Set<String> = []
        for initializer in owner.methods where initializer.name == "init" {
            for call in initializer.calls where call.name == "=" && plainReceiver(call.receiver) == property.name {
                guard case .construct(let name, _)? = call.arguments.first?.value, candidates.contains(name) else { return nil }
                assigned.insert(name)
            }
        }
        return assigned.count == 1 ? assigned.first.flatMap { types[$0] } : nil
    }

    /// A type of a test target (a file of test code, or below a folder named `…Tests` that holds some), or named as
    /// a double (`…Mock`, `…Stub`, `…Fake`, `…Spy`), or in a folder named `…Mocks`.
    func isTestDouble(_ type: TypeFacts) -> Bool {
        if ["Mock", "Stub", "Fake", "Spy", "Dummy"].contains(where: { type.name.hasSuffix($0) }) { return true }
        let file = type.location.file
        if Self.testNamedFolders(in: file, suffixes: ["Mocks"]).first != nil || testFiles.contains(file) { return true }
        return isInTestFolder(file)
    }

    /// Whether the file is below a folder named `…Test` or `…Tests` that holds test code.
    func isInTestFolder(_ file: String) -> Bool {
        !testFolders.isEmpty && Self.testNamedFolders(in: file).contains(where: testFolders.contains)
    }

    /// The path up to and including each folder whose name ends with one of `suffixes` (`App/UnitTests/`), the file's
    /// own name aside.
    static func testNamedFolders(in path: String, suffixes: [String] = ["Test", "Tests"]) -> [Substring] {
        var found: [Substring] = []
        var start = path.startIndex
        while let slash = path[start...].firstIndex(of: "/") {
            let folder = path[start..<slash]
            if suffixes.contains(where: { folder.hasSuffix($0) }) { found.append(path[...slash]) }
            start = path.index(after: slash)
        }
        return found
    }
}
