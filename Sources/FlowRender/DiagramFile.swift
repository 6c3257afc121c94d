#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

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
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { return nil }
            if count == 0 { break }
            bytes += buffer[..<count]
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Writes a temporary file beside `path` and renames it over `path`: readers see the old file or the new
    /// one, never a part, and a failure leaves the old file as it was.
    public static func write(_ text: String, to path: String) throws(DiagramFileError) {
        let slash = path.lastIndex(of: "/")
        let directory = slash.map { String(path[...$0]) } ?? ""
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        var template = Array((directory + ".\(name).XXXXXX").utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else { throw failure(path) }
        let temporary = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var renamed = false
        defer { if !renamed { unlink(temporary) } }
        do {
            defer { close(descriptor) }
            try writeAll(text, to: descriptor, path: path)
            guard fchmod(descriptor, mode(replacing: path)) == 0, fsync(descriptor) == 0 else { throw failure(path) }
        }
        guard rename(temporary, path) == 0 else { throw failure(path) }
        renamed = true
    }

    private static func writeAll(_ text: String, to descriptor: Int32, path: String) throws(DiagramFileError) {
        var text = text
        let failed: Bool = text.withUTF8 { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = Glibc.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return true
                }
                offset += written
            }
            return false
        }
        if failed { throw failure(path) }
    }

    /// The mode of the file being replaced; for a new file what `creat` would give (0666 less the umask).
    private static func mode(replacing path: String) -> mode_t {
        var info = stat()
        if stat(path, &info) == 0 { return info.st_mode & 0o7777 }
        let mask = umask(0)
        umask(mask)
        return 0o666 & ~mask
    }

    private static func failure(_ path: String) -> DiagramFileError {
        DiagramFileError(path: path, reason: String(cString: strerror(errno)))
    }
}
