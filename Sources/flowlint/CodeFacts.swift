#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import FlowExtract
import FoundationEssentials

/// The facts of `--sources`, read from `flowlint-swift --format json` over a pipe: swift-syntax stays
/// out of this binary, so a `lint` without `--sources` never loads it (README: start-up).
enum CodeFacts {
    static func extract(sources: [String], configPath: String?) throws(HelperFailed) -> ExtractedProject {
        let helper = ExtractCommand.helperPath()
        guard access(helper, X_OK) == 0 else {
            throw HelperFailed(description: ExtractCommand.HelperMissing(path: helper).description)
        }
        let arguments = [helper, "--format", "facts"] + (configPath.map { ["--config", $0] } ?? []) + ["--"] + sources
        let (status, output, errors) = try run(arguments)
        guard status == 0 else {
            let reason = errors.split(separator: "\n").last.map(String.init) ?? "exit status \(status)"
            throw HelperFailed(description: "--sources: \(reason.hasPrefix("flowlint: error: ") ? String(reason.dropFirst(17)) : reason)")
        }
        do {
            return try JSONDecoder().decode(ExtractedProject.self, from: Data(output))
        } catch {
            throw HelperFailed(description: "--sources: cannot read the facts \(helper) wrote: \(error)")
        }
    }

    /// Runs `arguments`, its stdout read from a pipe, its stderr (the extractor's notes) into a temporary file
    /// so that neither pipe can fill up while the other is read.
    private static func run(_ arguments: [String]) throws(HelperFailed) -> (Int32, [UInt8], String) {
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { throw HelperFailed(description: "cannot create a pipe: \(String(cString: strerror(errno)))") }
        var template = Array("/tmp/flowlint-notes-XXXXXX".utf8CString)
        let errorFile = mkstemp(&template)
        guard errorFile >= 0 else { throw HelperFailed(description: "cannot create a temporary file: \(String(cString: strerror(errno)))") }
        unlink(template)
        defer { close(errorFile) }

        #if canImport(Darwin)
        var actions: posix_spawn_file_actions_t? = nil
        let environment = _NSGetEnviron().pointee
        #else
        var actions = posix_spawn_file_actions_t()
        let environment = environ
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, fds[1], STDOUT_FILENO)
        posix_spawn_file_actions_adddup2(&actions, errorFile, STDERR_FILENO)
        posix_spawn_file_actions_addclose(&actions, fds[0])
        let argv = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, arguments[0], &actions, nil, argv, environment)
        close(fds[1])
        guard spawned == 0 else {
            close(fds[0])
            throw HelperFailed(description: "cannot run \(arguments[0]): \(String(cString: strerror(spawned)))")
        }
        let output = readAll(fds[0])
        close(fds[0])
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        lseek(errorFile, 0, SEEK_SET)
        let errors = String(decoding: readAll(errorFile), as: UTF8.self)
        let exited = status & 0x7f == 0
        return (exited ? (status >> 8) & 0xff : 128 + (status & 0x7f), output, errors)
    }

    private static func readAll(_ descriptor: Int32) -> [UInt8] {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count > 0 {
                bytes += buffer[..<count]
            } else if count == 0 || errno != EINTR {
                return bytes
            }
        }
    }

    struct HelperFailed: UserError {
        var description: String
    }
}
