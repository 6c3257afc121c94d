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
        try replace(requested) { writeAll(text, to: $0) }
    }

    /// `writeAtomically` for bytes (a PNG, a PDF).
    public static func writeAtomically(_ bytes: [UInt8], to requested: String) throws(FileError) {
        try replace(requested) { writeAll(bytes, to: $0) }
    }

    /// One file, as the batch of one it is.
    private static func replace(_ requested: String, _ writeAll: (Int32) -> Bool) throws(FileError) {
        do throws(PathError) {
            try withoutActuallyEscaping(writeAll) { writeAll throws(PathError) in try replaceAll([(requested, writeAll)]) }
        } catch {
            throw error.error
        }
    }

    /// Several files, each written as `writeAtomically` writes one, in two steps: every text goes to its temporary
    /// file first, and only once all are written and on disk are they renamed into place. A failure before the
    /// renames leaves every old file as it was. On disk: one `syncfs` for all (Linux), where a `fsync` a file cost
    /// 0.7 ms on a VM's disk, most of the time extract took to write 887 specs; one `fsync` a file elsewhere.
    public static func writeAtomically(texts files: [(path: String, text: String)]) throws(PathError) {
        try replaceAll(files.map { file in (file.path, { writeAll(file.text, to: $0) }) })
    }

    /// A write that failed, and the path it failed on.
    public struct PathError: Error {
        public var path: String
        public var error: FileError
    }

    private static func replaceAll(_ files: [(path: String, writeAll: (Int32) -> Bool)]) throws(PathError) {
        var replaced: [(path: String, file: Int)] = []
        for (index, file) in files.enumerated() {
            do throws(FileError) {
                if let path = try self.replaced(by: file.path) {
                    replaced.append((path, index))
                } else {
                    try writeDirectly(to: file.path, file.writeAll)
                }
            } catch {
                throw PathError(path: file.path, error: error)
            }
        }
        // The temporary files are written on every core: creating a file cost 0.4 ms on a VM's file system, and
        // creations in two threads took half the time.
        let flushEach = replaced.count == 1 || syncFileSystem == nil
        let mask = umask(0)
        umask(mask)
        let temporaries = Parallel.map(replaced) { target in
            Result { () throws(FileError) -> String in
                let slash = target.path.lastIndex(of: "/")
                let directory = slash.map { String(target.path[...$0]) } ?? ""
                let name = slash.map { String(target.path[target.path.index(after: $0)...]) } ?? target.path
                var template = Array((directory + ".\(name).XXXXXX").utf8CString)
                let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
                guard descriptor >= 0 else { throw .current() }
                defer { close(descriptor) }
                let temporary = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
                guard files[target.file].writeAll(descriptor), fchmod(descriptor, mode(replacing: target.path, mask: mask)) == 0,
                    !flushEach || fsync(descriptor) == 0
                else {
                    let error = FileError.current()
                    unlink(temporary)
                    throw error
                }
                return temporary
            }
        }
        // Temporary file → the path it replaces; whatever is still here when this returns is removed.
        var pending = zip(temporaries, replaced).compactMap { temporary, target in
            (try? temporary.get()).map { (temporary: $0, path: target.path) }
        }
        defer { for file in pending { unlink(file.temporary) } }
        for (temporary, target) in zip(temporaries, replaced) {
            if case .failure(let error) = temporary { throw PathError(path: files[target.file].path, error: error) }
        }
        if !flushEach, let syncFileSystem {
            // One `syncfs` for each file system written to (nearly always one).
            var synced: Set<UInt64> = []
            for file in pending {
                var info = stat()
                guard stat(file.temporary, &info) == 0 else { throw PathError(path: file.path, error: .current()) }
                guard synced.insert(UInt64(info.st_dev)).inserted else { continue }
                let descriptor = open(file.temporary, O_RDONLY | O_CLOEXEC)
                guard descriptor >= 0 else { throw PathError(path: file.path, error: .current()) }
                defer { close(descriptor) }
                guard syncFileSystem(descriptor) == 0 else { throw PathError(path: file.path, error: .current()) }
            }
        }
        while let file = pending.last {
            guard rename(file.temporary, file.path) == 0 else { throw PathError(path: file.path, error: .current()) }
            pending.removeLast()
        }
    }

    /// The regular file a write to `requested` replaces (after links), or nil when `requested` is a FIFO or a
    /// character device, written directly.
    private static func replaced(by requested: String) throws(FileError) -> String? {
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
            case S_IFIFO, S_IFCHR: return nil
            default: throw .notRegularFile
            }
        }
        return path
    }

    /// Linux's `syncfs` (every file of one file system to disk in one call), looked up at run time: Glibc's Swift
    /// module leaves it out, and Darwin has none.
    private static let syncFileSystem: (@convention(c) (Int32) -> Int32)? = {
        #if canImport(Glibc)
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "syncfs") else { return nil }
        return unsafeBitCast(symbol, to: (@convention(c) (Int32) -> Int32).self)
        #else
        return nil
        #endif
    }()

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

    /// The mode of the file `path` names, or what `creat` gives a new one under the process's `mask`.
    private static func mode(replacing path: String, mask: mode_t) -> mode_t {
        var info = stat()
        if stat(path, &info) == 0 { return info.st_mode & 0o7777 }
        return 0o666 & ~mask
    }
}

/// A file as the file system knows it: device and inode (the folder walker's loop guard, and extract's "never
/// onto an input").
public struct FileIdentity: Hashable, Sendable {
    public var device: UInt64
    public var inode: UInt64
}
