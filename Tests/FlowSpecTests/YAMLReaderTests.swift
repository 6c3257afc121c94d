import Testing
@testable import FlowSpec

@Suite struct YAMLReaderTests {
    private func read(_ text: String, limits: YAMLLimits = YAMLLimits()) -> (tree: YAMLTree?, problems: [YAMLProblem]) {
        YAMLReader.read(Array(text.utf8), limits: limits)
    }

    private func read(bytes: [UInt8]) -> (tree: YAMLTree?, problems: [YAMLProblem]) {
        YAMLReader.read(bytes)
    }

    /// The value node of `key` in a mapping.
    private func value(_ key: String, in node: YAMLTree.NodeID, of tree: YAMLTree) -> YAMLTree.NodeID? {
        tree.entries(node).first { tree.text($0.key) == key }?.value
    }

    // MARK: Structure and positions

    @Test func mappingsAndListsKeepDocumentOrderAndPositions() throws {
        let (tree, problems) = read(
            """
            version: 1
            routes:
              home:
                triggers: [a, b]
              detail: {screen: D}
            """)
        #expect(problems.isEmpty)
        let yaml = try #require(tree)
        let root = try #require(yaml.root)
        #expect(yaml.kind(root) == .mapping)
        #expect(yaml.position(root) == (1, 1))
        #expect(yaml.entries(root).map { yaml.text($0.key) } == ["version", "routes"])
        let routes = try #require(value("routes", in: root, of: yaml))
        #expect(yaml.position(routes) == (3, 3))
        let home = try #require(value("home", in: routes, of: yaml))
        let triggers = try #require(value("triggers", in: home, of: yaml))
        #expect(yaml.kind(triggers) == .sequence)
        #expect(yaml.position(triggers) == (4, 15))
        #expect(yaml.items(triggers).map { yaml.text($0) } == ["a", "b"])
        #expect(yaml.items(triggers).map { yaml.position($0).column } == [16, 19])
        let detail = try #require(value("detail", in: routes, of: yaml))
        #expect(yaml.kind(detail) == .mapping)
        #expect(yaml.position(detail) == (5, 11))
        let screen = try #require(value("screen", in: detail, of: yaml))
        #expect(yaml.position(screen) == (5, 20))
    }

    @Test func columnsCountCharactersNotBytes() throws {
        let (tree, _) = read("a: {x: \"Größe — 🚀\", y: z}\n")
        let yaml = try #require(tree)
        let mapping = try #require(value("a", in: yaml.root!, of: yaml))
        let y = try #require(yaml.entries(mapping).last)
        #expect(yaml.text(y.key) == "y")
        #expect(yaml.position(y.key) == (1, 21))
    }

    @Test func byteOrderMarkAndCarriageReturnsDoNotShiftPositions() throws {
        let (tree, problems) = read(bytes: [0xEF, 0xBB, 0xBF] + Array("a: 1\r\nb: 2\rc: 3\n".utf8))
        #expect(problems.isEmpty)
        let yaml = try #require(tree)
        #expect(yaml.entries(yaml.root!).map { "\(yaml.position($0.key).line):\(yaml.position($0.key).column)" } == ["1:1", "2:1", "3:1"])
    }

    @Test func emptyInputAndCommentsHaveNoRoot() throws {
        for text in ["", "# only a comment\n", "\n\n"] {
            let (tree, problems) = read(text)
            #expect(problems.isEmpty)
            #expect(try #require(tree).root == nil)
        }
    }

    @Test func describeNamesTheNodeForMessages() throws {
        let (tree, _) = read("[{a: 1}, [], ~, true, 3, x, \"4\"]")
        let yaml = try #require(tree)
        #expect(
            yaml.items(yaml.root!).map(yaml.describe) == [
                "a mapping", "a list", "nothing", "`true`", "the number 3", "the text `x`", "the text `4`",
            ])
    }

    // MARK: Scalar types (YAML 1.2 core schema)

    @Test(arguments: [
        ("~", ScalarType.null), ("null", .null), ("Null", .null), ("NULL", .null), ("", .null),
        ("true", .bool), ("True", .bool), ("TRUE", .bool), ("false", .bool), ("False", .bool), ("FALSE", .bool),
        ("0", .number), ("-12", .number), ("+3", .number), ("1.5", .number), (".5", .number), ("1e3", .number),
        ("-2.5E-3", .number), ("0x1F", .number), ("0o17", .number), (".inf", .number), ("-.Inf", .number), (".NaN", .number),
        ("yes", .string), ("no", .string), ("on", .string), ("off", .string), ("none", .string), ("nil", .string),
        ("Tabs", .string), ("fullScreen", .string), ("nullable", .string), ("trueish", .string), ("Falsey", .string),
        ("1.2.3", .string), ("0xZZ", .string), ("0x", .string), ("1e", .string), ("e3", .string), ("-", .string),
        (".", .string), ("1-2", .string), ("12a", .string), ("Über", .string),
    ])
    func plainScalarsResolveByTheCoreSchema(text: String, expected: ScalarType) {
        #expect(ScalarType(resolvingPlain: text) == expected)
    }

    @Test func quotedAndTaggedScalarsAreStrings() throws {
        let (tree, _) = read("[\"1\", '~', !!str true, \"\", plain]")
        let yaml = try #require(tree)
        #expect(yaml.items(yaml.root!).map { yaml.scalarType($0) } == [.string, .string, .string, .string, .string])
    }

    @Test func blockScalarsKeepTheirText() throws {
        let (tree, _) = read("d: |\n  line one\n  line two\n")
        let yaml = try #require(tree)
        #expect(yaml.text(value("d", in: yaml.root!, of: yaml)!) == "line one\nline two\n")
    }

    // MARK: Anchors and aliases

    @Test func anAnchorIsReportedAndTheDocumentStillRead() throws {
        let (tree, problems) = read("a: &first 1\nb: 2\n")
        #expect(
            problems == [
                YAMLProblem(
                    kind: .unsupported,
                    message: "anchor `&first` is not supported in flow specs; remove it and write the value out wherever it is used",
                    line: 1, column: 4)
            ])
        let yaml = try #require(tree)
        #expect(yaml.entries(yaml.root!).count == 2)
    }

    @Test func everyAliasIsReportedAndNothingIsDecoded() {
        let (tree, problems) = read("a: &x [1]\nb: *x\nc: [*x, *x]\n")
        #expect(tree == nil)
        #expect(problems.map(\.kind) == [.unsupported, .unsupported, .unsupported, .unsupported])
        #expect(problems.map { "\($0.line):\($0.column)" } == ["1:4", "2:4", "3:5", "3:9"])
        #expect(problems[1].message == "alias `*x` is not supported in flow specs: aliases are never expanded; write the value out here")
    }

    @Test func anAliasBombIsNeverExpanded() {
        var lines = ["a: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol]"]
        for (name, previous) in zip("bcdefghi", "abcdefgh") {
            lines.append("\(name): &\(name) [" + Array(repeating: "*\(previous)", count: 9).joined(separator: ", ") + "]")
        }
        // Expanded, this would be 9^9 scalars: it returns at all only because aliases are never expanded.
        let (tree, problems) = read(lines.joined(separator: "\n"))
        #expect(tree == nil)
        #expect(problems.count == 9 + 8 * 9)
    }

    @Test func aFloodOfAliasesStopsAfterTheLimit() {
        let (tree, problems) = read(
            "a: &x 1\nb: [" + String(repeating: "*x, ", count: 10_000) + "*x]\n",
            limits: YAMLLimits(maximumAnchorFindings: 3))
        #expect(tree == nil)
        #expect(problems.map { "\($0.line):\($0.column)" } == ["1:4", "2:5", "2:9", "2:13"])
        #expect(problems.last?.message == "more than 3 anchors and aliases; the rest of the file is not read until they are written out")
    }

    // MARK: Depth

    @Test func nestingUpToTheLimitIsRead() throws {
        let limits = YAMLLimits(maximumDepth: 4)
        let (tree, problems) = read("a: [[[x]]]", limits: limits)
        #expect(problems.isEmpty)
        #expect(tree != nil)
    }

    @Test func nestingPastTheLimitStopsAtTheNodeThatGoesDeeper() {
        let limits = YAMLLimits(maximumDepth: 4)
        let (tree, problems) = read("a: [[[[x]]]]", limits: limits)
        #expect(tree == nil)
        #expect(
            problems == [
                YAMLProblem(
                    kind: .unsupported, message: "nesting deeper than 4 levels; a flow spec needs far fewer",
                    line: 1, column: 7)
            ])
    }

    @Test func deepBlockNestingIsStoppedToo() {
        let (tree, problems) = read("a:\n  " + String(repeating: "- ", count: 20_000) + "x\n")
        #expect(tree == nil)
        #expect(problems.count == 1)
        // The top-level mapping is level 1; the 64th list starts at column 3 + 2 × 62.
        #expect(problems.first.map { "\($0.line):\($0.column)" } == "2:129")
    }

    @Test func deepFlowNestingIsStoppedWithoutRecursion() {
        let text = "a: " + String(repeating: "[", count: 20_000) + String(repeating: "]", count: 20_000)
        let (tree, problems) = read(text)
        #expect(tree == nil)
        #expect(problems.map { "\($0.line):\($0.column)" } == ["1:67"])
    }

    // MARK: Documents

    @Test func aSecondDocumentIsReportedAtItsStart() throws {
        let (tree, problems) = read("a: 1\n---\nb: 2\n---\nc: 3\n")
        #expect(
            problems == [
                YAMLProblem(
                    kind: .unsupported,
                    message: "a spec file holds one YAML document; move this one into a file of its own",
                    line: 2, column: 1)
            ])
        let yaml = try #require(tree)
        #expect(yaml.entries(yaml.root!).map { yaml.text($0.key) } == ["a"])
    }

    @Test func oneExplicitDocumentIsFine() throws {
        let (tree, problems) = read("---\na: 1\n...\n")
        #expect(problems.isEmpty)
        #expect(try #require(tree).root != nil)
    }

    // MARK: Syntax errors

    @Test func syntaxErrorsSayWhereTheUnclosedElementStarts() {
        let (tree, problems) = read("a: [x, y\nb: 2\n")
        #expect(tree == nil)
        #expect(
            problems == [
                YAMLProblem(
                    kind: .syntax,
                    message: "invalid YAML: did not find expected ',' or ']' while parsing a flow sequence that starts at line 1, column 4",
                    line: 2, column: 2)
            ])
    }

    @Test func badIndentationSaysSo() {
        let (_, problems) = read("a:\n    b: 1\n  c: 2\n")
        #expect(
            problems == [
                YAMLProblem(
                    kind: .syntax,
                    message:
                        "invalid YAML: did not find expected key while parsing a block mapping that starts at line 1, column 1; check the indentation",
                    line: 3, column: 3)
            ])
        let (_, colon) = read("a: b\nnote: see: the wiki\n")
        #expect(
            colon == [
                YAMLProblem(
                    kind: .syntax,
                    message:
                        "invalid YAML: mapping values are not allowed in this context; check the indentation, or quote a value that holds `: `",
                    line: 2, column: 10)
            ])
    }

    @Test func tabIndentationIsNamed() {
        let (_, problems) = read("a:\n\tb: 1\n")
        #expect(
            problems == [YAMLProblem(kind: .syntax, message: "a tab character cannot indent YAML; indent with spaces", line: 2, column: 1)])
    }

    @Test func tabIndentationIsNamedAfterMultiByteCharacters() {
        // libyaml's mark index counts characters: the tab must be found by line and column.
        let (_, problems) = read("d: \"ééééé — 🚀\"\na:\n\tb: 1\n")
        #expect(
            problems == [YAMLProblem(kind: .syntax, message: "a tab character cannot indent YAML; indent with spaces", line: 3, column: 1)])
    }

    @Test func aTabInsideALineIsFine() {
        let (tree, problems) = read("a:\t1\n")
        #expect(problems.isEmpty)
        #expect(tree != nil)
    }

    // MARK: Reader errors (bytes that are not YAML text)

    @Test func anInvalidLeadingByteIsLocatedInCharacters() {
        let (tree, problems) = read(bytes: Array("a: 1\nb: ééé".utf8) + [0xFF] + Array("\n".utf8))
        #expect(tree == nil)
        #expect(
            problems == [
                YAMLProblem(
                    kind: .syntax,
                    message: "the file is not UTF-8 text (invalid leading UTF-8 octet, byte 0xFF); save it as UTF-8",
                    line: 2, column: 7)
            ])
    }

    @Test func aLatin1CharacterIsLocatedAtItsOwnByte() {
        // 0xE9 (é in Latin-1) starts a three-byte sequence; libyaml reports the `s` after it.
        let (_, problems) = read(bytes: Array("screen: R".utf8) + [0xE9] + Array("sum\n".utf8))
        #expect(problems.map { "\($0.line):\($0.column)" } == ["1:10"])
        #expect(problems.first?.message == "the file is not UTF-8 text (invalid trailing UTF-8 octet, byte 0xE9); save it as UTF-8")
    }

    @Test func aNulByteIsLocated() {
        let (_, problems) = read(bytes: Array("a: 1\nb: xy".utf8) + [0] + Array("z\n".utf8))
        #expect(
            problems == [
                YAMLProblem(
                    kind: .syntax, message: "control character U+0000 is not allowed in YAML; remove it",
                    line: 2, column: 6)
            ])
    }

    @Test func aControlCharacterIsNamed() {
        let (_, problems) = read(bytes: Array("a: 1\r\nb: ü".utf8) + [0x01] + Array("\n".utf8))
        #expect(
            problems == [
                YAMLProblem(
                    kind: .syntax, message: "control character U+0001 is not allowed in YAML; remove it",
                    line: 2, column: 5)
            ])
    }

    @Test func aTruncatedCharacterAtTheEndIsReported() {
        let (_, problems) = read(bytes: Array("a: b".utf8) + [0xE2, 0x80])
        #expect(problems.count == 1)
        #expect(problems.first?.kind == .syntax)
        #expect(problems.first.map { "\($0.line):\($0.column)" } == "1:5")
    }

    @Test func binaryInputIsRejectedAtTheFirstByte() {
        let (_, problems) = read(bytes: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00])
        #expect(problems.map { "\($0.line):\($0.column)" } == ["1:1"])
        #expect(problems.first?.kind == .syntax)
    }

    // MARK: Byte offsets ⇄ positions

    @Test func positionsAndOffsetsFollowLibyamlLineBreaks() {
        let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("ab\r\ncé\rd\u{2028}e\u{85}f\ng".utf8)
        bytes.withUnsafeBufferPointer { buffer in
            let expected: [(line: Int, column: Int, character: String)] = [
                (1, 1, "a"), (1, 2, "b"), (2, 1, "c"), (2, 2, "é"), (3, 1, "d"), (4, 1, "e"), (5, 1, "f"), (6, 1, "g"),
            ]
            for (line, column, character) in expected {
                let offset = YAMLReader.byteOffset(line: line, column: column, in: buffer)
                #expect(String(decoding: buffer[offset..<offset + character.utf8.count], as: UTF8.self) == character)
                let position = YAMLReader.position(ofByte: offset, in: buffer)
                #expect(position.line == line && position.column == column, "\(character)")
            }
            #expect(YAMLReader.byteOffset(line: 9, column: 1, in: buffer) == buffer.count)
            #expect(YAMLReader.byteOffset(line: 1, column: 40, in: buffer) == 5, "stops at the end of the line")
        }
    }
}
