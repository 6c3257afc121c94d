#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import FlowModel

/// Where `flowlint extract` writes its specs, and when it may (DESIGN §5: extraction never destroys a person's
/// work). A spec mirrors the root its Swift file was found under, so adding a root moves no other file; it ends
/// with a digest of the text extract wrote, so a re-run replaces only a file nobody edited since; nothing is
/// written outside the folder, through a link, or onto an input.
public enum ExtractedSpecs {
    public struct File: Equatable, Sendable {
        /// `folder/relative`, where the spec goes.
        public var path: String
        /// The Swift file it describes.
        public var source: String
        /// The spec, its digest line last.
        public var text: String
    }

    public enum Outcome: Equatable, Sendable {
        case written(String)
        /// The file already holds exactly this text: not touched.
        case unchanged(String)
        /// `path` was edited since extract wrote it (or extract never wrote it): the new text went to `new`.
        case besideEdited(String, new: String)
    }

    public struct WriteError: Error, Equatable, CustomStringConvertible {
        public var description: String
        init(_ description: String) { self.description = description }
    }

    /// The ending of the file written beside an edited spec.
    public static let newSuffix = ".new"

    // MARK: Placement

    /// `Sources/App/Shelf.swift` under the root `Sources` → `App/Shelf.flow.yml`; a file given as a root → its
    /// name. Paths are compared after dropping `.` and folding `a/..`, so the result never holds `..`; of nested
    /// roots, the outermost places the file, so a root inside another changes nothing.
    public static func relativeSpecPath(of source: String, roots: [String]) -> String {
        let file = lexicalComponents(source)
        let containing = roots.map(lexicalComponents).filter { $0.count < file.count && file.starts(with: $0) }
        var relative = containing.min { $0.count < $1.count }.map { Array(file.dropFirst($0.count)) } ?? []
        if relative.isEmpty || relative.contains("..") { relative = [file.last ?? "spec"] }
        let name = relative.removeLast()
        let stem = name.hasSuffix(".swift") && name != ".swift" ? String(name.dropLast(".swift".count)) : name
        return (relative + [stem + ".flow.yml"]).joined(separator: "/")
    }

    /// A path's parts without `.` and empty parts, `a/..` folded; an absolute path starts with `/`. Leading
    /// `..` of a relative path stay (they are part of where the root is, never of where a spec goes).
    static func lexicalComponents(_ path: String) -> [String] {
        var parts: [String] = path.hasPrefix("/") ? ["/"] : []
        for part in path.split(separator: "/") where part != "." {
            if part != ".." {
                parts.append(String(part))
            } else if let last = parts.last, last != ".." {
                if last != "/" { parts.removeLast() }
            } else {
                parts.append("..")
            }
        }
        return parts
    }

    /// Every spec with its path under `folder` and its digest; two Swift files that would write the same path are
    /// an error, never one spec silently lost.
    public static func plan(_ specs: [SpecEncoder.SpecText], roots: [String], into folder: String) throws(WriteError) -> [File] {
        var sourceOf: [String: String] = [:]
        var files: [File] = []
        // Each text's digest, side by side.
        let texts = Parallel.map(specs) { stamped($0.text) }
        for (spec, text) in zip(specs, texts) {
            let path = (folder.hasSuffix("/") ? folder : folder + "/") + relativeSpecPath(of: spec.source, roots: roots)
            if let other = sourceOf[path] {
                throw WriteError(
                    "\(other) and \(spec.source) would both be written to \(path): extract their roots into separate -o folders")
            }
            sourceOf[path] = spec.source
            files.append(File(path: path, source: spec.source, text: text))
        }
        return files
    }

    // MARK: Digest

    static let digestPrefix = "# extract digest "

    /// `text` with a last line holding its digest.
    public static func stamped(_ text: String) -> String {
        text + digestPrefix + StableHash.hex(text)
            + ": flowlint extract replaces this file only while the text above is unedited (else it writes .new beside it)\n"
    }

    /// Whether `text` is a spec as extract wrote it: its last line is a digest of everything above it.
    public static func isUnedited(_ text: String) -> Bool {
        guard text.hasSuffix("\n") else { return false }
        let body = text.dropLast()
        let start = body.lastIndex(of: "\n").map(body.index(after:)) ?? body.startIndex
        let last = body[start...]
        guard last.hasPrefix(digestPrefix) else { return false }
        let digest = last.dropFirst(digestPrefix.count).prefix(16)
        return digest == StableHash.hex(String(text[..<start]))
    }

    // MARK: Writing

    /// Checks every file first — no link on its way below `folder`, no input under its name — and then writes
    /// them all at once (`FileIO.writeAtomically(texts:)`): a check or a write that fails replaces nothing. A file
    /// that exists and is not unedited gets the new text beside it as `X.flow.yml.new`, unless `force`.
    public static func write(_ files: [File], into folder: String, inputs: [String], force: Bool) throws(WriteError) -> [Outcome] {
        let inputFiles = FileIO.identities(of: inputs)
        // Folders already looked at, or made: each is asked once, not once for every file below it.
        var folders: Set<String> = []
        for file in files {
            try checkWritable(file.path, below: folder, inputs: inputFiles, checked: &folders)
            try checkWritable(file.path + newSuffix, below: folder, inputs: inputFiles, checked: &folders)
        }
        var outcomes: [Outcome] = []
        var written: [(path: String, text: String)] = []
        folders = []
        for file in files {
            try makeFolders(for: file.path, made: &folders)
            let existing = try contents(of: file.path)
            if existing == file.text {
                outcomes.append(.unchanged(file.path))
            } else if existing == nil || force || isUnedited(existing!) {
                written.append((file.path, file.text))
                outcomes.append(.written(file.path))
            } else {
                written.append((file.path + newSuffix, file.text))
                outcomes.append(.besideEdited(file.path, new: file.path + newSuffix))
            }
        }
        do {
            try FileIO.writeAtomically(texts: written)
        } catch {
            throw WriteError("cannot write \(error.path): \(error.error)")
        }
        return outcomes
    }

    /// A link below `folder` could lead anywhere, a Swift input among them: refused, never followed.
    private static func checkWritable(_ path: String, below folder: String, inputs: [FileIdentity: String], checked: inout Set<String>)
        throws(WriteError)
    {
        let base = folder.hasSuffix("/") ? folder : folder + "/"
        var prefix = base
        let parts = path.dropFirst(base.count).split(separator: "/")
        for (index, part) in parts.enumerated() {
            prefix += part
            var info = stat()
            if index == parts.count - 1 || checked.insert(prefix).inserted, lstat(prefix, &info) == 0, info.st_mode & S_IFMT == S_IFLNK {
                throw WriteError(
                    "\(prefix) is a symbolic link: extract never writes through a link; remove it, or write to another -o folder")
            }
            prefix += "/"
        }
        if let written = FileIO.identity(of: path), let input = inputs[written] {
            throw WriteError("\(path) is the input \(input): write the specs to another -o folder")
        }
    }

    private static func makeFolders(for path: String, made: inout Set<String>) throws(WriteError) {
        var prefix = path.hasPrefix("/") ? "/" : ""
        for part in path.split(separator: "/").dropLast() {
            prefix += part
            if made.insert(prefix).inserted, mkdir(prefix, 0o777) != 0 && errno != EEXIST {
                throw WriteError("cannot create \(prefix): \(FileError.current())")
            }
            prefix += "/"
        }
    }

    /// The text of an existing spec, nil when there is none.
    private static func contents(of path: String) throws(WriteError) -> String? {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        do {
            return switch try FileIO.read(path, limit: SpecLimits().maximumFileSize) {
            case .bytes(let bytes): String(decoding: bytes, as: UTF8.self)
            case .tooLarge: ""  // not what extract wrote: kept, the new text goes beside it
            }
        } catch {
            throw WriteError("cannot read \(path): \(error)")
        }
    }
}
