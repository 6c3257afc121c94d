import FoundationEssentials

/// Writes a diagram as JSON: its clusters, nodes and edges as drawn, for tools that draw their own.
public enum JSONGraphWriter {
    public static func write(_ diagram: Diagram) -> String {
        let encoder = JSONEncoder()
        // Sorted keys: Foundation on Linux does not keep declaration order.
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        // Encoding plain structs of strings, numbers and booleans cannot fail.
        let data = try! encoder.encode(diagram)
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}
