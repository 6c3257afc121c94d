#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import FlowModel
import FlowRender
import FlowReport
import FlowConfig
import FlowAnalysis
import FlowRules
import FlowSpec
import FlowSwift
import FoundationEssentials

/// The sections of one input. The first section is a spec file; each line `#%%spec`, `#%%config`, `#%%baseline`
/// or `#%%swift` starts a section of that kind (so any single spec file is an input as it is).
public struct FuzzInput {
    var specs: [[UInt8]] = []
    var config: [UInt8]?
    var baseline: [UInt8]?
    var swift: [[UInt8]] = []

    static let marker = Array("#%%".utf8)
    static let limit = 8

    public init(_ bytes: [UInt8]) {
        var kind = "spec"
        var start = 0
        var lineStart = 0
        while lineStart <= bytes.count {
            let lineEnd = bytes[lineStart...].firstIndex(of: 10) ?? bytes.count
            let line = bytes[lineStart..<lineEnd]
            if line.starts(with: Self.marker) {
                add(kind, Array(bytes[start..<lineStart]))
                kind = String(decoding: line.dropFirst(Self.marker.count), as: UTF8.self)
                start = min(lineEnd + 1, bytes.count)
            }
            lineStart = lineEnd + 1
        }
        add(kind, Array(bytes[start...]))
    }

    private mutating func add(_ kind: String, _ section: [UInt8]) {
        switch kind {
        case "config": config = section
        case "baseline": baseline = section
        case "swift" where swift.count < Self.limit: swift.append(section)
        case "spec" where specs.count < Self.limit: specs.append(section)
        default: break
        }
    }
}

/// One fuzzer input is one project (README: Fuzzing), run through the whole pipeline. A crash, a sanitizer report or a
/// broken invariant below is a bug in flowlint. Its files are written under one temporary folder that every run reuses.
public final class Workspace: @unchecked Sendable {
    public static let shared = Workspace()

    private let root: String

    private init() {
        var template = Array("/tmp/flowlint-fuzz-XXXXXX".utf8CString)
        guard mkdtemp(&template) != nil else { fatalError("cannot create the fuzzing folder: \(String(cString: strerror(errno)))") }
        root = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        for folder in ["swift", "extracted", "encoded"] { mkdir(root + "/" + folder, 0o700) }
    }

    public func run(_ input: FuzzInput) {
        clear()
        let specs = input.specs.enumerated().map { write($1, to: "s\($0).flow.yml") }
        let configPath = input.config.map { write($0, to: "flowlint.yml") }
        input.swift.enumerated().forEach { write($1, to: "swift/f\($0).swift") }

        let configuration = configPath.flatMap { try? Configuration.load(path: $0, knownRules: RuleRegistry.allIDs) } ?? Configuration()
        let loader = SpecLoader(knownRules: RuleRegistry.allIDs, defaultRetain: configuration.framework.defaultRetain)
        let code = input.swift.isEmpty ? nil : extract(configuration, loader: loader)
        guard let project = try? loader.load(files: specs) else { return }
        let findings = RuleRunner(configuration: configuration).findings(for: project, comparingWith: code)
        let report = Report(findings: findings, files: project.graph.files.count)
        runReporters(report, project: project, configuration: configuration, baseline: input.baseline)
        if !project.diagnostics.contains(where: { $0.severity == .error }) {
            roundTrip(project.graph, loader: loader)
            draw(project.graph, findings: findings)
        }
    }

    // MARK: Steps

    /// Extraction as `flowlint extract` and `lint --sources` run it: the specs written for the graph must load
    /// without a validity error (issue 12), and load back as the graph that was written (locations aside).
    private func extract(_ configuration: Configuration, loader: SpecLoader) -> CodeGraph? {
        guard let code = try? SwiftExtractor.extract(paths: [root + "/swift"], mapping: configuration.extract) else {
            return nil
        }
        let written = SpecEncoder.specs(for: code).enumerated().map { write(Array($1.text.utf8), to: "extracted/x\($0).flow.yml") }
        if let reloaded = try? loader.load(files: written) {
            if let error = reloaded.diagnostics.first(where: { $0.severity == .error }) {
                fatalError("an extracted spec has a validity error: \(error.location): \(error.message)")
            }
            let before = SpecEncoder.specs(for: code, comments: false).map(\.text).sorted()
            let after = SpecEncoder.specs(for: CodeGraph(graph: reloaded.graph), comments: false).map(\.text).sorted()
            if before != after { fatalError("the extracted specs do not load back as the graph written:\n\(before)\n\(after)") }
        }
        return code
    }

    /// The spec encoder's round trip on every valid project: the specs written for its graph load without an error,
    /// as the same graph (`GraphSignature`: every field the encoder writes, locations aside).
    private func roundTrip(_ graph: FlowGraph, loader: SpecLoader) {
        let specs = SpecEncoder.specs(for: CodeGraph(graph: graph))
        let written = specs.enumerated().map { write(Array($1.text.utf8), to: "encoded/e\($0).flow.yml") }
        let reloaded: LoadedProject
        do {
            reloaded = try loader.load(files: written)
        } catch {
            fatalError("the encoded specs of a valid project do not load: \(error)")
        }
        if let error = reloaded.diagnostics.first(where: { $0.severity == .error }) {
            fatalError("an encoded spec of a valid project has an error: \(error.location): \(error.message)\n\(specs.map(\.text).joined())")
        }
        let before = GraphSignature.lines(graph)
        let after = GraphSignature.lines(reloaded.graph)
        guard before != after else { return }
        let difference = before.difference(from: after).map { change -> String in
            switch change {
            case .insert(_, let line, _): "- decoded: \(line)"
            case .remove(_, let line, _): "+ encoded: \(line)"
            }
        }
        fatalError("decode(encode(g)) != g for a valid project:\n\(difference.joined(separator: "\n"))\n\(specs.map(\.text).joined())")
    }

    /// Every reporter, and the baseline: a file recording the findings suppresses every one of them.
    private func runReporters(_ report: Report, project: LoadedProject, configuration: Configuration, baseline: [UInt8]?) {
        let rules = RuleRegistry.descriptions(in: configuration)
        let files = project.graph.files
        _ = TextReporter.render(report)
        _ = JSONReporter.render(report)
        _ = SARIFReporter.render(report, rules: rules, tool: .init(version: "fuzz", informationURI: "about:blank"),
                                 workingDirectory: root)
        _ = GitHubReporter.render(report)
        _ = CheckstyleReporter.render(report, files: files)
        _ = JUnitReporter.render(report, rules: rules, files: files)
        if let baseline, let accepted = try? Baseline.decode(Data(baseline), source: "baseline.json") {
            _ = accepted.filter(report)
        }
        let recorded = Baseline(recording: report.findings).encoded()
        guard let reread = try? Baseline.decode(Data(recorded.utf8), source: "recorded.json"),
              reread.filter(report).suppressed == report.findings.count
        else { fatalError("a recorded baseline does not suppress the findings it records") }
    }

    /// Every diagram writer on the whole flow, its overview, one coordinator, the findings and two chains; the
    /// SVG through Graphviz of the whole flow when it is small (Graphviz's layout is slow and not linear).
    private func draw(_ graph: FlowGraph, findings: [Finding]) {
        let index = FlowIndex(graph)
        let walks = ChainWalk.walks(graph.chains, index: index)
        var options = [DiagramOptions(), DiagramOptions(overview: true), DiagramOptions(findings: findings)]
        if let first = graph.coordinators.first { options.append(DiagramOptions(focus: first.name, depth: 1)) }
        for (chain, walk) in zip(graph.chains, walks).prefix(2) {
            let routes = walk.stepped.map {
                RouteKey(coordinator: index[coordinator: index.owner(of: $0)].name, route: index[route: $0].name)
            }
            options.append(DiagramOptions(chain: ChainPath(name: chain.name, from: chain.from?.value ?? "", routes: routes)))
        }
        for (position, option) in options.enumerated() {
            let diagram = DiagramBuilder.build(graph, options: option)
            let dot = DOTWriter.write(diagram)
            _ = MermaidWriter.write(diagram)
            _ = JSONGraphWriter.write(diagram)
            guard position == 0 else { continue }
            guard dot == DOTWriter.write(DiagramBuilder.build(graph, options: option)) else {
                fatalError("the same diagram is drawn as different DOT")
            }
            if diagram.nodes.count <= Self.laidOut { drawImages(dot) }
        }
        drawAtlas(graph, findings: findings)
    }

    /// Graphviz lays out diagrams of at most this many nodes: its layout is slow and not linear, and one input
    /// must stay a few milliseconds.
    private static let laidOut = 40

    /// The SVG, PNG and PDF of one diagram, each deterministic, each what its format starts with.
    private func drawImages(_ dot: String) {
        let graphviz = Graphviz()
        guard let first = try? graphviz.svg(fromDOT: dot) else { return }
        guard first.svg.contains("<svg"), (try? graphviz.svg(fromDOT: dot))?.svg == first.svg else {
            fatalError("the same DOT is laid out as different SVG, or as no SVG")
        }
        guard graphviz.rendersImages else { return }
        for (format, magic) in [(Graphviz.ImageFormat.png, [0x89, 0x50, 0x4E, 0x47] as [UInt8]), (.pdf, Array("%PDF".utf8))] {
            guard let image = try? graphviz.image(fromDOT: dot, format: format) else { continue }
            guard image.bytes.starts(with: magic) else { fatalError("a \(format.rawValue) drawing does not start as one") }
        }
    }

    /// The atlas (`graph --site`): every page, those of at most `laidOut` nodes laid out by Graphviz, the others
    /// with their DOT text in place of the SVG (the pages around it are what is fuzzed there). Its page names
    /// are distinct.
    private func drawAtlas(_ graph: FlowGraph, findings: [Finding]) {
        var laidOut = 0
        let pages = Site.pages(Analysis(graph), findings: findings) { diagram, _ in
            let dot = DOTWriter.write(diagram)
            guard diagram.nodes.count <= Self.laidOut, laidOut < 4, let svg = try? Graphviz().svg(fromDOT: dot).svg else { return dot }
            laidOut += 1
            return svg
        }
        guard Set(pages.map { $0.fileName.lowercased() }).count == pages.count, pages.count == graph.coordinators.count + 1 else {
            fatalError("the atlas has \(pages.count) pages for \(graph.coordinators.count) coordinators, or two pages of one name")
        }
    }

    // MARK: Files

    @discardableResult
    private func write(_ bytes: [UInt8], to name: String) -> String {
        let path = root + "/" + name
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        guard descriptor >= 0 else { fatalError("cannot write \(path): \(String(cString: strerror(errno)))") }
        defer { close(descriptor) }
        var written = 0
        while written < bytes.count {
            let result = bytes[written...].withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
            guard result > 0 else { fatalError("cannot write \(path): \(String(cString: strerror(errno)))") }
            written += result
        }
        return path
    }

    private func clear() {
        for folder in ["", "/swift", "/extracted", "/encoded"] {
            guard let directory = opendir(root + folder) else { continue }
            defer { closedir(directory) }
            while let entry = readdir(directory) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
                if name.hasSuffix(".yml") || name.hasSuffix(".swift") { unlink(root + folder + "/" + name) }
            }
        }
    }
}
