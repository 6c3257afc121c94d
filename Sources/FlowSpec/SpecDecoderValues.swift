import FlowModel

/// The values, mappings and findings of `SpecDecoder`: how one scalar, list or mapping is read, and how a finding
/// is worded and located.
extension SpecDecoder {
    // MARK: Values

    mutating func version(_ node: NodeID) -> Located<Int>? {
        guard tree.scalarType(node) == .number, let value = Int(tree.text(node)!) else {
            let quoted = tree.scalarType(node) == .string && Int(tree.text(node)!) != nil
            report(
                .schema, "`version` must be the number 1, found \(tree.describe(node))\(quoted ? "; write it without quotes" : "")",
                at: location(node))
            return nil
        }
        guard value == 1 else {
            report(.schema, "unsupported spec version \(value); this flowlint reads version 1", at: location(node))
            return nil
        }
        return Located(value, at: location(node))
    }

    /// A name: any scalar but null and booleans.
    mutating func name(_ node: NodeID, field: String, expecting: String) -> Located<String>? {
        switch tree.scalarType(node) {
        case .string, .number:
            return Located(tree.text(node)!, at: location(node))
        default:
            report(.schema, "`\(field)` must be \(expecting), found \(tree.describe(node))", at: location(node))
            return nil
        }
    }

    mutating func string(_ node: NodeID, field: String) -> Located<String>? {
        switch tree.scalarType(node) {
        case .string, .number, .bool:
            return Located(tree.text(node)!, at: location(node))
        default:
            report(.schema, "`\(field)` must be text, found \(tree.describe(node))", at: location(node))
            return nil
        }
    }

    mutating func bool(_ node: NodeID, field: String) -> Located<Bool>? {
        guard tree.scalarType(node) == .bool else {
            report(.schema, "`\(field)` must be true or false, found \(tree.describe(node))", at: location(node))
            return nil
        }
        return Located(tree.text(node)!.lowercased() == "true", at: location(node))
    }

    /// A value of `E`; `noun` names an unknown value when the field name does not (`holds.App`).
    mutating func enumeration<E: RawRepresentable & CaseIterable>(_ node: NodeID, field: String, noun: String? = nil, as type: E.Type)
        -> Located<E>? where E.RawValue == String
    {
        guard tree.scalarType(node) == .string, let text = tree.text(node) else {
            report(.schema, "`\(field)` must be one of \(list(E.self)), found \(tree.describe(node))", at: location(node))
            return nil
        }
        guard let value = E(rawValue: text) else {
            if let noun {
                reportUnknownValue(text, noun: noun, in: field, as: E.self, at: location(node))
            } else {
                reportUnknownValue(text, noun: field, as: E.self, at: location(node))
            }
            return nil
        }
        return Located(value, at: location(node))
    }

    /// A list of names; a null value is an empty list. A lone name gets a hint to bracket it.
    mutating func nameList(_ node: NodeID, field: String, expecting: String) -> [Located<String>]? {
        switch tree.kind(node) {
        case .sequence:
            return tree.items(node).compactMap { item in
                guard tree.scalarType(item) == .string || tree.scalarType(item) == .number else {
                    report(
                        .schema, "`\(field)` must be a list of \(expecting), but this item is \(tree.describe(item))", at: location(item))
                    return nil
                }
                return Located(tree.text(item)!, at: location(item))
            }
        case .scalar where tree.scalarType(node) == .null:
            return []
        case .scalar where tree.scalarType(node) == .bool:
            report(.schema, "`\(field)` must be a list of \(expecting), found \(tree.describe(node))", at: location(node))
            return nil
        case .scalar:
            report(
                .schema, "`\(field)` must be a list of \(expecting), found \(tree.describe(node)); write `\(field): [\(tree.text(node)!)]`",
                at: location(node))
            // The fix is plain, so the name is read as that list: what it names is checked, and not reported as missing.
            return [Located(tree.text(node)!, at: location(node))]
        case .mapping:
            report(.schema, "`\(field)` must be a list of \(expecting), found a mapping", at: location(node))
            return nil
        }
    }

    // MARK: Mappings

    /// The entries of a name → element mapping (coordinators, routes, chains), first definition kept.
    /// `owner` completes the duplicate message: `route `a` is defined twice<owner>`.
    struct NamedEntries {
        var entries: [(Located<String>, NodeID)] = []
        /// False when an element may be missing: the mapping or one of its keys could not be read.
        var complete = true
        /// Names defined more than once; only the first definition is kept.
        var repeated: [String] = []
        /// Entry index → fields of that element indented one level too little, which read as elements after it.
        var misindented: [Int: [(key: NodeID, value: NodeID)]] = [:]
    }

    /// `fields` are the field names of one element: a key among them after an element may be that element's field,
    /// indented one level too little (see `isMisindentedField`). It is reported once and read as a field.
    mutating func namedEntries(_ node: NodeID, field: String, element: String, owner: String, fields: [String] = []) -> NamedEntries {
        var result = NamedEntries()
        guard tree.kind(node) == .mapping else {
            if tree.scalarType(node) != .null {
                report(
                    .schema, "`\(field)` must be a mapping of \(element) names to \(element)s, found \(tree.describe(node))",
                    at: location(node))
                result.complete = false
            }
            return result
        }
        var seen: [String: NodeID] = [:]
        for (key, value) in tree.entries(node) {
            guard let name = keyName(key, in: field) else {
                result.complete = false
                continue
            }
            if let first = seen[name] {
                // The finding is about the element defined twice: name it as the finding's coordinator or route.
                let scope = (coordinatorName, routeName)
                if element == "coordinator" { coordinatorName = name } else if element == "route" { routeName = name }
                reportDuplicate(name, at: key, first: first, what: element, owner: owner)
                (coordinatorName, routeName) = scope
                result.repeated.append(name)
                continue
            }
            if let (previous, previousValue) = result.entries.last.map({ ($0.0.value, $0.1) }), fields.contains(name),
                isMisindentedField(
                    name, value: value, after: previousValue, fields: fields,
                    absorbing: result.misindented[result.entries.count - 1] != nil)
            {
                let scope = (coordinatorName, routeName)
                if element == "coordinator" { coordinatorName = previous } else { routeName = previous }
                report(
                    .schema,
                    "`\(name)` is indented as a \(element), but it is a field of \(element) `\(previous)`; indent it under `\(previous)`",
                    at: location(key))
                (coordinatorName, routeName) = scope
                result.misindented[result.entries.count - 1, default: []].append((key, value))
                continue
            }
            seen[name] = key
            result.entries.append((Located(name, at: location(key)), value))
        }
        return result
    }

    /// Whether `name: value`, written after an element whose value is `previous`, is that element's field indented one
    /// level too little: the value cannot be an element (not a mapping, or one without any field) and the previous
    /// element lacks that field — or fields of the previous, empty element already came this way. A valid spec never
    /// meets either condition, so a route or coordinator named like a field (a maps app's `route`) stays an element.
    func isMisindentedField(_ name: String, value: NodeID, after previous: NodeID, fields: [String], absorbing: Bool) -> Bool {
        let previousIsEmpty = tree.scalarType(previous) == .null
        if previousIsEmpty && absorbing { return true }
        let cannotBeElement =
            tree.kind(value) != .mapping
            || !tree.entries(value).contains { tree.text($0.key).map(fields.contains) ?? false }
        let previousLacksField =
            previousIsEmpty
            || (tree.kind(previous) == .mapping && !tree.entries(previous).contains { tree.text($0.key) == name })
        return cannotBeElement && previousLacksField
    }

    /// Reads the known fields of a mapping; reports unknown and repeated keys.
    /// `context` names the mapping in messages; it is only built when there is something to report.
    /// `adding` are more entries of the mapping, written after it at the wrong indentation.
    mutating func readFields<F: SpecField>(
        _ node: NodeID, as: F.Type, in context: @autoclosure () -> String,
        adding misindented: [(key: NodeID, value: NodeID)] = []
    ) -> Fields<F> {
        var fields = Fields<F>()
        var unknown: [String: NodeID] = [:]
        var misspelled: [(field: F, key: NodeID, value: NodeID)] = []
        let known = knownKeys(F.element)
        for (key, value) in misindented.isEmpty ? tree.entries(node) : tree.entries(node) + misindented {
            guard let text = keyName(key, in: context()) else { continue }
            if known.contains(text), let field = F(rawValue: text) {
                // A handful of known fields: a linear look-up beats hashing every key.
                if let first = fields.key(field) {
                    reportDuplicate(text, at: key, first: first, what: "field", owner: " in \(context())")
                    fields.repeated.append((field, key, value))
                    continue
                }
                fields.found.append((field, key, value))
            } else {
                guard checkDuplicate(text, key: key, seen: &unknown, what: "field", owner: " in \(context())") else { continue }
                let suggestion = Suggestion.closest(to: text, among: known).flatMap(F.init(rawValue:))
                report(.schema, "unknown field `\(text)` in \(context()); \(Self.fieldHint(suggestion, known: known))", at: location(key))
                if let suggestion { misspelled.append((suggestion, key, value)) }
            }
        }
        // A misspelled field is read as the field it resembles unless that is present too: reporting the
        // field as missing, or the routes it names as lacking a transition, would repeat the one mistake.
        for entry in misspelled where fields.key(entry.field) == nil {
            fields.found.append(entry)
        }
        return fields
    }

    static func fieldHint<F: SpecField>(_ suggestion: F?, known: [String]) -> String {
        suggestion.map { "did you mean `\($0.rawValue)`?" } ?? "known fields: \(known.joined(separator: ", "))"
    }

    /// Returns false (after reporting) when `name` was already a key of this mapping.
    mutating func checkDuplicate(_ name: String, key: NodeID, seen: inout [String: NodeID], what: String, owner: String) -> Bool {
        if let first = seen[name] {
            reportDuplicate(name, at: key, first: first, what: what, owner: owner)
            return false
        }
        seen[name] = key
        return true
    }

    mutating func reportDuplicate(_ name: String, at key: NodeID, first: NodeID, what: String, owner: String) {
        report(
            .duplicateKey, "\(what) `\(name)` is defined twice\(owner); the first definition is used, remove or rename this one",
            at: location(key), notes: [FindingNote("first defined here", at: location(first))])
    }

    mutating func keyName(_ key: NodeID, in context: @autoclosure () -> String) -> String? {
        guard tree.kind(key) == .scalar, tree.scalarType(key) != .null, let text = tree.text(key) else {
            report(.schema, "keys in \(context()) must be names, found \(tree.describe(key))", at: location(key))
            return nil
        }
        return text
    }

    mutating func expect(_ node: NodeID, is kind: YAMLTree.Kind, field: @autoclosure () -> String, expecting: String) -> Bool {
        guard tree.kind(node) != kind else { return true }
        report(.schema, "\(field()) must be \(expecting), found \(tree.describe(node))", at: location(node))
        return false
    }

    // MARK: Reporting

    func location(_ node: NodeID) -> SourceLocation {
        let (line, column) = tree.position(node)
        return SourceLocation(file: path, line: line, column: column)
    }

    func describeDestination(_ screen: Located<String>?) -> String {
        screen.map { "a route that shows the screen `\($0.value)`" } ?? "a route without a destination"
    }

    func describe(_ transition: Transition?) -> String {
        transition.map { "a `\($0.rawValue)` route" } ?? "a route without a transition"
    }

    func list<E: RawRepresentable & CaseIterable>(_ type: E.Type) -> String where E.RawValue == String {
        E.allCases.map(\.rawValue).joined(separator: ", ")
    }

    /// "unknown kind `tabb`; did you mean `tab`?", or "unknown exit `finnish` in `releaseOn`; …" when `field` is given.
    mutating func reportUnknownValue<E: RawRepresentable & CaseIterable>(
        _ text: String, noun: String, in field: String? = nil, as type: E.Type, at location: SourceLocation
    ) where E.RawValue == String {
        let names = E.allCases.map(\.rawValue)
        let hint =
            Suggestion.closest(to: text, among: names).map { "did you mean `\($0)`?" } ?? "expected one of \(names.joined(separator: ", "))"
        report(.schema, "unknown \(noun) `\(text)`\(field.map { " in `\($0)`" } ?? ""); \(hint)", at: location)
    }

    mutating func reportMisplaced(_ field: String, at key: NodeID, belongsTo owner: String, here: String) {
        report(.schema, "`\(field)` belongs only to \(owner), not to \(here); remove it", at: location(key))
    }

    func report(
        _ rule: RuleID, _ message: @autoclosure () -> String, at location: SourceLocation,
        notes: [FindingNote] = []
    ) {
        let (coordinator, route) = (coordinatorName, routeName)
        budget.add(rule, at: location) {
            Finding(
                rule: rule, severity: .error, message: message(), location: location,
                coordinator: coordinator, route: route, notes: notes)
        }
    }
}
