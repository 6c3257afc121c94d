import Foundation
import Testing

/// Runs the built `flowlint` binary, which `swift build --build-tests` puts beside the test bundle.
enum Flowlint {
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static var binary: URL {
        if let path = ProcessInfo.processInfo.environment["FLOWLINT_BIN"] {
            return URL(fileURLWithPath: path)
        }
        #if os(Linux)
        let testBinary = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        #else
        // macOS runs the tests from a helper that loads the .xctest bundle, which sits beside the products.
        let testBinary = Bundle.allBundles.first { $0.bundlePath.hasSuffix(".xctest") }?.bundleURL ?? Bundle.main.bundleURL
        #endif
        var directory = testBinary.deletingLastPathComponent()
        // On Linux the test binary sits beside the products; elsewhere inside an .xctest bundle.
        while !FileManager.default.fileExists(atPath: directory.appendingPathComponent("flowlint").path),
            directory.path != "/"
        {
            directory.deleteLastPathComponent()
        }
        return directory.appendingPathComponent("flowlint")
    }

    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// Runs flowlint with `arguments` in `directory` (the package root by default).
    static func run(
        _ arguments: [String], in directory: URL = packageRoot, environment: [String: String] = [:],
        timeout: TimeInterval = 60
    ) throws -> Result {
        try Subprocess.execute(binary, arguments, in: directory, environment: environment, timeout: timeout)
    }

    /// Compares `actual` with a golden file; `FLOWLINT_UPDATE_GOLDENS=1` rewrites the golden instead.
    static func expectGolden(_ actual: String, _ golden: URL, sourceLocation: SourceLocation = #_sourceLocation) throws {
        if ProcessInfo.processInfo.environment["FLOWLINT_UPDATE_GOLDENS"] == "1" {
            try actual.write(to: golden, atomically: true, encoding: .utf8)
            return
        }
        guard let expected = try? String(contentsOf: golden, encoding: .utf8) else {
            Issue.record("missing golden file \(golden.path); run with FLOWLINT_UPDATE_GOLDENS=1", sourceLocation: sourceLocation)
            return
        }
        #expect(actual == expected, "differs from \(golden.lastPathComponent)", sourceLocation: sourceLocation)
    }
}
