import CYAML

/// A problem found while reading YAML, at a 1-based position.
public struct YAMLProblem: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        /// Not YAML: the document could not be read past this point.
        case syntax
        /// YAML, but beyond what a flow spec may use (anchors, aliases, depth, several documents).
        case unsupported
    }

    public var kind: Kind
    public var message: String
    public var line: Int
    public var column: Int
}

/// Limits that keep hostile input bounded; see the README's "Limits" section.
public struct YAMLLimits: Sendable {
    /// Deepest nesting of mappings and lists; real specs need about 8.
    public var maximumDepth: Int = 64

    public init(maximumDepth: Int = 64) {
        self.maximumDepth = maximumDepth
    }
}

/// Reads one YAML document into a `YAMLTree` with libyaml's event parser.
///
/// Anchors and aliases are reported and not expanded, so alias bombs cost nothing.
public enum YAMLReader {
    public static func read(_ bytes: [UInt8], limits: YAMLLimits = YAMLLimits()) -> (tree: YAMLTree?, problems: [YAMLProblem]) {
        bytes.withUnsafeBufferPointer { buffer in
            var builder = TreeBuilder(limits: limits)
            var parser = yaml_parser_t()
            guard yaml_parser_initialize(&parser) == 1 else {
                return (nil, [YAMLProblem(kind: .syntax, message: "the YAML parser could not start (out of memory)", line: 1, column: 1)])
            }
            defer { yaml_parser_delete(&parser) }
            // libyaml does not write to the input; an empty buffer still needs a valid pointer.
            let base = buffer.baseAddress ?? UnsafePointer(bitPattern: 1)!
            yaml_parser_set_input_string(&parser, base, buffer.count)

            var event = yaml_event_t()
            while true {
                guard yaml_parser_parse(&parser, &event) == 1 else {
                    builder.problems.append(syntaxProblem(parser, in: buffer))
                    return (nil, builder.problems)
                }
                let done = event.type == YAML_STREAM_END_EVENT
                let keepGoing = builder.consume(event)
                yaml_event_delete(&event)
                if done || !keepGoing { break }
            }
            return (builder.failed ? nil : builder.tree, builder.problems)
        }
    }

    private static func syntaxProblem(_ parser: yaml_parser_t, in buffer: UnsafeBufferPointer<UInt8>) -> YAMLProblem {
        let problem = parser.problem.map { String(cString: $0) } ?? "unknown error"
        if parser.error == YAML_READER_ERROR {
            // Reader errors carry a byte offset instead of a mark.
            let (line, column) = position(ofByte: parser.problem_offset, in: buffer)
            let detail: String
            if parser.problem_value >= 0, problem.hasPrefix("control characters") {
                detail = "control character U+\(hex(parser.problem_value)) is not allowed in YAML"
            } else if problem.contains("UTF-8") || problem.contains("octet") {
                detail = "the file is not UTF-8 text (\(problem))"
            } else {
                detail = problem
            }
            return YAMLProblem(kind: .syntax, message: detail, line: line, column: column)
        }
        let mark = parser.problem_mark
        var message = "invalid YAML: \(problem)"
        if let context = parser.context.map({ String(cString: $0) }) {
            message += " \(context)"
        }
        if mark.index < buffer.count, buffer[mark.index] == UInt8(ascii: "\t") {
            message = "a tab character cannot indent YAML; indent with spaces"
        }
        return YAMLProblem(kind: .syntax, message: message, line: mark.line + 1, column: mark.column + 1)
    }

    private static func hex(_ value: Int32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    /// The 1-based line and character column of a byte offset.
    static func position(ofByte offset: Int, in buffer: UnsafeBufferPointer<UInt8>) -> (line: Int, column: Int) {
        var line = 1
        var column = 1
        for byte in buffer.prefix(min(offset, buffer.count)) {
            if byte == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
        return (line, column)
    }
}

/// Turns the event stream into a `YAMLTree`; children are collected on a stack until their parent ends.
private struct TreeBuilder {
    let limits: YAMLLimits
    var tree = YAMLTree()
    var problems: [YAMLProblem] = []
    var failed = false
    private var open: [(node: Int, firstPending: Int)] = []
    private var pending: [Int32] = []
    private var documents = 0

    init(limits: YAMLLimits) {
        self.limits = limits
    }

    /// Returns false when reading must stop.
    mutating func consume(_ event: yaml_event_t) -> Bool {
        let line = Int32(event.start_mark.line + 1)
        let column = Int32(event.start_mark.column + 1)
        switch event.type {
        case YAML_DOCUMENT_START_EVENT:
            documents += 1
            if documents > 1 {
                problems.append(YAMLProblem(
                    kind: .unsupported,
                    message: "a spec file holds one YAML document; move this one into a file of its own",
                    line: Int(line), column: Int(column)))
                return false
            }
        case YAML_SCALAR_EVENT:
            let scalar = event.data.scalar
            reportAnchor(scalar.anchor, line: line, column: column)
            let text = scalar.value.map { pointer in
                pointer.withMemoryRebound(to: UInt8.self, capacity: scalar.length) {
                    String(decoding: UnsafeBufferPointer(start: $0, count: scalar.length), as: UTF8.self)
                }
            } ?? ""
            tree.scalars.append(text)
            let isPlain = scalar.style == YAML_PLAIN_SCALAR_STYLE && scalar.tag == nil
            add(YAMLTree.Node(kind: .scalar, isPlain: isPlain, line: line, column: column,
                              start: Int32(tree.scalars.count - 1), count: 0))
        case YAML_ALIAS_EVENT:
            problems.append(YAMLProblem(
                kind: .unsupported,
                message: "aliases (*name) are not supported in flow specs; write the value out",
                line: Int(line), column: Int(column)))
            tree.scalars.append("")
            add(YAMLTree.Node(kind: .scalar, isPlain: true, line: line, column: column,
                              start: Int32(tree.scalars.count - 1), count: 0))
        case YAML_MAPPING_START_EVENT, YAML_SEQUENCE_START_EVENT:
            let isMapping = event.type == YAML_MAPPING_START_EVENT
            reportAnchor(isMapping ? event.data.mapping_start.anchor : event.data.sequence_start.anchor,
                         line: line, column: column)
            guard open.count < limits.maximumDepth else {
                problems.append(YAMLProblem(
                    kind: .unsupported,
                    message: "nesting deeper than \(limits.maximumDepth) levels; a flow spec needs far fewer",
                    line: Int(line), column: Int(column)))
                failed = true
                return false
            }
            add(YAMLTree.Node(kind: isMapping ? .mapping : .sequence, isPlain: false,
                              line: line, column: column, start: 0, count: 0))
            open.append((tree.nodes.count - 1, pending.count))
        case YAML_MAPPING_END_EVENT, YAML_SEQUENCE_END_EVENT:
            let (node, firstPending) = open.removeLast()
            tree.nodes[node].start = Int32(tree.children.count)
            tree.nodes[node].count = Int32(pending.count - firstPending)
            tree.children.append(contentsOf: pending[firstPending...])
            pending.removeSubrange(firstPending...)
        default:
            break
        }
        return true
    }

    private mutating func add(_ node: YAMLTree.Node) {
        tree.nodes.append(node)
        let id = tree.nodes.count - 1
        if open.isEmpty {
            if tree.root == nil { tree.root = id }
        } else {
            pending.append(Int32(id))
        }
    }

    private mutating func reportAnchor(_ anchor: UnsafeMutablePointer<yaml_char_t>?, line: Int32, column: Int32) {
        guard anchor != nil else { return }
        problems.append(YAMLProblem(
            kind: .unsupported,
            message: "anchors (&name) are not supported in flow specs; write the value out",
            line: Int(line), column: Int(column)))
    }
}
