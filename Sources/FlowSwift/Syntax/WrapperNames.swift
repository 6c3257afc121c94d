/// The names by which the fact collector tells what a construction wraps. The collector names no framework type
/// itself: the styles' vocabularies fill this in (`NavigationVocabulary.wrapperNames`), so a wrapper a style
/// learns is one vocabulary entry.
struct WrapperNames: Sendable {
    /// Types whose first unlabelled argument is the screen they wrap (`Wrapper(Screen())`).
    var unlabelled: Set<String> = []
    /// Argument labels whose value is the wrapped screen or the first route (`Wrapper(rootView: Screen())`).
    var labels: Set<String> = []
    /// Of those labels, the ones whose value is a view beneath modifiers (`Screen().padding()` shows `Screen`).
    var viewLabels: Set<String> = []
    /// Types whose trailing closure, alone and with no argument, is the view they wrap (`Wrapper { Screen() }`).
    var trailingClosure: Set<String> = []
    /// The protocols whose `some P` return type makes a one-expression maker show the view beneath modifiers.
    var viewProtocols: Set<String> = []
    /// Lowercased member-name suffixes that give the coordinator behind a router (`Flow().strongRouter`).
    var routerSuffixes: [String] = []
    /// `Type.member` calls whose closures are labelled with both (`MainActor.run`): what tells them from an app's own
    /// `run { … }`.
    var qualifiedClosureCalls: Set<String> = []
    /// Stream operators that pair each value with the object they are given (`withUnretained(self)`): a closure down
    /// the chain gets that object as its first parameter.
    var selfBinders: Set<String> = []
    /// Modules only test code imports (`import XCTest`): a file importing one is test code, as one with a
    /// `@testable import` is.
    var testModules: Set<String> = []

    /// Both sets of names: what two styles know, together.
    func union(_ other: WrapperNames) -> WrapperNames {
        WrapperNames(
            unlabelled: unlabelled.union(other.unlabelled), labels: labels.union(other.labels),
            viewLabels: viewLabels.union(other.viewLabels), trailingClosure: trailingClosure.union(other.trailingClosure),
            viewProtocols: viewProtocols.union(other.viewProtocols),
            routerSuffixes: routerSuffixes + other.routerSuffixes.filter { !routerSuffixes.contains($0) },
            qualifiedClosureCalls: qualifiedClosureCalls.union(other.qualifiedClosureCalls),
            selfBinders: selfBinders.union(other.selfBinders), testModules: testModules.union(other.testModules))
    }
}
