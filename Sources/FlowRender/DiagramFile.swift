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
        state(of: path, count: text.utf8.count) { $0.elementsEqual(text.utf8) }
    }

    public static func state(of path: String, comparedWith bytes: [UInt8]) -> State {
        state(of: path, count: bytes.count) { $0 == bytes }
    }

    private static func state(of path: String, count: Int, equals: ([UInt8]) -> Bool) -> State {
        do {
            switch try FileIO.read(path, limit: count) {
            case .tooLarge: return .stale
            case .bytes(let bytes): return equals(bytes) ? .current : .stale
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

    /// Several files replaced together (an atlas's pages), as `FileIO.writeAtomically(texts:)` writes them.
    public static func write(_ files: [(path: String, text: String)]) throws(DiagramFileError) {
        do {
            try FileIO.writeAtomically(texts: files)
        } catch {
            throw DiagramFileError(path: error.path, reason: error.error.description)
        }
    }

    public static func write(_ bytes: [UInt8], to path: String) throws(DiagramFileError) {
        do {
            try FileIO.writeAtomically(bytes, to: path)
        } catch {
            throw DiagramFileError(path: path, reason: error.description)
        }
    }
}
