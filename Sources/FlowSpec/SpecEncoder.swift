import FlowModel

/// A graph → spec text (DESIGN §1 format), the loader's inverse: one spec per source file that declares
/// coordinators, every element with a comment naming the line it was read from, inferred ones marked
/// `# inferred: why` (from the provenance), the reader's notes listed as comments. The same graph gives the
/// same bytes, and loading the text gives the graph back (locations aside).
public enum SpecEncoder {
    public struct SpecText: Equatable, Sendable {
        /// The source file the spec describes.
        public var source: String
        public var text: String
    }

    /// One spec per source file with coordinators, in file order. Without `comments`, the text has no comment:
    /// only the graph, which two graphs with the same facts in other places share (the round trip's check).
    /// `schema` says which fields are written, and in which order (`SpecSchema.coordinatorEncoding`, …).
    public static func specs(for code: CodeGraph, comments: Bool = true, schema: SpecSchema = .flowlint) -> [SpecText] {
        let graph = code.graph
        var byFile: [String: [Coordinator]] = [:]
        for coordinator in graph.coordinators { byFile[coordinator.location.file, default: []].append(coordinator) }
        let chainsByFile = Dictionary(grouping: graph.chains) { chain in
            chain.from.flatMap { graph.coordinator(named: $0.value)?.location.file } ?? chain.location.file
        }
        let notes = code.provenance.notes
        let notesByFile = Dictionary(grouping: notes) { $0.location.file }
        let notesByCoordinator = Dictionary(grouping: notes.filter { $0.coordinator != nil }) { $0.coordinator! }
        // One spec per Swift file, written side by side: each reads the graph and writes only its own text.
        let files = byFile.keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        // The table's entries in encoding order, looked up once per run rather than for every route.
        let (coordinatorFields, routeFields) = (schema.encodedCoordinatorFields, schema.encodedRouteFields)
        return Parallel.map(files) { file in
            let coordinators = byFile[file]!.sorted { $0.location < $1.location }
            let names = Set(coordinators.map(\.name))
            let entry = graph.entry.flatMap { names.contains($0.value) ? $0 : nil }
            let fileNotes =
                (notesByFile[file] ?? []) + names.sorted().flatMap { notesByCoordinator[$0] ?? [] }.filter { $0.location.file != file }
            var writer = Writer(
                provenance: code.provenance, schema: schema, coordinatorFields: coordinatorFields, routeFields: routeFields,
                out: YAMLOut(comments: comments))
            writer.write(file: file, entry: entry, coordinators, chainsByFile[file] ?? [], fileNotes)
            return SpecText(source: file, text: writer.out.text)
        }
    }

    private struct Writer {
        let provenance: Provenance
        let schema: SpecSchema
        /// `schema.encodedCoordinatorFields` and `schema.encodedRouteFields`.
        let coordinatorFields: [SpecFieldEntry<CoordinatorField, Coordinator>]
        let routeFields: [SpecFieldEntry<RouteField, Route>]
        var out: YAMLOut

        mutating func write(
            file: String, entry: Located<String>?, _ coordinators: [Coordinator], _ chains: [Chain], _ notes: [ExtractionNote]
        ) {
            out.line(0, "# Extracted by `flowlint extract` from \(file). Edit the code, or this file, then keep them in step.")
            for note in notes.sorted() {
                out.line(0, "# note: \(note.kind.rawValue): \(note.location.file):\(note.location.line): \(note.message)")
            }
            out.line(0, "version: 1")
            if let entry { field(0, "entry", scalar(entry.value), entry, .entry) }
            out.line(0, "")
            out.line(0, "coordinators:")
            for (index, coordinator) in coordinators.enumerated() {
                if index > 0 { out.line(0, "") }
                write(coordinator)
            }
            if !chains.isEmpty {
                out.line(0, "")
                out.line(0, "chains:")
                for chain in chains.sorted(by: { $0.location < $1.location }) { write(chain) }
            }
        }

        private mutating func write(_ coordinator: Coordinator) {
            let name = coordinator.name
            out.line(2, "\(scalar(name)):", comment: comment(coordinator.location, provenance.confidence(.coordinator(name))))
            for entry in coordinatorFields {
                guard let value = entry.written(coordinator) else { continue }
                let field = entry.field
                if field == .open, case .word(let open, _) = value {
                    // Its comment says what it means rather than where it was read.
                    out.line(
                        4, "open: \(open)",
                        comment: open == "true" ? "not every navigation site of \(name) was read: routes may be missing" : nil)
                    continue
                }
                write(field.rawValue, value, at: 4, location: coordinator.location) { .coordinator(name, field, item: $0) }
            }
            out.line(4, "routes:")
            for route in coordinator.routes { write(route, of: name) }
        }

        private mutating func write(_ route: Route, of coordinator: String) {
            out.line(6, "\(scalar(route.name)):", comment: comment(route.location, provenance.confidence(.route(coordinator, route.name))))
            for entry in routeFields {
                guard let value = entry.written(route) else { continue }
                let field = entry.field
                let note = field == .releaseOn ? "no release of this child found in the code" : nil
                write(field.rawValue, value, at: 8, location: route.location, emptyNote: note) {
                    .route(coordinator, route.name, field, item: $0)
                }
            }
        }

        /// `key: value`, or `key:` and the list's items below it (a pair as `key: word`), each with its comment;
        /// an empty list as `key: []`. `path(item)` names each fact for its provenance.
        private mutating func write(
            _ key: String, _ value: SpecValue, at indent: Int, location: SourceLocation, emptyNote: String? = nil,
            path: (String?) -> FactPath
        ) {
            guard case .list(let items) = value else {
                field(indent, key, text(value), value.location ?? location, path(nil))
                return
            }
            // `releaseOn`'s own reason (an exit it leaves out, and why) goes on its key.
            let reason = key == RouteField.releaseOn.rawValue ? provenance.inferred[path(nil)] : nil
            guard !items.isEmpty else {
                out.line(indent, "\(key): []", comment: reason.map { "inferred: \($0)" } ?? emptyNote)
                return
            }
            out.line(indent, "\(key):", comment: reason.map { "inferred: \($0)" })
            for item in items {
                if case .pair(let itemKey, let word, let itemLocation) = item {
                    field(indent + 2, scalar(itemKey), word, itemLocation, path(itemKey))
                } else {
                    self.item(indent + 2, text(item), item.location ?? location, path(item.key))
                }
            }
        }

        private func text(_ value: SpecValue) -> String {
            switch value {
            case .name(let name, _): scalar(name)
            case .word(let word, _): word
            case .text(let text, _): SpecEncoder.quoted(text)
            case .parameter(let name, let type, _): scalar(name) + (type.map { ": \(SpecEncoder.quoted($0))" } ?? "")
            case .pair(let key, let word, _): "\(scalar(key)): \(word)"
            case .list(let items): "[" + items.map(text).joined(separator: ", ") + "]"
            }
        }

        private mutating func write(_ chain: Chain) {
            out.line(2, "\(scalar(chain.name)):", comment: comment(chain.location, provenance.confidence(.chain(chain.name))))
            for field in schema.chainEncoding {
                switch field {
                case .from: if let from = chain.from { out.line(4, "from: \(scalar(from.value))") }
                case .at: if let at = chain.at { out.line(4, "at: \(at.value.rawValue)") }
                case .steps:
                    out.line(4, "steps:")
                    for step in chain.steps {
                        let text = step.action.target.map { "\(step.action.keyword): \(scalar($0))" } ?? step.action.keyword
                        out.line(6, "- \(text)", comment: comment(step.location, .certain))
                    }
                case .url, .ignore, .description: break  // not read from code
                }
            }
        }

        private mutating func field<Value>(_ indent: Int, _ key: String, _ value: String, _ fact: Located<Value>, _ path: FactPath) {
            field(indent, key, value, fact.location, path)
        }

        private mutating func field(_ indent: Int, _ key: String, _ value: String, _ location: SourceLocation, _ path: FactPath) {
            out.line(indent, "\(key): \(value)", comment: comment(location, provenance.confidence(path)))
        }

        private mutating func item(_ indent: Int, _ value: String, _ location: SourceLocation, _ path: FactPath) {
            out.line(indent, "- \(value)", comment: comment(location, provenance.confidence(path)))
        }

        private func comment(_ location: SourceLocation, _ confidence: Confidence) -> String {
            SpecEncoder.comment(location, confidence)
        }

        private func scalar(_ text: String) -> String { SpecEncoder.scalar(text) }
    }

    static func comment(_ location: SourceLocation, _ confidence: Confidence) -> String {
        let at = "\(location.file):\(location.line)"
        if let why = confidence.reason { return "inferred: \(why) (\(at))" }
        return at
    }

    /// Comment text on one line: runs of whitespace and control characters (newlines, tabs, NEL, U+2028) become one
    /// space, U+FFFE and U+FFFF are written as `\u{FFFF}`, and more than 300 characters end in `…`.
    /// A comment that spilled onto the next line would break the YAML.
    static func oneLine(_ text: String) -> String {
        // Written for every element: printable ASCII of a fitting length (nearly every comment) is returned as it is.
        if text.utf8.count <= 300, text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return text }
        var out = ""
        var space = false
        for scalar in text.unicodeScalars {
            if scalar.properties.isWhitespace || scalar.properties.generalCategory == .control {
                space = !out.isEmpty
                continue
            }
            if space { out += " " }
            space = false
            if scalar.value == 0xFFFE || scalar.value == 0xFFFF {
                out += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"  // not allowed in YAML, even in a comment
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out.count > 300 ? String(out.prefix(299)) + "…" : out
    }

    /// YAML words that would not read back as the string: quoted.
    private static let reserved: Set<String> = ["y", "n", "yes", "no", "on", "off", "true", "false", "null", "~", ""]

    /// A Swift identifier is a plain scalar; anything else is quoted.
    static func scalar(_ text: String) -> String {
        let plain = text.utf8.allSatisfy { byte in
            (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || byte == 0x5F
                || byte == 0x2E
        }
        guard plain, !reserved.contains(text.lowercased()), text.first.map({ !$0.isNumber && $0 != "." }) ?? false else {
            return quoted(text)
        }
        return text
    }

    /// A double-quoted YAML scalar that reads back as `text`: escaped are the characters YAML does not allow in
    /// a file (C0 and C1 controls, DEL, U+FFFE, U+FFFF) and those it reads as line breaks (NEL, U+2028, U+2029),
    /// which would fold into a space; a BOM too, which some readers drop.
    static func quoted(_ text: String) -> String {
        Escaping.doubleQuoted(text, escapes) { scalar in
            switch scalar.value {
            case 0..<0x20, 0x7F...0x9F: "\\x" + Escaping.hex(scalar.value, digits: 2)
            case 0xFEFF, 0xFFFE, 0xFFFF: "\\u" + Escaping.hex(scalar.value, digits: 4, uppercase: true)
            default: nil
            }
        }
    }

    private static let escapes: Escaping.Table = [
        "\n": "\\n", "\t": "\\t", "\u{85}": "\\N", "\u{2028}": "\\L", "\u{2029}": "\\P",
    ]
}

/// Lines of YAML with their trailing comments (or without any comment).
private struct YAMLOut {
    var comments: Bool
    var text = ""

    mutating func line(_ indent: Int, _ content: String, comment: String? = nil) {
        let comment = comments ? comment : nil
        if !comments && content.hasPrefix("#") { return }
        if content.isEmpty && comment == nil {
            text += "\n"
            return
        }
        text += String(repeating: " ", count: indent) + (content.hasPrefix("#") ? SpecEncoder.oneLine(content) : content)
        if let comment { text += "  # " + SpecEncoder.oneLine(comment) }
        text += "\n"
    }

}
