import Foundation
import Testing

/// Hostile inputs too large or too odd for the repository, made in a temporary folder at test time. Each run is
/// bounded: it must end quickly with a located finding or a one-line error, never a crash, a trace or a hang.
@Suite struct HostileInputTests {
    /// A temporary folder that flowlint runs in, so reported paths are short and relative.
    final class Folder {
        let url: URL

        init() throws {
            url = FileManager.default.temporaryDirectory.appendingPathComponent("flowlint-hostile-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        }

        deinit {
            try? FileManager.default.removeItem(at: url)
        }

        func write(_ path: String, _ data: Data) throws {
            let file = url.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try data.write(to: file)
        }

        func write(_ path: String, _ text: String) throws {
            try write(path, Data(text.utf8))
        }

        func folder(_ path: String) throws {
            try FileManager.default.createDirectory(at: url.appendingPathComponent(path), withIntermediateDirectories: true)
        }

        func link(_ path: String, to destination: String) throws {
            try FileManager.default.createSymbolicLink(atPath: url.appendingPathComponent(path).path, withDestinationPath: destination)
        }

        func fifo(_ path: String) throws {
            try #require(mkfifo(url.appendingPathComponent(path).path, 0o644) == 0)
        }

        /// Runs flowlint here, with a short time limit: a hang fails the test instead of the suite.
        /// Bounded: a run that outlives `timeout` is stopped and recorded as a failure (a hang, not a slow run:
        /// speed is measured by scripts/bench, never asserted in tests).
        func lint(_ arguments: [String] = [], timeout: TimeInterval = 20) throws -> Flowlint.Result {
            try Flowlint.run(["lint"] + arguments, in: url, timeout: timeout)
        }
    }

    static let app = """
        version: 1
        entry: App
        coordinators:
          App:
            kind: navigation
            initial: home
            routes:
              home:
                screen: HomeViewController
                triggers: [auth]
              auth:
                transition: present
                coordinator: Auth
                releaseOn: [finish, dismiss]

        """

    static let auth = """
        version: 1
        coordinators:
          Auth:
            kind: navigation
            initial: login
            routes:
              login:
                screen: LoginViewController
                triggers: [done, signUp]
              done:
                transition: finish

        """

    // MARK: Size

    @Test func aSixtyMegabyteFileIsRejectedBySizeBeforeParsing() throws {
        let folder = try Folder()
        // An unclosed list, then 60 MiB of comment: parsed, it would be a syntax error, and slow.
        var data = Data("version: 1\nentry: App\ndescription: [\n# ".utf8)
        data.append(Data(repeating: UInt8(ascii: "#"), count: 60 << 20))
        try folder.write("huge.flow.yml", data)
        let result = try folder.lint(["huge.flow.yml"])
        #expect(result.status == 1)
        #expect(
            result.stdout
                == "huge.flow.yml:1:1: error: the file is too large (60.0 MiB); flowlint reads spec files up to 16.0 MiB, split it into one file per feature [syntax]\n"
        )
        #expect(result.stderr == "flowlint: 1 error, 0 warnings in 1 file\n")
    }

    @Test func aFileOfExactlyTheLimitIsRead() throws {
        let folder = try Folder()
        var data = Data("# ".utf8)
        data.append(Data(repeating: UInt8(ascii: "#"), count: (16 << 20) - 2))
        try folder.write("limit.flow.yml", data)
        let result = try folder.lint()
        #expect(result.status == 1)
        #expect(
            result.stdout
                == "limit.flow.yml:1:1: error: the file is empty; a flow spec is a mapping with `version: 1` and `coordinators` [schema]\n")
    }

    // MARK: Depth

    @Test func twentyThousandNestedFlowListsGiveOneLocatedFinding() throws {
        let folder = try Folder()
        let depth = 20_000
        try folder.write(
            "closed.flow.yml",
            "version: 1\nentry: App\ndescription: " + String(repeating: "[", count: depth) + String(repeating: "]", count: depth) + "\n")
        try folder.write("open.flow.yml", "version: 1\nentry: App\ndescription: " + String(repeating: "[", count: depth) + "\n")
        try folder.write(
            "maps.flow.yml",
            "version: 1\nentry: App\ndescription: " + String(repeating: "{a: ", count: depth) + "b" + String(repeating: "}", count: depth)
                + "\n")
        let result = try folder.lint()
        #expect(result.status == 1)
        // The top-level mapping is level 1: the 64th collection is the first too deep.
        #expect(
            result.stdout == """
                closed.flow.yml:3:77: error: nesting deeper than 64 levels; a flow spec needs far fewer [schema]
                maps.flow.yml:3:266: error: nesting deeper than 64 levels; a flow spec needs far fewer [schema]
                open.flow.yml:3:77: error: nesting deeper than 64 levels; a flow spec needs far fewer [schema]

                """)
        #expect(result.stderr == "flowlint: 3 errors, 0 warnings in 3 files\n")
    }

    @Test func twentyThousandNestedBlockListsGiveOneLocatedFinding() throws {
        let folder = try Folder()
        try folder.write("deep.flow.yml", "version: 1\nentry: App\ndescription:\n  " + String(repeating: "- ", count: 20_000) + "x\n")
        let result = try folder.lint()
        #expect(result.status == 1)
        #expect(result.stdout == "deep.flow.yml:4:129: error: nesting deeper than 64 levels; a flow spec needs far fewer [schema]\n")
    }

    // MARK: Folders

    @Test func aSymlinkLoopEndsAndEverySpecIsLintedOnce() throws {
        let folder = try Folder()
        try folder.write("Flows/App.flow.yml", Self.app)
        try folder.write("Flows/Auth/Auth.flow.yml", Self.auth)
        try folder.link("Flows/Auth/up", to: "..")
        try folder.link("Flows/Auth/top", to: folder.url.path)
        try folder.link("Flows/loop", to: "loop")
        let result = try folder.lint()
        #expect(result.status == 1)
        #expect(result.stdout == "Flows/Auth/Auth.flow.yml:9:26: error: `signUp` is not a route of Auth [unknown-reference]\n")
        #expect(result.stderr == "flowlint: 1 error, 0 warnings in 2 files\n")
    }

    @Test func aFifoNamedOnTheCommandLineIsAOneLineError() throws {
        let folder = try Folder()
        try folder.fifo("pipe.flow.yml")
        let result = try folder.lint(["pipe.flow.yml"], timeout: 10)
        #expect(result.status == 2)
        #expect(result.stdout == "")
        #expect(result.stderr == "flowlint: error: not a regular file or directory: pipe.flow.yml\n")
    }

    @Test func aFifoMetWhileSearchingIsSkipped() throws {
        let folder = try Folder()
        try folder.write("Flows/App.flow.yml", Self.app)
        try folder.write("Flows/Auth.flow.yml", Self.auth.replacingOccurrences(of: ", signUp", with: ""))
        try folder.fifo("Flows/x.flow.yml")
        let result = try folder.lint(["Flows"], timeout: 10)
        #expect(result.status == 0)
        #expect(result.stdout == "")
        #expect(result.stderr == "flowlint: no findings in 2 files\n")
    }

    /// Every file flowlint reads besides the specs: a FIFO there is a one-line error with exit 2, never a wait for a
    /// writer (the time limit turns a hang into a failure).
    @Test(arguments: [["--config", "pipe.yml"], ["--baseline", "pipe.yml"], [".flowlint.yml"]])
    func aFifoGivenAsAnyInputIsAOneLineError(arguments: [String]) throws {
        let folder = try Folder()
        try folder.write("Flows/App.flow.yml", Self.app)
        try folder.write("Flows/Auth.flow.yml", Self.auth.replacingOccurrences(of: ", signUp", with: ""))
        try folder.fifo(arguments.count == 1 ? ".flowlint.yml" : "pipe.yml")
        let result = try folder.lint((arguments.count == 1 ? [] : arguments) + ["Flows"], timeout: 10)
        #expect(result.status == 2)
        #expect(result.stdout == "")
        #expect(result.stderr.hasPrefix("flowlint: error: "))
        #expect(result.stderr.contains("not a regular file"))
        #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
    }

    /// Issue 40: `sources: ["/proc/self"]` walked the whole file system through `/proc/self/root`. A path in a system
    /// folder, given or configured, is one line and exit 2 before any file is read (FileSearchTests counts that
    /// nothing is looked at); a spec in the project is not linted either.
    @Test(arguments: [
        ([".flowlint.yml"], ["lint", "Flows"]),
        ([], ["lint", "Flows", "--sources", "/proc/self"]),
        ([], ["lint", "/sys"]),
        ([], ["lint", "Flows", "Sources/root"]),
        ([], ["paths", "Flows", "--sources", "../../../../../../../../../proc/self"]),
        ([], ["extract", "/proc/self", "-o", "Out"]),
    ])
    func aSystemFolderGivenOrConfiguredIsRefusedInOneLine(files: [String], arguments: [String]) throws {
        let folder = try Folder()
        try folder.write("Flows/App.flow.yml", Self.app)
        try folder.write("Flows/Auth.flow.yml", Self.cleanAuth)
        try folder.folder("Sources")
        try folder.link("Sources/root", to: "/proc/self/root")
        if files.contains(".flowlint.yml") { try folder.write(".flowlint.yml", "sources: [\"/proc/self\"]\n") }
        let result = try Flowlint.run(arguments, in: folder.url, timeout: 20)
        #expect(result.status == 2)
        #expect(result.stdout == "")
        #expect(
            result.stderr.hasPrefix("flowlint: error: ") && result.stderr.contains("a folder of the system, not of a project"),
            "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("Out").path))
    }

    /// A link into a system folder met while searching is passed over with a note; the rest is read.
    @Test func aLinkIntoASystemFolderIsNotFollowed() throws {
        let folder = try Folder()
        try folder.write("Flows/App.flow.yml", Self.app)
        try folder.write("Flows/Auth.flow.yml", Self.cleanAuth)
        try folder.link("Flows/everything", to: "/proc/self/root")
        let result = try folder.lint(["Flows"], timeout: 20)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.stderr
                == "flowlint: note: Flows/everything: leads into /proc, a folder of the system: not followed\nflowlint: no findings in 2 files\n"
        )
    }

    @Test func graphCheckAgainstAFifoIsAOneLineError() throws {
        let folder = try Folder()
        try folder.write("Flows/App.flow.yml", Self.app)
        try folder.write("Flows/Auth.flow.yml", Self.auth.replacingOccurrences(of: ", signUp", with: ""))
        try folder.fifo("flow.dot")
        let result = try Flowlint.run(["graph", "Flows", "--check", "-o", "flow.dot"], in: folder.url, timeout: 10)
        #expect(result.status == 2)
        #expect(result.stderr == "flowlint: error: cannot read flow.dot: not a regular file\n")
    }

    static let cleanAuth = auth.replacingOccurrences(of: ", signUp", with: "")

    // MARK: Writing

    @Test func outputThroughASymlinkReplacesItsTargetAndKeepsTheLink() throws {
        let folder = try Folder()
        try folder.write("Flows/App.flow.yml", Self.app)
        try folder.write("Flows/Auth.flow.yml", Self.cleanAuth)
        try folder.link("flow.dot", to: "real.dot")
        for _ in 0..<2 {
            let result = try Flowlint.run(["graph", "Flows", "-o", "flow.dot"], in: folder.url, timeout: 20)
            #expect(result.status == 0, "\(result.stderr)")
        }
        let link = try FileManager.default.destinationOfSymbolicLink(atPath: folder.url.appendingPathComponent("flow.dot").path)
        #expect(link == "real.dot")
        #expect(try String(contentsOf: folder.url.appendingPathComponent("real.dot"), encoding: .utf8).hasPrefix("//"))
    }

    @Test func outputOntoAnInputSpecIsRefused() throws {
        let folder = try Folder()
        try folder.write("Flows/App.flow.yml", Self.app)
        try folder.write("Flows/Auth.flow.yml", Self.cleanAuth)
        let graph = try Flowlint.run(["graph", "Flows", "--format", "dot", "-o", "Flows/App.flow.yml"], in: folder.url, timeout: 20)
        #expect(graph.status == 2)
        #expect(graph.stderr == "flowlint: error: Flows/App.flow.yml is the input spec Flows/App.flow.yml: write the diagram elsewhere\n")
        let lint = try folder.lint(["Flows", "--write-baseline", "Flows/Auth.flow.yml"])
        #expect(lint.status == 2)
        #expect(
            lint.stderr.hasSuffix(
                "flowlint: error: Flows/Auth.flow.yml is the input spec Flows/Auth.flow.yml: write the baseline elsewhere\n"))
        #expect(try String(contentsOf: folder.url.appendingPathComponent("Flows/App.flow.yml"), encoding: .utf8) == Self.app)
        #expect(try String(contentsOf: folder.url.appendingPathComponent("Flows/Auth.flow.yml"), encoding: .utf8) == Self.cleanAuth)
    }

    /// A FIFO is written into, not renamed over; with nobody reading it is an error, not a hang. /dev/null stays a
    /// character device.
    @Test func specialFilesAreWrittenDirectlyNeverReplaced() throws {
        let folder = try Folder()
        try folder.write("Flows/App.flow.yml", Self.app)
        try folder.write("Flows/Auth.flow.yml", Self.cleanAuth)
        try folder.fifo("flow.dot")
        let unread = try Flowlint.run(["graph", "Flows", "-o", "flow.dot"], in: folder.url, timeout: 10)
        #expect(unread.status == 2)
        #expect(unread.stderr == "flowlint: error: cannot write flow.dot: no such device or address\n")
        let null = try Flowlint.run(["graph", "Flows", "--format", "dot", "-o", "/dev/null"], in: folder.url, timeout: 10)
        #expect(null.status == 0, "\(null.stderr)")
        let type = try FileManager.default.attributesOfItem(atPath: "/dev/null")[.type] as? FileAttributeType
        #expect(type == .typeCharacterSpecial)
        let fifoType =
            try FileManager.default.attributesOfItem(atPath: folder.url.appendingPathComponent("flow.dot").path)[.type]
            as? FileAttributeType
        #expect(fifoType == .typeUnknown || fifoType != .typeRegular)
    }

    @Test func aFailedWriteToStandardOutputIsAnError() throws {
        let folder = try Folder()
        try folder.write("Flows/App.flow.yml", Self.app)
        try folder.write("Flows/Auth.flow.yml", Self.cleanAuth)
        let result = try Subprocess.run(
            ["sh", "-c", "\"$0\" graph Flows -o - --format dot > /dev/full", Flowlint.binary.path],
            in: folder.url, timeout: 10)
        #expect(result.status == 2)
        #expect(result.stderr == "flowlint: error: cannot write to standard output: no space left on device\n")
        let closed = try Subprocess.run(
            ["sh", "-c", "\"$0\" graph Flows -o - --format dot >&-", Flowlint.binary.path],
            in: folder.url, timeout: 10)
        #expect(closed.status == 2)
        // With descriptor 1 closed, the process may reuse it for a file of its own: the reason varies.
        #expect(closed.stderr.hasPrefix("flowlint: error: cannot write to standard output: "))
        #expect(closed.stderr.split(separator: "\n").count == 1, "\(closed.stderr)")
    }

    @Test func aDeviceIsNotRead() throws {
        let result = try Flowlint.run(["lint", "/dev/zero"], timeout: 10)
        #expect(result.status == 2)
        // Refused as a folder of the system before it is looked at (issue 40); a FIFO in a project is the other case.
        #expect(result.stderr == "flowlint: error: /dev/zero is in /dev, a folder of the system, not of a project: not searched\n")
    }

    @Test func aMissingPathIsOneLineOnStderr() throws {
        let folder = try Folder()
        try folder.write("App.flow.yml", Self.app)
        for arguments in [["missing.flow.yml"], ["App.flow.yml", "./Missing//"], ["App.flow.yml/x.flow.yml"]] {
            let result = try folder.lint(arguments)
            #expect(result.status == 2)
            #expect(result.stdout == "")
            let missing = arguments.last! == "./Missing//" ? "Missing" : arguments.last!
            #expect(result.stderr == "flowlint: error: no such file or directory: \(missing)\n")
        }
    }

    @Test func aFolderWithoutSpecsIsAnError() throws {
        let folder = try Folder()
        try folder.folder("Empty")
        try folder.write("Docs/flows.yml", Self.app)
        try folder.write("Docs/.hidden/App.flow.yml", Self.app)
        for (arguments, named) in [(["Empty"], "Empty"), (["Docs"], "Docs"), (["Empty", "Docs"], "Empty, Docs")] {
            let result = try folder.lint(arguments)
            #expect(result.status == 2)
            #expect(result.stdout == "")
            #expect(result.stderr == "flowlint: error: no flow specs (*.flow.yml, *.flow.yaml) found in \(named)\n")
        }
    }

    // MARK: Contents

    @Test func manyAliasesOfAHugeExpansionCostNothing() throws {
        let folder = try Folder()
        var lines = ["version: 1", "entry: App", "description:", "  a: &a [\(Array(repeating: "lol", count: 10).joined(separator: ", "))]"]
        let names = Array("abcdefghijklmnopqrstuvwxyz")
        for index in 1..<names.count {
            lines.append(
                "  \(names[index]): &\(names[index]) [\(Array(repeating: "*\(names[index - 1])", count: 10).joined(separator: ", "))]")
        }
        try folder.write("bomb.flow.yml", lines.joined(separator: "\n") + "\n")
        let result = try folder.lint()
        #expect(result.status == 1)
        // One finding per anchor and per alias, however large the expansion would be (10^26), up to 100 of them:
        // line 4 holds one, each line after it eleven, so the 101st is the anchor on line 14.
        let output = result.stdout.split(separator: "\n")
        #expect(output.count == 101)
        #expect(
            output.last
                == "bomb.flow.yml:14:6: error: more than 100 anchors and aliases; the rest of the file is not read until they are written out [schema]"
        )
        #expect(result.stderr == "flowlint: 101 errors, 0 warnings in 1 file\n")
    }

    @Test func aHundredThousandUnknownKeysGiveAThousandFindingsAndACount() throws {
        let folder = try Folder()
        let keys = (0..<100_000).map { "k\($0): 1" }.joined(separator: "\n")
        try folder.write("keys.flow.yml", "version: 1\nentry: App\n" + keys + "\n")
        let result = try folder.lint()
        #expect(result.status == 1)
        let output = result.stdout.split(separator: "\n")
        #expect(output.count == 1001)
        #expect(
            output.first
                == "keys.flow.yml:3:1: error: unknown field `k0` in the top level of a spec; known fields: version, entry, defaults, coordinators, chains, description [schema]"
        )
        #expect(
            output.last
                == "keys.flow.yml:1003:1: error: 99001 more findings in this file are not shown: flowlint reports at most 1000 per file; fix the ones above and run again [schema]"
        )
    }

    @Test func millionsOfAliasesEndQuickly() throws {
        let folder = try Folder()
        var text = "version: 1\nentry: App\ndescription: &a x\ncoordinators: ["
        text += String(repeating: "*a, ", count: 4_000_000) + "*a]\n"
        try folder.write("flood.flow.yml", text)
        let result = try folder.lint()
        #expect(result.status == 1)
        #expect(result.stdout.split(separator: "\n").count == 101)
        #expect(result.stderr == "flowlint: 101 errors, 0 warnings in 1 file\n")
    }

    /// SplitMix64 with a fixed seed: the same noise on every run, so a failure can be reproduced.
    struct SeededGenerator: RandomNumberGenerator {
        var state: UInt64

        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    @Test func noiseNeverCrashes() throws {
        let folder = try Folder()
        var generator = SeededGenerator(state: 20_261_121)
        for index in 0..<20 {
            let count = Int.random(in: 1...4096, using: &generator)
            try folder.write("r\(index).flow.yml", Data((0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) }))
        }
        // Mostly printable noise with YAML punctuation: gets further into the parser than raw bytes.
        let alphabet = Array("ab:-[]{}&*!|>'\"#%@`,? \n\t".utf8)
        for index in 0..<20 {
            let count = Int.random(in: 1...4096, using: &generator)
            try folder.write("y\(index).flow.yml", Data((0..<count).map { _ in alphabet.randomElement(using: &generator)! }))
        }
        let result = try folder.lint()
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stderr.hasPrefix("flowlint: "))
        #expect(result.stderr.hasSuffix(" in 40 files\n"), "\(result.stderr)")
        for line in result.stdout.split(separator: "\n") {
            #expect(line.range(of: #"^[ry][0-9]+\.flow\.yml:[0-9]+:[0-9]+: (error|note): "#, options: .regularExpression) != nil, "\(line)")
        }
    }
}
