#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ArgumentParser

/// `flowlint extract` runs `flowlint-swift`, installed next to `flowlint`: swift-syntax, with its
/// thousands of protocol conformances, stays out of this binary and of `lint`'s start-up (docs/swift-reading.md).
struct ExtractCommand: ParsableCommand {
    static let helperName = "flowlint-swift"

    static let configuration = CommandConfiguration(
        commandName: "extract",
        abstract: "Write flow specs for the coordinators found in Swift sources (docs/guide/extract.md).",
        discussion: """
            flowlint extract [SOURCES...] -o DIR [--force] [--format yaml|json] [--config FILE]
            Runs \(helperName) from the folder of this executable; `flowlint extract --help` there lists the options.
            """
    )

    @Argument(parsing: .captureForPassthrough, help: "Arguments for flowlint-swift: SOURCES..., -o DIR, --force, --format, --config.")
    var arguments: [String] = []

    func run() throws {
        try Self.becomeHelper(with: arguments)
    }

    /// Replaces this process with `flowlint-swift` and `arguments`; returns only by throwing.
    static func becomeHelper(with arguments: [String]) throws -> Never {
        let helper = helperPath()
        guard access(helper, X_OK) == 0 else {
            throw HelperMissing(path: helper)
        }
        let argv = ([helper] + arguments).map { strdup($0) } + [nil]
        execv(helper, argv)
        throw HelperMissing(path: helper, reason: String(cString: strerror(errno)))
    }

    /// `flowlint-swift` in the folder of the running executable (`/proc/self/exe`, else `argv[0]`).
    static func helperPath() -> String {
        var buffer = [CChar](repeating: 0, count: 4096)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        let executable =
            count > 0 ? String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self) : CommandLine.arguments[0]
        guard let slash = executable.lastIndex(of: "/") else { return helperName }
        return executable[...slash] + helperName
    }

    struct HelperMissing: UserError {
        var path: String
        var reason = "not found or not executable"
        var description: String { "cannot run \(path): \(reason); install it next to flowlint (swift build builds both)" }
    }
}
