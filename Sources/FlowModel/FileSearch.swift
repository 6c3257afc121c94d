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
///
/// The system's own folders (`/proc`, `/sys`, `/dev`) are never searched: a path given under one is refused
/// before anything is looked at, and a link into one met while searching is not followed (`/proc/self/root`
/// is the whole file system). The search stops with a `refusal` at `Limits`, so no input walks without end.
public struct FileSearch {
    /// How far one search goes (README: Limits).
    public struct Limits: Sendable {
        /// Names looked at (each file and folder met in a searched folder, and each path given).
        public var entries: Int
        /// Folders below a path given.
        public var depth: Int

        public init(entries: Int = 1_000_000, depth: Int = 128) {
            self.entries = entries
            self.depth = depth
        }
    }

    /// Why a search stopped before it was done: the CLI prints it as one line and exits 2.
    public enum Refusal: Error, Equatable, Sendable, CustomStringConvertible {
        /// A path given lies in `/proc`, `/sys` or `/dev` (or resolves there).
        case systemFolder(path: String, folder: String)
        case tooManyEntries(limit: Int, root: String)
        case tooDeep(limit: Int, path: String)

        public var description: String {
            switch self {
            case .systemFolder(let path, let folder):
                "\(path) is in \(folder), a folder of the system, not of a project: not searched"
            case .tooManyEntries(let limit, let root):
                "searching \(root) met more than \(limit) files and folders: give the folders that hold the project"
            case .tooDeep(let limit, let path):
                "\(path) is more than \(limit) folders deep: give the folders that hold the project"
            }
        }
    }

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
            /// A symbolic link (or a folder) into `/proc`, `/sys` or `/dev`: not followed.
            case systemFolder(String)

            public var description: String {
                switch self {
                case .missing(let reason): "\(reason) (a symbolic link to nothing?)"
                case .unreadable(let reason): reason
                case .unlistable(let reason): "cannot list the folder: \(reason)"
                case .special(let kind): "\(kind), not a regular file"
                case .nameNotUTF8: "the name is not UTF-8"
                case .systemFolder(let folder): "leads into \(folder), a folder of the system: not followed"
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
    /// Set when the search stopped early: nothing found is complete, and callers stop.
    public private(set) var refusal: Refusal?
    /// Names looked at (each path given, each name met in a folder searched), for `Limits` and for tests that check
    /// a refused path costs nothing.
    public private(set) var entriesVisited = 0
    private var visited: Set<FileIdentity> = []
    private let limits: Limits
    /// The devices of `/proc`, `/sys` and `/dev` where they are file systems of their own.
    private let systemDevices: [(device: UInt64, folder: String)]

    private init(limits: Limits) {
        self.limits = limits
        systemDevices = Self.systemDevices()
    }

    /// Searches `paths`; `wanted` says which file names found in folders are inputs (named paths always are).
    /// Every path is checked against the system's folders before any is searched.
    public static func search(_ paths: [String], wanted: (String) -> Bool, limits: Limits = Limits()) -> FileSearch {
        var search = FileSearch(limits: limits)
        if let refused = paths.lazy.compactMap(systemFolderRefusal).first {
            search.refusal = refused
            return search
        }
        for path in paths {
            search.walk(from: normalize(path), wanted: wanted)
            if search.refusal != nil { break }
        }
        return search
    }

    /// The system folders this search never enters.
    public static let systemFolders = ["/proc", "/sys", "/dev"]

    /// Refuses a path that lies in a system folder as written (made absolute, `..` resolved) or passes through one
    /// while its links are resolved. Looks at no file: only the path's own links are read.
    public static func systemFolderRefusal(_ path: String) -> Refusal? {
        guard let folder = systemFolder(containing: absolute(path)) ?? systemFolder(resolving: path) else { return nil }
        return .systemFolder(path: path, folder: folder)
    }

    /// `/proc`, `/sys` or `/dev` when the absolute, `..`-free `path` is one of them or below one.
    static func systemFolder(containing path: String) -> String? {
        systemFolders.first { path == $0 || path.hasPrefix($0 + "/") }
    }

    /// Depth first in byte order, with an explicit stack: folder depth costs no call stack.
    private mutating func walk(from root: String, wanted: (String) -> Bool) {
        var pending: [(path: String, explicit: Bool, depth: Int)] = [(root, true, 0)]
        while let (path, explicit, depth) = pending.popLast() {
            // A name met in a folder was counted when it was looked at; a path given, here.
            if explicit, !count(root) { return }
            var info = stat()
            guard stat(path, &info) == 0 else {
                let reason = FileError.current().description
                let missing = errno == ENOENT || errno == ENOTDIR
                skipped.append(Skipped(path: path, reason: missing ? .missing(reason) : .unreadable(reason), explicit: explicit))
                continue
            }
            let identity = FileIdentity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
            // Reached through a link whose text did not show it (a link to a link into /proc).
            if let system = systemDevices.first(where: { $0.device == identity.device }) {
                skipped.append(Skipped(path: path, reason: .systemFolder(system.folder), explicit: explicit))
                continue
            }
            switch info.st_mode & S_IFMT {
            case S_IFDIR:
                guard visited.insert(identity).inserted else { continue }
                guard depth <= limits.depth else {
                    refusal = .tooDeep(limit: limits.depth, path: path)
                    return
                }
                guard let names = entries(of: path, explicit: explicit, wanted: wanted) else { continue }
                var children: [(String, Bool, Int)] = []
                for name in names where !name.hasPrefix(".") {
                    guard count(root) else { return }
                    let child = path == "." ? name : (path.hasSuffix("/") ? path + name : path + "/" + name)
                    var childInfo = stat()
                    // A name that lstat cannot reach is passed on only when it could be an input or a folder.
                    let linked = lstat(child, &childInfo) == 0 && childInfo.st_mode & S_IFMT == S_IFLNK
                    if linked, let folder = Self.systemFolder(linkedFrom: child) {
                        skipped.append(Skipped(path: child, reason: .systemFolder(folder), explicit: false))
                        continue
                    }
                    let isFolder = (!linked || stat(child, &childInfo) == 0) && childInfo.st_mode & S_IFMT == S_IFDIR
                    if isFolder || wanted(name) { children.append((child, false, depth + 1)) }
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
                let isFolder =
                    raw.withUnsafeBufferPointer { buffer in
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

    /// Counts one name looked at; false (with the refusal set) past the bound.
    private mutating func count(_ root: String) -> Bool {
        entriesVisited += 1
        guard entriesVisited > limits.entries else { return true }
        refusal = .tooManyEntries(limit: limits.entries, root: root)
        return false
    }

    /// The system folder a symbolic link leads into, at any hop of its resolution.
    private static func systemFolder(linkedFrom link: String) -> String? {
        systemFolder(resolving: link)
    }

    /// The system folder `path` passes through while its links are resolved one component at a time, as the kernel
    /// does; checked at every step, since `realpath` cannot see it through `/proc`'s own links (`/proc/self/root`
    /// resolves to `/`). A loop or more than 40 links answer what was seen so far.
    static func systemFolder(resolving path: String) -> String? {
        var pending = Array(absolute(path).split(separator: "/").map(String.init).reversed())
        var resolved: [String] = []
        var hops = 0
        while let part = pending.popLast() {
            if part == "." || part.isEmpty { continue }
            if part == ".." { _ = resolved.popLast(); continue }
            let candidate = "/" + (resolved + [part]).joined(separator: "/")
            if let system = systemFolder(containing: candidate) { return system }
            var info = stat()
            guard lstat(candidate, &info) == 0, info.st_mode & S_IFMT == S_IFLNK else {
                resolved.append(part)
                continue
            }
            hops += 1
            guard hops <= 40, let text = linkText(candidate) else { return nil }
            if text.hasPrefix("/") { resolved.removeAll() }
            pending += text.split(separator: "/").map(String.init).reversed()
        }
        return nil
    }

    private static func linkText(_ link: String) -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink(link, &buffer, buffer.count - 1)
        guard count > 0 else { return nil }
        return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// `path` made absolute against the working directory, with `.` and `..` resolved as written (links are not read).
    static func absolute(_ path: String) -> String {
        var full = path
        if !path.hasPrefix("/") {
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            guard getcwd(&buffer, buffer.count) != nil else { return normalize(path) }
            full = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self) + "/" + path
        }
        var parts: [Substring] = []
        for part in full.split(separator: "/", omittingEmptySubsequences: true) where part != "." {
            if part == ".." { _ = parts.popLast() } else { parts.append(part) }
        }
        return "/" + parts.joined(separator: "/")
    }

    /// `/proc`, `/sys` and `/dev` that are mounted file systems of their own (not folders of the root's), by device.
    private static func systemDevices() -> [(device: UInt64, folder: String)] {
        var root = stat()
        guard stat("/", &root) == 0 else { return [] }
        return systemFolders.compactMap { folder in
            var info = stat()
            guard stat(folder, &info) == 0, info.st_dev != root.st_dev else { return nil }
            return (UInt64(info.st_dev), folder)
        }
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
