import Foundation
import Testing

/// What users read holds together: every relative link of the README, CONTRIBUTING.md and docs/ leads somewhere, and
/// nothing sends them to a design document they do not have.
@Suite struct DocumentationTests {
    static let root = Flowlint.packageRoot

    /// README.md, CONTRIBUTING.md and every Markdown file below docs/, relative to the package root, sorted.
    static var documents: [String] {
        let below = (FileManager.default.enumerator(atPath: root.appendingPathComponent("docs").path)?.allObjects as? [String] ?? [])
            .filter { $0.hasSuffix(".md") }.map { "docs/\($0)" }
        return (["README.md", "CONTRIBUTING.md"] + below).sorted()
    }

    /// The lines of a Markdown file outside fenced code blocks, without inline code spans (or, with `keepingCode`,
    /// with the text of code spans and only their backticks dropped, as a heading's anchor is made).
    static func prose(_ text: String, keepingCode: Bool = false) -> [String] {
        var lines: [String] = []
        var fence: String?
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if let open = fence {
                if trimmed.hasPrefix(open) && trimmed.allSatisfy({ $0 == "`" || $0 == "~" }) { fence = nil }
                continue
            }
            if trimmed.hasPrefix("```") || trimmed.hasPrefix("~~~") {
                fence = String(trimmed.prefix { $0 == "`" || $0 == "~" })
                continue
            }
            lines.append(keepingCode ? line.replacingOccurrences(of: "`", with: "") : withoutCodeSpans(String(line)))
        }
        return lines
    }

    static func withoutCodeSpans(_ line: String) -> String {
        var out = ""
        var rest = Substring(line)
        while let tick = rest.firstIndex(of: "`") {
            out += rest[..<tick]
            let run = rest[tick...].prefix { $0 == "`" }
            let after = rest[run.endIndex...]
            guard let close = after.range(of: String(run)) else { out += rest[tick...]; return out }
            rest = after[close.upperBound...]
        }
        return out + rest
    }

    /// The targets of inline links and images, `[text](target)` and `![alt](target)`, with any title dropped.
    static func links(in line: String) -> [String] {
        var targets: [String] = []
        var rest = Substring(line)
        while let start = rest.range(of: "](") {
            let after = rest[start.upperBound...]
            var depth = 0
            var end = after.endIndex
            for index in after.indices {
                if after[index] == "(" { depth += 1 }
                if after[index] == ")" {
                    if depth == 0 { end = index; break }
                    depth -= 1
                }
            }
            let target = after[..<end].split(separator: " ").first.map(String.init) ?? ""
            targets.append(target.hasPrefix("<") && target.hasSuffix(">") ? String(target.dropFirst().dropLast()) : target)
            rest = end == after.endIndex ? after[end...] : after[after.index(after: end)...]
        }
        return targets
    }

    /// The anchors GitHub gives the headings of a Markdown file: lower-cased, punctuation other than `-` and `_`
    /// dropped, spaces turned into `-`, and `-1`, `-2` added to repeats.
    static func anchors(_ text: String) -> Set<String> {
        var seen: [String: Int] = [:]
        var anchors: Set<String> = []
        for line in prose(text, keepingCode: true) where line.hasPrefix("#") {
            let hashes = line.prefix { $0 == "#" }
            guard hashes.count <= 6, line.dropFirst(hashes.count).first == " " else { continue }
            var title = String(line.dropFirst(hashes.count + 1)).trimmingCharacters(in: .whitespaces)
            // A link in a heading keeps its text.
            while let open = title.range(of: "]("), let close = title[open.upperBound...].firstIndex(of: ")") {
                title.removeSubrange(open.lowerBound...close)
            }
            let slug = String(
                title.lowercased().unicodeScalars.compactMap { scalar -> Character? in
                    if scalar == " " { return "-" }
                    if scalar == "-" || scalar == "_" || CharacterSet.alphanumerics.contains(scalar) { return Character(scalar) }
                    return nil
                })
            let count = seen[slug, default: 0]
            seen[slug] = count + 1
            anchors.insert(count == 0 ? slug : "\(slug)-\(count)")
        }
        return anchors
    }

    @Test func thereAreDocumentsToCheck() {
        #expect(Self.documents.contains("docs/spec.md") && Self.documents.contains("docs/guide/adopting.md"))
    }

    @Test(arguments: documents)
    func everyRelativeLinkResolves(_ document: String) throws {
        let file = Self.root.appendingPathComponent(document)
        let text = try String(contentsOf: file, encoding: .utf8)
        for target in Self.prose(text).flatMap(Self.links(in:)) {
            if target.contains("://") || target.hasPrefix("mailto:") { continue }
            let parts = target.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            let path = parts[0].removingPercentEncoding ?? parts[0]
            let linked = path.isEmpty ? file : file.deletingLastPathComponent().appendingPathComponent(path).standardizedFileURL
            #expect(!path.hasPrefix("/"), "\(document): \(target) is not a relative link")
            guard FileManager.default.fileExists(atPath: linked.path) else {
                Issue.record("\(document): \(target): no such file")
                continue
            }
            guard parts.count == 2, linked.pathExtension == "md" else { continue }
            let headed = Self.anchors(try String(contentsOf: linked, encoding: .utf8)).contains(parts[1])
            #expect(headed, "\(document): \(target): no such heading")
        }
    }

    /// The README is an entry point: short, the two commands first, no dated logs, and a link to every guide page.
    @Test func readmeIsAnEntryPoint() throws {
        let readme = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
        let lines = readme.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count <= 300, "README.md has \(lines.count) lines; move detail to docs/")
        let opening = lines.prefix(10).joined(separator: "\n")
        #expect(opening.contains("scripts/demo") && opening.contains("scripts/test"))
        #expect(readme.range(of: #"20\d\d-\d\d-\d\d"#, options: .regularExpression) == nil, "a dated log belongs in docs/")
        let guides = try FileManager.default.contentsOfDirectory(atPath: Self.root.appendingPathComponent("docs/guide").path)
            .filter { $0.hasSuffix(".md") }
        #expect(guides.count >= 8)
        for guide in guides {
            #expect(readme.contains("](docs/guide/\(guide))"), "README.md links no docs/guide/\(guide)")
        }
    }

    @Test func anchorsFollowGitHubsRules() {
        let anchors = Self.anchors("# Open world: what was not read\n## CI, pre-commit and editors\n## `extract` speed\n## A\n## A\n")
        #expect(anchors == ["open-world-what-was-not-read", "ci-pre-commit-and-editors", "extract-speed", "a", "a-1"])
        #expect(Self.links(in: "see [a](b.md#c) and ![d](e/f.png \"t\") or [g](h(i).md)") == ["b.md#c", "e/f.png", "h(i).md"])
    }

    // MARK: - No design document in what users read

    static func mentionsDesign(_ text: String) -> Bool { text.contains("DESIGN") }

    /// README.md, CONTRIBUTING.md, docs/, schema/ and the seeds' README.
    @Test func noDesignInTheDocuments() throws {
        let schema =
            (FileManager.default.enumerator(atPath: Self.root.appendingPathComponent("schema").path)?.allObjects as? [String] ?? [])
            .map { "schema/\($0)" }
        let files = Self.documents + schema + ["fixtures/seeds/README.md"]
        #expect(schema.contains("schema/flowlint.schema.json"))
        for path in files {
            let text = try String(contentsOf: Self.root.appendingPathComponent(path), encoding: .utf8)
            let lines = text.split(separator: "\n").enumerated().filter { Self.mentionsDesign(String($0.element)) }
            #expect(lines.isEmpty, "\(path):\(lines.first.map { "\($0.offset + 1): \($0.element)" } ?? "")")
        }
    }

    /// The subcommands `flowlint --help` lists.
    static func subcommands() throws -> [String] {
        let help = try Flowlint.run(["--help"]).stdout
        let section = try #require(help.components(separatedBy: "SUBCOMMANDS:").last)
        return section.split(separator: "\n").compactMap { line in
            guard line.hasPrefix("  "), let first = line.split(separator: " ").first else { return nil }
            return first.hasPrefix("-") || first == "See" ? nil : String(first)
        }
    }

    @Test func noDesignInAnyHelp() throws {
        let subcommands = try Self.subcommands()
        #expect(subcommands.contains("lint") && subcommands.contains("extract") && subcommands.contains("paths"), "\(subcommands)")
        for arguments in [["--help"]] + subcommands.map({ [$0, "--help"] }) {
            let result = try Flowlint.run(arguments)
            #expect(result.status == 0, "flowlint \(arguments.joined(separator: " ")): \(result.stderr)")
            #expect(!Self.mentionsDesign(result.stdout + result.stderr), "flowlint \(arguments.joined(separator: " "))")
        }
        let swiftReader = Flowlint.binary.deletingLastPathComponent().appendingPathComponent("flowlint-swift")
        for arguments in [["--help"], ["lint", "--help"]] {
            let result = try Subprocess.execute(swiftReader, arguments, in: Self.root, environment: [:], timeout: 60)
            #expect(result.status == 0 && !result.stdout.isEmpty, "flowlint-swift \(arguments.joined(separator: " ")): \(result.stderr)")
            #expect(!Self.mentionsDesign(result.stdout + result.stderr), "flowlint-swift \(arguments.joined(separator: " "))")
        }
    }

    @Test func noDesignInAnyExplanation() throws {
        let rules = try Flowlint.run(["rules"]).stdout.split(separator: "\n").compactMap { $0.split(separator: " ").first.map(String.init) }
        #expect(rules.count >= 30)
        for rule in rules {
            let result = try Flowlint.run(["explain", rule])
            #expect(result.status == 0 && !result.stdout.isEmpty, "explain \(rule): \(result.stderr)")
            #expect(!Self.mentionsDesign(result.stdout + result.stderr), "flowlint explain \(rule)")
        }
        #expect(!Self.mentionsDesign(try Flowlint.run(["rules", "--markdown"]).stdout))
    }
}
