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
    public static func specs(for code: CodeGraph, comments: Bool = true) -> [SpecText] {
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
        return Parallel.map(files) { file in
            let coordinators = byFile[file]!.sorted { $0.location < $1.location }
            let names = Set(coordinators.map(\.name))
            let entry = graph.entry.flatMap { names.contains($0.value) ? $0 : nil }
            let fileNotes = (notesByFile[file] ?? []) + names.sorted().flatMap { notesByCoordinator[$0] ?? [] }.filter { $0.location.file != file }
            var writer = Writer(provenance: code.provenance, out: YAMLOut(comments: comments))
            writer.write(file: file, entry: entry, coordinators, chainsByFile[file] ?? [], fileNotes)
            return SpecText(source: file, text: writer.out.text)
        }
    }

    private struct Writer {
        let provenance: Provenance
        var out: YAMLOut

        mutating func write(file: String, entry: Located<String>?, _ coordinators: [Coordinator], _ chains: [Chain], _ notes: [ExtractionNote]) {
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
            func path(_ field: CoordinatorField, _ item: String? = nil) -> FactPath { .coordinator(name, field, item: item) }
            out.line(2, "\(scalar(name)):", comment: comment(coordinator.location, provenance.confidence(.coordinator(name))))
            if let kind = coordinator.kind { field(4, "kind", kind.value.rawValue, kind, path(.kind)) }
            if let stack = coordinator.stack { field(4, "stack", stack.value.rawValue, stack, path(.stack)) }
            if coordinator.initials.count == 1, let initial = coordinator.initial {
                field(4, "initial", scalar(initial.value), initial, path(.initial))
            } else if !coordinator.initials.isEmpty {
                out.line(4, "initial:")
                for initial in coordinator.initials { item(6, scalar(initial.value), initial.location, path(.initial, initial.value)) }
            }
            if let tabs = coordinator.tabs, !tabs.isEmpty {
                out.line(4, "tabs:")
                for tab in tabs { item(6, scalar(tab.value), tab.location, path(.tabs, tab.value)) }
            }
            if !coordinator.holds.isEmpty {
                out.line(4, "holds:")
                for hold in coordinator.holds {
                    field(6, scalar(hold.target), hold.strength.value.rawValue, hold.strength, path(.holds, hold.target))
                }
            }
            if let open = coordinator.open {
                out.line(4, "open: \(open.value)", comment: open.value ? "not every navigation site of \(name) was read: routes may be missing" : nil)
            }
            for field: CoordinatorField in [.triggers, .mayStart] {
                guard case .list(let items)? = coordinator.specValue(field) else { continue }
                guard !items.isEmpty else {
                    out.line(4, "\(field.rawValue): []")
                    continue
                }
                out.line(4, "\(field.rawValue):")
                for item in items { self.item(6, text(item), item.location ?? coordinator.location, path(field, item.key)) }
            }
            out.line(4, "routes:")
            for route in coordinator.routes { write(route, of: name) }
        }

        private mutating func write(_ route: Route, of coordinator: String) {
            out.line(6, "\(scalar(route.name)):", comment: comment(route.location, provenance.confidence(.route(coordinator, route.name))))
            for field in SpecSchema.flowlint.routeEncoding {
                guard let value = route.specValue(field) else { continue }
                func path(_ item: String? = nil) -> FactPath { .route(coordinator, route.name, field, item: item) }
                guard case .list(let items) = value else {
                    self.field(8, field.rawValue, text(value), value.location ?? route.location, path())
                    continue
                }
                if items.isEmpty {
                    out.line(8, "\(field.rawValue): []", comment: field == .releaseOn ? "no release of this child found in the code" : nil)
                    continue
                }
                out.line(8, "\(field.rawValue):")
                for item in items { self.item(10, text(item), item.location ?? route.location, path(item.key)) }
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
            if let from = chain.from { out.line(4, "from: \(scalar(from.value))") }
            if let at = chain.at { out.line(4, "at: \(at.value.rawValue)") }
            out.line(4, "steps:")
            for step in chain.steps {
                let text = step.action.target.map { "\(step.action.keyword): \(scalar($0))" } ?? step.action.keyword
                out.line(6, "- \(text)", comment: comment(step.location, .certain))
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
            (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || byte == 0x5F || byte == 0x2E
        }
        guard plain, !reserved.contains(text.lowercased()), text.first.map({ !$0.isNumber && $0 != "." }) ?? false else { return quoted(text) }
        return text
    }

    /// A double-quoted YAML scalar that reads back as `text`: escaped are the characters YAML does not allow in
    /// a file (C0 and C1 controls, DEL, U+FFFE, U+FFFF) and those it reads as line breaks (NEL, U+2028, U+2029),
    /// which would fold into a space; a BOM too, which some readers drop.
    static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\u{85}": out += "\\N"
            case "\u{2028}": out += "\\L"
            case "\u{2029}": out += "\\P"
            default:
                switch scalar.value {
                case 0..<0x20, 0x7F...0x9F: out += "\\x" + String(scalar.value, radix: 16).leftPadded(2)
                case 0xFEFF, 0xFFFE, 0xFFFF: out += "\\u" + String(scalar.value, radix: 16, uppercase: true)
                default: out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }
}

private extension String {
    func leftPadded(_ width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
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
