/// A YAML document as flat arrays: cheap to build from parser events and to walk.
///
/// Node ids index `nodes`; a mapping's children are its keys and values interleaved.
public struct YAMLTree: Sendable {
    public typealias NodeID = Int

    public enum Kind: UInt8, Sendable {
        case scalar, mapping, sequence
    }

    struct Node: Sendable {
        var kind: Kind
        var isPlain: Bool
        var line: Int32
        var column: Int32
        /// The scalar's index in `scalars`, or the first child's index in `children`.
        var start: Int32
        var count: Int32
    }

    var nodes: [Node] = []
    var scalars: [String] = []
    var children: [Int32] = []
    public internal(set) var root: NodeID?

    public func kind(_ node: NodeID) -> Kind { nodes[node].kind }

    /// The 1-based line and column where the node starts.
    public func position(_ node: NodeID) -> (line: Int, column: Int) {
        (Int(nodes[node].line), Int(nodes[node].column))
    }

    /// The text of a scalar node.
    public func text(_ node: NodeID) -> String? {
        let n = nodes[node]
        return n.kind == .scalar ? scalars[Int(n.start)] : nil
    }

    /// The YAML type of a scalar: quoted scalars are strings, plain ones resolve by the YAML 1.2 core schema.
    public func scalarType(_ node: NodeID) -> ScalarType? {
        let n = nodes[node]
        guard n.kind == .scalar else { return nil }
        return n.isPlain ? ScalarType(resolvingPlain: scalars[Int(n.start)]) : .string
    }

    /// The items of a sequence.
    public func items(_ node: NodeID) -> [NodeID] {
        let n = nodes[node]
        guard n.kind == .sequence else { return [] }
        return children[Int(n.start)..<Int(n.start + n.count)].map { Int($0) }
    }

    /// The key/value pairs of a mapping, in document order.
    public func entries(_ node: NodeID) -> [(key: NodeID, value: NodeID)] {
        let n = nodes[node]
        guard n.kind == .mapping else { return [] }
        var result: [(key: NodeID, value: NodeID)] = []
        result.reserveCapacity(Int(n.count) / 2)
        var index = Int(n.start)
        let end = index + Int(n.count)
        while index + 1 < end {
            result.append((Int(children[index]), Int(children[index + 1])))
            index += 2
        }
        return result
    }

    /// How a node reads in a message: `a list`, `a mapping`, `the number 3`.
    public func describe(_ node: NodeID) -> String {
        switch kind(node) {
        case .mapping: return "a mapping"
        case .sequence: return "a list"
        case .scalar:
            switch scalarType(node)! {
            case .null: return "nothing"
            case .bool: return "`\(text(node)!)`"
            case .number: return "the number \(text(node)!)"
            case .string: return "the text `\(text(node)!)`"
            }
        }
    }
}

public enum ScalarType: Sendable {
    case null, bool, number, string

    init(resolvingPlain text: String) {
        // Most plain scalars are names: a leading letter that starts no null or boolean spelling settles it.
        if let first = text.utf8.first, (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(first & 0xDF) {
            switch first & 0xDF {
            case UInt8(ascii: "N"), UInt8(ascii: "T"), UInt8(ascii: "F"): break
            default:
                self = .string
                return
            }
        }
        switch text {
        case "", "~", "null", "Null", "NULL": self = .null
        case "true", "True", "TRUE", "false", "False", "FALSE": self = .bool
        default: self = ScalarType.looksNumeric(text) ? .number : .string
        }
    }

    /// Integers, floats, hex/octal and the special floats of the YAML 1.2 core schema.
    private static func looksNumeric(_ text: String) -> Bool {
        let utf8 = text.utf8
        guard let first = utf8.first else { return false }
        guard
            first == UInt8(ascii: "-") || first == UInt8(ascii: "+") || first == UInt8(ascii: ".")
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first)
        else { return false }
        switch text.lowercased() {
        case ".inf", "+.inf", "-.inf", ".nan": return true
        default: break
        }
        if text.hasPrefix("0x") || text.hasPrefix("0o") {
            return utf8.count > 2 && utf8.dropFirst(2).allSatisfy(\.isHexDigit)
        }
        var sawDigit = false
        var sawExponent = false
        var sawPoint = false
        var previous: UInt8 = 0
        for (offset, byte) in utf8.enumerated() {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): sawDigit = true
            case UInt8(ascii: "-"), UInt8(ascii: "+"):
                guard offset == 0 || previous == UInt8(ascii: "e") || previous == UInt8(ascii: "E") else { return false }
            case UInt8(ascii: "."):
                guard !sawExponent, !sawPoint else { return false }
                sawPoint = true
            case UInt8(ascii: "e"), UInt8(ascii: "E"):
                guard sawDigit, !sawExponent else { return false }
                sawExponent = true
            default: return false
            }
            previous = byte
        }
        return sawDigit && previous != UInt8(ascii: "e") && previous != UInt8(ascii: "E")
    }
}

private extension UInt8 {
    var isHexDigit: Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(self)
            || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(self)
            || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(self)
    }
}
