import FlowModel
@testable import FlowSpec

/// Decodes YAML text the way `SpecReader` does, without touching the file system.
struct DecodedSpec {
    var file: SpecFile
    var diagnostics: [Finding]
    var gaps: SpecGaps

    init(_ yaml: String, path: String = "spec.flow.yml", schema: SpecSchema = .flowlint) {
        let (tree, problems) = YAMLReader.read(Array(yaml.utf8))
        precondition(problems.isEmpty, "test YAML must parse: \(problems)")
        var decoder = SpecDecoder(tree: tree!, path: path, schema: schema)
        file = decoder.decode()
        diagnostics = decoder.diagnostics
        gaps = decoder.gaps
    }

    /// `line:column rule message`, sorted: one string per finding, easy to compare exactly.
    var findings: [String] { DecodedSpec.render(diagnostics) }

    static func render(_ diagnostics: [Finding]) -> [String] {
        diagnostics.sorted(by: Finding.reportOrder).map {
            "\($0.location.line):\($0.location.column) \($0.rule) \($0.message)"
        }
    }

    func coordinator(_ name: String) -> Coordinator? {
        file.coordinators.first { $0.name == name }
    }
}

/// Resolves several decoded files as one project, as `SpecLoader` does.
struct ResolvedProject {
    var graph: FlowGraph
    var diagnostics: [Finding]

    init(_ files: [(path: String, yaml: String)], knownRules: Set<RuleID> = [], extraGaps: SpecGaps = SpecGaps()) {
        let decoded = files.map { DecodedSpec($0.yaml, path: $0.path) }
        var gaps = extraGaps
        for spec in decoded { gaps.formUnion(spec.gaps) }
        var resolver = ProjectResolver(knownRules: knownRules)
        graph = resolver.resolve(files: decoded.map(\.file), allPaths: files.map(\.path), gaps: gaps)
        diagnostics = decoded.flatMap(\.diagnostics) + resolver.diagnostics
    }

    init(_ yaml: String, knownRules: Set<RuleID> = []) {
        self.init([("spec.flow.yml", yaml)], knownRules: knownRules)
    }

    /// `path:line:column rule message`, in report order.
    var findings: [String] {
        diagnostics.sorted(by: Finding.reportOrder).map {
            "\($0.location.file):\($0.location.line):\($0.location.column) \($0.rule) \($0.message)"
        }
    }
}
