import Foundation
import Testing

/// A finding read from code speaks the code's words: its message never names a spec field (a backticked spec key, or
/// a backticked `key: value` of one), which a team with no spec cannot act on.
@Suite struct CodeWordingTests {
    /// Every spec key the schema knows.
    static func specKeys() throws -> Set<String> {
        let data = try Data(contentsOf: Flowlint.packageRoot.appendingPathComponent("schema/flowlint.schema.json"))
        var keys: Set<String> = []
        func walk(_ node: Any) {
            if let object = node as? [String: Any] {
                for (key, value) in object {
                    if key == "properties", let properties = value as? [String: Any] { keys.formUnion(properties.keys) }
                    walk(value)
                }
            } else if let array = node as? [Any] {
                array.forEach(walk)
            }
        }
        walk(try JSONSerialization.jsonObject(with: data))
        return keys
    }

    /// The Swift source folders of every code-only and extract fixture.
    static func sourceFolders() -> [String] {
        let manager = FileManager.default
        var folders: [String] = []
        for root in ["fixtures/code-only", "fixtures/extract"] {
            let base = Flowlint.packageRoot.appendingPathComponent(root).path
            for path in (manager.enumerator(atPath: base)?.allObjects as? [String] ?? []).sorted()
            where path.hasSuffix("/Sources") || path == "Sources" {
                folders.append("\(root)/\(path)")
            }
        }
        return folders
    }

    @Test func noCodeOnlyFindingNamesASpecField() throws {
        let keys = try Self.specKeys()
        let folders = Self.sourceFolders()
        #expect(folders.count > 60)
        for folder in folders {
            let config = Flowlint.packageRoot.appendingPathComponent(folder).deletingLastPathComponent().appendingPathComponent(
                ".flowlint.yml")
            let configuration = FileManager.default.fileExists(atPath: config.path) ? ["--config", config.path] : []
            let empty = FileManager.default.temporaryDirectory.appendingPathComponent("flowlint-wording-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: empty) }
            let result = try Flowlint.run(
                ["lint", "--format", "json", "--sources", Flowlint.packageRoot.appendingPathComponent(folder).path] + configuration,
                in: empty)
            guard let document = try? JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any],
                let findings = document["findings"] as? [[String: Any]]
            else { continue }
            for finding in findings {
                let message = finding["message"] as? String ?? ""
                for key in keys where message.contains("`\(key)`") || message.contains("`\(key): ") {
                    Issue.record("\(folder): \(finding["rule"] ?? "") names the spec field `\(key)`: \(message)")
                }
            }
        }
    }
}
