/// JSON text in the layout `ReportText.json` gives a `Codable` value (two-space indent, `"key" : value`, no escaped
/// slashes, `[` `]` on lines of their own even when empty), written value by value: a large report never exists as a
/// tree. Callers write an object's keys in sorted order, as `.sortedKeys` does; tests compare the bytes with the
/// `Codable` encoding.
struct JSONTextWriter {
    private(set) var bytes: [UInt8] = []
    private var depth = 0
    /// Whether the innermost open object or array has no member yet.
    private var empty = true

    init(capacity: Int = 1 << 16) {
        bytes.reserveCapacity(capacity)
    }

    /// Hands the text written so far to `sink` and starts over: how a long document is written as it goes.
    mutating func flush(to sink: ([UInt8]) -> Void) {
        guard !bytes.isEmpty else { return }
        sink(bytes)
        bytes.removeAll(keepingCapacity: true)
    }

    // MARK: Structure

    mutating func openObject() { open(UInt8(ascii: "{")) }
    mutating func closeObject() { close(UInt8(ascii: "}")) }
    mutating func openArray() { open(UInt8(ascii: "[")) }
    mutating func closeArray() { close(UInt8(ascii: "]")) }

    /// Starts a member of the open object; its value follows.
    mutating func key(_ name: StaticString) {
        startMember()
        bytes.append(UInt8(ascii: "\""))
        name.withUTF8Buffer { bytes.append(contentsOf: $0) }
        bytes.append(contentsOf: [UInt8(ascii: "\""), UInt8(ascii: " "), UInt8(ascii: ":"), UInt8(ascii: " ")])
    }

    /// A key that is data (a dictionary's), escaped as any string.
    mutating func key(_ name: String) {
        startMember()
        value(name)
        bytes.append(contentsOf: [UInt8(ascii: " "), UInt8(ascii: ":"), UInt8(ascii: " ")])
    }

    /// Starts an element of the open array; its value follows.
    mutating func element() { startMember() }

    /// `"name" : [ {…}, {…} ]`: an array of objects under `name`, the members of each written by `members`.
    mutating func objects<Items: Sequence>(_ name: StaticString, _ items: Items, _ members: (Items.Element, inout JSONTextWriter) -> Void) {
        key(name)
        openArray()
        for item in items {
            element()
            openObject()
            members(item, &self)
            closeObject()
        }
        closeArray()
    }

    // MARK: Values

    mutating func value(_ number: Int) {
        bytes.append(contentsOf: String(number).utf8)
    }

    mutating func value(_ text: String) {
        bytes.append(UInt8(ascii: "\""))
        var text = text
        text.withUTF8 { escape($0) }
        bytes.append(UInt8(ascii: "\""))
    }

    /// `null` for nil, as `encode(_:forKey:)` writes an absent optional.
    mutating func value(_ text: String?) {
        if let text { value(text) } else { bytes.append(contentsOf: "null".utf8) }
    }

    /// A value encoded by `ReportText.json` at the top level, placed here: its final newline is dropped and its
    /// other lines are indented to this depth (a newline inside a string is escaped, so every one is layout).
    mutating func encoded(_ json: String) {
        var json = json
        json.withUTF8 { text in
            let body = text.dropLast()
            for index in body.indices {
                bytes.append(body[index])
                // An empty line (Foundation writes an empty array as `[`, an empty line, `]`) stays empty.
                let next = body.index(after: index)
                if body[index] == UInt8(ascii: "\n"), next == body.endIndex || body[next] != UInt8(ascii: "\n") { indent() }
            }
        }
    }

    /// The final newline `ReportText.json` ends a document with.
    mutating func newline() {
        bytes.append(UInt8(ascii: "\n"))
    }

    // MARK: Convenience for one member

    mutating func field(_ name: StaticString, _ number: Int) {
        key(name)
        value(number)
    }

    mutating func field(_ name: StaticString, _ text: String) {
        key(name)
        value(text)
    }

    mutating func field(_ name: StaticString, _ text: String?) {
        key(name)
        value(text)
    }

    /// The member only when there is a value, as the synthesized `Encodable` leaves out nil.
    mutating func fieldIfPresent(_ name: StaticString, _ text: String?) {
        if let text { field(name, text) }
    }

    // MARK: Layout

    private mutating func open(_ bracket: UInt8) {
        bytes.append(bracket)
        depth += 1
        empty = true
    }

    private mutating func close(_ bracket: UInt8) {
        depth -= 1
        bytes.append(UInt8(ascii: "\n"))
        if empty { bytes.append(UInt8(ascii: "\n")) }
        indent()
        bytes.append(bracket)
        empty = false
    }

    private mutating func startMember() {
        if !empty { bytes.append(UInt8(ascii: ",")) }
        bytes.append(UInt8(ascii: "\n"))
        indent()
        empty = false
    }

    private mutating func indent() {
        for _ in 0..<depth { bytes.append(contentsOf: [UInt8(ascii: " "), UInt8(ascii: " ")]) }
    }

    /// What JSONEncoder escapes: the quote, the backslash and control characters; everything else, slashes and
    /// non-ASCII included, is copied as is.
    private mutating func escape(_ text: UnsafeBufferPointer<UInt8>) {
        var start = 0
        for (index, byte) in text.enumerated() where byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: text[start..<index]))
            start = index + 1
            switch byte {
            case UInt8(ascii: "\""): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\"")])
            case UInt8(ascii: "\\"): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\\")])
            case 0x08: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "b")])
            case 0x09: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "t")])
            case 0x0A: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
            case 0x0C: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "f")])
            case 0x0D: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "r")])
            default:
                let hex = Array("0123456789abcdef".utf8)
                bytes.append(contentsOf: Array("\\u00".utf8) + [hex[Int(byte >> 4)], hex[Int(byte & 0xF)]])
            }
        }
        bytes.append(contentsOf: UnsafeBufferPointer(rebasing: text[start...]))
    }
}
