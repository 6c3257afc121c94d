import Testing
@testable import FlowRender

/// Atlas pages are named after their coordinators: safe file names, the same in every run, never two alike.
@Suite struct SitePageNamesTests {
    @Test func namesAreSafeStableAndDistinct() {
        let names = ["App", "Auth", "auth", "index", "Über Flow", "a/../b", ""].sorted()
        let files = Site.pageNames(names)
        #expect(files["App"] == "App.html")
        #expect(files["Auth"] == "Auth.html")
        #expect(files["auth"] == "auth-2.html", "macOS's file system ignores case")
        #expect(files["index"] == "index-2.html", "index.html is the overview")
        #expect(files["Über Flow"] == "_ber_Flow.html")
        #expect(files["a/../b"] == "a____b.html")
        #expect(files[""] == "_.html")
        #expect(Set(files.values.map { $0.lowercased() }).count == names.count)
        #expect(Site.pageNames(names) == files, "the same names, the same pages")
        // A name that is already what a suffix makes: the next free one.
        #expect(Site.pageNames(["Index-2", "index"]) == ["Index-2": "Index-2.html", "index": "index-3.html"])
    }
}
