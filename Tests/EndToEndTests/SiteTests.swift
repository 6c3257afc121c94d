import Foundation
import Testing

/// `flowlint graph --site DIR`: the atlas of the seeds, its links, its bytes, and the pages in a real browser.
@Suite struct SiteTests {
    static func atlas() throws -> URL {
        let folder = try Subprocess.temporaryDirectory("atlas").appendingPathComponent("site")
        let result = try Flowlint.run(["graph", "fixtures/seeds", "--site", folder.path])
        try #require(result.status == 0, "\(result.stderr)")
        return folder
    }

    static func pages(_ folder: URL) throws -> [String: String] {
        var pages: [String: String] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) where name.hasSuffix(".html") {
            pages[name] = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
        }
        return pages
    }

    /// The values of one attribute in a page, HTML entities of `&` undone.
    static func values(of attribute: String, in page: String) -> [String] {
        page.components(separatedBy: " \(attribute)=\"").dropFirst().compactMap { $0.split(separator: "\"", maxSplits: 1).first }
            .map { String($0).replacingOccurrences(of: "&amp;", with: "&") }
    }

    @Test func everyLinkResolvesToAPageAndAnElementInIt() throws {
        let folder = try Self.atlas()
        defer { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }
        let pages = try Self.pages(folder)
        let index = try #require(pages["index.html"])
        #expect(pages.count == 1 + 19, "the index and one page per coordinator of the seeds: \(pages.keys.sorted())")
        #expect(index.contains("<h2>Findings</h2>") && index.contains("leaked-child"))
        // A finding's path from the entry, each step a link to its route's node (checked below like every link), then
        // the pages that highlight it.
        #expect(
            index.contains(
                #"<td class="path"><a href="Samples.html#Samples/classic">Samples.classic</a> → <a href="ClassicFirst.html#ClassicFirst/next">ClassicFirst.next</a><br><span class="highlight">"#
            ))
        #expect(try #require(pages["ClassicFirst.html"]).contains(#"<td class="path"><a href="Samples.html#Samples/classic">"#))
        #expect(index.contains("<svg"), "the overview inline")
        // Severities in the findings table in the colours of the diagrams' badges (DiagramStyle.severityColor).
        #expect(
            index.contains("tr.error td:first-child { color: #cf222e;") && index.contains("tr.warning td:first-child { color: #bc4c00;"))
        var links = 0
        for (name, page) in pages {
            #expect(!page.contains("<script") && !page.contains(" src=\""), "\(name): no script, nothing fetched")
            for link in Self.values(of: "href", in: page) + Self.values(of: "xlink:href", in: page) {
                links += 1
                let parts = link.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
                let target = parts[0].isEmpty ? page : try #require(pages[parts[0]], "\(name) links to \(link)")
                if parts.count == 2 {
                    #expect(Self.values(of: "id", in: target).contains(parts[1]), "\(name) links to \(link): no such id")
                }
            }
        }
        #expect(links > 40)
        // A landing node (an edge up the tree ends there) links to the route it names, drawn on the same page.
        #expect(
            pages.values.contains {
                $0.contains("↩ StinsenMain.authenticated") && Self.values(of: "xlink:href", in: $0).contains("#StinsenMain/authenticated")
            })
    }

    /// A finding's witness path links to the pages whose diagrams draw it; there, as the target, its anchor shows
    /// which path it is and a CSS rule strokes every node and edge that carries the path's class.
    @Test func witnessPathsAreHighlightedInTheDiagrams() throws {
        let folder = try Self.atlas()
        defer { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }
        let pages = try Self.pages(folder)
        let index = try #require(pages["index.html"])
        #expect(
            index.contains(
                #"<br><span class="highlight">highlighted on <a href="Samples.html#path-1">Samples</a>, <a href="ClassicFirst.html#path-1">ClassicFirst</a></span>"#
            ))
        let links = index.components(separatedBy: #"<span class="highlight">"#).dropFirst()
            .flatMap { Self.values(of: "href", in: String($0.prefix { $0 != "\n" }).components(separatedBy: "</span>")[0]) }
        #expect(links.count == 4, "the seeds' two paths, each on the two pages it crosses: \(links)")
        for link in links {
            let parts = link.split(separator: "#").map(String.init)
            let page = try #require(pages[parts[0]], "\(link)")
            let path = parts[1]
            #expect(
                page.contains("#\(path):target ~ figure g.\(path) path, #\(path):target ~ figure g.\(path) polygon { stroke: "),
                "\(link): its rule")
            let anchor = try #require(
                page.range(of: "<p id=\"\(path)\" class=\"path-shown\">Highlighted: the path to "), "\(link): its anchor")
            let figure = try #require(page.range(of: "<figure>"))
            #expect(anchor.upperBound < figure.lowerBound, "\(link): the anchor comes before the diagram, its sibling")
            // Graphviz writes `-` in a class as `&#45;`, which the browser reads back as `-`.
            let svgClass = path.replacingOccurrences(of: "-", with: "&#45;")
            let classes = Self.values(of: "class", in: page).map { $0.split(separator: " ").map(String.init) }
            #expect(classes.contains { $0.first == "node" && $0.contains(svgClass) }, "\(link): a node on the path")
            #expect(classes.contains { $0.first == "edge" && $0.contains(svgClass) }, "\(link): an edge on the path")
        }
        // A page marks only its own paths: nothing else is struck.
        let samples = try #require(pages["Samples.html"])
        #expect(!samples.contains("path&#45;3") || samples.contains("#path-3:target"))
    }

    @Test func pagesShowDiagramsDescriptionsAndChildLinks() throws {
        let folder = try Self.atlas()
        defer { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }
        let pages = try Self.pages(folder)
        let first = try #require(pages.values.first { $0.contains("<h1>ClassicFirst</h1>") })
        #expect(first.contains("<svg") && first.contains("<h2>Routes</h2>"))
        // A child start's node links to the child's page.
        let child = try #require(pages.first { $0.value.contains("<h1>ClassicSecond</h1>") }?.key)
        #expect(Self.values(of: "xlink:href", in: first).contains(child) || Self.values(of: "href", in: first).contains(child))
        // A route's description from fixtures/seeds/app.flow.yml, as text in the Samples page.
        #expect(
            pages.values.contains { $0.contains("AppDelegate keeps the NavigationRouter and the root coordinator in properties") },
            "the spec's descriptions are shown")
    }

    @Test func theSameSpecsGiveTheSameBytesAndCheckPasses() throws {
        let folder = try Self.atlas()
        defer { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }
        let first = try Self.pages(folder)
        #expect(try Flowlint.run(["graph", "fixtures/seeds", "--site", folder.path, "--check"]).status == 0)
        #expect(try Flowlint.run(["graph", "fixtures/seeds", "--site", folder.path]).status == 0)
        #expect(try Self.pages(folder) == first)
        try "stale".write(to: folder.appendingPathComponent("index.html"), atomically: true, encoding: .utf8)
        let stale = try Flowlint.run(["graph", "fixtures/seeds", "--site", folder.path, "--check"])
        #expect(stale.status == 1 && stale.stderr.contains("index.html"))
    }

    static let chromium = ["/usr/bin/chromium", "/usr/bin/chromium-browser"].first { FileManager.default.isExecutableFile(atPath: $0) }

    /// scripts/setup installs Debian's chromium; where it is absent the test says so instead of passing silently.
    @Test(.enabled(if: chromium != nil, "headless Chromium is not installed (scripts/setup installs Debian's `chromium`)"))
    func chromiumLoadsEveryPageAndFollowsItsLinks() throws {
        let folder = try Self.atlas()
        defer { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }
        let pages = try Self.pages(folder)
        let profile = try Subprocess.temporaryDirectory("chromium-profile")
        defer { try? FileManager.default.removeItem(at: profile) }
        for name in pages.keys.sorted() {
            let page = folder.appendingPathComponent(name)
            let shot = folder.deletingLastPathComponent().appendingPathComponent(name + ".png")
            let common = ["--headless", "--no-sandbox", "--disable-gpu", "--user-data-dir=\(profile.path)"]
            let screenshot = try Subprocess.run(
                [Self.chromium!] + common + ["--screenshot=\(shot.path)", "--window-size=1280,900", page.absoluteString],
                in: folder, timeout: 120)
            #expect(screenshot.status == 0, "\(name): \(screenshot.stderr.suffix(400))")
            let bytes = [UInt8]((try? Data(contentsOf: shot)) ?? Data())
            #expect(bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) && bytes.count > 5_000, "\(name): a screenshot with something in it")
            // The DOM as Chromium built it: every link it holds resolves to a page of the atlas.
            let dom = try Subprocess.run([Self.chromium!] + common + ["--dump-dom", page.absoluteString], in: folder, timeout: 120)
            #expect(dom.status == 0 && dom.stdout.contains("<svg"), "\(name)")
            for link in Self.values(of: "href", in: dom.stdout) where !link.hasPrefix("#") {
                let file = String(link.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0])
                #expect(pages[file] != nil, "\(name): \(link) resolves in the browser's DOM")
            }
        }
    }
}

/// Issue 24: the atlas writes only its own pages — named after their coordinators, never over an input spec —
/// and removes (or, with `--check`, reports) pages of an earlier run.
@Suite struct SitePagesTests {
    typealias Folder = HostileInputTests.Folder

    /// App presents Auth, in two files that lint clean.
    static let auth = HostileInputTests.auth.replacingOccurrences(of: ", signUp", with: "")

    static func writeSpecs(_ folder: Folder, renamingAuth name: String = "Auth") throws {
        try folder.write("Flows/app.flow.yml", HostileInputTests.app.replacingOccurrences(of: "Auth", with: name))
        try folder.write("Flows/auth.flow.yml", auth.replacingOccurrences(of: "Auth", with: name))
    }

    static func pages(_ folder: Folder, _ path: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.url.appendingPathComponent(path).path)) ?? []).sorted()
    }

    @Test func pagesAreNamedAfterTheirCoordinators() throws {
        let folder = try Folder()
        try Self.writeSpecs(folder, renamingAuth: "index")
        let result = try Flowlint.run(["graph", "Flows", "--site", "atlas"], in: folder.url)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(Self.pages(folder, "atlas") == ["App.html", "index-2.html", "index.html"])
        #expect(
            try String(contentsOf: folder.url.appendingPathComponent("atlas/App.html"), encoding: .utf8).contains(#"href="index-2.html""#))
    }

    @Test func anInputSpecInTheAtlasFolderIsNeverWritten() throws {
        let folder = try Folder()
        try folder.write("docs/index.html", HostileInputTests.app)
        try folder.write("auth.flow.yml", Self.auth)
        let named = try Flowlint.run(["graph", "docs/index.html", "auth.flow.yml", "--site", "docs"], in: folder.url)
        #expect(named.status == 2)
        #expect(
            named.stderr == "flowlint: error: docs/index.html is the input spec docs/index.html: write the atlas to another folder\n",
            "\(named.stderr)")
        #expect(try String(contentsOf: folder.url.appendingPathComponent("docs/index.html"), encoding: .utf8) == HostileInputTests.app)
        #expect(Self.pages(folder, "docs") == ["index.html"], "nothing written")

        let linked = try Folder()
        try Self.writeSpecs(linked)
        try linked.folder("docs")
        try linked.link("docs/Auth.html", to: "../Flows/app.flow.yml")
        let result = try Flowlint.run(["graph", "Flows", "--site", "docs"], in: linked.url)
        #expect(result.status == 2 && result.stderr.contains("docs/Auth.html is the input spec Flows/app.flow.yml"), "\(result.stderr)")
        #expect(try String(contentsOf: linked.url.appendingPathComponent("Flows/app.flow.yml"), encoding: .utf8) == HostileInputTests.app)
    }

    @Test func pagesOfAnEarlierRunAreRemovedAndCheckSeesThem() throws {
        let folder = try Folder()
        try Self.writeSpecs(folder)
        #expect(try Flowlint.run(["graph", "Flows", "--site", "atlas"], in: folder.url).status == 0)
        try folder.write("notes.html", "<p>mine</p>\n")
        try folder.write("atlas/notes.html", "<p>mine</p>\n")
        try Self.writeSpecs(folder, renamingAuth: "Login")

        let check = try Flowlint.run(["graph", "Flows", "--site", "atlas", "--check"], in: folder.url)
        #expect(check.status == 1 && check.stderr.contains("is stale or missing"), "\(check.stderr)")
        #expect(try Flowlint.run(["graph", "Flows", "--site", "atlas"], in: folder.url).status == 0)
        #expect(
            Self.pages(folder, "atlas") == ["App.html", "Login.html", "index.html", "notes.html"],
            "Auth.html removed, a file of another tool kept")

        // A page left behind (an older run, a copy) fails --check.
        try FileManager.default.copyItem(
            at: folder.url.appendingPathComponent("atlas/App.html"), to: folder.url.appendingPathComponent("atlas/Old.html"))
        let stale = try Flowlint.run(["graph", "Flows", "--site", "atlas", "--check"], in: folder.url)
        #expect(stale.status == 1)
        #expect(
            stale.stderr
                == "flowlint: atlas/Old.html is a page of an earlier atlas that no coordinator has now: run the same flowlint graph command without --check to remove it\n",
            "\(stale.stderr)")
    }
}
