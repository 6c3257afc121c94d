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
        // O_NONBLOCK: opening a FIFO with no writer must not wait; the type is checked on the open descriptor.
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
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
    /// A symbolic link is followed: its target is replaced and the link kept. A FIFO or a character device
    /// (`/dev/stdout`, a terminal) is written directly, never renamed over; other special files are refused.
    public static func writeAtomically(_ text: String, to requested: String) throws(FileError) {
        try writeAtomically(to: requested) { writeAll(text, to: $0) }
    }

    /// `writeAtomically` for bytes (a PNG, a PDF).
    public static func writeAtomically(_ bytes: [UInt8], to requested: String) throws(FileError) {
        try writeAtomically(to: requested) { writeAll(bytes, to: $0) }
    }

    private static func writeAtomically(to requested: String, _ writeAll: (Int32) -> Bool) throws(FileError) {
        var path = requested
        var info = stat()
        if lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFLNK {
            if let resolved = realpath(path, nil) {
                path = String(cString: resolved)
                free(resolved)
            } else {
                // A link to a file not made yet: the file is made where the link points.
                var target = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
                let length = readlink(path, &target, target.count - 1)
                guard length > 0 else { throw .current() }
                let destination = String(decoding: target[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
                let slash = path.lastIndex(of: "/")
                path = destination.hasPrefix("/") || slash == nil ? destination : String(path[...slash!]) + destination
            }
        }
        if stat(path, &info) == 0 {
            switch info.st_mode & S_IFMT {
            case S_IFREG: break
            case S_IFIFO, S_IFCHR: return try writeDirectly(to: path, writeAll)
            default: throw .notRegularFile
            }
        }
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
            guard writeAll(descriptor), fchmod(descriptor, mode(replacing: path)) == 0, fsync(descriptor) == 0
            else { throw .current() }
        }
        guard rename(temporary, path) == 0 else { throw .current() }
        renamed = true
    }

    /// Creates `path`, which must not exist, readable by its owner only, and writes `bytes` into it: for files of a
    /// private folder of flowlint's own (a revision read from git), where nothing is replaced and nobody else
    /// looks, so there is no temporary name to rename and no `fsync`, which would cost more than the write.
    public static func writeNew(_ bytes: ArraySlice<UInt8>, to path: String) throws(FileError) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw .current() }
        defer { close(descriptor) }
        guard bytes.withUnsafeBytes({ writeAll($0, to: descriptor) }) else { throw .current() }
    }

    /// Writes into an existing FIFO or device as it is. Opened without blocking, so a FIFO nobody reads is an
    /// error (`no such device or address`), not a hang; the writes themselves block as usual.
    private static func writeDirectly(to path: String, _ writeAll: (Int32) -> Bool) throws(FileError) {
        let descriptor = open(path, O_WRONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { throw .current() }
        defer { close(descriptor) }
        let flags = fcntl(descriptor, F_GETFL)
        guard flags >= 0, fcntl(descriptor, F_SETFL, flags & ~O_NONBLOCK) == 0, writeAll(descriptor) else {
            throw .current()
        }
    }

    /// Whether two paths name the same file (after links), so output never lands on an input.
    public static func isSameFile(_ first: String, _ second: String) -> Bool {
        guard let a = identity(of: first) else { return false }
        return identity(of: second) == a
    }

    /// The file a path names (after links), nil when there is none: one `stat`, to compare many paths with many.
    public static func identity(of path: String) -> FileIdentity? {
        var info = stat()
        return stat(path, &info) == 0 ? FileIdentity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino)) : nil
    }

    /// The files `paths` name, each to the first path naming it; paths naming none are left out. One `stat` per
    /// path, so "is this output one of the inputs" costs one look-up per output, not one `stat` per pair.
    public static func identities(of paths: [String]) -> [FileIdentity: String] {
        var files: [FileIdentity: String] = [:]
        for path in paths {
            if let identity = identity(of: path), files[identity] == nil { files[identity] = path }
        }
        return files
    }

    /// Writes all of `text`, retrying short and interrupted writes; false (with `errno` set) on failure.
    @discardableResult
    public static func writeAll(_ text: String, to descriptor: Int32) -> Bool {
        var text = text
        return text.withUTF8 { writeAll(UnsafeRawBufferPointer($0), to: descriptor) }
    }

    @discardableResult
    public static func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> Bool {
        bytes.withUnsafeBytes { writeAll($0, to: descriptor) }
    }

    private static func writeAll(_ buffer: UnsafeRawBufferPointer, to descriptor: Int32) -> Bool {
        var offset = 0
        while offset < buffer.count {
            let written = systemWrite(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                return false
            }
            if written == 0 {  // nothing written and no error: give up rather than spin
                errno = EIO
                return false
            }
            offset += written
        }
        return true
    }

    private static func mode(replacing path: String) -> mode_t {
        var info = stat()
        if stat(path, &info) == 0 { return info.st_mode & 0o7777 }
        let mask = umask(0)
        umask(mask)
        return 0o666 & ~mask
    }
}

/// A file as the file system knows it: device and inode (the folder walker's loop guard, and extract's "never
/// onto an input").
public struct FileIdentity: Hashable, Sendable {
    public var device: UInt64
    public var inode: UInt64

    public init(device: UInt64, inode: UInt64) {
        self.device = device
        self.inode = inode
    }
}
