import FlowModel
import FlowConfig
import FlowAnalysis
import FlowRules
import Testing
@testable import FlowSwift

/// The styles' vocabularies, and `.flowlint.yml` `extract:` extending each of them.
@Suite struct VocabularyTests {
    static let notes = """
        final class NotesCoordinator: NavigationCoordinatable {
            let stack = NavigationStack(initial: \\NotesCoordinator.start)
            @Root var start = makeStart
            @Route(.push) var note = makeNote
            @ViewBuilder func makeStart() -> some View { NoteListScreen() }
            @ViewBuilder func makeNote() -> some View { NoteScreen() }
        }
        struct NoteListScreen: View {
            @EnvironmentObject var router: NotesCoordinator.Router
            var body: some View { Button("Open") { router.open(\\.note) } }
        }
        struct NoteScreen: View {
            var body: some View { Text("Note") }
        }
        """

    /// A team's verb named in `extract:` (`push: [open]`) on a Stinsen router, given a key path, is `route(to:)`.
    @Test func aTeamVerbOnAStinsenRouterRoutes() throws {
        let plain = SwiftExtractor.extract(sources: [("Notes.swift", Self.notes)])
        let start = try #require(plain.coordinator(named: "NotesCoordinator")?.route(named: "start"))
        #expect(start.triggers.isEmpty)
        let mapped = SwiftExtractor.extract(sources: [("Notes.swift", Self.notes)], mapping: ExtractMapping(push: ["open"]))
        let triggered = try #require(mapped.coordinator(named: "NotesCoordinator")?.route(named: "start"))
        #expect(triggered.triggers.map(\.route) == ["note"])
    }

    /// The collector is given every style's wrappers, and each style's full-screen styles are UIKit's.
    @Test func theCollectorKnowsEveryStylesWrappers() {
        let names = NavigationVocabulary.wrapperNames
        #expect(names.unlabelled == ["NavigationViewCoordinator", "ViewWrapperCoordinator"])
        #expect(names.labels == ["rootViewController", "rootView", "initial", "startingItems"])
        #expect(names.routerSuffixes == ["router"])
        #expect(XCoordinatorStyle.vocabulary.fullScreenStyles == UIKitStyle.vocabulary.fullScreenStyles)
    }
}
