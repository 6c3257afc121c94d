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
    /// A path in a system folder, or a search past its limits (`FileSearch.Refusal`).
    case refused(String)

    public var description: String {
        switch self {
        case .noSuchPath(let path): "no such file or directory: \(path)"
        case .unreadable(let path, let reason): "cannot read \(path): \(reason)"
        case .notRegularFile(let path): "not a regular file or directory: \(path)"
        case .refused(let reason): reason
        case .noSpecs(let paths):
            "no flow specs (*.flow.yml, *.flow.yaml) found in \(paths.joined(separator: ", "))"
        }
    }
}

/// Finds the spec files of a run: files as given, folders searched recursively in byte order.
///
/// Hidden folders (`.git`, `.build`, …) are skipped while searching; symlinked folders are
/// followed once each, so symlink loops end; links into `/proc`, `/sys` or `/dev` are not followed, and a path
/// given there is refused (`FileSearch`). The same file reached twice is read once.
/// A named path that is missing or not a regular file, and a folder that cannot be listed, stop the run;
/// what else cannot be read while searching is not a spec.
public enum FileDiscovery {
    public static let specSuffixes = [".flow.yml", ".flow.yaml"]

    public static func find(_ paths: [String]) throws(LoadError) -> [String] {
        try search(paths).files
    }

    /// The spec files, and a line for each link into a system folder that was not followed (the CLI prints them as notes).
    public static func search(_ paths: [String]) throws(LoadError) -> (files: [String], notFollowed: [String]) {
        let search = FileSearch.search(paths, wanted: isSpec)
        if let refusal = search.refusal { throw .refused(refusal.description) }
        for skipped in search.skipped {
            switch skipped.reason {
            case .missing where skipped.explicit: throw .noSuchPath(skipped.path)
            case .unreadable(let reason) where skipped.explicit: throw .unreadable(skipped.path, reason: reason)
            case .special where skipped.explicit: throw .notRegularFile(skipped.path)
            case .unlistable(let reason): throw .unreadable(skipped.path, reason: reason)
            default: continue
            }
        }
        guard !search.found.isEmpty else { throw .noSpecs(paths) }
        let notFollowed = search.skipped.compactMap { skipped -> String? in
            guard case .systemFolder = skipped.reason else { return nil }
            return "\(skipped.path): \(skipped.reason)"
        }
        return (search.found, notFollowed)
    }

    public static func isSpec(_ name: String) -> Bool {
        specSuffixes.contains { name.hasSuffix($0) }
    }

    /// `./a//b/` → `a/b`, so reported paths look the same however they were typed.
    static func normalize(_ path: String) -> String {
        FileSearch.normalize(path)
    }
}
