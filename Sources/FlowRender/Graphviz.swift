#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CGraphviz
import Dispatch

/// Why Graphviz could not draw a diagram: its own error messages.
public struct GraphvizError: Error, Equatable, CustomStringConvertible {
    public var messages: [String]

    public var description: String {
        "Graphviz could not render the diagram: " + (messages.isEmpty ? "unknown error" : messages.joined(separator: "; "))
    }
}

/// An SVG drawing and the warnings Graphviz gave while making it.
public struct Rendering: Sendable {
    public var svg: String
    public var warnings: [String]
}

extension Graphviz {
    /// At most one plain line for the warnings of one drawing, naming it, in flowlint's words: Graphviz's own
    /// ("Unable to reclaim box space in spline routing … Something is probably seriously wrong") would alarm a user
    /// about a drawing that is there. Graphviz repeats a complaint for each edge it concerns.
    public static func warning(_ warnings: [String], drawing: String) -> String? {
        guard !warnings.isEmpty else { return nil }
        if warnings.contains(where: isRoutingTrouble) {
            return
                """
                some lines of \(drawing) may cross boxes: the layout could not route \
                \(warnings.count == 1 ? "one of them" : "all of them") around the boxes
                """
        }
        return
            """
            \(drawing) is drawn, but the layout reported \(warnings.count == 1 ? "a problem" : "\(warnings.count) problems"); it may \
            look off
            """
    }

    /// A message of dot's edge router: it could not route an edge around the boxes (clusters, `lhead` edges).
    static func isRoutingTrouble(_ message: String) -> Bool {
        ["spline routing", "routesplines", "Pshortestpath", "triangulation failed", "not in any triangle", "lost "]
            .contains { message.contains($0) }
    }

    /// The DOT with straight edges: what dot draws when its spline router gives up on a diagram (compound clusters
    /// with `lhead` edges can leave it no path). Labels stay external (`xlabel`), placed after the layout.
    static func withStraightEdges(_ dot: String) -> String {
        guard let open = dot.firstIndex(of: "{") else { return dot }
        var text = dot
        text.insert(contentsOf: "\n  splines=line", at: text.index(after: open))
        return text
    }
}

/// Graphviz in process: the `dot` layout and the SVG renderer of libgvc, no `dot` executable.
///
/// Each call makes its own context and frees everything it allocated. The freeing (a tenth of the time of a
/// large drawing) runs on a background thread once the SVG is copied out, so the caller writes its file
/// meanwhile. Graphviz keeps global state (its error handler, its parser), so calls are serialized: the
/// next call starts when the previous one has freed everything. Messages are captured instead of reaching
/// the terminal.
public struct Graphviz: Sendable {
    /// Where the plugins are: `GVBINDIR` when set (as for Graphviz's own tools), else `graphviz/` beside libgvc.
    public var pluginDirectory: String?

    public init(pluginDirectory: String? = Graphviz.configuredPluginDirectory) {
        self.pluginDirectory = pluginDirectory
    }

    /// `GVBINDIR`, the variable that tells Graphviz where its plugins are, if set.
    public static var configuredPluginDirectory: String? {
        guard let value = getenv("GVBINDIR").map({ String(cString: $0) }), !value.isEmpty else { return nil }
        return value
    }

    /// Lays `dot` out with the dot engine and renders it as SVG.
    public func svg(fromDOT dot: String) throws(GraphvizError) -> Rendering {
        let collected = try routed(dot, format: .svg)
        return Rendering(svg: String(decoding: collected.value, as: UTF8.self), warnings: collected.warnings)
    }

    /// Lays `dot` out and renders it as PNG or PDF with Graphviz's cairo renderer (its pango plugin), which
    /// measures text with the machine's fonts.
    public func image(fromDOT dot: String, format: ImageFormat) throws(GraphvizError) -> (bytes: [UInt8], warnings: [String]) {
        let collected = try routed(dot, format: format)
        return (format == .pdf ? Self.withoutCreationDate(collected.value) : collected.value, collected.warnings)
    }

    /// The drawing, laid out again with straight edges when dot's spline router could not route it (an error, or
    /// a warning that edges were drawn through boxes): the second layout has no router to fail.
    private func routed(_ dot: String, format: ImageFormat) throws(GraphvizError) -> (value: [UInt8], warnings: [String]) {
        do {
            let collected = try render(dot, format: format)
            guard collected.warnings.contains(where: Self.isRoutingTrouble) else { return collected }
            return (try? render(Self.withStraightEdges(dot), format: format)) ?? collected
        } catch  where error.messages.contains(where: Self.isRoutingTrouble) {
            return try render(Self.withStraightEdges(dot), format: format)
        }
    }

    /// Cairo stamps a PDF with the time it was made; the same diagram must give the same bytes (`--check`).
    /// The date is overwritten in place with the epoch, same length, so the cross-reference offsets hold.
    static func withoutCreationDate(_ pdf: [UInt8]) -> [UInt8] {
        let key = Array("/CreationDate (D:".utf8)
        guard pdf.count > key.count + 14,
            let start = (0...(pdf.count - key.count - 14)).first(where: { pdf[$0..<($0 + key.count)].elementsEqual(key) })
        else { return pdf }
        var bytes = pdf
        let digits = start + key.count
        guard bytes[digits..<(digits + 14)].allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return pdf }
        bytes.replaceSubrange(digits..<(digits + 14), with: Array("19700101000000".utf8))
        return bytes
    }

    public enum ImageFormat: String, Sendable {
        case svg, png, pdf
    }

    /// `graphviz/` beside the libgvc this process runs with, where Graphviz installs its plugins.
    static var installedPluginDirectory: String? { Plugins.directory(nil) }

    /// Whether PNG and PDF can be rendered: the cairo plugin is installed where the plugins are.
    public var rendersImages: Bool { Plugins.cairoPluginPath(in: pluginDirectory).map { access($0, R_OK) == 0 } ?? false }

    func render(_ dot: String, format: ImageFormat) throws(GraphvizError) -> (value: [UInt8], warnings: [String]) {
        try MessageCapture.shared.collecting { (cleanup: Cleanup) throws(GraphvizError) -> [UInt8] in
            let context: OpaquePointer
            if format == .svg {
                let plugins = Plugins(in: pluginDirectory)
                cleanup.later { plugins.close() }
                guard let made = plugins.makeContext() else { throw GraphvizError(messages: ["cannot create a Graphviz context"]) }
                cleanup.later { gvFreeContext(made) }
                context = made
            } else {
                // Checked before layout: nothing is drawn, so nothing is written.
                guard let shared = ImageContexts.context(pluginDirectory) else {
                    throw GraphvizError(messages: [
                        """
                        \(format.rawValue.uppercased()) needs Graphviz's cairo renderer \
                        \(Plugins.cairoPluginPath(in: pluginDirectory) ?? "libgvplugin_pango"), which is not installed or does not load: \
                        install Debian's libgvc6 (or draw SVG)
                        """
                    ])
                }
                context = shared
            }
            let reader = OrderedReader(dot)
            cleanup.later { reader.close() }
            guard let graph = reader.read() else { throw GraphvizError(messages: []) }
            cleanup.later { agclose(graph) }
            guard gvLayout(context, graph, "dot") == 0 else { throw GraphvizError(messages: []) }
            cleanup.later { gvFreeLayout(context, graph) }
            var data: UnsafeMutablePointer<CChar>?
            var length: UInt32 = 0
            let device = format == .svg ? "svg" : format.rawValue + ":cairo"
            guard gvRenderData(context, graph, device, &data, &length) == 0, let data else { throw GraphvizError(messages: []) }
            cleanup.later { gvFreeRenderData(data) }
            return Array(UnsafeRawBufferPointer(start: data, count: Int(length)))
        }
    }

    /// Reads `dot` back with Graphviz's parser and returns every message it gave: none for DOT that flowlint
    /// writes, whatever the names in the specs.
    public func parseMessages(_ dot: String) -> [String] {
        do {
            return try MessageCapture.shared.collecting { (cleanup: Cleanup) throws(GraphvizError) -> Void in
                let reader = OrderedReader(dot)
                cleanup.later { reader.close() }
                guard let graph = reader.read() else { throw GraphvizError(messages: []) }
                cleanup.later { agclose(graph) }
            }.warnings
        } catch {
            return error.messages.isEmpty ? ["Graphviz could not parse the DOT text"] : error.messages
        }
    }
}

/// `agmemread` with one change: objects get ids in the order the DOT text creates them.
///
/// Graphviz's default ids are the addresses of the name strings, and it lays out and draws clusters in id
/// order: the order of `malloc`'s addresses, which differs from one render to the next in one process.
/// Numbering objects as they are read (names go to cgraph's internal map) makes the drawing a function of
/// the text alone.
private final class OrderedReader {
    private let text: [CChar]
    private let input: UnsafeMutablePointer<Input>
    private let ids: UnsafeMutablePointer<Agiddisc_t>
    private let io: UnsafeMutablePointer<Agiodisc_t>
    private let discipline: UnsafeMutablePointer<Agdisc_t>

    struct Input {
        var bytes: UnsafePointer<CChar>
        var count: Int
        var offset: Int
    }

    init(_ dot: String) {
        text = Array(dot.utf8CString)
        input = .allocate(capacity: 1)
        ids = .allocate(capacity: 1)
        io = .allocate(capacity: 1)
        discipline = .allocate(capacity: 1)
        ids.initialize(
            to: Agiddisc_t(
                open: { _, _ in
                    let next = UnsafeMutablePointer<IDTYPE>.allocate(capacity: 1)
                    next.initialize(to: 1)
                    return UnsafeMutableRawPointer(next)
                },
                map: { state, _, name, id, _ in
                    // Named objects: refuse, so cgraph keeps the name in its internal map under a fresh odd id.
                    guard name == nil, let state, let id else { return 0 }
                    let next = state.assumingMemoryBound(to: IDTYPE.self)
                    id.pointee = next.pointee
                    next.pointee += 2
                    return 1
                },
                alloc: { _, _, _ in 0 },
                free: { _, _, _ in },
                print: { _, _, _ in nil },
                close: { state in state?.assumingMemoryBound(to: IDTYPE.self).deallocate() },
                idregister: { _, _, _ in }))
        io.initialize(
            to: Agiodisc_t(
                afread: { channel, buffer, size in
                    guard let channel, let buffer, size > 0 else { return 0 }
                    let input = channel.assumingMemoryBound(to: Input.self)
                    let count = min(Int(size), input.pointee.count - input.pointee.offset)
                    buffer.update(from: input.pointee.bytes + input.pointee.offset, count: count)
                    input.pointee.offset += count
                    return Int32(count)
                },
                putstr: { _, _ in 0 },  // only read, never written
                flush: { _ in 0 }))
        // No memory discipline: cgraph's own.
        discipline.initialize(to: Agdisc_t(mem: nil, id: ids, io: io))
    }

    /// The graph, or nil when the text is not DOT (the parser has said why).
    func read() -> UnsafeMutablePointer<Agraph_t>? {
        text.withUnsafeBufferPointer { bytes in
            input.initialize(to: Input(bytes: bytes.baseAddress!, count: bytes.count - 1, offset: 0))
            return agread(input, discipline)
        }
    }

    /// After `agclose`: the graph keeps the disciplines until then.
    func close() {
        input.deallocate()
        ids.deallocate()
        io.deallocate()
        discipline.deallocate()
    }
}

/// Only the dot layout and the core renderers, and the cairo renderer for images. Without the pango
/// text-layout plugin Graphviz measures text with its built-in font metrics: the SVG is the same on every
/// machine, and fontconfig is never loaded.
private struct Plugins {
    private var layout: UnsafeMutableRawPointer?
    private var core: UnsafeMutableRawPointer?
    private var cairo: UnsafeMutableRawPointer?

    init(in configured: String?, cairo loadsCairo: Bool = false) {
        guard let directory = Plugins.directory(configured) else { return }
        layout = dlopen(directory + Plugins.fileName("gvplugin_dot_layout"), RTLD_NOW | RTLD_LOCAL)
        core = dlopen(directory + Plugins.fileName("gvplugin_core"), RTLD_NOW | RTLD_LOCAL)
        // Never unloaded: pango and GLib register types and fonts process-wide.
        if loadsCairo { cairo = dlopen(directory + Plugins.fileName("gvplugin_pango"), RTLD_NOW | RTLD_LOCAL | RTLD_NODELETE) }
    }

    var hasCairo: Bool { cairo.flatMap { dlsym($0, "gvplugin_pango_LTX_library") } != nil }

    static func cairoPluginPath(in configured: String?) -> String? { directory(configured).map { $0 + fileName("gvplugin_pango") } }

    func makeContext() -> OpaquePointer? {
        guard let layout, let core,
            let layoutLibrary = dlsym(layout, "gvplugin_dot_layout_LTX_library"),
            let coreLibrary = dlsym(core, "gvplugin_core_LTX_library")
        else {
            return gvContext()  // another layout of the install: Graphviz's own plugin configuration
        }
        let context = gvContextPlugins(nil, 0)
        gvAddLibrary(context, layoutLibrary.assumingMemoryBound(to: gvplugin_library_t.self))
        gvAddLibrary(context, coreLibrary.assumingMemoryBound(to: gvplugin_library_t.self))
        if let cairo, let cairoLibrary = dlsym(cairo, "gvplugin_pango_LTX_library") {
            gvAddLibrary(context, cairoLibrary.assumingMemoryBound(to: gvplugin_library_t.self))
            _ = gvtextlayout_select(context)
        }
        return context
    }

    func close() {
        if let layout { dlclose(layout) }
        if let core { dlclose(core) }
    }

    /// `configured` (GVBINDIR), else `graphviz/` beside libgvc, where Graphviz installs its plugins.
    static func directory(_ configured: String?) -> String? {
        if let configured { return configured.hasSuffix("/") ? configured : configured + "/" }
        var info = Dl_info()
        let symbol = unsafeBitCast(gvContext as @convention(c) () -> OpaquePointer?, to: UnsafeRawPointer.self)
        guard dladdr(symbol, &info) != 0, let file = info.dli_fname else { return nil }
        let library = String(cString: file)
        guard let slash = library.lastIndex(of: "/") else { return nil }
        return String(library[...slash]) + "graphviz/"
    }

    private static func fileName(_ plugin: String) -> String {
        #if canImport(Darwin)
        "lib\(plugin).6.dylib"
        #else
        "lib\(plugin).so.6"
        #endif
    }
}

/// The contexts PNG and PDF are drawn with: one per plugin folder, made at the first image and never freed. Graphviz
/// 2.42's cairo plugin keeps a pointer to the name of the last font it measured, which its context's font table
/// owns: a context freed after each image left that pointer dangling, and the next image read freed memory
/// (AddressSanitizer in the fuzz target). Used only under `MessageCapture`'s gate.
private enum ImageContexts {
    nonisolated(unsafe) private static var contexts: [String: OpaquePointer] = [:]

    static func context(_ pluginDirectory: String?) -> OpaquePointer? {
        let key = pluginDirectory ?? ""
        if let context = contexts[key] { return context }
        // The plugins stay loaded as long as the context.
        let plugins = Plugins(in: pluginDirectory, cairo: true)
        guard plugins.hasCairo, let context = plugins.makeContext() else {
            plugins.close()
            return nil
        }
        contexts[key] = context
        return context
    }
}

/// What a Graphviz call allocated, freed in the reverse order once the call's result is copied out.
private final class Cleanup: @unchecked Sendable {
    private var steps: [() -> Void] = []

    func later(_ step: @escaping () -> Void) {
        steps.append(step)
    }

    func run() {
        for step in steps.reversed() { step() }
        steps = []
    }
}

/// Routes Graphviz's messages to a buffer for the duration of one call. Graphviz's error handler is a
/// process-wide C function pointer, so this is the one shared object of the module. A semaphore, not a
/// mutex, guards it: the call takes it, and the background cleanup that ends the call gives it back.
private final class MessageCapture: @unchecked Sendable {
    static let shared = MessageCapture()

    private let gate = DispatchSemaphore(value: 1)
    /// Written only by the handler while `gate` is taken.
    nonisolated(unsafe) private static var text = ""

    private init() {}

    func collecting<Value>(_ body: (Cleanup) throws(GraphvizError) -> Value) throws(GraphvizError) -> (value: Value, warnings: [String]) {
        let cleanup = Cleanup()
        var restore: (handler: agusererrf?, level: agerrlevel_t)?
        // libpathplan prints to file descriptor 2 itself (`triangulation failed`): its lines are taken from there. The
        // capture comes first and the gate inside it, so that every thread takes the two in the same order (a capture
        // around a Graphviz call, as a test makes, would otherwise wait for the gate while holding the capture).
        let (result, captured) = StandardErrorCapture.capturing { () -> Result<Value, GraphvizError> in
            gate.wait()
            MessageCapture.text = ""
            let previousHandler = agseterrf { piece in
                if let piece { MessageCapture.text += String(cString: piece) }
                return 0
            }
            restore = (previousHandler, agseterr(AGWARN))
            return Result { () throws(GraphvizError) -> Value in try body(cleanup) }
        }
        let stray = StandardErrorCapture.Lines(captured)
        stray.pass()
        let lines = MessageCapture.text.split(whereSeparator: \.isNewline).map(String.init)
        let previous = restore!
        DispatchQueue.global().async { [gate] in
            cleanup.run()
            agseterrf(previous.handler)
            agseterr(previous.level)
            gate.signal()
        }
        // libpathplan's lines are dropped when a drawing is made: `triangulation failed` is followed by a route
        // found anyway, or by an `Error` that fails the drawing. Then they are part of the error.
        let errors = lines.filter { $0.hasPrefix("Error") }
        switch result {
        case .success(let value) where errors.isEmpty:
            return (value, lines)
        case .success:
            throw GraphvizError(messages: errors + stray.graphviz)
        case .failure(let error):
            throw GraphvizError(messages: error.messages + lines + stray.graphviz)
        }
    }
}
