#if canImport(Glibc)
import Glibc
private let systemRead = Glibc.read
private let systemWrite = Glibc.write
#elseif canImport(Darwin)
import Darwin
private let systemRead = Darwin.read
private let systemWrite = Darwin.write
#endif

/// A failed file operation, in one line (`no such file or directory`, `not a regular file`).
public enum FileError: Error, Equatable, CustomStringConvertible {
    case system(String)
    case notRegularFile
    case tooLarge(size: Int, limit: Int)

    /// The current `errno`, as the system describes it.
    public static func current() -> FileError { .system(String(cString: strerror(errno)).lowercased()) }

    public var description: String {
        switch self {
        case .system(let reason): reason
        case .notRegularFile: "not a regular file"
        case .tooLarge(let size, let limit): "\(size) bytes, more than the \(limit >> 20) MiB such a file may have"
        }
    }
}

/// Every file flowlint reads or writes goes through here: whole regular files in, atomic replacement out.
public enum FileIO {
    public enum Contents: Sendable {
        case bytes([UInt8])
        /// The file's size, over the limit; nothing was read.
        case tooLarge(Int)
    }

    /// Reads a regular file whole, checking its size before reading anything.
    public static func read(_ path: String, limit: Int) throws(FileError) -> Contents {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw .current() }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw .current() }
        guard info.st_mode & S_IFMT == S_IFREG else { throw .notRegularFile }
        let size = Int(info.st_size)
        guard size <= limit else { return .tooLarge(size) }
        var bytes = [UInt8](repeating: 0, count: size)
        var total = 0
        while total < size {
            let count = bytes.withUnsafeMutableBytes { buffer in
                systemRead(descriptor, buffer.baseAddress! + total, size - total)
            }
            if count < 0 {
                if errno == EINTR { continue }
                throw .current()
            }
            if count == 0 { break }  // the file shrank while it was read
            total += count
        }
        if total < size { bytes.removeSubrange(total...) }
        return .bytes(bytes)
    }

    /// `read` for files that are simply refused when too large (the configuration, a baseline).
    public static func bytes(of path: String, limit: Int) throws(FileError) -> [UInt8] {
        switch try read(path, limit: limit) {
        case .bytes(let bytes): bytes
        case .tooLarge(let size): throw .tooLarge(size: size, limit: limit)
        }
    }

    /// Writes a temporary file beside `path` and renames it over `path`: readers see the old file or the new
    /// one, never a part, and a failure leaves the old file as it was. The new file keeps the mode of the one
    /// it replaces; a new one gets what `creat` would give (0666 less the umask), not `mkstemp`'s 0600.
    public static func writeAtomically(_ text: String, to path: String) throws(FileError) {
        let slash = path.lastIndex(of: "/")
        let directory = slash.map { String(path[...$0]) } ?? ""
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        var template = Array((directory + ".\(name).XXXXXX").utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else { throw .current() }
        let temporary = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var renamed = false
        defer { if !renamed { unlink(temporary) } }
        do {
            defer { close(descriptor) }
            guard writeAll(text, to: descriptor), fchmod(descriptor, mode(replacing: path)) == 0, fsync(descriptor) == 0
            else { throw .current() }
        }
        guard rename(temporary, path) == 0 else { throw .current() }
        renamed = true
    }

    /// Writes all of `text`, retrying short and interrupted writes; false (with `errno` set) on failure.
    @discardableResult
    public static func writeAll(_ text: String, to descriptor: Int32) -> Bool {
        var text = text
        return text.withUTF8 { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = systemWrite(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return false
                }
                offset += written
            }
            return true
        }
    }

    private static func mode(replacing path: String) -> mode_t {
        var info = stat()
        if stat(path, &info) == 0 { return info.st_mode & 0o7777 }
        let mask = umask(0)
        umask(mask)
        return 0o666 & ~mask
    }
}
