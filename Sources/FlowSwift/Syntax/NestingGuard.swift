#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What the reader refuses to parse, found by one pass over a file's tokens before swift-syntax sees it
/// (DESIGN §5, Bounded). swift-syntax's parser and every walk over its tree recurse on the nesting of the
/// code, and its own guard (`maximumNestingLevel`) counts only brackets — and not all of them: 2,000 `A<`,
/// 40,000 `try`, 5,000 `(Int) ->` or 100,000 `.a` in a row overflow any stack. This pass counts every kind of
/// nesting the parser recurses on, or that makes the tree deep:
/// - brackets, string interpolations and `#if`, each one level;
/// - chains inside one bracket, each link one level: `.member`, postfix `!` and `?`; `try`, `await` and the
///   other prefix keywords; `->`; `else` of an `else if`; `<` of a generic argument.
/// Comments and the text of string literals are skipped, as the parser skips them.
struct NestingGuard {
    /// Levels (brackets plus the links of the chains in them) a file may have at any point: real code
    /// needs under a hundred. The stack this costs is bounded by `SwiftExtractor.stackSize`.
    static let depthLimit = 1_000
    /// `<` of generic arguments in one chain: swift-syntax's look-ahead decides each one by reading the
    /// rest, so time grows with the square of the run (400 take a second in a debug build).
    static let angleLimit = 32
    /// String literals inside the interpolations of others: swift-syntax's lexer copies its whole state stack
    /// into its arena at each level, so a file of 980-deep strings took 24 GB (4 MB of them); real code nests two.
    static let interpolationLimit = 4
    /// The most `[` in a row that a file may have (white space and comments between). swift-syntax 603's
    /// parser looks ahead for an inline array type at each one, and its time doubles with every `[` of the
    /// run: 22 take a second, 30 several minutes (found by scripts/fuzz). Real code nests a few at most.
    static let bracketRunLimit = 12
    /// Tokens a file may have. swift-syntax's tree and the walk over it take about 350 bytes a token (a
    /// megabyte of `x.a().a()…`, a million tokens, takes 350 MB): 2,500,000 keep one file under about 1 GB.
    /// Real code has one token per 4 to 8 bytes, so any file within the 8 MiB size limit but the densest fits.
    static let tokenLimit = 2_500_000
    /// `switch` keywords a file may have whose `{` has not come when the next `switch` does (`switch x;` or
    /// `a-switch-b`, line after line). swift-syntax 603's parser looks for each one's `{` as far as the next `{`,
    /// `}` or `case`, to the end of the file if need be, so time grows with the square of their count: 2,000 such
    /// lines take 2 s, 8,000 six minutes (found by scripts/fuzz). Code that compiles has none.
    static let unopenedSwitchLimit = 16

    struct Refusal: Equatable {
        var line: Int
        var column: Int
        var message: String
    }

    /// Where the file goes past a limit, if it does.
    static func check(_ bytes: [UInt8], tokenLimit: Int = tokenLimit) -> Refusal? {
        bytes.withUnsafeBufferPointer { buffer in
            var scan = NestingGuard(buffer, tokenLimit: tokenLimit)
            return scan.run()
        }
    }

    private enum Kind { case paren, square, brace, interpolation, conditional }

    private struct Frame {
        var kind: Kind
        /// For an interpolation: the string it sits in, resumed at its `)`.
        var string: StringDelimiter?
        var links = 0, prefixes = 0, arrows = 0, elses = 0, angles = 0

        var chains: Int { links + prefixes + arrows + elses + angles }
    }

    private struct StringDelimiter {
        var pounds: Int
        var multiline: Bool
    }

    private let bytes: UnsafeBufferPointer<UInt8>
    private var offset = 0
    /// Where the current token starts: refusals point at it.
    private var tokenStart = 0
    private var line = 1
    private var lineStart = 0
    private var frames: [Frame] = [Frame(kind: .brace)]
    /// Open interpolations among `frames`.
    private var interpolations = 0
    /// Open frames plus the chain links in all of them.
    private var depth = 0
    private var squareRun = 0
    /// The previous token ended right before this one (no white space or comment between).
    private var attached = false
    private var previous = Token.none
    private var afterClosingBrace = false
    private var tokens = 0
    private let tokenLimit: Int
    /// A `switch` keyword came and its `{` (or a `}` or `case` that ends the parser's search) has not.
    private var switchAwaitsBrace = false
    /// `switch` keywords followed by another before their `{`.
    private var unopenedSwitches = 0

    private enum Token { case none, name, dot, closer, other, prefixKeyword, elseKeyword }

    private init(_ bytes: UnsafeBufferPointer<UInt8>, tokenLimit: Int) {
        self.bytes = bytes
        self.tokenLimit = tokenLimit
    }

    private static let prefixKeywords = [
        "try", "await", "consume", "copy", "each", "repeat", "some", "any", "inout", "borrowing", "consuming", "sending",
    ]
    /// Words that start a declaration or a statement: no chain runs across them.
    private static let statementKeywords = [
        "func", "var", "let", "case", "init", "deinit", "subscript", "typealias", "associatedtype", "return", "throw",
        "in", "import", "class", "struct", "enum", "protocol", "extension", "actor", "if", "guard", "while", "for",
        "switch", "do", "catch", "defer", "break", "continue", "fallthrough", "static", "private", "public", "internal",
        "fileprivate", "open", "final", "override", "mutating", "nonmutating", "lazy", "weak", "unowned", "convenience",
        "required", "indirect", "operator", "precedencegroup", "macro", "default",
    ]

    /// What a word is to the pass. Told from its bytes: a `String` and a set look-up per name were a tenth of a
    /// whole extract.
    private enum Word: Equatable { case plain, elseKeyword, ifKeyword, endif, prefix, statement, switchKeyword, caseKeyword }

    /// The keywords by their length in bytes.
    private static let keywords: [[(bytes: [UInt8], word: Word)]] = {
        var table = [[(bytes: [UInt8], word: Word)]](repeating: [], count: 16)
        func add(_ words: [String], _ word: Word) {
            for text in words { table[text.utf8.count].append((Array(text.utf8), word)) }
        }
        add(["else"], .elseKeyword)
        add(["if"], .ifKeyword)
        add(["endif"], .endif)
        add(prefixKeywords, .prefix)
        add(["switch"], .switchKeyword)
        add(["case", "default"], .caseKeyword)
        add(statementKeywords.filter { !["if", "switch", "case", "default"].contains($0) }, .statement)
        return table
    }()

    /// The links of the top frame's chains that a token ends.
    private struct Links: OptionSet {
        let rawValue: UInt8
        static let members = Links(rawValue: 1), prefixes = Links(rawValue: 2), arrows = Links(rawValue: 4)
        static let elses = Links(rawValue: 8), angles = Links(rawValue: 16)
    }

    private mutating func run() -> Refusal? {
        var string: StringDelimiter?
        while offset < bytes.count {
            if let delimiter = string {
                // Inside a string literal: only its end or an interpolation matters.
                string = nil
                if let refusal = skipString(delimiter, resumed: &string) { return refusal }
                continue
            }
            let byte = bytes[offset]
            tokenStart = offset
            if !Self.isSpaceOrComment(byte, next(1)) {
                tokens += 1
                if tokens > tokenLimit {
                    return refusal(
                        "more than \(grouped(tokenLimit)) tokens: skipped "
                            + "(reading the file would take more than about 1 GB of memory; split it)"
                    )
                }
            }
            switch byte {
            case UInt8(ascii: "\n"):
                newline(at: offset)
                offset += 1
                attached = false
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"), 0x0B, 0x0C, 0:
                offset += 1
                attached = false
            case UInt8(ascii: "/") where next(1) == UInt8(ascii: "/"):
                while offset < bytes.count && bytes[offset] != UInt8(ascii: "\n") { offset += 1 }
                attached = false
            case UInt8(ascii: "/") where next(1) == UInt8(ascii: "*"):
                skipBlockComment()
                attached = false
            case UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "{"):
                if let refusal = openBracket(byte) { return refusal }
            case UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}"):
                if let resumed = closeBracket(byte) { string = resumed }
            case UInt8(ascii: "\""):
                if let refusal = stringToken(pounds: 0, resumed: &string) { return refusal }
            case UInt8(ascii: "#"):
                if let refusal = pound(&string) { return refusal }
            case UInt8(ascii: "@"):
                offset += 1
                _ = identifier()
                punctuation(byte)
                attached = true
            case UInt8(ascii: "`"):
                offset += 1
                while offset < bytes.count && bytes[offset] != UInt8(ascii: "`") && bytes[offset] != UInt8(ascii: "\n") { offset += 1 }
                if offset < bytes.count && bytes[offset] == UInt8(ascii: "`") { offset += 1 }
                if let refusal = name(.plain) { return refusal }
            case UInt8(ascii: "."):
                if let refusal = dot() { return refusal }
            case UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: ":"):
                squareRun = 0
                offset += 1
                punctuation(byte)
                attached = true
            default:
                if Self.isIdentifier(byte) {
                    let word = identifier()
                    if let refusal = switchKeyword(word) { return refusal }
                    if let refusal = name(word) { return refusal }
                } else if Self.isOperator(byte) {
                    if let refusal = operatorToken() { return refusal }
                } else {
                    offset += 1
                    punctuation(byte)
                    attached = true
                }
            }
        }
        return nil
    }

    /// `(`, `[`, `{`: a frame opens; a run of `[` that swift-syntax's parser cannot take is refused.
    private mutating func openBracket(_ byte: UInt8) -> Refusal? {
        if byte == UInt8(ascii: "{") { switchAwaitsBrace = false }
        if byte == UInt8(ascii: "[") {
            squareRun += 1
            if squareRun == Self.bracketRunLimit {
                return refusal(
                    "\(Self.bracketRunLimit) `[` in a row, nested: skipped (swift-syntax's parser takes time exponential in such nesting)")
            }
        } else {
            squareRun = 0
        }
        punctuation(byte)
        if let refusal = open(byte == UInt8(ascii: "(") ? .paren : byte == UInt8(ascii: "[") ? .square : .brace) { return refusal }
        offset += 1
        attached = true
        return nil
    }

    /// `)`, `]`, `}`: the nearest open bracket of this kind closes; brackets left open above it (in code that does
    /// not parse, or a regex literal) close with it, as the parser recovers. The string an interpolation closes
    /// back into, if any.
    private mutating func closeBracket(_ byte: UInt8) -> StringDelimiter? {
        squareRun = 0
        if byte == UInt8(ascii: "}") { switchAwaitsBrace = false }
        let kind: Kind = byte == UInt8(ascii: ")") ? .paren : byte == UInt8(ascii: "]") ? .square : .brace
        offset += 1
        if let match = frames.indices.dropFirst().suffix(16).last(where: {
            frames[$0].kind == kind || (kind == .paren && frames[$0].kind == .interpolation)
        }) {
            while frames.count > match + 1 { _ = close() }
            let closed = close()
            if let resumed = closed.string { return resumed }
        }
        previous = .closer
        afterClosingBrace = kind == .brace
        attached = true
        return nil
    }

    /// `.member`, a link of a member chain, or an operator that starts with a dot.
    private mutating func dot() -> Refusal? {
        guard Self.isIdentifier(next(1)) else { return operatorToken() }
        squareRun = 0
        offset += 1
        endElseChain(unless: false)
        reset(.prefixes)
        previous = .dot
        attached = true
        return link(.members)
    }

    /// `#if`, `#endif`, a raw string `#"…"#`, or another `#` word.
    private mutating func pound(_ string: inout StringDelimiter?) -> Refusal? {
        var pounds = 0
        while next(pounds) == UInt8(ascii: "#") { pounds += 1 }
        if next(pounds) == UInt8(ascii: "\"") {
            offset += pounds
            return stringToken(pounds: pounds, resumed: &string)
        }
        offset += 1
        let word = identifier()
        if word == .ifKeyword {
            punctuation(UInt8(ascii: ";"))
            if let refusal = open(.conditional) { return refusal }
        } else if word == .endif {
            if frames.count > 1, frames[frames.count - 1].kind == .conditional { _ = close() }
            punctuation(UInt8(ascii: ";"))
        } else if let refusal = name(word) {
            return refusal
        }
        attached = true
        return nil
    }

    // MARK: tokens

    /// A name: the member of a `.member` link, a prefix keyword, `else`, a statement keyword or the head of a chain.
    private mutating func name(_ word: Word) -> Refusal? {
        squareRun = 0
        defer { attached = true }
        let wasElse = previous == .elseKeyword
        endElseChain(unless: word == .elseKeyword)
        if previous == .dot {
            previous = .name
            return nil
        }
        if word == .elseKeyword {
            reset([.members, .prefixes])
            previous = .elseKeyword
            return link(.elses)
        }
        if word == .prefix {
            reset(.members)
            previous = .prefixKeyword
            return link(.prefixes)
        }
        reset([.members, .prefixes])
        if word == .statement || word == .switchKeyword || word == .caseKeyword || (word == .ifKeyword && !wasElse) {
            reset([.arrows, .angles])
        }
        previous = .name
        return nil
    }

    /// Counts the `switch` keywords whose `{` has not come when the next one does; `x.switch` and the label of
    /// `f(switch: 1)` are names.
    private mutating func switchKeyword(_ word: Word) -> Refusal? {
        if word == .caseKeyword, previous != .dot { switchAwaitsBrace = false }
        guard word == .switchKeyword, previous != .dot else { return nil }
        var after = offset
        while after < bytes.count, bytes[after] == UInt8(ascii: " ") || bytes[after] == UInt8(ascii: "\t") { after += 1 }
        if after < bytes.count, bytes[after] == UInt8(ascii: ":") { return nil }
        if switchAwaitsBrace {
            unopenedSwitches += 1
            if unopenedSwitches > Self.unopenedSwitchLimit {
                return refusal(
                    "more than \(Self.unopenedSwitchLimit) `switch` keywords without their `{`: skipped (swift-syntax's parser looks for "
                        + "each one's `{` to the end of the file, which takes time growing with the square of their count)"
                )
            }
        }
        switchAwaitsBrace = true
        return nil
    }

    private mutating func operatorToken() -> Refusal? {
        squareRun = 0
        let start = offset
        let leading = bytes[offset] == UInt8(ascii: ".")
        while offset < bytes.count, Self.isOperator(bytes[offset]) || (leading && bytes[offset] == UInt8(ascii: ".")) {
            if bytes[offset] == UInt8(ascii: "/"), next(1) == UInt8(ascii: "/") || next(1) == UInt8(ascii: "*"), offset > start { break }
            offset += 1
        }
        let run = bytes[start..<offset]
        let wasAttached = attached
        let before = previous
        attached = true
        endElseChain(unless: false)
        previous = .other
        if run.elementsEqual("->".utf8) {
            reset([.members, .prefixes])
            return link(.arrows)
        }
        if run.elementsEqual("=".utf8) {
            reset([.members, .prefixes, .arrows, .angles])
            return nil
        }
        // `x!!`, `y?.z`: postfix links on what came right before; `try!` and `try?` are one keyword.
        if wasAttached, run.allSatisfy({ $0 == UInt8(ascii: "!") || $0 == UInt8(ascii: "?") }),
            before == .name || before == .closer || before == .prefixKeyword
        {
            previous = before
            if before == .prefixKeyword { return nil }
            for _ in run { if let refusal = link(.members) { return refusal } }
            return nil
        }
        if wasAttached, before == .name, run.elementsEqual("<".utf8) {
            if let refusal = link(.angles) { return refusal }
            if frames[frames.count - 1].angles > Self.angleLimit {
                return refusal(
                    "more than \(Self.angleLimit) generic arguments nested in one another here: skipped (swift-syntax's look-ahead takes "
                        + "time growing with the square of such nesting)"
                )
            }
            return nil
        }
        let closing = run.reduce(0) { $0 + ($1 == UInt8(ascii: ">") ? 1 : 0) }
        if closing > 0 {
            let closed = min(frames[frames.count - 1].angles, closing)
            frames[frames.count - 1].angles -= closed
            depth -= closed
            if closing == run.count {
                previous = .closer
                return nil
            }
        }
        // A binary or prefix operator ends postfix and prefix chains.
        reset([.members, .prefixes])
        return nil
    }

    /// Punctuation and brackets: what each ends.
    private mutating func punctuation(_ byte: UInt8) {
        endElseChain(unless: false)
        switch byte {
        case UInt8(ascii: ";"): reset([.members, .prefixes, .arrows, .angles, .elses])
        case UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "{"): reset(.prefixes)
        default: reset([.members, .prefixes])
        }
        previous = .other
    }

    /// An `else if` chain goes on only through `} else`.
    private mutating func endElseChain(unless isElse: Bool) {
        if afterClosingBrace && !isElse { reset(.elses) }
        afterClosingBrace = false
    }

    private mutating func reset(_ ended: Links) {
        let top = frames.count - 1
        if ended.contains(.members) { depth -= frames[top].links; frames[top].links = 0 }
        if ended.contains(.prefixes) { depth -= frames[top].prefixes; frames[top].prefixes = 0 }
        if ended.contains(.arrows) { depth -= frames[top].arrows; frames[top].arrows = 0 }
        if ended.contains(.elses) { depth -= frames[top].elses; frames[top].elses = 0 }
        if ended.contains(.angles) { depth -= frames[top].angles; frames[top].angles = 0 }
    }

    private mutating func link(_ added: Links) -> Refusal? {
        let top = frames.count - 1
        switch added {
        case .members: frames[top].links += 1
        case .prefixes: frames[top].prefixes += 1
        case .arrows: frames[top].arrows += 1
        case .elses: frames[top].elses += 1
        default: frames[top].angles += 1
        }
        depth += 1
        return depth > Self.depthLimit ? tooDeep() : nil
    }

    private mutating func open(_ kind: Kind, string: StringDelimiter? = nil) -> Refusal? {
        frames.append(Frame(kind: kind, string: string))
        depth += 1
        previous = .none
        afterClosingBrace = false
        return depth > Self.depthLimit ? tooDeep() : nil
    }

    private mutating func close() -> Frame {
        let closed = frames.removeLast()
        if closed.kind == .interpolation { interpolations -= 1 }
        depth -= 1 + closed.chains
        return closed
    }

    private func tooDeep() -> Refusal {
        refusal(
            "nested more than \(Self.depthLimit) levels deep here (brackets, and chains of `.member`, `!`, `try`, `->`, `else if` or `<`): "
                + "skipped (swift-syntax's parser recurses on such nesting)"
        )
    }

    /// `2,500,000`.
    private func grouped(_ number: Int) -> String {
        var digits = String(number)
        var index = digits.endIndex
        while digits.distance(from: digits.startIndex, to: index) > 3 {
            index = digits.index(index, offsetBy: -3)
            digits.insert(",", at: index)
        }
        return digits
    }

    /// White space, or the start of a comment: not a token.
    private static func isSpaceOrComment(_ byte: UInt8, _ next: UInt8?) -> Bool {
        switch byte {
        case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"), 0x0B, 0x0C, 0: true
        case UInt8(ascii: "/"): next == UInt8(ascii: "/") || next == UInt8(ascii: "*")
        default: false
        }
    }

    private func refusal(_ message: String) -> Refusal {
        Refusal(line: line, column: tokenStart - lineStart + 1, message: message)
    }

    // MARK: skipping

    private mutating func newline(at position: Int) {
        line += 1
        lineStart = position + 1
    }

    private func next(_ distance: Int) -> UInt8? {
        offset + distance < bytes.count ? bytes[offset + distance] : nil
    }

    private mutating func identifier() -> Word {
        let start = offset
        while offset < bytes.count && Self.isIdentifier(bytes[offset]) { offset += 1 }
        let length = offset - start
        guard length > 0, length < Self.keywords.count, bytes[start] >= UInt8(ascii: "a"), bytes[start] <= UInt8(ascii: "z") else {
            return .plain
        }
        for keyword in Self.keywords[length]
        where keyword.bytes.withUnsafeBufferPointer({ memcmp($0.baseAddress!, bytes.baseAddress! + start, length) == 0 }) {
            return keyword.word
        }
        return .plain
    }

    private mutating func skipBlockComment() {
        var level = 0
        while offset < bytes.count {
            if bytes[offset] == UInt8(ascii: "/"), next(1) == UInt8(ascii: "*") {
                level += 1
                offset += 2
            } else if bytes[offset] == UInt8(ascii: "*"), next(1) == UInt8(ascii: "/") {
                level -= 1
                offset += 2
                if level == 0 { return }
            } else {
                if bytes[offset] == UInt8(ascii: "\n") { newline(at: offset) }
                offset += 1
            }
        }
    }

    /// At the opening `"` of a string literal (its `#`s already passed).
    private mutating func stringToken(pounds: Int, resumed: inout StringDelimiter?) -> Refusal? {
        squareRun = 0
        endElseChain(unless: false)
        reset([.members, .prefixes])
        previous = .name
        let multiline = next(1) == UInt8(ascii: "\"") && next(2) == UInt8(ascii: "\"")
        offset += multiline ? 3 : 1
        attached = true
        return skipString(StringDelimiter(pounds: pounds, multiline: multiline), resumed: &resumed)
    }

    /// Skips string text up to its end, or up to an interpolation, whose frame then holds the string.
    private mutating func skipString(_ delimiter: StringDelimiter, resumed: inout StringDelimiter?) -> Refusal? {
        while offset < bytes.count {
            let byte = bytes[offset]
            if byte == UInt8(ascii: "\n") {
                if !delimiter.multiline { return nil }  // unterminated: the parser says so
                newline(at: offset)
                offset += 1
            } else if byte == UInt8(ascii: "\\") && pounds(after: offset + 1, count: delimiter.pounds) {
                offset += 1 + delimiter.pounds
                if offset < bytes.count && bytes[offset] == UInt8(ascii: "(") {
                    if interpolations == Self.interpolationLimit {
                        tokenStart = offset - 1 - delimiter.pounds
                        return refusal(
                            "more than \(Self.interpolationLimit) string interpolations nested in one another here: skipped "
                                + "(swift-syntax's lexer holds memory growing with the square of such nesting)"
                        )
                    }
                    offset += 1
                    interpolations += 1
                    return open(.interpolation, string: delimiter)
                }
                if offset < bytes.count && bytes[offset] != UInt8(ascii: "\n") { offset += 1 }
            } else if byte == UInt8(ascii: "\""), closes(delimiter) {
                offset += (delimiter.multiline ? 3 : 1) + delimiter.pounds
                previous = .name
                attached = true
                return nil
            } else {
                offset += 1
            }
        }
        return nil
    }

    private func pounds(after position: Int, count: Int) -> Bool {
        guard position + count <= bytes.count else { return false }
        return (0..<count).allSatisfy { bytes[position + $0] == UInt8(ascii: "#") }
    }

    private func closes(_ delimiter: StringDelimiter) -> Bool {
        let quotes = delimiter.multiline ? 3 : 1
        guard offset + quotes <= bytes.count, (0..<quotes).allSatisfy({ bytes[offset + $0] == UInt8(ascii: "\"") }) else { return false }
        return pounds(after: offset + quotes, count: delimiter.pounds)
    }

    private static func isIdentifier(_ byte: UInt8?) -> Bool {
        guard let byte else { return false }
        return (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "$")
            || byte >= 0x80
    }

    private static func isOperator(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "/"), UInt8(ascii: "="), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "!"), UInt8(ascii: "*"),
            UInt8(ascii: "%"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "&"), UInt8(ascii: "|"), UInt8(ascii: "^"),
            UInt8(ascii: "~"), UInt8(ascii: "?"):
            true
        default:
            false
        }
    }
}
