import FlowModel
import Foundation
import Testing
@testable import FlowSpec

@Suite struct SpecLoaderTests {
    private func render(_ project: LoadedProject, relativeTo folder: TemporaryFolder) -> [String] {
        project.diagnostics.sorted(by: Finding.reportOrder).map {
            "\($0.location.file.dropFirst(folder.path.count + 1)):\($0.location.line):\($0.location.column) \($0.rule) \($0.message)"
        }
    }

    @Test func filesAreReadInParallelAndMergedInOrder() throws {
        let folder = try TemporaryFolder()
        for index in 0..<40 {
            try folder.write(
                String(format: "Flows/F%02d.flow.yml", index),
                """
                version: 1
                coordinators:
                  C\(index):
                    kind: view
                    initial: a
                    routes:
                      a: {screen: A, triggers: [C\((index + 1) % 40).a]}
                """)
        }
        try folder.write("Flows/App.flow.yml", "version: 1\nentry: C0\n")
        let project = try SpecLoader().load(paths: [folder.path + "/Flows"])
        #expect(project.diagnostics.isEmpty)
        #expect(project.graph.files.first == folder.path + "/Flows/App.flow.yml")
        #expect(project.graph.coordinators.map(\.name) == (0..<40).map { "C\($0)" })
    }

    @Test func aFileOverTheSizeLimitIsOneFindingAndNeverParsed() throws {
        let folder = try TemporaryFolder()
        // Not YAML at all: were it parsed, the finding would be a syntax error at line 2.
        try folder.write("big.flow.yml", "a: [\n" + String(repeating: "#", count: 2 << 20))
        var limits = SpecLimits()
        limits.maximumFileSize = 1 << 20
        let project = try SpecLoader(limits: limits).load(paths: [folder.path])
        #expect(
            render(project, relativeTo: folder) == [
                "big.flow.yml:1:1 syntax the file is too large (2.0 MiB); flowlint reads spec files up to 1.0 MiB, split it into one file per feature"
            ])
    }

    @Test func findingsPastTheLimitOfAFileAreCountedInOneClosingFinding() throws {
        let folder = try TemporaryFolder()
        // Three unknown fields (reading the file), then three unknown references (resolving names): one count.
        try folder.write(
            "a.flow.yml",
            """
            version: 1
            entry: App
            bogus1: 1
            bogus2: 2
            bogus3: 3
            coordinators:
              App:
                kind: navigation
                initial: home
                routes:
                  home: {screen: Home, triggers: [x, y, z]}
            """)
        try folder.write("b.flow.yml", "version: 1\nbogus: 1\n")
        var limits = SpecLimits()
        limits.maximumFindingsPerFile = 4
        let project = try SpecLoader(limits: limits).load(paths: [folder.path])
        #expect(
            render(project, relativeTo: folder) == [
                "a.flow.yml:3:1 schema unknown field `bogus1` in the top level of a spec; known fields: version, entry, defaults, coordinators, chains, description",
                "a.flow.yml:4:1 schema unknown field `bogus2` in the top level of a spec; known fields: version, entry, defaults, coordinators, chains, description",
                "a.flow.yml:5:1 schema unknown field `bogus3` in the top level of a spec; known fields: version, entry, defaults, coordinators, chains, description",
                "a.flow.yml:11:39 unknown-reference `x` is not a route of App",
                "a.flow.yml:11:42 unknown-reference 2 more findings in this file are not shown: flowlint reports at most 4 per file; fix the ones above and run again",
                "b.flow.yml:2:1 schema unknown field `bogus` in the top level of a spec; known fields: version, entry, defaults, coordinators, chains, description",
            ])
    }

    @Test func anUnreadableFileHidesOnlyWhatItMayDefine() throws {
        let folder = try TemporaryFolder()
        try folder.write(
            "a.flow.yml",
            """
            version: 1
            coordinators:
              App:
                kind: view
                initial: a
                routes:
                  a: {screen: A, triggers: [Auth.login, missing]}
            """)
        try folder.write("b.flow.yml", "version: 1\nentry: Auth\ncoordinators: [\n")
        let project = try SpecLoader().load(paths: [folder.path])
        #expect(
            render(project, relativeTo: folder) == [
                "a.flow.yml:7:45 unknown-reference `missing` is not a route of App",
                "b.flow.yml:4:1 syntax invalid YAML: did not find expected node content while parsing a flow node",
            ])
    }

    @Test func knownRulesAreCheckedInIgnoreLists() throws {
        let folder = try TemporaryFolder()
        try folder.write(
            "a.flow.yml",
            "version: 1\nentry: App\ncoordinators:\n  App: {kind: view, initial: a, ignore: [nope], routes: {a: {screen: A}}}\n")
        let project = try SpecLoader(knownRules: ["push-cycle"]).load(paths: [folder.path])
        #expect(render(project, relativeTo: folder) == ["a.flow.yml:4:42 unknown-reference `ignore` names no rule `nope`"])
    }

    @Test func aPathThatIsNotAFileThrowsInsteadOfReporting() throws {
        let folder = try TemporaryFolder()
        try folder.folder("dir.flow.yml")
        #expect(throws: LoadError.notRegularFile(folder.path + "/dir.flow.yml")) {
            try SpecLoader().load(files: [folder.path + "/dir.flow.yml"])
        }
        #expect(throws: LoadError.self) { try SpecLoader().load(files: [folder.path + "/gone.flow.yml"]) }
    }
}
