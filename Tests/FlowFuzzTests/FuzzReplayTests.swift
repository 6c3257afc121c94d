#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import FlowFuzz
import Foundation
import Testing

/// Every input that ever crashed flowlint (`fixtures/fuzz/`) and every seed of the fuzzer's corpus runs through the
/// whole pipeline as the fuzzer runs it (docs/fuzzing.md): a crash or a broken invariant stops the test run, and the
/// input it was on is named before the crash report.
@Suite(.serialized)
struct FuzzReplayTests {
    static let root = #filePath.split(separator: "/", omittingEmptySubsequences: false).dropLast(3).joined(separator: "/")

    @Test func everyPastCrashRunsClean() throws {
        let folder = Self.root + "/fixtures/fuzz"
        let names = try FileManager.default.contentsOfDirectory(atPath: folder).filter { !$0.hasSuffix(".md") }.sorted()
        #expect(names.count >= 3)
        for name in names {
            let bytes = try #require(FileManager.default.contents(atPath: folder + "/" + name), "cannot read \(name)")
            CrashNote.replaying("fixtures/fuzz/" + name) { Workspace.shared.run(FuzzInput(Array(bytes))) }
        }
    }

    @Test func everySeedRunsClean() throws {
        let seeds = try FuzzSeeds.seeds(fixtures: Self.root + "/fixtures")
        // Each spec alone and each fixture folder as a project: hundreds of both.
        #expect(seeds.filter { $0.name.hasSuffix("/") }.count > 200)
        #expect(seeds.filter { !$0.name.hasSuffix("/") }.count > 200)
        for seed in seeds {
            CrashNote.replaying("the seed of fixtures/" + seed.name) { Workspace.shared.run(FuzzInput(seed.bytes)) }
        }
    }

    @Test func aSeedOfAFolderHoldsItsSpecsConfigurationAndSwift() throws {
        let seeds = try FuzzSeeds.seeds(fixtures: Self.root + "/fixtures")
        let folder = try #require(
            seeds.first {
                $0.name.hasPrefix("extract/") && $0.name.hasSuffix("/") && String(decoding: $0.bytes, as: UTF8.self).contains("#%%swift")
            })
        let text = String(decoding: folder.bytes, as: UTF8.self)
        #expect(text.contains("\n#%%swift\n"))
        #expect(seeds.contains { String(decoding: $0.bytes, as: UTF8.self).contains("\n#%%config\n") })
        #expect(seeds.contains { String(decoding: $0.bytes, as: UTF8.self).contains("\n#%%spec\n") })
    }
}

/// Names the input being replayed when the process crashes on it: the handler writes the name, puts back the handler
/// it replaced (Swift's backtracer), and returns, so the faulting instruction runs again and that handler reports it.
enum CrashNote {
    static let signals: [Int32] = [SIGILL, SIGTRAP, SIGSEGV, SIGBUS, SIGFPE]
    nonisolated(unsafe) static var previous: [sigaction] = Array(repeating: .init(), count: signals.count)
    nonisolated(unsafe) static let name = UnsafeMutablePointer<CChar>.allocate(capacity: 1024)

    static func replaying(_ input: String, _ run: () -> Void) {
        #if canImport(Glibc)
        strncpy(name, "\nflowlint-fuzz replay: crashed on " + input + "\n", 1023)
        name[1023] = 0
        for (index, signal) in signals.enumerated() {
            var action: sigaction = .init()
            action.__sigaction_handler.sa_handler = { signal in
                _ = write(2, CrashNote.name, strlen(CrashNote.name))
                if let index = CrashNote.signals.firstIndex(of: signal) { sigaction(signal, &CrashNote.previous[index], nil) }
            }
            sigemptyset(&action.sa_mask)
            sigaction(signal, &action, &previous[index])
        }
        defer { for (index, signal) in signals.enumerated() { sigaction(signal, &previous[index], nil) } }
        #endif
        run()
    }
}
