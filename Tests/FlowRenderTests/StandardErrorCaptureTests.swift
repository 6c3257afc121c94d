#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch
@testable import FlowRender
import Testing

/// Issue 24: libpathplan writes `triangulation failed` straight to file descriptor 2 during layout, past Graphviz's
/// error handler. No generated graph made this Graphviz (2.42) print it, so the capture is tested by writing to
/// descriptor 2 inside it, as libpathplan does.
@Suite struct StandardErrorCaptureTests {
    /// What the descriptor is while no capture runs (tests of other suites draw with Graphviz, which captures too).
    static func identity(_ descriptor: Int32) -> [UInt64] {
        StandardErrorCapture.exclusively {
            var status = stat()
            fstat(descriptor, &status)
            return [UInt64(status.st_dev), UInt64(status.st_ino)]
        }
    }

    /// Captures on many threads at once, each inside another on its own thread: they take turns, so descriptor 2 is
    /// what it was when they are done. Two that overlapped could each restore what the other had put in place.
    @Test func capturesOnManyThreadsLeaveDescriptorTwoAsItWas() {
        let before = Self.identity(2)
        DispatchQueue.concurrentPerform(iterations: 32) { _ in
            _ = StandardErrorCapture.capturing { () -> Int in
                _ = StandardErrorCapture.capturing { () -> Int in
                    usleep(200)
                    return 0
                }
                return 0
            }
        }
        #expect(Self.identity(2) == before)
    }

    @Test func whatIsWrittenToDescriptorTwoIsCapturedAndTheDescriptorRestored() throws {
        let before = Self.identity(2)
        let line = Array("libpath/shortest.c:324: triangulation failed\nflowlint: a line of another thread\n".utf8)
        let (value, captured) = StandardErrorCapture.capturing { () -> Int in
            line.withUnsafeBytes { _ = write(2, $0.baseAddress, $0.count) }
            return 7
        }
        #expect(value == 7)
        #expect(captured == line)
        #expect(Self.identity(2) == before)
        let lines = StandardErrorCapture.Lines(captured)
        #expect(lines.graphviz == ["libpath/shortest.c:324: triangulation failed"])
        #expect(lines.others == Array("flowlint: a line of another thread\n".utf8))
    }

    @Test func aFailureIsThrownAfterTheDescriptorIsRestored() {
        struct Failure: Error {}
        let before = Self.identity(2)
        #expect(throws: Failure.self) {
            _ = try StandardErrorCapture.capturing { () throws(Failure) -> Int in throw Failure() }
        }
        #expect(Self.identity(2) == before)
    }

    @Test func linesThatAreNotGraphvizsAreKeptByteForByteAndAnUnfinishedLineToo() {
        let lines = StandardErrorCapture.Lines(Array("a\nlibpath/x.c:1: y\nlibpath/z".utf8))
        #expect(lines.graphviz == ["libpath/x.c:1: y", "libpath/z"])
        #expect(lines.others == Array("a\n".utf8))
    }

    /// One line per drawing, naming it, however many times Graphviz repeats itself, and in flowlint's words: no
    /// Graphviz wording ("Something is probably seriously wrong") reaches the user.
    @Test func warningsOfOneDrawingAreOnePlainLineNamingIt() {
        let reclaim = #"Warning: Unable to reclaim box space in spline routing for edge "a" -> "b". Something is probably seriously wrong."#
        #expect(Graphviz.warning([], drawing: "flow.svg") == nil)
        #expect(
            Graphviz.warning([reclaim], drawing: "flow.svg")
                == "some lines of flow.svg may cross boxes: the layout could not route one of them around the boxes")
        let several = Graphviz.warning([reclaim, reclaim, "Warning: x"], drawing: "atlas/Auth.html")
        #expect(several == "some lines of atlas/Auth.html may cross boxes: the layout could not route all of them around the boxes")
        #expect(
            Graphviz.warning(["Warning: x"], drawing: "flow.svg") == "flow.svg is drawn, but the layout reported a problem; it may look off"
        )
        for line in [several, Graphviz.warning(["Warning: x", "Warning: y"], drawing: "flow.svg")] {
            #expect(!(line ?? "").contains("Warning") && !(line ?? "").contains("seriously") && !(line ?? "").contains("graphviz"))
        }
    }

    /// A diagram whose edges dot's spline router cannot route (a row of flat edges with an invisible chain through
    /// it, and `lhead` edges into clusters) is laid out again with straight edges: drawn, and nothing to report.
    @Test func aDrawingTheRouterGivesUpOnIsLaidOutAgain() throws {
        let dot = try String(contentsOf: Fixtures.root.appendingPathComponent("routing-trouble.dot"), encoding: .utf8)
        let first = Result { try Graphviz().render(dot, format: .svg) }
        let troubled: [String]
        switch first {
        case .success(let collected): troubled = collected.warnings
        case .failure(let error): troubled = (error as? GraphvizError)?.messages ?? []
        }
        #expect(troubled.contains(where: Graphviz.isRoutingTrouble), "the fixture no longer troubles the router: \(troubled)")
        let rendering = try Graphviz().svg(fromDOT: dot)
        #expect(rendering.warnings.isEmpty)
        #expect(rendering.svg.contains("<svg") && rendering.svg.contains("Shell/beginCheck"))
        #expect(Graphviz.withStraightEdges(dot).contains("digraph flow {\n  splines=line\n"))
    }

    /// PNG and PDF one after another in one process: the cairo plugin's font cache outlived a freed context, and the
    /// second image read freed memory (fixtures/fuzz replays it under AddressSanitizer). The images stay the same.
    @Test func imagesDrawnOneAfterAnotherAreTheSame() throws {
        let graphviz = Graphviz()
        guard graphviz.rendersImages else { return }
        let dot = DOTWriter.write(try Fixtures.diagram("classic"))
        let first = try graphviz.image(fromDOT: dot, format: .pdf).bytes
        _ = try graphviz.image(fromDOT: dot, format: .png)
        #expect(try graphviz.image(fromDOT: dot, format: .pdf).bytes == first)
    }
}
