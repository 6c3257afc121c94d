import FlowModel
import Testing
@testable import FlowSpec

/// `SpecSchema` is the one list of spec fields (issue 41): every key of every element has its entry, and the loader
/// knows a key, and where it is allowed, only from the table.
@Suite struct SpecSchemaTests {
    static let schema = SpecSchema.flowlint

    /// Every field in one spec, each where the table allows it.
    static let everyField = """
        version: 1
        entry: App
        description: the app
        defaults:
          retain: parent
          releaseOn: [back]
        coordinators:
          App:
            kind: navigation
            initial: home
            stack: own
            holds: {App: weak}
            ignore: [unreachable-route]
            description: the root
            type: AppFlow
            open: true
            triggers: [home]
            mayStart: [Tabs]
            routes:
              home:
                screen: HomeScreen
                triggers: [child, back]
                params: [id: String]
                ignore: [unreachable-route]
                description: the first screen
                open: true
              child:
                transition: present
                coordinator: Tabs
                style: sheet
                dismissible: true
                detents: [medium, large]
                retain: parent
                releaseOn: [finish]
                then: [home]
                stack: own
              other:
                transition: push
                coordinator: Tabs
              back:
                transition: popTo
                route: home
          Tabs:
            kind: tab
            initial: one
            tabs: [one]
            routes:
              one:
                screen: OneScreen
              go:
                transition: select
                tab: one
        chains:
          link:
            url: "app://home"
            from: App
            at: launch
            steps:
              - route: child
            ignore: [unreachable-route]
            description: a link
        """

    @Test func everyKeyOfEveryElementHasOneEntry() {
        #expect(Set(Self.schema.file.map(\.field.rawValue)) == Set(TopLevelField.allCases.map(\.rawValue)))
        #expect(Set(Self.schema.defaults.map(\.field.rawValue)) == Set(DefaultsField.allCases.map(\.rawValue)))
        #expect(Set(Self.schema.coordinator.map(\.field.rawValue)) == Set(CoordinatorField.allCases.map(\.rawValue)))
        #expect(Set(Self.schema.route.map(\.field.rawValue)) == Set(RouteField.allCases.map(\.rawValue)))
        #expect(Set(Self.schema.chain.map(\.field.rawValue)) == Set(ChainField.allCases.map(\.rawValue)))
        for keys in [
            Self.schema.file.map(\.field.rawValue), Self.schema.coordinator.map(\.field.rawValue),
            Self.schema.route.map(\.field.rawValue), Self.schema.chain.map(\.field.rawValue),
        ] {
            #expect(Set(keys).count == keys.count, "a field with two entries: \(keys)")
        }
    }

    @Test func theSpecWithEveryFieldLoadsCleanly() {
        let spec = DecodedSpec(Self.everyField)
        #expect(spec.findings.isEmpty)
    }

    /// No dead entries on the loader's side: each entry's value reaches the model (or, for `defaults`, the routes
    /// that leave the field out), so a key the loader accepts is never dropped unread.
    @Test func theLoaderReadsEveryEntryIntoTheModel() throws {
        let file = DecodedSpec(Self.everyField).file
        for entry in Self.schema.file where entry.field != .defaults && entry.field != .description {
            #expect(entry.read(file) != nil, "top-level `\(entry.field.rawValue)` is not read")
        }
        for entry in Self.schema.coordinator {
            #expect(file.coordinators.contains { entry.read($0) != nil }, "coordinator field `\(entry.field.rawValue)` is not read")
        }
        let routes = file.coordinators.flatMap(\.routes)
        for entry in Self.schema.route {
            #expect(routes.contains { entry.read($0) != nil }, "route field `\(entry.field.rawValue)` is not read")
        }
        for entry in Self.schema.chain {
            #expect(file.chains.contains { entry.read($0) != nil }, "chain field `\(entry.field.rawValue)` is not read")
        }
        // `defaults:` reaches the child route that leaves both fields out.
        let other = try #require(file.coordinators.first?.route(named: "other"))
        for entry in Self.schema.defaults {
            #expect(entry.read(other) != nil, "`defaults.\(entry.field.rawValue)` is not read")
        }
        #expect(other.releaseOn?.value.map(\.value) == [.back])
    }

    /// A key whose entry is taken out of the table is an unknown field: the loader knows fields only from it.
    @Test func aFieldWithoutItsEntryIsAnUnknownField() {
        func check<F: SpecField>(_ fields: [F], in context: String) {
            for field in fields {
                let findings = DecodedSpec(Self.everyField, schema: Self.schema.removing(field)).findings
                #expect(
                    findings.contains { $0.contains("schema unknown field `\(field.rawValue)` in \(context)") },
                    "`\(field.rawValue)` is still read without its entry: \(findings)")
            }
        }
        check(TopLevelField.allCases.filter { $0 != .version }, in: "the top level")
        check(DefaultsField.allCases, in: "`defaults`")
        check(CoordinatorField.allCases, in: "coordinator `")
        check(RouteField.allCases, in: "route `")
        check(ChainField.allCases, in: "chain `link`")
    }

    /// Placement is read from the table: the same spec loads or not as the entry says.
    @Test func placementFollowsTheTable() {
        let spec = """
            version: 1
            coordinators:
              App:
                kind: view
                initial: home
                stack: own
                routes:
                  home:
                    screen: Home
                  next:
                    transition: setRoot
                    screen: Next
                    style: fullScreen
                    retain: parent
            """
        #expect(
            DecodedSpec(spec).findings == [
                "6:5 schema `stack` belongs only to `navigation` coordinators, not to a view coordinator; remove it",
                "13:9 schema `style` belongs only to `present` routes, not to a `setRoot` route; remove it",
                "14:9 schema `retain` belongs only to routes that start a child `coordinator`, not to a route that shows the screen `Next`; remove it",
            ])
        var anywhere = Self.schema
        for index in anywhere.route.indices { anywhere.route[index].placement = .anywhere }
        for index in anywhere.coordinator.indices { anywhere.coordinator[index].placement = .anywhere }
        let loaded = DecodedSpec(spec, schema: anywhere)
        #expect(loaded.findings.isEmpty)
        #expect(loaded.coordinator("App")?.route(named: "next")?.style?.value == .fullScreen)
        #expect(loaded.coordinator("App")?.stack?.value == .own)
    }

    /// The loader's hint lists the fields the table knows, in the order of the keys' enumeration.
    @Test func theUnknownFieldHintListsTheTable() {
        let spec = "version: 1\ncoordinators:\n  App:\n    kind: view\n    initial: a\n    routes: {a: {screen: A}}\n    zzzzzzzz: 1\n"
        let all = DecodedSpec(spec).findings.first { $0.contains("unknown field") }
        #expect(
            all?.hasSuffix("known fields: kind, initial, tabs, stack, holds, routes, ignore, description, type, open, triggers, mayStart")
                == true)
        let fewer = DecodedSpec(spec, schema: Self.schema.removing(CoordinatorField.holds)).findings.first { $0.contains("unknown field") }
        #expect(
            fewer?.hasSuffix("known fields: kind, initial, tabs, stack, routes, ignore, description, type, open, triggers, mayStart")
                == true)
    }
}
