#if canImport(Glibc)
import Glibc
private let systemRead = Glibc.read
private let systemWrite = Glibc.write
#elseif canImport(Darwin)
import Darwin
private let systemRead = Darwin.read
private let systemWrite = Darwin.write
#endif

/// Reads whole files, and writes them through a temporary file in the same folder and a rename, so a reader
/// never sees half a file. Errors are one line (`no such file or directory`).
enum FileAccess {
    static func read(_ path: String) throws(FileError) -> [UInt8] {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw FileError(errno: errno) }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw FileError(errno: errno) }
        guard status.st_mode & S_IFMT == S_IFREG else { throw FileError(reason: "not a regular file") }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = chunk.withUnsafeMutableBytes { systemRead(descriptor, $0.baseAddress!, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw FileError(errno: errno)
            }
            if count == 0 { return bytes }
            bytes += chunk[..<count]
        }
    }

    static func writeAtomically(_ text: String, to path: String) throws(FileError) {
        let slash = path.lastIndex(of: "/")
        let folder = slash.map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? "."
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        var template = Array("\(folder)/.\(name).XXXXXX".utf8CString)
        let descriptor = mkstemp(&template)
        guard descriptor >= 0 else { throw FileError(errno: errno) }
        let temporary = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var failure: FileError?
        let bytes = Array(text.utf8)
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = systemWrite(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    failure = FileError(errno: errno)
                    return
                }
                offset += written
            }
        }
        // mkstemp creates the file 0600; a baseline is committed and read by others, so give it the usual mode.
        let mask = umask(0)
        umask(mask)
        if failure == nil, fchmod(descriptor, 0o666 & ~mask) != 0 { failure = FileError(errno: errno) }
        if failure == nil, fsync(descriptor) != 0 { failure = FileError(errno: errno) }
        close(descriptor)
        if failure == nil, rename(temporary, path) != 0 { failure = FileError(errno: errno) }
        if let failure {
            unlink(temporary)
            throw failure
        }
    }
}

/// A failed file operation, described in one line.
struct FileError: Error {
    var reason: String

    init(reason: String) {
        self.reason = reason
    }

    init(errno code: Int32) {
        reason = String(cString: strerror(code)).lowercased()
    }
}
