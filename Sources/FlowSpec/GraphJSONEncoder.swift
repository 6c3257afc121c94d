import FlowModel
import FoundationEssentials

/// A graph read from Swift code and its provenance as one JSON document (`flowlint extract --format json`,
/// docs/guide/extract.md): the spec's fields under the spec's keys, each fact with its
/// location and, when the reader inferred it, why. Keys are sorted, so the same graph gives the same bytes.
public enum GraphJSONEncoder {
    public static func encode(_ code: CodeGraph) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        // Plain structs of strings, numbers and booleans: encoding cannot fail.
        let data = try! encoder.encode(Document(code))
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    struct Document: Encodable {
        var version = 1
        var files: [String]
        var entry: Fact<String>?
        var coordinators: [CoordinatorJSON]
        var chains: [ChainJSON]
        var notes: [Note]

        init(_ code: CodeGraph) {
            let provenance = code.provenance
            files = code.graph.files
            entry = code.graph.entry.map { Fact($0, provenance.confidence(.entry)) }
            coordinators = code.graph.coordinators.map { CoordinatorJSON($0, provenance) }
            chains = code.graph.chains.map { ChainJSON($0, provenance) }
            notes = provenance.notes.map(Note.init)
        }
    }

    /// One fact: its value, where it was read, and why when it was inferred (absent when certain).
    struct Fact<Value: Encodable>: Encodable {
        var value: Value
        var file: String
        var line: Int
        var column: Int
        var inferred: String?

        init(_ located: Located<Value>, _ confidence: Confidence) {
            self.init(located.value, at: located.location, confidence)
        }

        init(_ value: Value, at location: SourceLocation, _ confidence: Confidence) {
            self.value = value
            file = location.file
            line = location.line
            column = location.column
            inferred = confidence.reason
        }
    }

    struct CoordinatorJSON: Encodable {
        var name: Fact<String>
        var framework: String?
        var kind: Fact<String>?
        var stack: Fact<String>?
        var initial: Fact<String>?
        /// Every `initial` route when `start()` picks one of several; `initial` is the first.
        var initials: [Fact<String>]?
        var tabs: [Fact<String>]?
        var holds: [String: Fact<String>]?
        var open: Fact<Bool>?
        var triggers: [Fact<String>]?
        var mayStart: [Fact<String>]?
        var routes: [RouteJSON]

        init(_ coordinator: Coordinator, _ provenance: Provenance) {
            let name = coordinator.name
            func fact<Value>(_ located: Located<Value>?, _ field: CoordinatorField, item: String? = nil) -> Fact<String>? {
                located.map { Fact("\($0.value)", at: $0.location, provenance.confidence(.coordinator(name, field, item: item))) }
            }
            self.name = Fact(name, at: coordinator.location, provenance.confidence(.coordinator(name)))
            framework = provenance.frameworks[name]?.rawValue
            kind = fact(coordinator.kind.map { Located($0.value.rawValue, at: $0.location) }, .kind)
            stack = fact(coordinator.stack.map { Located($0.value.rawValue, at: $0.location) }, .stack)
            initial = fact(coordinator.initial, .initial)
            tabs = coordinator.tabs?.compactMap { fact($0, .tabs, item: $0.value) }
            holds = coordinator.holds.isEmpty ? nil : Dictionary(coordinator.holds.map { hold in
                (hold.target, fact(Located(hold.strength.value.rawValue, at: hold.strength.location), .holds, item: hold.target)!)
            }, uniquingKeysWith: { first, _ in first })
            open = coordinator.open.map { Fact($0, .certain) }
            if coordinator.initials.count > 1 { initials = coordinator.initials.compactMap { fact($0, .initial, item: $0.value) } }
            func facts(_ field: CoordinatorField) -> [Fact<String>]? {
                guard case .list(let items)? = coordinator.specValue(field) else { return nil }
                return items.map { Fact($0.key, at: $0.location ?? coordinator.location, provenance.confidence(.coordinator(name, field, item: $0.key))) }
            }
            triggers = facts(.triggers)
            mayStart = facts(.mayStart)
            routes = coordinator.routes.map { RouteJSON($0, of: name, provenance) }
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

        init(_ route: Route, of coordinator: String, _ provenance: Provenance) {
            fields["name"] = .one(Fact(.string(route.name), at: route.location, provenance.confidence(.route(coordinator, route.name))))
            for field in SpecSchema.flowlint.routeEncoding {
                guard let value = route.specValue(field) else { continue }
                func fact(_ value: SpecValue, item: String? = nil) -> Fact<Scalar> {
                    Fact(Scalar(value), at: value.location ?? route.location, provenance.confidence(.route(coordinator, route.name, field, item: item)))
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

    struct Note: Encodable {
        var kind: String
        var message: String
        var file: String
        var line: Int
        var column: Int
        var coordinator: String?

        init(_ note: ExtractionNote) {
            kind = note.kind.rawValue
            message = note.message
            file = note.location.file
            line = note.location.line
            column = note.location.column
            coordinator = note.coordinator
        }
    }
}
