#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import FlowModel

/// Why a diagram file could not be written.
public struct DiagramFileError: Error, Equatable, CustomStringConvertible {
    public var path: String
    public var reason: String

    public var description: String { "cannot write \(path): \(reason)" }
}

/// Reads and atomically replaces diagram files.
public enum DiagramFile {
    /// `unreadable`: not a regular file (a FIFO, a device) or not readable: an error, never a wait.
    public enum State: Equatable, Sendable { case current, stale, missing, unreadable(String) }

    /// Whether the file holds exactly `text`, byte for byte. Strings would compare equal across Unicode
    /// normalization (a name in NFC and in NFD), and a stale file would pass. A larger file is not read.
    public static func state(of path: String, comparedWith text: String) -> State {
        do {
            switch try FileIO.read(path, limit: text.utf8.count) {
            case .tooLarge: return .stale
            case .bytes(let bytes): return bytes.elementsEqual(text.utf8) ? .current : .stale
            }
        } catch {
            return access(path, F_OK) == 0 ? .unreadable(error.description) : .missing
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
