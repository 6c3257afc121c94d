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

/// Limits that keep hostile input bounded; see docs/limits.md.
public struct YAMLLimits: Sendable {
    /// Deepest nesting of mappings and lists; real specs need about 8.
    public var maximumDepth: Int = 64
    /// Anchors and aliases reported before reading stops: a file of millions of aliases would otherwise
    /// take gigabytes of findings.
    public var maximumAnchorFindings: Int = 100

    public init(maximumDepth: Int = 64, maximumAnchorFindings: Int = 100) {
        self.maximumDepth = maximumDepth
        self.maximumAnchorFindings = maximumAnchorFindings
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
            // Reader errors carry a byte offset instead of a mark; a bad trailing byte is reported where its character starts.
            var offset = min(parser.problem_offset, buffer.count)
            if problem.contains("trailing") {
                var start = offset
                while start > 0, offset - start < 3, buffer[start - 1] & 0xC0 == 0x80 { start -= 1 }
                if start > 0, buffer[start - 1] >= 0xC0 { offset = start - 1 }
            }
            let (line, column) = position(ofByte: offset, in: buffer)
            let detail: String
            if parser.problem_value >= 0, problem.hasPrefix("control characters") {
                detail = "control character U+\(hex(parser.problem_value)) is not allowed in YAML; remove it"
            } else if problem.contains("UTF-8") || problem.contains("octet") {
                let byte = offset < buffer.count ? ", byte 0x\(String(buffer[offset], radix: 16, uppercase: true))" : ""
                detail = "the file is not UTF-8 text (\(problem)\(byte)); save it as UTF-8"
            } else {
                detail = problem
            }
            return YAMLProblem(kind: .syntax, message: detail, line: line, column: column)
        }
        let mark = parser.problem_mark
        var message = "invalid YAML: \(problem)"
        if let context = parser.context.map({ String(cString: $0) }) {
            message += " \(context)"
            // The context mark is where the unclosed list, quote or mapping began: usually the mistake itself.
            let start = parser.context_mark
            if start.line != mark.line || start.column != mark.column {
                message += " that starts at line \(start.line + 1), column \(start.column + 1)"
            }
        }
        // These come from a line indented to no level of the block it is in, or from an unquoted `: ` in a value.
        if problem.hasPrefix("did not find expected key") || problem.hasPrefix("did not find expected '-' indicator") {
            message += "; check the indentation"
        } else if problem.hasPrefix("mapping values are not allowed") {
            message += "; check the indentation, or quote a value that holds `: `"
        }
        // `mark.index` counts characters, not bytes: find the character by line and column.
        let offset = byteOffset(line: mark.line + 1, column: mark.column + 1, in: buffer)
        if offset < buffer.count, buffer[offset] == UInt8(ascii: "\t") {
            message = "a tab character cannot indent YAML; indent with spaces"
        }
        return YAMLProblem(kind: .syntax, message: message, line: mark.line + 1, column: mark.column + 1)
    }

    private static func hex(_ value: Int32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    /// The 1-based line and character column of a byte offset, counting lines and columns as libyaml does.
    static func position(ofByte offset: Int, in buffer: UnsafeBufferPointer<UInt8>) -> (line: Int, column: Int) {
        var line = 1
        var column = 1
        var index = byteOrderMarkLength(buffer)
        let end = min(offset, buffer.count)
        while index < end {
            if let breakLength = lineBreakLength(at: index, in: buffer) {
                line += 1
                column = 1
                index += breakLength
            } else {
                if buffer[index] & 0xC0 != 0x80 { column += 1 }
                index += 1
            }
        }
        return (line, column)
    }

    /// The byte offset of a 1-based line and character column; `buffer.count` when there is no such position.
    static func byteOffset(line: Int, column: Int, in buffer: UnsafeBufferPointer<UInt8>) -> Int {
        var index = byteOrderMarkLength(buffer)
        var currentLine = 1
        while currentLine < line, index < buffer.count {
            if let breakLength = lineBreakLength(at: index, in: buffer) {
                currentLine += 1
                index += breakLength
            } else {
                index += 1
            }
        }
        var currentColumn = 1
        while currentColumn < column, index < buffer.count, lineBreakLength(at: index, in: buffer) == nil {
            index += 1
            while index < buffer.count, buffer[index] & 0xC0 == 0x80 { index += 1 }
            currentColumn += 1
        }
        return index
    }

    private static func byteOrderMarkLength(_ buffer: UnsafeBufferPointer<UInt8>) -> Int {
        buffer.count >= 3 && buffer[0] == 0xEF && buffer[1] == 0xBB && buffer[2] == 0xBF ? 3 : 0
    }

    /// The length of the line break at `index`: LF, CR LF, CR, and NEL, LS, PS, which libyaml also counts.
    private static func lineBreakLength(at index: Int, in buffer: UnsafeBufferPointer<UInt8>) -> Int? {
        switch buffer[index] {
        case UInt8(ascii: "\n"):
            return 1
        case UInt8(ascii: "\r"):
            return index + 1 < buffer.count && buffer[index + 1] == UInt8(ascii: "\n") ? 2 : 1
        case 0xC2:
            return index + 1 < buffer.count && buffer[index + 1] == 0x85 ? 2 : nil
        case 0xE2:
            return index + 2 < buffer.count && buffer[index + 1] == 0x80 && (buffer[index + 2] == 0xA8 || buffer[index + 2] == 0xA9)
                ? 3 : nil
        default:
            return nil
        }
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
    private var anchorFindings = 0

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
                problems.append(
                    YAMLProblem(
                        kind: .unsupported,
                        message: "a spec file holds one YAML document; move this one into a file of its own",
                        line: Int(line), column: Int(column)))
                return false
            }
        case YAML_SCALAR_EVENT:
            let scalar = event.data.scalar
            guard reportAnchor(scalar.anchor, line: line, column: column) else { return false }
            let text =
                scalar.value.map { pointer in
                    pointer.withMemoryRebound(to: UInt8.self, capacity: scalar.length) {
                        String(decoding: UnsafeBufferPointer(start: $0, count: scalar.length), as: UTF8.self)
                    }
                } ?? ""
            tree.scalars.append(text)
            let isPlain = scalar.style == YAML_PLAIN_SCALAR_STYLE && scalar.tag == nil
            add(
                YAMLTree.Node(
                    kind: .scalar, isPlain: isPlain, line: line, column: column,
                    start: Int32(tree.scalars.count - 1), count: 0))
        case YAML_ALIAS_EVENT:
            // The value an alias stands for is unknown: decoding the rest would report what is only missing.
            failed = true
            guard
                reportUnsupported(
                    """
                    alias `*\(name(event.data.alias.anchor))` is not supported in flow specs: aliases are never expanded; write the \
                    value out here
                    """,
                    line: line, column: column)
            else { return false }
            tree.scalars.append("")
            add(
                YAMLTree.Node(
                    kind: .scalar, isPlain: true, line: line, column: column,
                    start: Int32(tree.scalars.count - 1), count: 0))
        case YAML_MAPPING_START_EVENT, YAML_SEQUENCE_START_EVENT:
            let isMapping = event.type == YAML_MAPPING_START_EVENT
            guard
                reportAnchor(
                    isMapping ? event.data.mapping_start.anchor : event.data.sequence_start.anchor,
                    line: line, column: column)
            else { return false }
            guard open.count < limits.maximumDepth else {
                problems.append(
                    YAMLProblem(
                        kind: .unsupported,
                        message: "nesting deeper than \(limits.maximumDepth) levels; a flow spec needs far fewer",
                        line: Int(line), column: Int(column)))
                failed = true
                return false
            }
            add(
                YAMLTree.Node(
                    kind: isMapping ? .mapping : .sequence, isPlain: false,
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

    /// Returns false when reading must stop.
    private mutating func reportAnchor(_ anchor: UnsafeMutablePointer<yaml_char_t>?, line: Int32, column: Int32) -> Bool {
        guard let anchor else { return true }
        return reportUnsupported(
            "anchor `&\(name(anchor))` is not supported in flow specs; remove it and write the value out wherever it is used",
            line: line, column: column)
    }

    /// Reports an anchor or alias; past the limit, says so once and stops reading (returns false).
    private mutating func reportUnsupported(_ message: String, line: Int32, column: Int32) -> Bool {
        anchorFindings += 1
        guard anchorFindings <= limits.maximumAnchorFindings else {
            problems.append(
                YAMLProblem(
                    kind: .unsupported,
                    message:
                        """
                        more than \(limits.maximumAnchorFindings) anchors and aliases; the rest of the file is not read until they are \
                        written out
                        """,
                    line: Int(line), column: Int(column)))
            failed = true
            return false
        }
        problems.append(YAMLProblem(kind: .unsupported, message: message, line: Int(line), column: Int(column)))
        return true
    }

    private func name(_ anchor: UnsafeMutablePointer<yaml_char_t>?) -> String {
        anchor.map { String(cString: UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self)) } ?? ""
    }
}
