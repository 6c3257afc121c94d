import FlowModel
@testable import FlowRender
import FlowAnalysis
import FlowRules
import Foundation
import Testing

/// A drawn dismiss edge and the exits the rules see come from one fact (`Presentations`): where the diagram
/// draws a dismissal closing a presented child, the rules count it as that child's way out, and the reverse.
@Suite struct DismissAgreementTests {
    /// Catalog is pushed by App (reached) and by Help's `article`, which nothing triggers. The drawing used to
    /// walk every start, so Catalog's `close` was drawn closing Help's sheet, while the rules, which cross only
    /// reached starts, found Help with no way out (trapped-flow).
    static let spec = """
        version: 1
        entry: App
        coordinators:
          App:
            kind: navigation
            initial: home
            routes:
              home:
                screen: HomeViewController
                triggers: [help, browse]
              help:
                transition: present
                style: fullScreen
                coordinator: Help
                releaseOn: [finish]
              browse:
                transition: push
                coordinator: Catalog
                releaseOn: [back]
          Help:
            kind: navigation
            initial: faq
            routes:
              faq: { screen: FAQViewController }
              article:
                transition: push
                coordinator: Catalog
          Catalog:
            kind: navigation
            stack: parent
            initial: list
            routes:
              list:
                screen: CatalogViewController
                triggers: [close]
              close: { transition: dismiss }
        """

    @Test func aDismissIsDrawnClosingExactlyWhatTheRulesSayItCloses() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flowlint-dismiss-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("app.flow.yml")
        try Data(Self.spec.utf8).write(to: file)
        let analysis = Analysis(try Fixtures.graph(paths: [file.path]))

        let index = analysis.index
        let help = try #require(index.coordinator(named: "App").flatMap { index.route(named: "help", in: $0) })
        let exits = try #require(analysis.exits.exits[help])
        #expect(exits.dismiss == nil, "no reached dismissal closes Help")

        let diagram = DiagramBuilder.build(analysis)
        let dismissals = diagram.edges.filter { $0.kind == .dismiss && $0.from == diagram.node("Catalog", "list")?.id }
        #expect(!dismissals.isEmpty)
        let helpNode = try #require(diagram.node("App", "help")).id
        #expect(!dismissals.contains { $0.destination == helpNode }, "the drawing must not show Catalog's close closing Help")
        var memo: [CoordinatorID: [RouteID]] = [:]
        #expect(analysis.presentations.presenters(of: try #require(index.coordinator(named: "Catalog")), memo: &memo).isEmpty)
    }
}
