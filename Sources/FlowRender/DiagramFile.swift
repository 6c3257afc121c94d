import FlowModel

/// Why a diagram file could not be written.
public struct DiagramFileError: Error, Equatable, CustomStringConvertible {
    public var path: String
    public var reason: String

    public var description: String { "cannot write \(path): \(reason)" }
}

/// Reads and atomically replaces diagram files.
public enum DiagramFile {
    /// The file's bytes as text, nil when it cannot be read (it does not exist, or is no file).
    public static func contents(of path: String) -> String? {
        guard case .bytes(let bytes)? = try? FileIO.read(path, limit: .max) else { return nil }
        return String(decoding: bytes, as: UTF8.self)
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
