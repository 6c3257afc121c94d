// `scripts/bench` only: the floor under `flowlint extract`, swift-syntax's parser alone over the same files
// on the same number of threads (one per core, as extract's Parallel.map), nothing recognized or written.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch
import SwiftParser
import SwiftSyntax

let files = Array(CommandLine.arguments.dropFirst())
nonisolated(unsafe) var tokens = [Int](repeating: 0, count: files.count)
files.withUnsafeBufferPointer { paths in
    nonisolated(unsafe) let paths = paths
    tokens.withUnsafeMutableBufferPointer { counts in
        nonisolated(unsafe) let counts = counts
        DispatchQueue.concurrentPerform(iterations: paths.count) { index in
            guard let handle = fopen(paths[index], "rb") else { return }
            defer { fclose(handle) }
            var bytes: [UInt8] = []
            var chunk = [UInt8](repeating: 0, count: 1 << 16)
            while true {
                let count = fread(&chunk, 1, chunk.count, handle)
                if count <= 0 { break }
                bytes += chunk[..<count]
            }
            let tree = bytes.withUnsafeBufferPointer { Parser.parse(source: $0) }
            // Touch the tree so the parse cannot be skipped.
            counts[index] = tree.statements.count
        }
    }
}
print("parsed \(files.count) files, \(tokens.reduce(0, +)) top-level statements")
