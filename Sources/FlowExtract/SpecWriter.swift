import FlowModel

/// Extracted facts → spec text (DESIGN §1 format): one spec per Swift file that declares coordinators,
/// every element with a comment naming the Swift line it was read from, inferred ones marked
/// `# inferred: why`, unresolved sites listed as comments. The same facts give the same bytes.
public enum SpecWriter {
    public struct SpecText: Equatable, Sendable {
        /// The Swift file the spec describes.
        public var source: String
        public var text: String
    }

    /// One spec per Swift file with coordinators, in file order.
    public static func specs(for project: ExtractedProject) -> [SpecText] {
        var byFile: [String: [ExtractedCoordinator]] = [:]
        for coordinator in project.coordinators { byFile[coordinator.location.file, default: []].append(coordinator) }
        let chainsByFile = Dictionary(grouping: project.chains) { chain in
            project.coordinator(named: chain.from)?.location.file ?? chain.location.file
        }
        let notesByFile = Dictionary(grouping: project.notes) { $0.location.file }
        let notesByCoordinator = Dictionary(grouping: project.notes.filter { $0.coordinator != nil }) { $0.coordinator! }
        return byFile.keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }.map { file in
            let coordinators = byFile[file]!.sorted { $0.location < $1.location }
            let names = Set(coordinators.map(\.name))
            let entry = project.entry.flatMap { names.contains($0.value) ? $0 : nil }
            let notes = (notesByFile[file] ?? []) + names.sorted().flatMap { notesByCoordinator[$0] ?? [] }.filter { $0.location.file != file }
            return SpecText(source: file, text: text(file: file, entry: entry, coordinators, chainsByFile[file] ?? [], notes))
        }
    }

    static func text(
        file: String, entry: Fact<String>?, _ coordinators: [ExtractedCoordinator], _ chains: [ExtractedChain], _ notes: [ExtractionNote]
    ) -> String {
        var out = YAMLOut()
        out.line(0, "# Extracted by `flowlint extract` from \(file). Edit the code, or this file, then keep them in step.")
        for note in notes.sorted() {
            out.line(0, "# note: \(note.kind.rawValue): \(note.location.file):\(note.location.line): \(note.message)")
        }
        out.line(0, "version: 1")
        if let entry { out.field(0, "entry", scalar(entry.value), entry) }
        out.line(0, "")
        out.line(0, "coordinators:")
        for (index, coordinator) in coordinators.enumerated() {
            if index > 0 { out.line(0, "") }
            out.line(2, "\(scalar(coordinator.name)):", comment: comment(coordinator.location, .certain))
            out.field(4, "kind", coordinator.kind.value.rawValue, coordinator.kind)
            if let stack = coordinator.stack { out.field(4, "stack", stack.value.rawValue, stack) }
            if let initial = coordinator.initial { out.field(4, "initial", scalar(initial.value), initial) }
            if !coordinator.tabs.isEmpty {
                out.line(4, "tabs:")
                for tab in coordinator.tabs { out.item(6, scalar(tab.value), tab) }
            }
            if !coordinator.holds.isEmpty {
                out.line(4, "holds:")
                for hold in coordinator.holds { out.field(6, scalar(hold.target), hold.strength.value.rawValue, hold.strength) }
            }
            if !coordinator.allSitesResolved {
                out.line(4, "# not every navigation site of \(coordinator.name) was resolved: routes may be missing")
            }
            out.line(4, "routes:")
            for route in coordinator.routes {
                write(route, &out)
            }
        }
        if !chains.isEmpty {
            out.line(0, "")
            out.line(0, "chains:")
            for chain in chains.sorted(by: { $0.location < $1.location }) {
                out.line(2, "\(scalar(chain.name)):", comment: comment(chain.location, chain.confidence))
                out.line(4, "from: \(scalar(chain.from))")
                out.line(4, "steps:")
                for step in chain.steps {
                    let text = step.target.map { "\(step.action.rawValue): \(scalar($0))" } ?? step.action.rawValue
                    out.line(6, "- \(text)", comment: comment(step.location, .certain))
                }
            }
        }
        return out.text
    }

    private static func write(_ route: ExtractedRoute, _ out: inout YAMLOut) {
        out.line(6, "\(scalar(route.name)):", comment: comment(route.location, route.confidence))
        if let transition = route.transition { out.field(8, "transition", transition.value.rawValue, transition) }
        if let style = route.style { out.field(8, "style", style.value.rawValue, style) }
        if let destination = route.destination {
            out.field(8, destination.value.kind.rawValue, scalar(destination.value.name), destination)
        }
        if let target = route.target { out.field(8, "route", scalar(target.value), target) }
        if let tab = route.tab { out.field(8, "tab", scalar(tab.value), tab) }
        if let retain = route.retain { out.field(8, "retain", retain.value.rawValue, retain) }
        if let releaseOn = route.releaseOn {
            if releaseOn.isEmpty {
                out.line(8, "releaseOn: []", comment: "no release of this child found in the code")
            } else {
                out.line(8, "releaseOn:")
                for exit in releaseOn { out.item(10, exit.value.rawValue, exit) }
            }
        }
        if !route.triggers.isEmpty {
            out.line(8, "triggers:")
            for trigger in route.triggers { out.item(10, scalar(trigger.value), trigger) }
        }
        if !route.params.isEmpty {
            out.line(8, "params:")
            for parameter in route.params {
                let type = parameter.value.type.map { ": \(quoted($0))" } ?? ""
                out.item(10, "\(scalar(parameter.value.name))\(type)", parameter)
            }
        }
    }

    static func comment(_ location: SourceLocation, _ confidence: Confidence) -> String {
        let at = "\(location.file):\(location.line)"
        if let why = confidence.reason { return "inferred: \(why) (\(at))" }
        return at
    }

    /// Comment text on one line: runs of whitespace and control characters (newlines, tabs) become one space, and
    /// more than 300 characters end in `…`. A comment that spilled onto the next line would break the YAML.
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
            out.unicodeScalars.append(scalar)
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

    static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 { out += "\\x" + String(scalar.value, radix: 16).leftPadded(2) } else { out.unicodeScalars.append(scalar) }
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

/// Lines of YAML with their trailing comments.
private struct YAMLOut {
    var text = ""

    mutating func line(_ indent: Int, _ content: String, comment: String? = nil) {
        if content.isEmpty && comment == nil {
            text += "\n"
            return
        }
        text += String(repeating: " ", count: indent) + (content.hasPrefix("#") ? SpecWriter.oneLine(content) : content)
        if let comment { text += "  # " + SpecWriter.oneLine(comment) }
        text += "\n"
    }

    mutating func field<Value>(_ indent: Int, _ key: String, _ value: String, _ fact: Fact<Value>) {
        line(indent, "\(key): \(value)", comment: SpecWriter.comment(fact.location, fact.confidence))
    }

    mutating func item<Value>(_ indent: Int, _ value: String, _ fact: Fact<Value>) {
        line(indent, "- \(value)", comment: SpecWriter.comment(fact.location, fact.confidence))
    }
}
