/// Node ids built from names, so that adding a route does not renumber the rest of a committed diagram.
///
/// Names are percent-encoded except letters, digits, `_`, `.`, `-` and non-ASCII text, so `/` separates a
/// coordinator from its route unambiguously and the ids of entry and exit nodes (`#…`) match no route.
enum NodeID {
    static let entry = "#entry"

    static func route(_ key: RouteKey) -> String {
        encode(key.coordinator) + "/" + encode(key.route)
    }

    static func exit(of coordinator: String) -> String {
        encode(coordinator) + "/#exit"
    }

    /// The landing node in `coordinator`'s cluster for edges that leave it for the node `target` elsewhere.
    static func landing(in coordinator: String, on target: String) -> String {
        encode(coordinator) + "/#to/" + target
    }

    /// The node a coordinator's own `triggers` start from.
    static func events(of coordinator: String) -> String {
        encode(coordinator) + "/#events"
    }

    static func coordinator(_ name: String) -> String {
        encode(name)
    }

    static func encode(_ name: String) -> String {
        // Most names are plain identifiers: nothing to encode.
        guard !name.utf8.allSatisfy(isKeptASCII) else { return name }
        var encoded = ""
        for scalar in name.unicodeScalars {
            if isKept(scalar) {
                encoded.unicodeScalars.append(scalar)
            } else {
                for byte in String(scalar).utf8 {
                    encoded += "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
                }
            }
        }
        return encoded
    }

    private static func isKeptASCII(_ byte: UInt8) -> Bool {
        byte < 0x80 && isKept(Unicode.Scalar(byte))
    }

    private static func isKept(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A, 0x5F, 0x2E, 0x2D: true
        case 0xA0...:
            scalar.properties.generalCategory != .format && !scalar.properties.isNoncharacterCodePoint
                && !scalar.properties.isWhitespace
        default: false
        }
    }
}

private extension String {
    func leftPadded(to width: Int) -> String {
        String(repeating: "0", count: max(0, width - count)) + self
    }
}
