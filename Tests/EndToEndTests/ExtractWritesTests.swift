import Foundation
import Testing

/// Issue 24, "Destroyed work": what `flowlint extract -o` writes, where, and what it never touches — an edited
/// spec, a file behind a link, anything outside `-o`. Inputs are made here, in a temporary folder.
@Suite struct ExtractWritesTests {
    typealias Folder = HostileInputTests.Folder

    static let coordinator = SwiftReaderTests.coordinator

    static func extract(_ arguments: [String], in folder: Folder) throws -> Flowlint.Result {
        try Flowlint.run(["extract"] + arguments, in: folder.url, timeout: 30)
    }

    static func read(_ path: String, in folder: Folder) throws -> String {
        try String(contentsOf: folder.url.appendingPathComponent(path), encoding: .utf8)
    }

    static func files(under path: String, in folder: Folder) -> [String] {
        (FileManager.default.enumerator(atPath: folder.url.appendingPathComponent(path).path)?.allObjects as? [String] ?? [])
            .filter { !$0.hasSuffix("/") && $0.contains(".flow.yml") }.sorted()
    }

    @Test func anUneditedSpecIsReplacedAnEditedOneKeptWithTheNewTextBesideIt() throws {
        let folder = try Folder()
        try folder.write("Sources/App.swift", Self.coordinator)
        let first = try Self.extract(["Sources", "-o", "Flows"], in: folder)
        #expect(first.status == 0, "\(first.stderr)")
        let written = try Self.read("Flows/App.flow.yml", in: folder)
        #expect(written.split(separator: "\n").last?.hasPrefix("# extract digest ") == true, "\(written)")

        // Unchanged code, unedited spec: nothing to do.
        let again = try Self.extract(["Sources", "-o", "Flows"], in: folder)
        #expect(again.status == 0 && again.stderr.contains("0 spec files written to Flows, 1 unchanged"), "\(again.stderr)")

        // Changed code, unedited spec: replaced.
        try folder.write("Sources/App.swift", Self.coordinator.replacingOccurrences(of: "HomeViewController", with: "StartViewController"))
        let changed = try Self.extract(["Sources", "-o", "Flows"], in: folder)
        #expect(changed.status == 0 && changed.stderr.contains("1 spec file written"), "\(changed.stderr)")
        #expect(try Self.read("Flows/App.flow.yml", in: folder).contains("StartViewController"))

        // An edited spec is kept; the new text goes beside it, with a note that says so.
        let edited = try Self.read("Flows/App.flow.yml", in: folder).replacingOccurrences(
            of: "kind: navigation", with: "kind: navigation  # mine")
        try folder.write("Flows/App.flow.yml", edited)
        try folder.write("Sources/App.swift", Self.coordinator)
        let kept = try Self.extract(["Sources", "-o", "Flows"], in: folder)
        #expect(kept.status == 0, "\(kept.stderr)")
        #expect(try Self.read("Flows/App.flow.yml", in: folder) == edited)
        #expect(try Self.read("Flows/App.flow.yml.new", in: folder).contains("HomeViewController"))
        #expect(
            kept.stderr.contains("Flows/App.flow.yml: note: edited since extract wrote it: the new spec is Flows/App.flow.yml.new"),
            "\(kept.stderr)")
        #expect(kept.stderr.contains("1 beside edited files as .new"), "\(kept.stderr)")

        // --force is the only way over an edit.
        let forced = try Self.extract(["Sources", "-o", "Flows", "--force"], in: folder)
        #expect(forced.status == 0, "\(forced.stderr)")
        #expect(try Self.read("Flows/App.flow.yml", in: folder) == Self.read("Flows/App.flow.yml.new", in: folder))
    }

    @Test func aHandWrittenSpecWithoutDigestIsNeverReplaced() throws {
        let folder = try Folder()
        try folder.write("Sources/App.swift", Self.coordinator)
        try folder.write("Flows/App.flow.yml", "# mine\n")
        let result = try Self.extract(["Sources", "-o", "Flows"], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try Self.read("Flows/App.flow.yml", in: folder) == "# mine\n")
        #expect(FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("Flows/App.flow.yml.new").path))
    }

    @Test func aLinkUnderTheOutputFolderIsRefusedAndTheSwiftInputKept() throws {
        let folder = try Folder()
        try folder.write("Sources/App.swift", Self.coordinator)
        try folder.folder("Flows")
        try folder.link("Flows/App.flow.yml", to: "../Sources/App.swift")
        let result = try Self.extract(["Sources", "-o", "Flows"], in: folder)
        #expect(result.status == 2)
        #expect(
            result.stderr.hasSuffix(
                "flowlint: error: Flows/App.flow.yml is a symbolic link: extract never writes through a link; remove it, or write to another -o folder\n"
            ), "\(result.stderr)")
        #expect(try Self.read("Sources/App.swift", in: folder) == Self.coordinator)

        // A linked folder below -o is a link on the way too.
        let nested = try Folder()
        try nested.write("Sources/App/App.swift", Self.coordinator)
        try nested.folder("Flows")
        try nested.link("Flows/App", to: "../Sources/App")
        let linkedFolder = try Self.extract(["Sources", "-o", "Flows"], in: nested)
        #expect(linkedFolder.status == 2 && linkedFolder.stderr.contains("Flows/App is a symbolic link"), "\(linkedFolder.stderr)")
        #expect(Self.files(under: "Sources", in: nested).isEmpty)
    }

    @Test func anEmptyOutputPathIsAUsageError() throws {
        let folder = try Folder()
        try folder.write("Sources/App.swift", Self.coordinator)
        let result = try Self.extract(["Sources", "-o", ""], in: folder)
        #expect(result.status == 2)
        #expect(result.stderr.contains("-o needs a folder name, not an empty string"), "\(result.stderr)")
    }

    @Test func aSourcePathWithDotDotInTheMiddleStaysUnderTheOutputFolder() throws {
        let folder = try Folder()
        try folder.write("project/Sources/App.swift", Self.coordinator)
        try folder.folder("project/Other")
        let result = try Self.extract(["project/Other/../Sources/../Sources/App.swift", "-o", "project/Flows"], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(Self.files(under: "project/Flows", in: folder) == ["App.flow.yml"])
        #expect(Self.files(under: ".", in: folder) == ["project/Flows/App.flow.yml"])

        let inFolder = try Self.extract(["project/Other/../Sources", "-o", "Out"], in: folder)
        #expect(inFolder.status == 0, "\(inFolder.stderr)")
        #expect(Self.files(under: "Out", in: folder) == ["App.flow.yml"])
    }

    @Test func twoRootsWritingOneSpecPathAreAnErrorAndNothingIsWritten() throws {
        let folder = try Folder()
        try folder.write("work/x/App.swift", Self.coordinator)
        try folder.write("x/App.swift", Self.coordinator.replacingOccurrences(of: "AppCoordinator", with: "OtherCoordinator"))
        let result = try Flowlint.run(["extract", "x", "../x", "-o", "Flows"], in: folder.url.appendingPathComponent("work"), timeout: 30)
        #expect(result.status == 2)
        #expect(
            result.stderr.hasSuffix(
                "flowlint: error: ../x/App.swift and x/App.swift would both be written to Flows/App.flow.yml: extract their roots into separate -o folders\n"
            ), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("work/Flows").path))
    }

    @Test func aSecondRootMovesNoSpecOfTheFirst() throws {
        let folder = try Folder()
        try folder.write("App/Sources/Main/App.swift", Self.coordinator)
        try folder.write("Kit/Settings.swift", Self.coordinator.replacingOccurrences(of: "AppCoordinator", with: "SettingsCoordinator"))
        let one = try Self.extract(["App/Sources", "-o", "One"], in: folder)
        #expect(one.status == 0, "\(one.stderr)")
        let two = try Self.extract(["App/Sources", "Kit", "-o", "Two"], in: folder)
        #expect(two.status == 0, "\(two.stderr)")
        #expect(Self.files(under: "One", in: folder) == ["Main/App.flow.yml"])
        #expect(Self.files(under: "Two", in: folder) == ["Main/App.flow.yml", "Settings.flow.yml"])
        // A root inside another changes nothing.
        let nested = try Self.extract(["App/Sources", "App/Sources/Main", "-o", "Three"], in: folder)
        #expect(nested.status == 0, "\(nested.stderr)")
        #expect(Self.files(under: "Three", in: folder) == ["Main/App.flow.yml"])
    }
}
