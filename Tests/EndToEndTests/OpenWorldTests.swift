import Foundation
import Testing

/// What `lint` could not judge is never silent (DESIGN §1 Open world): one summary line, `--explain-open`'s list,
/// JSON's `summary.withheld` and `summary.unread`, and `--strict` that never fails on withholding.
@Suite struct OpenWorldTests {
    static let openCoordinator = "fixtures/rules/unreachable-route/passing/open-coordinator.flow.yml"

    @Test func theSummaryCountsWhatWasOpenAndWithheld() throws {
        let result = try Flowlint.run(["lint", Self.openCoordinator])
        #expect(result.status == 0 && result.stdout.isEmpty)
        #expect(
            result.stderr
                == "flowlint: no findings in 1 file\nflowlint: 1 coordinator open, 1 finding withheld: --explain-open lists them\n")
    }

    @Test func explainOpenListsTheOpenElementsAndEachWithheldFindingWithItsReason() throws {
        let result = try Flowlint.run(["lint", "--explain-open", Self.openCoordinator])
        let lines = result.stderr.split(separator: "\n").map(String.init)
        #expect(lines.contains { $0.hasPrefix("\(Self.openCoordinator):7:3: open: coordinator Profile") })
        #expect(
            lines.contains {
                $0.hasPrefix("\(Self.openCoordinator):14:7: withheld: route `badges` of Profile is never reached")
                    && $0.hasSuffix("[unreachable-route] (Profile is open: a site of it that was not read may trigger it)")
            })
    }

    @Test func strictDoesNotFailOnWithholdingAndJSONCountsIt() throws {
        let result = try Flowlint.run(["lint", "--strict", "--format", "json", Self.openCoordinator])
        #expect(result.status == 0, "\(result.stdout)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let summary = try #require(report["summary"] as? [String: Any])
        #expect(summary["withheld"] as? Int == 1 && summary["unread"] as? Int == 0)
        #expect((report["findings"] as? [Any])?.isEmpty == true)
    }

    @Test func aClosedProjectHasNoOpenWorldLine() throws {
        let result = try Flowlint.run(["lint", "fixtures/valid/root-switch"])
        #expect(result.stderr == "flowlint: no findings in 1 file\n")
    }
}
