import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing

/// `flowlint graph` through the built binary: goldens, SVG structure, --check, determinism, limits, failures.
@Suite struct GraphTests {
    static let fixtures = Flowlint.packageRoot.appendingPathComponent("fixtures/render")

    /// A fresh folder for the files one test writes.
    static func scratch() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flowlint-graph-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    // MARK: Goldens

    @Test(arguments: [
        ("stinsen", [String](), "expected.dot"), ("stinsen", [], "expected.mmd"),
        ("stinsen", ["--overview"], "expected-overview.dot"),
        ("stinsen", ["--chain", "openTodo", "--coordinator", "Authenticated"], "expected-chain.dot"),
        ("classic", ["--findings"], "expected-findings.dot"), ("classic", ["--findings"], "expected-findings.mmd"),
    ])
    func matchesGolden(fixture: String, options: [String], golden: String) throws {
        let format = golden.hasSuffix(".mmd") ? "mermaid" : "dot"
        let result = try Flowlint.run(["graph", "fixtures/render/\(fixture)", "-o", "-", "--format", format] + options)
        #expect(result.status == 0, "\(result.stderr)")
        try Flowlint.expectGolden(result.stdout, Self.fixtures.appendingPathComponent("\(fixture)/\(golden)"))
    }

    // MARK: SVG

    @Test func writesAnSVGWithClustersNodesLabelsAndALegend() throws {
        let folder = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("flow.svg")
        let result = try Flowlint.run(["graph", "fixtures/render/stinsen", "-o", file.path])
        #expect(result.status == 0, "\(result.stderr)")
        let svg = try String(contentsOf: file, encoding: .utf8)
        let document = try XMLDocument(data: Data(svg.utf8))
        let clusters = try document.nodes(forXPath: "//*[local-name()='g'][@class='cluster']/*[local-name()='title']").map {
            $0.stringValue ?? ""
        }
        #expect(
            clusters == [
                "cluster Main", "cluster Unauthenticated", "cluster Registration", "cluster Authenticated",
                "cluster Todos", "cluster CreateTodo",
            ])
        let texts = try document.nodes(forXPath: "//*[local-name()='text']").compactMap {
            $0.stringValue?.trimmingCharacters(in: .whitespaces)
        }
        for label in ["Main", "navigation", "LoginScreen", "forgotPassword", "▸ Registration", "close", "Legend", "push", "initial route"] {
            #expect(texts.contains(label), "no text \(label)")
        }
        let tooltips = try document.nodes(forXPath: "//@*[local-name()='title']").compactMap(\.stringValue)
        #expect(tooltips.contains { $0.contains("A sheet; the user can swipe it away or tap Close.") }, "descriptions are tooltips")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["flow.svg"], "no temporary file left")
    }

    @Test func findingsAreMarkedOnTheSVG() throws {
        let result = try Flowlint.run(["graph", "fixtures/render/classic", "--findings", "--format", "svg"])
        #expect(result.status == 0, "\(result.stderr)")
        let document = try XMLDocument(data: Data(result.stdout.utf8))
        let tooltips = try document.nodes(forXPath: "//@*[local-name()='title']").compactMap(\.stringValue)
        #expect(
            tooltips.contains {
                $0.hasPrefix("App.legacy") && $0.contains("warning [unreachable-route]: route `legacy` of App is never reached")
            })
        #expect(tooltips.contains { $0.hasPrefix("Settings: navigation") && $0.contains("error [retain-cycle]") })
        let legacy = try #require(
            result.stdout.components(separatedBy: "<title>App/legacy</title>").last?.components(separatedBy: "</g>").first)
        #expect(legacy.contains("stroke=\"#8c959f\" stroke-dasharray"), "unreachable routes are grey and dashed")
        #expect(result.stdout.contains("leak, cycle or error (finding)"))
    }

    @Test func findingsHaveVisibleBadgesAndANumberedListUnderTheLegend() throws {
        let result = try Flowlint.run(["graph", "fixtures/render/classic", "--findings", "--format", "svg"])
        #expect(result.status == 0, "\(result.stderr)")
        let document = try XMLDocument(data: Data(result.stdout.utf8))
        let texts = try document.nodes(forXPath: "//*[local-name()='text']").compactMap(\.stringValue)
        // Drawn text, not only tooltips: what a PNG or an <img> shows.
        #expect(texts.contains(" error ×1 · #1 "), "the Settings cluster's retain cycle: \(texts)")
        #expect(texts.contains(" warning ×1 · #6 "), "App.legacy is unreachable")
        #expect(texts.contains("Findings"))
        for number in 1...6 { #expect(texts.contains(" \(number) "), "list entry \(number)") }
        #expect(texts.contains { $0.hasPrefix("warning [unreachable-route] App.legacy: route `legacy` of App is never reached") })
        let tooltips = try document.nodes(forXPath: "//@*[local-name()='title']").compactMap(\.stringValue)
        #expect(tooltips.contains { $0.contains("warning [unreachable-route]: route `legacy`") }, "tooltips stay")
    }

    @Test func pngAndPDFAreRenderedInProcessByTheFileEnding() throws {
        let folder = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        for (name, magic) in [("flow.png", [UInt8]([0x89, 0x50, 0x4E, 0x47])), ("flow.pdf", Array("%PDF".utf8))] {
            let file = folder.appendingPathComponent(name).path
            // No `dot` on the PATH: the images come from libgvc in the process.
            let result = try Flowlint.run(["graph", "fixtures/render/classic", "--findings", "-o", file])
            #expect(result.status == 0 && result.stderr.isEmpty, "\(name): \(result.stderr)")
            let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: file)))
            #expect(Array(bytes.prefix(4)) == magic, "\(name)")
            #expect(bytes.count > 10_000, "\(name) has a drawing")
            let check = try Flowlint.run(["graph", "fixtures/render/classic", "--findings", "-o", file, "--check"])
            #expect(check.status == 0, "\(name) renders the same bytes again: \(check.stderr)")
        }
    }

    #if os(Linux)
    /// GVBINDIR, Graphviz's variable for where its plugins are, pointed at a folder with the layout and core
    /// plugins of the libgvc flowlint links but not the cairo one: as if libgvplugin_pango were not installed.
    @Test func aMissingCairoPluginIsOneLineAndWritesNothing() throws {
        let ldd = try Subprocess.run(["ldd", Flowlint.binary.path], in: Flowlint.packageRoot)
        let library = try #require(
            ldd.stdout.split(separator: "\n").lazy.compactMap { line in
                line.split(separator: " ").first { $0.hasPrefix("/") && $0.contains("libgvc.so") }
            }.first, "flowlint links no libgvc: \(ldd.stdout)")
        let installed = URL(fileURLWithPath: String(library)).deletingLastPathComponent().appendingPathComponent("graphviz")
        let folder = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let plugins = folder.appendingPathComponent("plugins")
        try FileManager.default.createDirectory(at: plugins, withIntermediateDirectories: true)
        for plugin in ["libgvplugin_dot_layout.so.6", "libgvplugin_core.so.6"] {
            try FileManager.default.createSymbolicLink(
                at: plugins.appendingPathComponent(plugin), withDestinationURL: installed.appendingPathComponent(plugin))
        }
        let out = folder.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        let existing = out.appendingPathComponent("old.pdf")
        try Data("an older drawing".utf8).write(to: existing)
        for (name, format) in [("flow.png", "PNG"), ("old.pdf", "PDF")] {
            let result = try Subprocess.execute(
                Flowlint.binary, ["graph", "fixtures/render/classic", "--findings", "-o", out.appendingPathComponent(name).path],
                in: Flowlint.packageRoot, environment: ["GVBINDIR": plugins.path], timeout: 60)
            #expect(result.status == 2, "\(name): \(result.stderr)")
            let lines = result.stderr.split(separator: "\n")
            #expect(
                lines.count == 1 && lines[0].hasPrefix("flowlint: error: ")
                    && lines[0].contains("\(format) needs Graphviz's cairo renderer")
                    && lines[0].contains(plugins.path + "/libgvplugin_pango.so.6") && lines[0].contains("libgvc6"), "\(result.stderr)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: out.path) == ["old.pdf"], "nothing new, no temporary file left")
        #expect(try Data(contentsOf: existing) == Data("an older drawing".utf8), "the existing file is left as it was")
        // The same plugins draw SVG: only the cairo renderer is missing.
        let svg = try Subprocess.execute(
            Flowlint.binary, ["graph", "fixtures/render/classic", "--format", "svg"], in: Flowlint.packageRoot,
            environment: ["GVBINDIR": plugins.path], timeout: 60)
        #expect(svg.status == 0 && svg.stdout.contains("<svg"), "\(svg.stderr)")
    }
    #endif

    @Test func anEightyRouteAppFitsAPageWithTabsInDeclaredOrder() throws {
        let folder = try Subprocess.temporaryDirectory("app80")
        defer { try? FileManager.default.removeItem(at: folder) }
        let generated = try Subprocess.run(
            ["python3", "scripts/gen-flows", "--routes", "80", "--force", folder.path], in: Flowlint.packageRoot)
        try #require(generated.status == 0, "\(generated.stderr)")
        let png = folder.appendingPathComponent("flow.png").path
        let result = try Flowlint.run(["graph", folder.path, "-o", png])
        #expect(result.status == 0, "\(result.stderr)")
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: png)))
        try #require(bytes.count > 24)
        func word(_ at: Int) -> Double { Double(bytes[at..<(at + 4)].reduce(0) { $0 << 8 | Int($1) }) }
        let (width, height) = (word(16), word(20))  // the IHDR chunk
        #expect(width / height <= 3 && height / width <= 3, "\(width) × \(height)")
        let top = try Flowlint.run(["graph", folder.path, "--layout", "tb"])
        #expect(top.stdout.contains("rankdir=TB"))
        // Tabs side by side in the order `tabs:` lists them.
        let spec = try String(contentsOf: folder.appendingPathComponent("App/App.flow.yml"), encoding: .utf8)
        let auto = try Flowlint.run(["graph", folder.path])
        #expect(auto.stdout.contains("rankdir=LR"), "auto picks left to right for this wide app")
        if let tabsLine = spec.split(separator: "\n").first(where: { $0.contains("tabs: [") }) {
            let tabs = tabsLine.split(separator: "[")[1].split(separator: "]")[0].split(separator: ",").map {
                $0.trimmingCharacters(in: .whitespaces)
            }
            #expect(auto.stdout.contains(tabs.map { "\"AppMain/\($0)\"" }.joined(separator: " -> ") + " [style=invis]"), "\(tabs)")
        }
    }

    // MARK: Determinism and --check

    @Test func outputIsTheSameAcrossRunsAndFileOrders() throws {
        let app = "fixtures/render/split/app.flow.yml"
        let settings = "fixtures/render/split/settings.flow.yml"
        for format in ["svg", "dot", "mermaid", "json"] {
            let first = try Flowlint.run(["graph", app, settings, "--format", format])
            let again = try Flowlint.run(["graph", app, settings, "--format", format])
            let swapped = try Flowlint.run(["graph", settings, app, "--format", format])
            #expect(first.status == 0 && !first.stdout.isEmpty, "\(first.stderr)")
            #expect(first.stdout == again.stdout, "\(format) differs between runs")
            #expect(first.stdout == swapped.stdout, "\(format) depends on the order of the files")
        }
    }

    @Test func checkPassesWhenUpToDateAndFailsWhenStaleLeavingTheFileAlone() throws {
        let folder = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("flow.svg").path
        #expect(try Flowlint.run(["graph", "fixtures/render/stinsen", "-o", file]).status == 0)
        let written = try Data(contentsOf: URL(fileURLWithPath: file))

        let fresh = try Flowlint.run(["graph", "fixtures/render/stinsen", "-o", file, "--check"])
        #expect(fresh.status == 0 && fresh.stderr.isEmpty, "\(fresh.stderr)")

        let stale = try Flowlint.run(["graph", "fixtures/render/stinsen", "-o", file, "--check", "--depth", "1"])
        #expect(stale.status == 1)
        #expect(stale.stderr.split(separator: "\n").count == 1 && stale.stderr.contains("is stale"), "\(stale.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: file)) == written, "--check never writes")

        let missing = try Flowlint.run([
            "graph", "fixtures/render/stinsen", "-o", folder.appendingPathComponent("none.svg").path, "--check",
        ])
        #expect(missing.status == 1)
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("none.svg").path))
    }

    // MARK: Formats and options

    @Test func formatComesFromTheFileEnding() throws {
        let folder = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        for (name, start) in [
            ("a.dot", "// Drawn"), ("a.gv", "// Drawn"), ("a.mmd", "%% Drawn"), ("a.md", "```mermaid\n%% Drawn"),
            ("a.json", "{"), ("a.svg", "<?xml"),
        ] {
            let file = folder.appendingPathComponent(name)
            let result = try Flowlint.run(["graph", "fixtures/render/stinsen", "-o", file.path])
            #expect(result.status == 0, "\(name): \(result.stderr)")
            #expect(try String(contentsOf: file, encoding: .utf8).hasPrefix(start), "\(name)")
        }
        let unknown = try Flowlint.run(["graph", "fixtures/render/stinsen", "-o", folder.appendingPathComponent("a.txt").path])
        #expect(unknown.status == 2 && unknown.stderr.contains("--format"))
    }

    @Test func unknownNamesAreUsageErrorsWithSuggestions() throws {
        let coordinator = try Flowlint.run(["graph", "fixtures/render/stinsen", "--coordinator", "Todo"])
        #expect(coordinator.status == 2 && coordinator.stderr.contains("did you mean `Todos`?"), "\(coordinator.stderr)")
        let chain = try Flowlint.run(["graph", "fixtures/render/stinsen", "--chain", "openTodos"])
        #expect(chain.status == 2 && chain.stderr.contains("did you mean `openTodo`?"), "\(chain.stderr)")
        let check = try Flowlint.run(["graph", "fixtures/render/stinsen", "--check"])
        #expect(check.status == 2)
    }

    // MARK: Limits and failures

    @Test func largeDrawingsAreRefusedWithAWayOut() throws {
        let folder = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        var spec = "version: 1\nentry: Big\ncoordinators:\n  Big:\n    kind: navigation\n    initial: r0\n    routes:\n"
        for index in 0..<2_100 {
            spec +=
                "      r\(index):\n        transition: push\n        screen: S\(index)\n        triggers: [r\(index + 1 < 2_100 ? index + 1 : 0)]\n"
        }
        try spec.write(to: folder.appendingPathComponent("big.flow.yml"), atomically: true, encoding: .utf8)
        let existing = folder.appendingPathComponent("big.svg")
        try "old".write(to: existing, atomically: true, encoding: .utf8)

        let refused = try Flowlint.run(["graph", folder.path, "-o", existing.path], timeout: 30)
        #expect(refused.status == 2)
        #expect(
            refused.stderr.contains("2101 nodes") && refused.stderr.contains("--overview") && refused.stderr.contains("--coordinator"),
            "\(refused.stderr)")
        #expect(try String(contentsOf: existing, encoding: .utf8) == "old", "a refused render leaves the file as it was")

        let dot = try Flowlint.run(["graph", folder.path, "--format", "dot"], timeout: 30)
        #expect(dot.status == 0 && dot.stdout.contains("\"Big/r2099\""), "DOT text needs no layout and has no limit")
        let small = try Flowlint.run(["graph", "fixtures/render/stinsen", "--format", "svg", "--max-nodes", "5"])
        #expect(small.status == 2 && small.stderr.contains("more than the 5"))
    }

    @Test func specsWithErrorsAreReportedAndNothingIsWritten() throws {
        let folder = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        try
            "version: 1\nentry: App\ncoordinators:\n  App:\n    kind: navigation\n    initial: home\n    routes:\n      home:\n        screen: Home\n        triggers: [nowhere]\n"
            .write(to: folder.appendingPathComponent("app.flow.yml"), atomically: true, encoding: .utf8)
        let output = folder.appendingPathComponent("flow.svg")
        let result = try Flowlint.run(["graph", folder.path, "-o", output.path])
        #expect(result.status == 1)
        #expect(
            result.stderr.contains("error:") && result.stderr.contains("[unknown-reference]")
                && result.stderr.contains("no diagram written"),
            "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: output.path))
    }

    @Test func anUnwritableFileIsAFailure() throws {
        let result = try Flowlint.run(["graph", "fixtures/render/stinsen", "-o", "/nonexistent-folder/flow.svg"])
        #expect(result.status == 2 && result.stderr.contains("cannot write /nonexistent-folder/flow.svg"), "\(result.stderr)")
    }
}
