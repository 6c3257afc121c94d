import Foundation
import Testing

/// docs/shapes.md lists every extraction fixture, `fixtures/extract/<style>/<shape>/`, with the one line its README.md
/// says it shows. The page is generated from those folders, so a shape added without a line, or a line changed without
/// the page, fails here; `FLOWLINT_UPDATE_GOLDENS=1 swift test --filter ShapesDocumentTests` rewrites the page.
@Suite struct ShapesDocumentTests {
    static let fixtures = Flowlint.packageRoot.appendingPathComponent("fixtures/extract")
    static let page = Flowlint.packageRoot.appendingPathComponent("docs/shapes.md")

    /// The styles in the order the page lists them, with their headings.
    static let styles = [("uikit", "Classic UIKit"), ("xcoordinator", "XCoordinator"), ("stinsen", "Stinsen"), ("swiftui", "SwiftUI")]

    struct Shape {
        var style: String
        var name: String
        /// The README's line, or nil when the folder has none (or more than one line).
        var line: String?
    }

    static func shapes() throws -> [Shape] {
        let manager = FileManager.default
        let found = try manager.contentsOfDirectory(atPath: fixtures.path).sorted()
        #expect(found == styles.map(\.0).sorted(), "a new style needs a heading in ShapesDocumentTests.styles")
        return try styles.flatMap { style, _ in
            try manager.contentsOfDirectory(atPath: fixtures.appendingPathComponent(style).path).sorted().map { name in
                let readme = fixtures.appendingPathComponent("\(style)/\(name)/README.md")
                let text = (try? String(contentsOf: readme, encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines)
                let line = text.flatMap { $0.isEmpty || $0.contains("\n") ? nil : $0 }
                return Shape(style: style, name: name, line: line)
            }
        }
    }

    static func markdown(_ shapes: [Shape]) -> String {
        var text = """
            # Recognized Swift shapes

            <!-- Generated from fixtures/extract/<style>/<shape>/README.md by ShapesDocumentTests; \
            FLOWLINT_UPDATE_GOLDENS=1 swift test --filter ShapesDocumentTests rewrites it. Edit the READMEs, not this page. -->

            Every shape of Swift code that `flowlint extract` (and `flowlint lint --sources`) recognizes has a fixture: \
            its `Sources/` holds the Swift, its `expected/` the specs extract writes for it, and a test keeps the two equal. \
            [How extract reads Swift](swift-reading.md) describes what each style's reading covers; \
            [Extracting specs](guide/extract.md) how to run it.

            """
        for (style, heading) in styles {
            let ofStyle = shapes.filter { $0.style == style }
            text += "\n## \(heading)\n\n| shape | what it shows |\n|---|---|\n"
            for shape in ofStyle {
                let line = (shape.line ?? "").replacingOccurrences(of: "|", with: "\\|")
                text += "| [\(shape.name)](../fixtures/extract/\(style)/\(shape.name)/) | \(line) |\n"
            }
        }
        return text
    }

    @Test func everyShapeSaysWhatItShowsInOneLine() throws {
        let shapes = try Self.shapes()
        #expect(shapes.count >= 40)
        for shape in shapes {
            #expect(shape.line != nil, "fixtures/extract/\(shape.style)/\(shape.name)/README.md: one line saying what the shape shows")
        }
    }

    @Test func shapesPageIsCurrent() throws {
        try Flowlint.expectGolden(Self.markdown(try Self.shapes()), Self.page)
    }
}
