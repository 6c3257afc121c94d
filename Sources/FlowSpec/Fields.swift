import FlowModel

/// The fields found in one mapping, with the nodes of their keys and values.
struct Fields<Field: SpecField> {
    var found: [(field: Field, key: YAMLTree.NodeID, value: YAMLTree.NodeID)] = []
    /// Fields given again after the first, which alone is read.
    var repeated: [(field: Field, key: YAMLTree.NodeID, value: YAMLTree.NodeID)] = []

    func isRepeated(_ field: Field) -> Bool {
        repeated.contains { $0.field == field }
    }

    subscript(field: Field) -> YAMLTree.NodeID? {
        found.first { $0.field == field }?.value
    }

    func key(_ field: Field) -> YAMLTree.NodeID? {
        found.first { $0.field == field }?.key
    }
}
