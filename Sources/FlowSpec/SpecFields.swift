/// The fields each element of a spec may have (DESIGN §1). Unknown keys get a did-you-mean.
protocol SpecField: RawRepresentable, CaseIterable, Equatable where RawValue == String {}

enum TopLevelField: String, SpecField {
    case version, entry, defaults, coordinators, chains, description
}

/// `defaults:` — values for the child routes of the file that leave the field out.
enum DefaultsField: String, SpecField {
    case retain, releaseOn
}

enum CoordinatorField: String, SpecField {
    case kind, initial, tabs, stack, holds, routes, ignore, description, type
}

enum RouteField: String, SpecField {
    case transition, screen, coordinator, triggers, route, tab, style, dismissible
    case retain, releaseOn, params, ignore, description
}

enum ChainField: String, SpecField {
    case url, from, steps, ignore, description
}

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
