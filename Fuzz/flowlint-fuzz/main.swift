#if canImport(Glibc)
import Glibc
#endif
import CFuzzerDriver
import FlowFuzz

// Built only by `scripts/fuzz` (`FLOWLINT_FUZZ=1`, `-sanitize=fuzzer,address`): libFuzzer's options and corpus
// folders on the command line, each input run by `fuzzOneInput`. `--write-seeds FIXTURES FOLDER` writes the seed
// corpus instead (`FuzzSeeds`).
func fail(_ message: String) -> Never {
    let line = "flowlint-fuzz: \(message)\n"
    _ = line.withCString { write(2, $0, strlen($0)) }
    exit(2)
}

let arguments = CommandLine.arguments
if arguments.count == 4, arguments[1] == "--write-seeds" {
    let seeds: [(name: String, bytes: [UInt8])]
    do {
        seeds = try FuzzSeeds.seeds(fixtures: arguments[2])
    } catch {
        fail("\(error)")
    }
    for (number, seed) in seeds.enumerated() {
        let path = "\(arguments[3])/seed-\(number + 1)"
        guard let file = fopen(path, "wb"), seed.bytes.isEmpty || fwrite(seed.bytes, 1, seed.bytes.count, file) == seed.bytes.count,
              fclose(file) == 0 else {
            fail("cannot write \(path)")
        }
    }
    exit(0)
}
var argc = CommandLine.argc
var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
exit(LLVMFuzzerRunDriver(&argc, &argv) { fuzzOneInput($0, $1) })

/// One input, as libFuzzer hands it over (its archive names the symbol).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: count)) } ?? []
    Workspace.shared.run(FuzzInput(bytes))
    return 0
}
