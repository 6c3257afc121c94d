#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import FlowAnalysis
import FlowRules
import FlowModel
import SwiftParser
import SwiftSyntax
import Testing
@testable import FlowSwift

/// Issue 24: any Swift input gives a note, never a crash, a hang or gigabytes. Every input is generated,
/// sized just past the limit it tests (or at the size that broke the reader before).
@Suite struct ReaderBoundsTests {
    static func unreadable(_ text: String, path: String = "Deep.swift") -> [ExtractionNote] {
        SwiftExtractor.collect(path: path, bytes: Array(text.utf8)).notes.filter { $0.kind == .unreadable }
    }

    /// The five files that crashed extract with SIGSEGV (6 KB to 200 KB each), as the issue gives them.
    static let crashes: [(name: String, text: String, column: Int)] = [
        (
            "generics", "let v = " + String(repeating: "A<", count: 2_000) + "Int" + String(repeating: ">", count: 2_000) + "()\n",
            9 + 2 * 32 + 1
        ),
        ("try", "let v = " + String(repeating: "try ", count: 40_000) + "x\n", 9 + 4 * 1_000),
        ("force unwraps", "let v = x" + String(repeating: "!", count: 60_000) + "\n", 10),
        ("function types", "let v: " + String(repeating: "(Int) -> ", count: 5_000) + "Int\n", 0),
        ("members", "let v = x" + String(repeating: ".a", count: 100_000) + "\n", 10 + 2 * 1_000),
    ]

    @Test(arguments: crashes.indices)
    func whatCrashedIsALocatedNote(index: Int) throws {
        let (name, text, column) = Self.crashes[index]
        let notes = Self.unreadable(text)
        let note = try #require(notes.first, "\(name)")
        #expect(notes.count == 1)
        #expect(note.location.line == 1)
        if column > 0 { #expect(note.location.column == column, "\(name)") }
        #expect(note.message.contains("skipped"), "\(name): \(note.message)")
    }

    @Test func theDeepestFileTheGuardLetsThroughIsReadOnItsLargeStack() throws {
        // Brackets inside the deepest interpolations allowed, `try` (the most stack per byte), and `.a()` (the
        // deepest tree for the walk): each just under the limit, inside a method.
        let depth = NestingGuard.depthLimit - 10
        let interpolations = NestingGuard.interpolationLimit
        let bodies = [
            "let s = " + String(repeating: "\"\\((", count: interpolations) + String(repeating: "(", count: depth - 2 * interpolations)
                + "1" + String(repeating: ")", count: depth - 2 * interpolations) + String(repeating: "))\"", count: interpolations),
            "let t = " + String(repeating: "try ", count: depth) + "x",
            "navigationController" + String(repeating: ".a()", count: depth / 2),
            "let u = " + String(repeating: "(try ", count: depth / 2) + "x" + String(repeating: ")", count: depth / 2),
        ]
        for body in bodies {
            let source = "final class A: Coordinator {\n    func start() {\n        \(body)\n    }\n}\n"
            let facts = SwiftExtractor.collect(path: "Deep.swift", bytes: Array(source.utf8))
            #expect(facts.notes.isEmpty, "\(facts.notes.map(\.message))")
            #expect(facts.types.first?.methods.first?.name == "start")
        }
    }

    /// A file past the token budget is refused at the first token past it, before swift-syntax builds its tree
    /// (8 MB of `x.a().a()…` took 20 s and 2.7 GB to read). Checked with a small budget: the scan is the same.
    @Test func oneTokenPastTheBudgetIsANoteAtThatToken() throws {
        let line = "let v = x" + String(repeating: ".a()", count: 9) + "\n"  // let v = x: 4 tokens, .a(): 4 each
        let within = String(repeating: line, count: 25)  // 1,000 tokens
        #expect(NestingGuard.check(Array(within.utf8), tokenLimit: 1_000) == nil)
        let refusal = try #require(NestingGuard.check(Array((within + "  y\n").utf8), tokenLimit: 1_000))
        #expect(refusal.line == 26 && refusal.column == 3)
        #expect(refusal.message == "more than 1,000 tokens: skipped (reading the file would take more than about 1 GB of memory; split it)")
        // Comments and white space are not tokens.
        #expect(
            NestingGuard.check(Array((within + String(repeating: "// x x x\n", count: 100) + "/* y */ \n").utf8), tokenLimit: 1_000) == nil)
        #expect(NestingGuard.check(Array(within.utf8), tokenLimit: 999)?.message.hasPrefix("more than 999 tokens") == true)
    }

    @Test func oneLevelPastTheLimitIsANoteAtThatLevel() throws {
        let limit = NestingGuard.depthLimit
        let parens = "let v = " + String(repeating: "(", count: limit + 1) + "1" + String(repeating: ")", count: limit + 1) + "\n"
        let note = try #require(Self.unreadable(parens).first)
        #expect(note.location == SourceLocation(file: "Deep.swift", line: 1, column: 9 + limit), "at the first `(` too many")
        #expect(note.message.hasPrefix("nested more than \(limit) levels deep here"))
        let under = "let v = " + String(repeating: "(", count: limit) + "1" + String(repeating: ")", count: limit) + "\n"
        #expect(Self.unreadable(under).isEmpty)
    }

    @Test func chainsEndWhereTheirStatementEnds() {
        // Ten thousand statements of short chains, `else if`s, arrows and `try`s are not one deep chain.
        let statement = "x.a.b!.c?.d = try await f(y) ; if a {} else if b {} else {}\n let f: (Int) -> (Int) -> Int = g\n"
        let source = "func run() {\n" + String(repeating: statement, count: 2_000) + "}\n"
        #expect(NestingGuard.check(Array(source.utf8)) == nil)
        let protocolRequirements = "protocol P {\n" + String(repeating: "func a() -> A<B<C>>\n var b: Int { get }\n", count: 2_000) + "}\n"
        #expect(NestingGuard.check(Array(protocolRequirements.utf8)) == nil)
        let builder = "var body: some View {\n Text(\"x\")\n" + String(repeating: "  .padding()\n", count: 500) + "}\n"
        #expect(NestingGuard.check(Array(builder.utf8)) == nil)
    }

    @Test func aBracketLeftOpenClosesWithTheNextOneOutside() {
        // A regex literal is not read as one: its `(` stays open until the `}` of the function closes both.
        let source = String(repeating: "func f() { let r = /\\(/ }\n", count: 2 * NestingGuard.depthLimit)
        #expect(NestingGuard.check(Array(source.utf8)) == nil)
    }

    @Test func anElseIfChainIsOneChain() throws {
        let chain = "func f() { if a {} " + String(repeating: "else if a {} ", count: NestingGuard.depthLimit) + "}\n"
        let note = try #require(Self.unreadable(chain).first)
        #expect(note.message.hasPrefix("nested more than"))
    }

    @Test func bracketsSeparatedByCommentsAreStillARun() throws {
        // The parser skips comments as trivia: `[/**/[/**/…` is a run of `[` to it (30 ran for minutes).
        let grid = "let grid = " + String(repeating: "[/**/", count: 30) + "1" + String(repeating: "]", count: 30) + "\n"
        let note = try #require(Self.unreadable(grid).first)
        #expect(note.location == SourceLocation(file: "Deep.swift", line: 1, column: 12 + 5 * 11))
        #expect(note.message.hasPrefix("12 `[` in a row"))
        let lines = "let grid = " + String(repeating: "[ // row\n", count: 12) + "1" + String(repeating: "]", count: 12) + "\n"
        #expect(Self.unreadable(lines).first?.location.line == 12)
    }

    @Test func switchesWithoutTheirBraceAreStoppedBeforeTheParser() throws {
        // A spec pasted into a `.swift` file: `# fixtures/root-switch-clears/…` line after line. Each `switch` makes
        // the parser look for its `{` to the end of the file (8,000 such lines took six minutes).
        let limit = NestingGuard.unopenedSwitchLimit
        let pasted = (0...limit + 1).map { "  - finish  # docs/root-switch-clears/\($0)\n" }.joined()
        let note = try #require(Self.unreadable(pasted).first)
        #expect(note.location == SourceLocation(file: "Deep.swift", line: limit + 2, column: 25))
        #expect(note.message.hasPrefix("more than \(limit) `switch` keywords without their `{`"))
        #expect(NestingGuard.check(Array(String(repeating: "switch x;\n", count: limit + 2).utf8))?.line == limit + 2)
        // What compiles, and what the parser's search stops at: `{`, `}` and `case` end it; members and labels are names.
        let fine = [
            String(repeating: "func f() { switch x { case .a: break\n default: break } }\n", count: 4 * limit),
            String(repeating: "switch x }\n", count: 4 * limit),
            String(repeating: "switch x case\n", count: 4 * limit),
            String(repeating: "f(switch: 1, x.switch)\n", count: 4 * limit),
            String(repeating: "// switch x;\nlet s = \"switch\"\n", count: 4 * limit),
            String(repeating: "switch x;\n", count: limit + 1),
        ]
        for source in fine { #expect(NestingGuard.check(Array(source.utf8)) == nil, "\(source.prefix(40))") }
    }

    @Test func nestedStringInterpolationIsStoppedBeforeTheLexer() throws {
        // 50 KB of it took 4.7 GB: swift-syntax's lexer copies its state stack per level.
        let levels = 8_000
        let text = "let v = " + String(repeating: "\"\\(", count: levels) + "1" + String(repeating: ")\"", count: levels) + "\n"
        let note = try #require(Self.unreadable(text).first)
        let limit = NestingGuard.interpolationLimit
        #expect(note.message.hasPrefix("more than \(limit) string interpolations nested"))
        #expect(note.location.column == 9 + 3 * limit + 1, "at the `\\` of the first interpolation too many")
        let allowed = "let v = " + String(repeating: "\"\\(", count: limit) + "1" + String(repeating: ")\"", count: limit) + "\n"
        #expect(Self.unreadable(allowed).isEmpty)
        let raw = "let v = #\"\\#(" + String(repeating: "\"\\(", count: limit) + "1" + String(repeating: ")\"", count: limit) + ")\"#\n"
        #expect(Self.unreadable(raw).first?.message.hasPrefix("more than") == true, "a raw string's `\\#(` is one too")
        // Text inside strings and comments is not code: brackets there count for nothing.
        let quoted =
            "let v = \"" + String(repeating: "[(", count: 2_000) + "\" // " + String(repeating: "[", count: 40) + "\n"
            + "let w = #\"\\(" + String(repeating: "[", count: 40) + "\"#\n/* [[[[[[[[[[[[[[[[ /* nested */ [[[[[[[[[[[[[ */\n"
        #expect(Self.unreadable(quoted).isEmpty)
    }

    @Test func callsKnowTheEventHandlerTheyRunIn() throws {
        let source = """
            final class Flow {
                func configure() {
                    machine.on(.begin) { [weak self] in
                        self?.inbox.start()
                        DispatchQueue.main.async { self?.showLater() }
                    }
                    machine.addRoutes(event: .signOut, transitions: []) { _ in self.reset() }
                    list.map { $0.start() }
                    let made = { Inbox() }()
                }
            }
            """
        let facts = SwiftExtractor.collect(path: "Flow.swift", bytes: Array(source.utf8))
        let calls = try #require(facts.types.first?.methods.first?.calls)
        func call(_ name: String, _ receiver: String?) throws -> CallFacts {
            try #require(calls.first { $0.name == name && $0.receiver == receiver })
        }
        #expect(try call("start", "self?.inbox").handles == EventHandler(receiver: "machine", event: "begin"))
        #expect(try call("start", "self?.inbox").handlerDepth == 0)
        // Inside a closure within the handler: still its handler, one closure deeper.
        #expect(try call("showLater", "self?").handles?.event == "begin")
        #expect(try call("showLater", "self?").handlerDepth == 1)
        #expect(try call("reset", "self").handles == EventHandler(receiver: "machine", event: "signOut"))
        // A closure given to a call that names no event is no handler; one run in place is part of its method.
        #expect(try call("start", "$0").handles == nil)
        #expect(try call("on", "machine").handles == nil)
        #expect(try call("Inbox", nil).closures == [ExpressionFacts.closureRunInPlace])
    }

    @Test func aLongCallChainIsReadInLinearTime() throws {
        // `x.a().a()…`: every call's receiver is all the calls before it. Receivers are clipped, and closures
        // and switch cases come from the walk's own context, not from climbing every ancestor of every call.
        let links = NestingGuard.depthLimit - 20
        let source =
            "final class A: Coordinator {\n    func start() {\n        router" + String(repeating: ".a()", count: links) + "\n    }\n}\n"
        let facts = SwiftExtractor.collect(path: "Chain.swift", bytes: Array(source.utf8))
        let calls = try #require(facts.types.first?.methods.first?.calls)
        #expect(calls.count == links)
        #expect(calls.allSatisfy { ($0.receiver?.utf8.count ?? 0) <= FactCollector.clipLength + 3 })
        #expect(calls.contains { $0.receiver == "router" })
        #expect(calls.contains { $0.receiver?.hasPrefix("router.a().a()") == true && $0.receiver?.contains("…") == true })
    }

    @Test func closuresAndSwitchCasesAreStillSeenFromTheWalk() throws {
        let source = """
            final class A: Coordinator {
                func start(route: R) {
                    switch route {
                    case .home: show(Home())
                    case .detail(let id):
                        load(id, completion: { value in
                            push(value)
                        })
                    default: finish()
                    }
                    onDone = { [weak self] in self?.close() }
                }
                init() { run { go() } }
            }
            """
        let facts = SwiftExtractor.collect(path: "A.swift", bytes: Array(source.utf8))
        let calls = try #require(facts.types.first?.methods.first?.calls)
        func call(_ name: String) -> CallFacts? { calls.first { $0.name == name } }
        #expect(call("show")?.switchCase == ["home"])
        #expect(call("load")?.switchCase == ["detail"])
        #expect(call("push")?.switchCase == nil, "a closure stops the search for a case")
        #expect(call("push")?.closures == ["completion"])
        #expect(call("finish")?.switchCase == ["default"])
        #expect(call("close")?.closures == ["onDone"])
        let initializer = try #require(facts.types.first?.methods.first { $0.name == "init" })
        #expect(initializer.calls.first { $0.name == "go" }?.closures == ["run"])
    }

    @Test func theBytesInFlightAreCapped() {
        let budget = ByteBudget(capacity: 10)
        let peak = Peak()
        _ = Parallel.map(Array(0..<16)) { index in
            budget.withBytes(index % 2 == 0 ? 6 : 40) {
                peak.enter()
                usleep(2_000)
                peak.leave()
            }
        }
        #expect(peak.highest == 1, "6 + 6 > 10, and 40 takes the whole budget")
        let roomy = ByteBudget(capacity: 12)
        let both = Peak()
        _ = Parallel.map(Array(0..<8)) { _ in
            roomy.withBytes(6) {
                both.enter(); usleep(20_000); both.leave()
            }
        }
        #expect(both.highest <= 2)
    }

    @Test func aLargeStackRunsWhatTheDefaultStackCannot() {
        func depth(_ level: Int) -> Int {
            var frame = [UInt8](repeating: UInt8(truncatingIfNeeded: level), count: 8)
            frame[0] &+= 1
            return level == 0 ? Int(frame[0]) : depth(level - 1) &+ Int(frame[1])
        }
        // 300,000 frames of a debug build: far past 8 MiB, well within `stackSize`.
        #expect(LargeStack.run(size: SwiftExtractor.stackSize) { depth(300_000) } > 0)
    }
}

/// How many threads were inside at once.
final class Peak: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private var current = 0
    private(set) var highest = 0

    init() { pthread_mutex_init(mutex, nil) }
    deinit { mutex.deallocate() }

    func enter() {
        pthread_mutex_lock(mutex)
        current += 1
        highest = max(highest, current)
        pthread_mutex_unlock(mutex)
    }

    func leave() {
        pthread_mutex_lock(mutex)
        current -= 1
        pthread_mutex_unlock(mutex)
    }
}

/// The collector's own line table gives every token the line and column swift-syntax's converter gives it:
/// `\n`, `\r\n` and a lone `\r` end lines, and columns count UTF-8 bytes.
@Suite struct SourceLocationTests {
    @Test func everyTokenIsWhereSwiftSyntaxPutsIt() {
        let source = "import UIKit\r\n/* é ∑ */ final class A {\r    func start() { let ü = \"≈\"; show(ü) }\n\n}\r\n// end"
        let bytes = Array(source.utf8)
        let tree = bytes.withUnsafeBufferPointer { Parser.parse(source: $0) }
        let collector = FactCollector(path: "A.swift", source: bytes, wrappers: NavigationVocabulary.wrapperNames)
        let converter = SourceLocationConverter(fileName: "A.swift", tree: tree)
        var count = 0
        for token in tree.tokens(viewMode: .sourceAccurate) {
            let expected = converter.location(for: token.positionAfterSkippingLeadingTrivia)
            let actual = collector.location(of: token)
            #expect(actual.line == expected.line && actual.column == expected.column, "\(token.text)")
            count += 1
        }
        #expect(count > 20)
    }
}
