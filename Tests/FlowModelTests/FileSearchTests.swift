import Foundation
import Testing
@testable import FlowModel

/// The one walker's limits: the system's folders are refused or not followed, and a search stops at its bounds.
/// The costs are counted (`entriesVisited`), never timed.
@Suite struct FileSearchTests {
    let folder: String

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("flowlint-search-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder + "/App/Sources/Feature", withIntermediateDirectories: true)
        try "".write(toFile: folder + "/App/Sources/App.swift", atomically: true, encoding: .utf8)
        try "".write(toFile: folder + "/App/Sources/Feature/Feature.swift", atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(atPath: folder + "/Shared", withIntermediateDirectories: true)
        try "".write(toFile: folder + "/Shared/Shared.swift", atomically: true, encoding: .utf8)
    }

    private func search(_ paths: [String], limits: FileSearch.Limits = FileSearch.Limits()) -> FileSearch {
        FileSearch.search(paths, wanted: { $0.hasSuffix(".swift") }, limits: limits)
    }

    @Test(arguments: ["/proc/self", "/proc", "/sys", "/dev", "/dev/null", "/proc/self/root/etc", "/sys/../proc/1"])
    func aSystemFolderIsRefusedBeforeAnythingIsLookedAt(path: String) {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let search = search([folder + "/App", path])
        guard case .systemFolder(path, let system)? = search.refusal else {
            Issue.record("\(path): \(String(describing: search.refusal))")
            return
        }
        #expect(FileSearch.systemFolders.contains(system))
        #expect(search.entriesVisited == 0 && search.found.isEmpty)
        #expect(!"\(search.refusal!)".contains("\n"))
    }

    @Test func aRelativePathIntoASystemFolderIsRefusedToo() {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let up = String(repeating: "../", count: FileManager.default.currentDirectoryPath.split(separator: "/").count + 2)
        #expect(search([up + "proc/self"]).refusal == .systemFolder(path: up + "proc/self", folder: "/proc"))
        // A link given by name that resolves into one.
        try? FileManager.default.createSymbolicLink(atPath: folder + "/proc-link", withDestinationPath: "/proc/self")
        #expect(search([folder + "/proc-link"]).refusal == .systemFolder(path: folder + "/proc-link", folder: "/proc"))
    }

    @Test func aLinkIntoASystemFolderIsNotFollowedAndIsNoted() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createSymbolicLink(atPath: folder + "/App/Sources/root", withDestinationPath: "/proc/self/root")
        try FileManager.default.createSymbolicLink(
            atPath: folder + "/App/Sources/devices", withDestinationPath: "../../../../../../../../../dev")
        // A link to a link into /proc: its text does not show it, what it resolves to does.
        try FileManager.default.createSymbolicLink(atPath: folder + "/hop", withDestinationPath: "/proc/self/root")
        try FileManager.default.createSymbolicLink(atPath: folder + "/App/Sources/again", withDestinationPath: folder + "/hop")
        let search = search([folder + "/App"])
        #expect(search.refusal == nil)
        #expect(search.found == [folder + "/App/Sources/App.swift", folder + "/App/Sources/Feature/Feature.swift"])
        #expect(search.skipped.map(\.path) == ["again", "devices", "root"].map { folder + "/App/Sources/" + $0 })
        #expect(search.skipped.map(\.reason) == [.systemFolder("/proc"), .systemFolder("/dev"), .systemFolder("/proc")])
        #expect(search.entriesVisited == 8, "the path given, the two folders, the two files and the three links below it")
    }

    @Test func siblingsAndParentsStayAllowed() {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let search = search([folder + "/App/Sources/../../Shared", folder + "/App/Sources/Feature/.."])
        #expect(search.refusal == nil)
        #expect(search.found.count == 3)
    }

    @Test func theSearchStopsAtItsBoundOnEntries() {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let search = search([folder], limits: FileSearch.Limits(entries: 4, depth: 128))
        #expect(search.refusal == .tooManyEntries(limit: 4, root: folder))
        #expect(search.entriesVisited == 5)
        #expect(self.search(["/" + folder.split(separator: "/").joined(separator: "/")]).refusal == nil)
    }

    @Test func theSearchStopsAtItsBoundOnDepth() {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let search = search([folder], limits: FileSearch.Limits(entries: 100, depth: 2))
        #expect(search.refusal == .tooDeep(limit: 2, path: folder + "/App/Sources/Feature"))
        #expect(self.search([folder], limits: FileSearch.Limits(entries: 100, depth: 3)).refusal == nil)
    }
}
