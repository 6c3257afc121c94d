import FlowModel

/// Every fact of a graph as sorted lines, without locations: two graphs with the same facts give the same lines.
/// What decode(encode(g)) == g compares, in the round-trip test and in the fuzz target (docs/fuzzing.md): the fields
/// the encoder writes (`SpecSchema`'s encoding orders), each as its entry writes it, so a field the encoder gains is
/// compared with it.
public enum GraphSignature {
    public static func lines(_ graph: FlowGraph, schema: SpecSchema = .flowlint) -> [String] {
        var lines = ["entry \(graph.entry?.value ?? "-")"]
        for coordinator in graph.coordinators {
            let c = "coordinator \(coordinator.name)"
            lines.append(c + fields(schema.encodedCoordinatorFields, of: coordinator))
            for route in coordinator.routes {
                lines.append("\(c) route \(route.name):" + fields(schema.encodedRouteFields, of: route))
            }
        }
        for chain in graph.chains {
            lines.append("chain \(chain.name)" + fields(schema.encodedChainFields, of: chain))
        }
        return lines.sorted()
    }

    /// ` key=value` for each field, `-` where it is not set.
    private static func fields<F: SpecField, Model>(_ entries: [SpecFieldEntry<F, Model>], of model: Model) -> String {
        entries.map { " \($0.field.rawValue)=\($0.written(model).map(text) ?? "-")" }.joined()
    }

    private static func text(_ value: SpecValue) -> String {
        switch value {
        case .name(let text, _): "name \(text)"
        case .word(let text, _): "word \(text)"
        case .text(let text, _): "text \(text)"
        case .parameter(let name, let type, _): "\(name):\(type ?? "-")"
        case .pair(let key, let word, _): "\(key)=\(word)"
        case .list(let items): "[" + items.map(text).joined(separator: ", ") + "]"
        }
    }
}
