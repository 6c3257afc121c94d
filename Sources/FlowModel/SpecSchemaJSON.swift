/// schema/flowlint.schema.json (what editors check specs with, through yaml-language-server), generated from
/// `SpecSchema`: each element's properties, required keys and placement rules come from the table; the shared
/// definitions (names, text, steps, parameters) and the rules that are no placement (one destination, `releaseOn`
/// only with `retain: parent`, no `dismissible: true` full screen, `tabs` required on tab coordinators) are written here.
extension SpecSchema {
    /// The JSON Schema, as `json.dumps(indent=2, ensure_ascii=False)` writes it, with a final newline.
    public var jsonSchema: String {
        JSONSchemaValue.object(
            [
                ("$schema", "http://json-schema.org/draft-07/schema#"),
                (
                    "$comment",
                    .string(
                        "flowlint flow spec, version 1 (docs/spec.md). Generated from SpecSchema (Sources/FlowModel/SpecSchemaTable.swift) "
                            + "and checked against the loader by Tests/EndToEndTests/SchemaTests.swift. Editors: put "
                            + "`# yaml-language-server: $schema=<path or URL of this file>` at the top of a *.flow.yml.")
                ),
                ("title", "flowlint flow spec"),
                (
                    "description",
                    "Coordinators, their routes and transitions, and routing chains of an iOS app (flowlint spec format, version 1)."
                ),
            ] + Self.element(file, rules: []) + [
                (
                    "definitions",
                    .object([
                        (
                            "name",
                            .object([
                                ("description", "A name: text or a number (not null, not true/false)."),
                                ("type", .array(["string", "number"])),
                            ])
                        ),
                        ("text", .object([("type", .array(["string", "number", "boolean"]))])),
                        ("names", Self.list(of: "name", "A list of names, such as [login, Auth.done]; empty when left blank.")),
                        ("ruleIDs", Self.list(of: "name", "Rule ids silenced here, such as [unreachable-route].")),
                        ("coordinator", .object(Self.element(coordinator, rules: coordinatorRules))),
                        ("route", .object(Self.element(route, rules: routeRules))),
                        ("params", Self.parameters),
                        ("chain", .object(Self.element(chain, rules: []))),
                        ("step", stepDefinition),
                    ])
                )
            ]
        ).text(indent: 0) + "\n"
    }

    /// `type`, `additionalProperties`, `required` and `properties` of an element, then its rules.
    private static func element<F: SpecField, Model>(_ entries: [SpecFieldEntry<F, Model>], rules: [JSONSchemaValue]) -> [(
        String, JSONSchemaValue
    )] {
        var members: [(String, JSONSchemaValue)] = [("type", "object"), ("additionalProperties", false)]
        let required = entries.filter { $0.required == "yes" }.map { JSONSchemaValue.string($0.field.rawValue) }
        if !required.isEmpty { members.append(("required", .array(required))) }
        members.append(("properties", .object(entries.map { ($0.field.rawValue, property($0)) })))
        if !rules.isEmpty { members.append(("allOf", .array(rules))) }
        return members
    }

    private static func property<F: SpecField, Model>(_ entry: SpecFieldEntry<F, Model>) -> JSONSchemaValue {
        let description: [(String, JSONSchemaValue)] = entry.summary.map { [("description", .string($0))] } ?? []
        func reference(_ name: String) -> (String, JSONSchemaValue) { ("$ref", .string("#/definitions/\(name)")) }
        let value: [(String, JSONSchemaValue)] =
            switch entry.kind {
            case .version: [("const", 1)]
            case .name: [reference("name")]
            case .names: [reference("names")]
            case .text: [reference("text")]
            case .ruleIDs: [reference("ruleIDs")]
            case .parameters: [reference("params")]
            case .bool: [("type", "boolean")]
            case .word(let words): [("enum", .array(words.map(JSONSchemaValue.string)))]
            case .words(let words):
                [("type", .array(["array", "null"])), ("items", .object([("enum", .array(words.map(JSONSchemaValue.string)))]))]
            case .nameOrNames(let emptyList):
                [
                    (
                        "anyOf",
                        .array([
                            .object([reference("name")]),
                            emptyList
                                ? .object([reference("names")])
                                : .object([("type", "array"), ("minItems", 1), ("items", .object([reference("name")]))]),
                        ])
                    )
                ]
            case .holds:
                [("type", "object"), ("additionalProperties", .object([("enum", .array(entry.kind.words.map(JSONSchemaValue.string)))]))]
            case .steps: [("type", "array"), ("items", .object([reference("step")]))]
            case .elements(let element):
                [("type", .array(["object", "null"])), ("additionalProperties", .object([reference(element.rawValue)]))]
            case .defaults:
                [
                    ("type", .array(["object", "null"])), ("additionalProperties", false),
                    ("properties", .object(SpecSchema.flowlint.defaults.map { ($0.field.rawValue, property($0)) })),
                ]
            }
        return .object(description + value)
    }

    /// `if` the coordinator's kind is one of a field's kinds, or else the field may not be given; a tab coordinator
    /// must have `tabs`.
    private var coordinatorRules: [JSONSchemaValue] {
        var rules: [JSONSchemaValue] = [
            .object([("if", Self.given("kind", is: ["tab"])), ("then", .object([("required", .array(["tabs"]))]))])
        ]
        for entry in coordinator {
            guard case .kinds(let kinds) = entry.placement else { continue }
            rules.append(
                .object([
                    ("if", Self.given("kind", is: kinds.map(\.rawValue))),
                    ("else", Self.forbidden([entry.field.rawValue])),
                ]))
        }
        return rules
    }

    /// One route destination; each placement (transitions, child routes) as one rule; no `releaseOn` unless kept by
    /// the parent; no swipe-dismissible full screen.
    private var routeRules: [JSONSchemaValue] {
        var rules: [JSONSchemaValue] = [
            .object([("if", .object([("required", .array(["screen"]))])), ("then", Self.forbidden(["coordinator"]))])
        ]
        var groups: [(transitions: [String], fields: [String])] = []
        for entry in route {
            guard case .transitions(let transitions) = entry.placement else { continue }
            let words = transitions.map(\.rawValue)
            if let index = groups.firstIndex(where: { $0.transitions == words }) {
                groups[index].fields.append(entry.field.rawValue)
            } else {
                groups.append((words, [entry.field.rawValue]))
            }
        }
        for group in groups {
            let other: JSONSchemaValue =
                group.transitions.count == 1
                ? .object([("const", .string(group.transitions[0]))])
                : .object([("enum", .array(group.transitions.map(JSONSchemaValue.string)))])
            rules.append(
                .object([
                    (
                        "if",
                        .object([
                            ("required", .array(["transition"])), ("properties", .object([("transition", .object([("not", other)]))])),
                        ])
                    ),
                    ("then", Self.forbidden(group.fields)),
                ]))
        }
        let childFields = route.filter { $0.placement == .childRoutes }.map(\.field.rawValue)
        if !childFields.isEmpty {
            rules.append(
                .object([
                    ("if", .object([("required", .array(["coordinator"])), ("not", .object([("required", .array(["screen"]))]))])),
                    ("else", Self.forbidden(childFields)),
                ]))
        }
        rules.append(.object([("if", Self.given("retain", isNot: "parent")), ("then", Self.forbidden(["releaseOn"]))]))
        let fullScreen = PresentationStyle.allCases.filter(\.isFullScreen).map(\.rawValue)
        rules.append(
            .object([
                ("if", Self.given("style", is: fullScreen)),
                ("then", .object([("properties", .object([("dismissible", .object([("const", false)]))]))])),
            ]))
        return rules
    }

    /// `key` is given and one of `values`.
    private static func given(_ key: String, is values: [String]) -> JSONSchemaValue {
        let test: JSONSchemaValue =
            values.count == 1 ? .object([("const", .string(values[0]))]) : .object([("enum", .array(values.map(JSONSchemaValue.string)))])
        return .object([("required", .array([.string(key)])), ("properties", .object([(key, test)]))])
    }

    private static func given(_ key: String, isNot value: String) -> JSONSchemaValue {
        .object([
            ("required", .array([.string(key)])),
            ("properties", .object([(key, .object([("not", .object([("const", .string(value))]))]))])),
        ])
    }

    private static func forbidden(_ keys: [String]) -> JSONSchemaValue {
        .object([("properties", .object(keys.map { ($0, false) }))])
    }

    private static func list(of item: String, _ description: String) -> JSONSchemaValue {
        .object([
            ("description", .string(description)), ("type", .array(["array", "null"])),
            ("items", .object([("$ref", .string("#/definitions/\(item)"))])),
        ])
    }

    private static var parameters: JSONSchemaValue {
        let scalar: JSONSchemaValue = .object([("type", .array(["string", "number", "boolean", "null"]))])
        return .object([
            ("description", "Documentation of the route's parameters: [id: String], [id] or {id: String}."),
            ("type", .array(["array", "object", "null"])), ("additionalProperties", scalar),
            (
                "items",
                .object([
                    ("description", "`name: Type` or `name`."), ("type", .array(["string", "number", "boolean", "object"])),
                    ("minProperties", 1), ("maxProperties", 1), ("additionalProperties", scalar),
                ])
            ),
        ])
    }

    private var stepDefinition: JSONSchemaValue {
        let targets: [(String, String)] = [
            ("route", "Shows this route (`name` or `Coordinator.name`)."), ("select", "Selects this tab."),
            ("popTo", "Pops back to this route."),
        ]
        return .object([
            ("description", "`route: name`, `select: tab`, `popTo: name`, or one of pop, popToRoot, dismiss, dismissToRoot."),
            ("if", .object([("type", "string")])),
            ("then", .object([("enum", .array(ChainAction.bareKeywords.map(JSONSchemaValue.string)))])),
            (
                "else",
                .object([
                    ("type", "object"), ("minProperties", 1), ("maxProperties", 1), ("additionalProperties", false),
                    (
                        "properties",
                        .object(targets.map { ($0.0, .object([("description", .string($0.1)), ("$ref", "#/definitions/name")])) })
                    ),
                ])
            ),
        ])
    }
}

/// A JSON value whose objects keep their members' order, written as Python's `json.dumps(indent=2, ensure_ascii=False)`.
indirect enum JSONSchemaValue: ExpressibleByStringLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral {
    case string(String)
    case bool(Bool)
    case number(Int)
    case array([JSONSchemaValue])
    case object([(String, JSONSchemaValue)])

    init(stringLiteral value: String) { self = .string(value) }
    init(booleanLiteral value: Bool) { self = .bool(value) }
    init(integerLiteral value: Int) { self = .number(value) }

    func text(indent: Int) -> String {
        let inner = String(repeating: " ", count: indent + 2)
        let outer = String(repeating: " ", count: indent)
        switch self {
        case .string(let text): return Self.quoted(text)
        case .bool(let value): return value ? "true" : "false"
        case .number(let value): return "\(value)"
        case .array(let items):
            guard !items.isEmpty else { return "[]" }
            return "[\n" + items.map { inner + $0.text(indent: indent + 2) }.joined(separator: ",\n") + "\n\(outer)]"
        case .object(let members):
            guard !members.isEmpty else { return "{}" }
            return "{\n" + members.map { inner + Self.quoted($0.0) + ": " + $0.1.text(indent: indent + 2) }.joined(separator: ",\n")
                + "\n\(outer)}"
        }
    }

    static func quoted(_ text: String) -> String {
        Escaping.doubleQuoted(text, escapes) { $0.value < 0x20 ? "\\u" + Escaping.hex($0.value, digits: 4) : nil }
    }

    private static let escapes: Escaping.Table = ["\n": "\\n", "\t": "\\t", "\r": "\\r"]
}
