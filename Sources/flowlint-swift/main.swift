#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import FlowlintCLI
import FlowSwift

// `flowlint extract`, and `flowlint lint --sources` (and `paths`, `graph` and `diff --sources`), run here: the
// command line of FlowlintCLI with the Swift reader, which only this executable links (docs/swift-reading.md).
let reader = SourceReader { sources, mapping, measuringCoverage in
    do {
        return try SwiftExtractor.extract(
            paths: sources, mapping: mapping, keepingFactsUntilExit: true, measuringCoverage: measuringCoverage)
    } catch {
        throw SourcesUnreadable(description: "\(error)")
    }
}
exit(FlowlintCLI.runWithSwiftReader(reader))
