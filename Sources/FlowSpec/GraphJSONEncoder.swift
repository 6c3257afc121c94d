import FlowModel
import FoundationEssentials

/// A graph read from Swift code and its provenance as one JSON document (`flowlint extract --format json`,
/// README: Extracting specs from Swift code): the spec's fields under the spec's keys, each fact with its
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
        var tabs: [Fact<String>]?
        var holds: [String: Fact<String>]?
        var open: Fact<Bool>?
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
            routes = coordinator.routes.map { RouteJSON($0, of: name, provenance) }
        }
    }

    struct RouteJSON: Encodable {
        var name: Fact<String>
        var transition: Fact<String>?
        var screen: Fact<String>?
        var coordinator: Fact<String>?
        var route: Fact<String>?
        var tab: Fact<String>?
        var style: Fact<String>?
        var dismissible: Fact<Bool>?
        var retain: Fact<String>?
        var releaseOn: [Fact<String>]?
        var triggers: [Fact<String>]?
        var params: [Fact<String>]?

        init(_ route: Route, of coordinator: String, _ provenance: Provenance) {
            func confidence(_ field: RouteField, _ item: String? = nil) -> Confidence {
                provenance.confidence(.route(coordinator, route.name, field, item: item))
            }
            func fact<Value: RawRepresentable>(_ located: Located<Value>?, _ field: RouteField) -> Fact<String>? where Value.RawValue == String {
                located.map { Fact($0.value.rawValue, at: $0.location, confidence(field)) }
            }
            name = Fact(route.name, at: route.location, provenance.confidence(.route(coordinator, route.name)))
            transition = fact(route.transition, .transition)
            if let destination = route.destination {
                let fact = Fact(destination.value.name, at: destination.location, confidence(destination.value.field))
                if destination.value.coordinatorName == nil { screen = fact } else { self.coordinator = fact }
            }
            self.route = route.target.map { Fact($0.text, at: $0.location, confidence(.route)) }
            tab = route.tab.map { Fact($0, confidence(.tab)) }
            style = fact(route.style, .style)
            dismissible = route.dismissible.map { Fact($0, confidence(.dismissible)) }
            retain = fact(route.retain, .retain)
            releaseOn = route.releaseOn.map { exits in
                exits.value.map { Fact($0.value.rawValue, at: $0.location, confidence(.releaseOn, $0.value.rawValue)) }
            }
            triggers = route.triggers.isEmpty ? nil : route.triggers.map { Fact($0.text, at: $0.location, confidence(.triggers, $0.text)) }
            params = route.params.isEmpty ? nil : route.params.map { parameter in
                let text = parameter.type.map { "\(parameter.name): \($0)" } ?? parameter.name
                return Fact(text, at: parameter.location, confidence(.params, parameter.name))
            }
        }
    }

    struct ChainJSON: Encodable {
        var name: Fact<String>
        var from: Fact<String>?
        var steps: [Fact<String>]

        init(_ chain: Chain, _ provenance: Provenance) {
            name = Fact(chain.name, at: chain.location, provenance.confidence(.chain(chain.name)))
            from = chain.from.map { Fact($0, provenance.confidence(.chain(chain.name, .from))) }
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
