import FlowModel

/// Why a diagram file could not be written.
public struct DiagramFileError: Error, Equatable, CustomStringConvertible {
    public var path: String
    public var reason: String

    public var description: String { "cannot write \(path): \(reason)" }
}

/// Reads and atomically replaces diagram files.
public enum DiagramFile {
    public enum State: Equatable, Sendable { case current, stale, missing }

    /// Whether the file holds exactly `text`, byte for byte. Strings would compare equal across Unicode
    /// normalization (a name in NFC and in NFD), and a stale file would pass. A larger file is not read.
    public static func state(of path: String, comparedWith text: String) -> State {
        switch try? FileIO.read(path, limit: text.utf8.count) {
        case nil: .missing
        case .tooLarge?: .stale
        case .bytes(let bytes)?: bytes.elementsEqual(text.utf8) ? .current : .stale
        }
    }

    /// Replaces `path` atomically: readers see the old file or the new one, never a part, and a failure
    /// leaves the old file as it was.
    public static func write(_ text: String, to path: String) throws(DiagramFileError) {
        do {
            try FileIO.writeAtomically(text, to: path)
        } catch {
            throw DiagramFileError(path: path, reason: error.description)
        }
    }
}
