import FlowModel
import FoundationEssentials

/// A graph read from Swift code and its provenance as one JSON document (`flowlint extract --format json`,
/// docs/guide/extract.md): the spec's fields under the spec's keys, each fact with its
/// location and, when the reader inferred it, why. Keys are sorted, so the same graph gives the same bytes.
public enum GraphJSONEncoder {
    /// `schema` says which fields are written (the spec encoder's: `SpecSchema.coordinatorEncoding`, …).
    public static func encode(_ code: CodeGraph, schema: SpecSchema = .flowlint) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        // Plain structs of strings, numbers and booleans: encoding cannot fail.
        let data = try! encoder.encode(Document(code, schema: schema))
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    struct Document: Encodable {
        var version = 1
        var files: [String]
        var entry: Fact<String>?
        var coordinators: [CoordinatorJSON]
        var chains: [ChainJSON]
        var notes: [Located<Note>]

        init(_ code: CodeGraph, schema: SpecSchema) {
            let provenance = code.provenance
            files = code.graph.files
            entry = code.graph.entry.map { Fact($0, provenance.confidence(.entry)) }
            coordinators = code.graph.coordinators.map { CoordinatorJSON($0, provenance, schema: schema) }
            chains = code.graph.chains.map { ChainJSON($0, provenance) }
            notes = provenance.notes.map(Note.located)
        }
    }

    /// A coordinator: its `name` and `framework`, each field the spec would write under the spec's key (`holds` as a
    /// mapping of targets to facts; `initial` the first route, `initials` every one when there are several), and
    /// its `routes`.
    struct CoordinatorJSON: Encodable {
        var name: Fact<String>
        var framework: String?
        var fields: [String: RouteJSON.Field] = [:]
        var holds: [String: Fact<Scalar>]?
        var routes: [RouteJSON]

        init(_ coordinator: Coordinator, _ provenance: Provenance, schema: SpecSchema) {
            let name = coordinator.name
            self.name = Fact(name, at: coordinator.location, provenance.confidence(.coordinator(name)))
            framework = provenance.frameworks[name]?.rawValue
            for entry in schema.encodedCoordinatorFields {
                guard let value = entry.read(coordinator) else { continue }
                let field = entry.field
                func fact(_ value: SpecValue, item: String? = nil) -> Fact<Scalar> {
                    // `open` says how the code was read, not a fact read from it: never inferred.
                    let confidence = field == .open ? .certain : provenance.confidence(.coordinator(name, field, item: item))
                    return Fact(Scalar(value), at: value.location ?? coordinator.location, confidence)
                }
                guard case .list(let items) = value else {
                    fields[field.rawValue] = .one(fact(value))
                    continue
                }
                switch field {
                case .holds:
                    holds = Dictionary(items.map { ($0.key, fact(Self.word($0), item: $0.key)) }, uniquingKeysWith: { first, _ in first })
                case .initial:
                    if let first = items.first { fields["initial"] = .one(fact(first)) }
                    fields["initials"] = .many(items.map { fact($0, item: $0.key) })
                default:
                    fields[field.rawValue] = .many(items.map { fact($0, item: $0.key) })
                }
            }
            routes = coordinator.routes.map { RouteJSON($0, of: name, provenance, schema: schema) }
        }

        /// A hold's strength, where it was read.
        private static func word(_ pair: SpecValue) -> SpecValue {
            guard case .pair(_, let word, let location) = pair else { return pair }
            return .word(word, location)
        }

        private enum Key: CodingKey {
            case name, framework, holds, routes
            case field(String)

            var stringValue: String {
                switch self {
                case .name: "name"
                case .framework: "framework"
                case .holds: "holds"
                case .routes: "routes"
                case .field(let key): key
                }
            }

            init?(stringValue: String) { self = .field(stringValue) }
            var intValue: Int? { nil }
            init?(intValue: Int) { nil }
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Key.self)
            try container.encode(name, forKey: .name)
            try container.encodeIfPresent(framework, forKey: .framework)
            for (key, field) in fields { try container.encode(field, forKey: .field(key)) }
            try container.encodeIfPresent(holds, forKey: .holds)
            try container.encode(routes, forKey: .routes)
        }
    }

    /// A route: its `name`, and each field the spec would write under the spec's key, as a fact or a list of them.
    struct RouteJSON: Encodable {
        var fields: [String: Field] = [:]

        enum Field: Encodable {
            case one(Fact<Scalar>)
            case many([Fact<Scalar>])

            func encode(to encoder: any Encoder) throws {
                switch self {
                case .one(let fact): try fact.encode(to: encoder)
                case .many(let facts): try facts.encode(to: encoder)
                }
            }
        }

        init(_ route: Route, of coordinator: String, _ provenance: Provenance, schema: SpecSchema) {
            fields["name"] = .one(Fact(.string(route.name), at: route.location, provenance.confidence(.route(coordinator, route.name))))
            for entry in schema.encodedRouteFields {
                let field = entry.field
                guard let value = entry.read(route) else { continue }
                func fact(_ value: SpecValue, item: String? = nil) -> Fact<Scalar> {
                    Fact(
                        Scalar(value), at: value.location ?? route.location,
                        provenance.confidence(.route(coordinator, route.name, field, item: item)))
                }
                if case .list(let items) = value {
                    fields[field.rawValue] = .many(items.map { fact($0, item: $0.key) })
                } else {
                    fields[field.rawValue] = .one(fact(value))
                }
            }
        }

        func encode(to encoder: any Encoder) throws {
            try fields.encode(to: encoder)
        }
    }

    /// A fact's value: text, or a boolean (`dismissible`).
    enum Scalar: Encodable {
        case string(String)
        case bool(Bool)

        init(_ value: SpecValue) {
            switch value {
            case .word("true", _): self = .bool(true)
            case .word("false", _): self = .bool(false)
            case .name(let text, _), .word(let text, _), .text(let text, _): self = .string(text)
            case .parameter(let name, let type, _): self = .string(type.map { "\(name): \($0)" } ?? name)
            case .pair(let key, let word, _): self = .string("\(key): \(word)")
            case .list: self = .string("")
            }
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            switch self {
            case .string(let text): try container.encode(text)
            case .bool(let value): try container.encode(value)
            }
        }
    }

    struct ChainJSON: Encodable {
        var name: Fact<String>
        var from: Fact<String>?
        var at: String?
        var steps: [Fact<String>]

        init(_ chain: Chain, _ provenance: Provenance) {
            name = Fact(chain.name, at: chain.location, provenance.confidence(.chain(chain.name)))
            from = chain.from.map { Fact($0, provenance.confidence(.chain(chain.name, .from))) }
            at = chain.at?.value.rawValue
            steps = chain.steps.map { step in
                let text = step.action.target.map { "\(step.action.keyword): \($0)" } ?? step.action.keyword
                return Fact(text, at: step.location, .certain)
            }
        }
    }

    /// A note of the reader (`kind`, `message`, the `coordinator` it is about), at its `file`, `line` and `column`.
    struct Note: Encodable {
        var kind: String
        var message: String
        var coordinator: String?

        static func located(_ note: ExtractionNote) -> Located<Note> {
            Located(Note(kind: note.kind.rawValue, message: note.message, coordinator: note.coordinator), at: note.location)
        }
    }
}
