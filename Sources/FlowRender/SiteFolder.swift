#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import FlowModel

/// The atlas's folder on disk: which files in it are pages of an earlier run that no coordinator has now.
public enum SiteFolder {
    /// Regular `.html` files of `folder` that flowlint wrote (the first 1 KiB holds `Site.generatorMeta`) and
    /// that are not among `pages`: a coordinator renamed or removed since, or an atlas of an older flowlint.
    /// Links, other files and files of other tools are never counted. Names in byte order.
    public static func stalePages(in folder: String, keeping pages: Set<String>) -> [String] {
        guard let handle = opendir(folder) else { return [] }
        defer { closedir(handle) }
        var stale: [String] = []
        while let entry = readdir(handle) {
            let bytes = withUnsafeBytes(of: entry.pointee.d_name) { raw in Array(raw.prefix { $0 != 0 }) }
            guard let name = String(validating: bytes, as: UTF8.self), name.hasSuffix(".html"), !pages.contains(name),
                isPage(folder + "/" + name)
            else { continue }
            stale.append(name)
        }
        return stale.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    }

    private static func isPage(_ path: String) -> Bool {
        var info = stat()
        guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG,
            case .bytes(let bytes)? = try? FileIO.read(path, limit: 256 << 20)
        else { return false }
        return String(decoding: bytes.prefix(1024), as: UTF8.self).contains(Site.generatorMeta)
    }
}
