#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import FlowModel

/// Reads files of a revision of the working repository from git's objects (`ls-tree`, `cat-file --batch`) into a
/// private temporary folder: nothing is checked out, the working tree and the index are never touched. Git is a
/// tool run by path lookup, not a library.
struct GitRepository {
    /// The repository's top folder, and the working directory's path below it (`App/` or empty).
    var topLevel: String
    var prefix: String

    /// The repository the working directory is in.
    init() throws(DiffError) {
        let top = try Self.git(
            ["rev-parse", "--show-toplevel"],
            failure: { _ in
                DiffError("\(currentDirectory()) is not in a git repository; compare two folders with `flowlint diff OLD_DIR NEW_DIR`")
            })
        topLevel = top.trimmingTrailingNewline
        prefix = try Self.git(["rev-parse", "--show-prefix"]).trimmingTrailingNewline
    }

    /// The commit `revision` names, or an error that says it names none.
    func commit(_ revision: String) throws(DiffError) -> String {
        guard !revision.hasPrefix("-") else { throw DiffError("`\(revision)` is not a revision") }
        let sha = try Self.git(
            ["rev-parse", "--verify", "--quiet", "--end-of-options", "\(revision)^{commit}"],
            failure: { _ in
                DiffError("unknown revision `\(revision)`: not a commit of this repository (with a shallow clone, fetch the base first)")
            })
        return sha.trimmingTrailingNewline
    }

    /// Writes the files of `commit` below `paths` (repository-relative; empty: everything) that `wanted` accepts, and
    /// the files `paths` name themselves, into `folder` at their repository paths; returns the paths it wrote.
    func materialize(_ commit: String, paths: [String], into folder: String, wanted: (String) -> Bool) throws(DiffError) -> [String] {
        let files = try read(commit, paths: paths, scratch: folder, wanted: wanted)
        var created: Set<String> = [folder]
        for file in files {
            let target = folder + "/" + file.path
            try Self.makeFolders(for: target, below: folder, created: &created)
            do {
                try FileIO.writeNew(file.bytes[...], to: target)
            } catch {
                throw DiffError("cannot write \(target): \(error)")
            }
        }
        return files.map(\.path)
    }

    /// The files of `commit` below `paths` that `wanted` accepts, and the files `paths` name themselves, with their
    /// contents, in git's order (byte order of the paths); `scratch` is a private folder for git's request.
    func read(_ commit: String, paths: [String], scratch: String, wanted: (String) -> Bool) throws(DiffError) -> [(
        path: String, bytes: [UInt8]
    )] {
        let listing = try Self.git(["ls-tree", "-r", "-z", "--full-tree", commit])
        var blobs: [(sha: String, path: String)] = []
        for entry in listing.split(separator: "\0") {
            // `<mode> SP <type> SP <object> TAB <path>`; links and submodules are not files of the revision.
            guard let tab = entry.firstIndex(of: "\t") else { continue }
            let fields = entry[..<tab].split(separator: " ")
            let path = String(entry[entry.index(after: tab)...])
            guard fields.count == 3, fields[1] == "blob", fields[0] != "120000" else { continue }
            let below = paths.contains { $0.isEmpty || path == $0 || path.hasPrefix($0 + "/") }
            if below, paths.contains(path) || wanted(path) { blobs.append((String(fields[2]), path)) }
        }
        guard !blobs.isEmpty else { return [] }
        let request = scratch + "/.objects"
        do {
            try FileIO.writeNew(ArraySlice(blobs.map { $0.sha + "\n" }.joined().utf8), to: request)
        } catch {
            throw DiffError("cannot write in \(scratch): \(error)")
        }
        let contents = try Self.run(["cat-file", "--batch"], input: request, in: topLevel)
        unlink(request)
        var position = 0
        var files: [(path: String, bytes: [UInt8])] = []
        for blob in blobs {
            // `<object> SP blob SP <size> LF <contents> LF`
            guard let newline = contents[position...].firstIndex(of: UInt8(ascii: "\n")),
                let size = String(decoding: contents[position..<newline], as: UTF8.self).split(separator: " ").last.flatMap({ Int($0) }),
                newline + 1 + size <= contents.count
            else {
                throw DiffError("git cat-file gave an unexpected answer for \(blob.path) at \(commit)")
            }
            files.append((blob.path, Array(contents[(newline + 1)..<(newline + 1 + size)])))
            position = newline + 1 + size + 1
        }
        return files
    }

    private static func makeFolders(for file: String, below root: String, created: inout Set<String>) throws(DiffError) {
        var missing: [String] = []
        var folder = String(file[..<(file.lastIndex(of: "/") ?? file.endIndex)])
        while !created.contains(folder), folder.count > root.count {
            missing.append(folder)
            folder = String(folder[..<(folder.lastIndex(of: "/") ?? folder.startIndex)])
        }
        for folder in missing.reversed() {
            guard mkdir(folder, 0o700) == 0 || errno == EEXIST else { throw DiffError("cannot create \(folder): \(FileError.current())") }
            created.insert(folder)
        }
    }

    // MARK: Running git

    /// Runs git in the working directory and returns its standard output; a failure becomes `failure`'s error
    /// (by default git's own first line).
    @discardableResult
    static func git(_ arguments: [String], failure: ((String) -> DiffError)? = nil) throws(DiffError) -> String {
        do {
            return String(decoding: try run(arguments, input: nil, in: nil), as: UTF8.self)
        } catch let error where failure != nil && !error.gitMissing {
            throw failure!(error.description)
        }
    }

    /// Runs `git arguments` with standard input from the file `input` (or nothing), standard output and error into
    /// files of a private folder (no pipe to fill and stall), and returns the output once git exits 0.
    static func run(_ arguments: [String], input: String?, in directory: String?) throws(DiffError) -> [UInt8] {
        let scratch = try TemporaryFolder("flowlint-git")
        defer { scratch.remove() }
        let (out, err) = (scratch.path + "/out", scratch.path + "/err")
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, input ?? "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, out, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, err, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        let argv = (["git"] + (directory.map { ["-C", $0] } ?? []) + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid = pid_t()
        let spawned = posix_spawnp(&pid, "git", &actions, nil, argv, environ)
        guard spawned == 0 else {
            throw DiffError(
                spawned == ENOENT
                    ? "git is not installed (flowlint diff reads revisions with git; install it, or compare two folders)"
                    : "cannot run git: \(String(cString: strerror(spawned)).lowercased())", gitMissing: true)
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        let output = (try? FileIO.bytes(of: out, limit: Int.max)) ?? []
        guard status == 0 else {
            let message = (try? FileIO.bytes(of: err, limit: 1 << 16)).map { String(decoding: $0, as: UTF8.self) } ?? ""
            let line = message.split(separator: "\n").first.map(String.init) ?? "exit status \(status >> 8)"
            throw DiffError("git \(arguments.first ?? ""): \(line)")
        }
        return output
    }
}

/// A folder of its own under `$TMPDIR` (or /tmp), removed with everything in it by `remove()`, or when the run is
/// interrupted (`Interruption`).
struct TemporaryFolder {
    var path: String

    init(_ name: String) throws(DiffError) {
        let base = getenv("TMPDIR").map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        var template = Array((base + "/\(name)-XXXXXX").utf8CString)
        guard let made = mkdtemp(&template) else { throw DiffError("cannot create a temporary folder in \(base): \(FileError.current())") }
        path = String(cString: made)
        Interruption.shared.keep(path)
    }

    /// Removes the folder and everything below it.
    func remove() {
        Self.delete(path)
        Interruption.shared.forget(path)
    }

    /// Removes `path` and everything below it, without following links: files as they are listed, then the
    /// folders deepest first (a worklist, no recursion on the tree's depth).
    static func delete(_ path: String) {
        var folders = [path]
        var next = 0
        while next < folders.count {
            let folder = folders[next]
            next += 1
            guard let stream = opendir(folder) else { continue }
            while let entry = readdir(stream) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
                guard name != ".", name != ".." else { continue }
                let child = folder + "/" + name
                var info = stat()
                if lstat(child, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR { folders.append(child) } else { unlink(child) }
            }
            closedir(stream)
        }
        for folder in folders.reversed() { rmdir(folder) }
    }
}

struct DiffError: UserError {
    var description: String
    /// Git could not be started at all (not installed).
    var gitMissing = false

    init(_ description: String, gitMissing: Bool = false) {
        self.description = description
        self.gitMissing = gitMissing
    }
}

func currentDirectory() -> String {
    guard let path = getcwd(nil, 0) else { return "." }
    defer { free(path) }
    return String(cString: path)
}

extension String {
    var trimmingTrailingNewline: String {
        hasSuffix("\n") ? String(dropLast()) : self
    }
}
