#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import FlowModel

/// Why a path given on the command line cannot be linted. The CLI prints these as one line and exits 2.
public enum LoadError: Error, Equatable, CustomStringConvertible {
    case noSuchPath(String)
    case unreadable(String, reason: String)
    case notRegularFile(String)
    case noSpecs([String])

    public var description: String {
        switch self {
        case .noSuchPath(let path): "no such file or directory: \(path)"
        case .unreadable(let path, let reason): "cannot read \(path): \(reason)"
        case .notRegularFile(let path): "not a regular file or directory: \(path)"
        case .noSpecs(let paths):
            "no flow specs (*.flow.yml, *.flow.yaml) found in \(paths.joined(separator: ", "))"
        }
    }
}

/// Finds the spec files of a run: files as given, folders searched recursively in byte order.
///
/// Hidden folders (`.git`, `.build`, …) are skipped while searching; symlinked folders are
/// followed once each, so symlink loops end. The same file reached twice is read once.
public struct FileDiscovery {
    public static let specSuffixes = [".flow.yml", ".flow.yaml"]

    private var visited: Set<FileIdentity> = []
    private(set) var found: [String] = []

    public static func find(_ paths: [String]) throws(LoadError) -> [String] {
        var discovery = FileDiscovery()
        for path in paths {
            try discovery.visit(normalize(path), explicit: true)
        }
        guard !discovery.found.isEmpty else { throw .noSpecs(paths) }
        return discovery.found
    }

    public static func isSpec(_ name: String) -> Bool {
        specSuffixes.contains { name.hasSuffix($0) }
    }

    private mutating func visit(_ path: String, explicit: Bool) throws(LoadError) {
        var info = stat()
        guard stat(path, &info) == 0 else {
            let reason = FileError.current().description
            if !explicit {
                return  // a dangling symlink met while searching is not a spec
            }
            throw errno == ENOENT || errno == ENOTDIR ? .noSuchPath(path) : .unreadable(path, reason: reason)
        }
        let identity = FileIdentity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
        switch info.st_mode & S_IFMT {
        case S_IFDIR:
            guard visited.insert(identity).inserted else { return }
            for name in try entries(of: path) where !name.hasPrefix(".") {
                let child = path == "." ? name : (path.hasSuffix("/") ? path + name : path + "/" + name)
                var childInfo = stat()
                guard stat(child, &childInfo) == 0 else { continue }
                if childInfo.st_mode & S_IFMT == S_IFDIR || Self.isSpec(name) {
                    try visit(child, explicit: false)
                }
            }
        case S_IFREG:
            guard visited.insert(identity).inserted else { return }
            found.append(path)
        default:
            if explicit { throw .notRegularFile(path) }
        }
    }

    private func entries(of directory: String) throws(LoadError) -> [String] {
        guard let handle = opendir(directory) else {
            throw .unreadable(directory, reason: FileError.current().description)
        }
        defer { closedir(handle) }
        var names: [String] = []
        while let entry = readdir(handle) {
            let name = withUnsafePointer(to: entry.pointee.d_name) {
                $0.withMemoryRebound(to: CChar.self, capacity: Int(NAME_MAX) + 1) { String(cString: $0) }
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    }

    /// `./a//b/` → `a/b`, so reported paths look the same however they were typed.
    static func normalize(_ path: String) -> String {
        let absolute = path.hasPrefix("/")
        let parts = path.split(separator: "/", omittingEmptySubsequences: true).filter { $0 != "." }
        let joined = parts.joined(separator: "/")
        if absolute { return "/" + joined }
        return joined.isEmpty ? "." : joined
    }
}

private struct FileIdentity: Hashable {
    var device: UInt64
    var inode: UInt64
}
