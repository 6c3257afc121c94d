import Testing
@testable import FlowModel

@Suite struct SuggestionTests {
    @Test(arguments: [
        // A typo of each kind: deletion, insertion, substitution, transposition (counts once).
        ("hom", ["home", "detail"], "home"),
        ("homee", ["home", "detail"], "home"),
        ("hone", ["home", "detail"], "home"),
        ("initail", ["initial", "tabs"], "initial"),
        // Case is ignored when measuring, kept when suggesting.
        ("fullscreen", ["sheet", "fullScreen"], "fullScreen"),
        ("PUSH", ["push", "pop"], "push"),
        // Longer names allow more edits: up to a third of the name, at most 3.
        ("setings", ["settings"], "settings"),
        ("navgaton", ["navigation"], "navigation"),
        ("unreachble-rout", ["unreachable-route"], "unreachable-route"),
        // Ties go to the candidate that sorts first, whatever the order given.
        ("cat", ["hat", "bat"], "bat"),
        ("cat", ["bat", "hat"], "bat"),
        ("ab", ["ac", "xb"], "ac"),
        // The closer candidate wins over the one that sorts first.
        ("detial", ["aetail", "detail"], "detail"),
    ])
    func closestNamesAPlausibleTypo(name: String, candidates: [String], expected: String) {
        #expect(Suggestion.closest(to: name, among: candidates) == expected)
    }

    @Test(arguments: [
        // Short names allow one edit only.
        ("hme", ["homes"]),
        ("ab", ["xy"]),
        // Every character changed is another name, not a typo.
        ("a", ["b"]),
        ("", ["a", "b"]),
        // Past a third of the name.
        ("setngz", ["settings"]),
        // Never more than 3 edits, however long the name.
        ("unreachable-coordinator", ["unreachable-cordntr"]),
        // A name is not its own suggestion.
        ("home", ["home"]),
        ("teleport", ["push", "present", "setRoot", "embed", "show", "showDetail", "select", "pop", "popToRoot"]),
        ("x", []),
    ])
    func closestSuggestsNothingForUnrelatedNames(name: String, candidates: [String]) {
        #expect(Suggestion.closest(to: name, among: candidates) == nil)
    }

    @Test func hintIsReadyToAppendToAMessage() {
        #expect(Suggestion.hint(for: "setings", among: ["settings"]) == "; did you mean `settings`?")
        #expect(Suggestion.hint(for: "zzz", among: ["settings"]) == "")
    }

    @Test func closestAcceptsAnySequence() {
        #expect(Suggestion.closest(to: "hom", among: Set(["home"])) == "home")
        #expect(Suggestion.closest(to: "hom", among: ["home"].lazy.map { $0 }) == "home")
    }

    @Test(arguments: [
        ("", "", 0), ("", "abc", 3), ("abc", "", 3), ("abc", "abc", 0), ("abc", "abd", 1), ("abc", "acb", 1),
        ("kitten", "sitting", 3), ("ca", "abc", 3), ("über", "uber", 1), ("🚀a", "a🚀", 1),
    ])
    func editDistanceIsTheOptimalStringAlignmentDistance(a: String, b: String, distance: Int) {
        #expect(Suggestion.editDistance(Array(a.unicodeScalars), Array(b.unicodeScalars), limit: 10) == distance)
    }

    @Test func editDistanceStopsPastTheLimit() {
        #expect(Suggestion.editDistance(Array("abcdef".unicodeScalars), Array("uvwxyz".unicodeScalars), limit: 2) == 3)
        #expect(Suggestion.editDistance(Array("a".unicodeScalars), Array("abcdefgh".unicodeScalars), limit: 3) == 4)
        #expect(Suggestion.editDistance(Array("abcd".unicodeScalars), Array("abdc".unicodeScalars), limit: 1) == 1)
    }
}
