import Foundation
import Testing
import FlowAnalysis
@testable import FlowRules
@testable import FlowConfig

@Suite struct GlobTests {
    @Test(arguments: [
        // `*` and `?` stay within one folder.
        ("*.flow.yml", "App.flow.yml", true),
        ("*.flow.yml", "Flows/App.flow.yml", false),
        ("Flows/*.flow.yml", "Flows/App.flow.yml", true),
        ("Flows/*", "Flows/Auth/Login.flow.yml", true),  // `Flows/*` matches the folder `Flows/Auth`
        ("*", "anything/below/it.flow.yml", true),
        ("App.flow.?ml", "App.flow.yml", true),
        ("App.flow.?ml", "App.flow.yaml", false),
        ("a?c", "a/c", false),
        ("Fl*s/App.flow.yml", "Flows/App.flow.yml", true),
        ("Fl*s/App.flow.yml", "Fl/ows/App.flow.yml", false),
        ("*", "", true),
        ("", "", true),
        ("", "App.flow.yml", false),
        // `**` crosses folders; `**/` also matches no folder at all.
        ("Legacy/**", "Legacy/Old/App.flow.yml", true),
        ("Legacy/**", "Legacy/App.flow.yml", true),
        ("Legacy/**", "LegacyApp.flow.yml", false),
        ("**/*.flow.yml", "App.flow.yml", true),
        ("**/*.flow.yml", "a/b/c/App.flow.yml", true),
        ("**/*.flow.yml", "a/b/c/App.flow.yaml", false),
        ("**/Legacy/*.flow.yml", "Legacy/A.flow.yml", true),
        ("**/Legacy/*.flow.yml", "x/y/Legacy/A.flow.yml", true),
        ("**/Legacy/*.flow.yml", "x/yLegacy/A.flow.yml", false),
        ("a/**/b", "a/b", true),
        ("a/**/b", "a/x/y/b", true),
        ("a/**/b", "a/xb", false),
        ("**", "a/b/c", true),
        ("a**", "abc/def", true),
        ("**.flow.yml", "deep/er/App.flow.yml", true),
        // A folder prefix matches everything below that folder, and only whole folder names.
        ("Legacy", "Legacy/App.flow.yml", true),
        ("Legacy", "Legacy", true),
        ("Legacy", "LegacyOld/App.flow.yml", false),
        ("Legacy", "Old/Legacy/App.flow.yml", false),
        ("**/Generated", "Features/Generated/Big.flow.yml", true),
        ("Flows/Legacy", "Flows/Legacy/A/B.flow.yml", true),
        ("Flows/Legacy/", "Flows/Legacy/A.flow.yml", false),
        // Everything else is literal.
        ("[ab].flow.yml", "a.flow.yml", false),
        ("[ab].flow.yml", "[ab].flow.yml", true),
        ("/abs/Flows/**", "/abs/Flows/App.flow.yml", true),
        ("Flows/**", "/abs/Flows/App.flow.yml", false),
    ])
    func matches(pattern: String, path: String, expected: Bool) {
        #expect(Glob.matches(pattern, path) == expected, "\(pattern) vs \(path)")
    }

    @Test func manyStarsDoNotBacktrackExponentially() {
        let path = String(repeating: "a", count: 200)
        let pattern = String(repeating: "a*", count: 40) + "b"
        let deepPath = Array(repeating: "a", count: 200).joined(separator: "/")
        let deepPattern = String(repeating: "**/a*", count: 30) + "b"
        let start = Date()
        #expect(!Glob.matches(pattern, path))
        #expect(Glob.matches(String(repeating: "a*", count: 40), path))
        #expect(!Glob.matches(deepPattern, deepPath))
        #expect(!Glob.matches(String(repeating: "*?", count: 100) + "b", path))
        #expect(Date().timeIntervalSince(start) < 5, "matching took \(Date().timeIntervalSince(start)) s")
    }
}
