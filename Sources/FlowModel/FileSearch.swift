#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Finds the input files of a run, specs or Swift: paths as given, folders searched in byte order.
///
/// Hidden folders and files (`.git`, `.build`, …) are skipped while searching. Symbolic links are followed;
/// a folder reached twice (a link loop, two roots) is searched once, and a file reached twice is found
/// once. Nothing met is passed over in silence: what cannot be searched or read is in `skipped`, with the
/// reason, and each caller decides which of those matter (lint stops at an unreadable folder; extract
/// notes every skip).
public struct FileSearch {
    public struct Skipped: Equatable, Sendable {
        public enum Reason: Equatable, Sendable, CustomStringConvertible {
            /// Nothing there (a link to nothing): the system's words.
            case missing(String)
            /// `stat` failed (permission denied on a parent, a name too long): the system's words.
            case unreadable(String)
            /// A folder that cannot be listed.
            case unlistable(String)
            /// A FIFO, socket or device: never opened, so never waited on.
            case special(String)
            /// A name that is not UTF-8 (shown with U+FFFD in its place): no path string can reach it.
            case nameNotUTF8

            public var description: String {
                switch self {
                case .missing(let reason): "\(reason) (a symbolic link to nothing?)"
                case .unreadable(let reason): reason
                case .unlistable(let reason): "cannot list the folder: \(reason)"
                case .special(let kind): "\(kind), not a regular file"
                case .nameNotUTF8: "the name is not UTF-8"
                }
            }
        }

        public var path: String
        public var reason: Reason
        /// Named by the caller, not met while searching.
        public var explicit: Bool
    }

    public private(set) var found: [String] = []
    public private(set) var skipped: [Skipped] = []
    private var visited: Set<FileIdentity> = []

    /// Searches `paths`; `wanted` says which file names found in folders are inputs (named paths always are).
    public static func search(_ paths: [String], wanted: (String) -> Bool) -> FileSearch {
        var search = FileSearch()
        for path in paths {
            search.walk(from: normalize(path), wanted: wanted)
        }
        return search
    }

    /// Depth first in byte order, with an explicit stack: folder depth costs no call stack.
    private mutating func walk(from root: String, wanted: (String) -> Bool) {
        var pending: [(path: String, explicit: Bool)] = [(root, true)]
        while let (path, explicit) = pending.popLast() {
            var info = stat()
            guard stat(path, &info) == 0 else {
                let reason = FileError.current().description
                let missing = errno == ENOENT || errno == ENOTDIR
                skipped.append(Skipped(path: path, reason: missing ? .missing(reason) : .unreadable(reason), explicit: explicit))
                continue
            }
            let identity = FileIdentity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
            switch info.st_mode & S_IFMT {
            case S_IFDIR:
                guard visited.insert(identity).inserted else { continue }
                guard let names = entries(of: path, explicit: explicit, wanted: wanted) else { continue }
                var children: [(String, Bool)] = []
                for name in names where !name.hasPrefix(".") {
                    let child = path == "." ? name : (path.hasSuffix("/") ? path + name : path + "/" + name)
                    var childInfo = stat()
                    // A name that stat cannot reach is passed on only when it could be an input or a folder.
                    let isFolder = stat(child, &childInfo) == 0 && childInfo.st_mode & S_IFMT == S_IFDIR
                    if isFolder || wanted(name) { children.append((child, false)) }
                }
                pending += children.reversed()
            case S_IFREG:
                guard visited.insert(identity).inserted else { continue }
                found.append(path)
            case S_IFIFO:
                skipped.append(Skipped(path: path, reason: .special("a FIFO"), explicit: explicit))
            case S_IFSOCK:
                skipped.append(Skipped(path: path, reason: .special("a socket"), explicit: explicit))
            case S_IFCHR:
                skipped.append(Skipped(path: path, reason: .special("a character device"), explicit: explicit))
            default:
                skipped.append(Skipped(path: path, reason: .special("a block device"), explicit: explicit))
            }
        }
    }

    /// The folder's entries in byte order. A name that is not UTF-8 is recorded as skipped, not returned, when it
    /// is a folder or would be wanted.
    private mutating func entries(of directory: String, explicit: Bool, wanted: (String) -> Bool) -> [String]? {
        guard let handle = opendir(directory) else {
            skipped.append(Skipped(path: directory, reason: .unlistable(FileError.current().description), explicit: explicit))
            return nil
        }
        defer { closedir(handle) }
        var names: [String] = []
        var unnamed: [String] = []
        while let entry = readdir(handle) {
            let bytes = withUnsafeBytes(of: entry.pointee.d_name) { raw in Array(raw.prefix { $0 != 0 }) }
            guard let name = String(validating: bytes, as: UTF8.self) else {
                let shown = String(decoding: bytes, as: UTF8.self)
                var raw = Array(directory.utf8) + [UInt8(ascii: "/")] + bytes + [0]
                if directory == "." { raw = bytes + [0] }
                var info = stat()
                let isFolder = raw.withUnsafeBufferPointer { buffer in
                    buffer.withMemoryRebound(to: CChar.self) { stat($0.baseAddress!, &info) == 0 }
                } && info.st_mode & S_IFMT == S_IFDIR
                if bytes.first != UInt8(ascii: "."), isFolder || wanted(shown) {
                    unnamed.append(directory == "." ? shown : (directory.hasSuffix("/") ? directory + shown : directory + "/" + shown))
                }
                continue
            }
            if name != "." && name != ".." { names.append(name) }
        }
        for path in unnamed.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }) {
            skipped.append(Skipped(path: path, reason: .nameNotUTF8, explicit: false))
        }
        return names.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    }

    /// `./a//b/` → `a/b`, so reported paths look the same however they were typed.
    public static func normalize(_ path: String) -> String {
        let absolute = path.hasPrefix("/")
        let parts = path.split(separator: "/", omittingEmptySubsequences: true).filter { $0 != "." }
        let joined = parts.joined(separator: "/")
        if absolute { return "/" + joined }
        return joined.isEmpty ? "." : joined
    }
}
