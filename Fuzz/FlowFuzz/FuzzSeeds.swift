import FoundationEssentials

/// The seed corpus, built from `fixtures/` on every run (README: Fuzzing): every spec alone, then every fixture
/// folder as one project with its specs, configurations and Swift files as sections. `scripts/fuzz` writes them for
/// libFuzzer (`flowlint-fuzz --write-seeds`); `FuzzReplayTests` runs each through the pipeline.
public enum FuzzSeeds {
    /// Each seed, named after what it was built from, in path order.
    public static func seeds(fixtures root: String) throws -> [(name: String, bytes: [UInt8])] {
        let all = try FileManager.default.subpathsOfDirectory(atPath: root).sorted()
        var seeds = try all.filter(isSpec).map { (name: $0, bytes: try read(root + "/" + $0)) }
        // Every folder that holds a file (an empty one makes an empty project).
        let folders = Set(all.flatMap { path in
            let parts = path.split(separator: "/")
            return parts.indices.dropLast().map { parts[...$0].joined(separator: "/") }
        }).sorted()
        for folder in folders {
            let inside = all.filter { $0.hasPrefix(folder + "/") }.map { String($0.dropFirst(folder.count + 1)) }
            var sections: [[UInt8]] = []
            // The specs of the folder and of its folders, one level down: a project and its modules.
            for spec in inside where isSpec(spec) && spec.split(separator: "/").count <= 2 {
                sections.append(try read(root + "/" + folder + "/" + spec))
            }
            var bytes = Array(sections.joined(separator: Array("\n#%%spec\n".utf8)))
            for config in inside where config == ".flowlint.yml" || (!config.contains("/") && config.hasSuffix(".flowlint.yml")) {
                bytes += Array("\n#%%config\n".utf8) + (try read(root + "/" + folder + "/" + config))
            }
            for swift in inside.filter({ $0.hasSuffix(".swift") }).prefix(FuzzInput.limit) {
                bytes += Array("\n#%%swift\n".utf8) + (try read(root + "/" + folder + "/" + swift))
            }
            seeds.append((name: folder + "/", bytes: bytes))
        }
        return seeds
    }

    private static func isSpec(_ path: String) -> Bool {
        path.hasSuffix(".flow.yml") || path.hasSuffix(".flow.yaml")
    }

    private static func read(_ path: String) throws -> [UInt8] {
        guard let data = FileManager.default.contents(atPath: path) else { throw Unreadable(path: path) }
        return Array(data)
    }

    public struct Unreadable: Error, CustomStringConvertible {
        public let path: String
        public var description: String { "cannot read \(path)" }
    }
}
