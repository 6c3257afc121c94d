import Foundation
import Testing

/// The seed articles' flows lint as their authors meant; fixtures/seeds/README.md explains each finding.
@Suite struct SeedTests {
    static let golden = Flowlint.packageRoot.appendingPathComponent("fixtures/golden")

    @Test func textOutputMatchesGolden() throws {
        let result = try Flowlint.run(["lint", "fixtures/seeds"])
        #expect(result.status == 1, "the seeds keep two true leaked-child findings")
        try Flowlint.expectGolden(result.stdout, Self.golden.appendingPathComponent("seeds.txt"))
        #expect(result.stderr == "flowlint: 2 errors, 0 warnings in 6 files\n")
    }

    @Test func jsonOutputMatchesGolden() throws {
        let result = try Flowlint.run(["lint", "--format", "json", "fixtures/seeds"])
        #expect(result.status == 1)
        try Flowlint.expectGolden(result.stdout, Self.golden.appendingPathComponent("seeds.json"))
    }

    @Test func outputIsTheSameWhateverTheOrderOfPaths() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Flowlint.packageRoot.appendingPathComponent("fixtures/seeds").path)
            .filter { $0.hasSuffix(".flow.yml") }.sorted().map { "fixtures/seeds/\($0)" }
        let forward = try Flowlint.run(["lint", "--format", "json"] + files)
        let backward = try Flowlint.run(["lint", "--format", "json"] + files.reversed())
        #expect(forward.stdout == backward.stdout)
        #expect(!forward.stdout.isEmpty)
    }
}
