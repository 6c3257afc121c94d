import FlowModel
import Foundation
import Testing
@testable import FlowSpec

/// The fuzzer's dictionary (Fuzz/flowlint.dict) holds the whole spec vocabulary, so that new words reach the
/// fuzzer as they reach the loader.
@Suite struct FuzzDictionaryTests {
    static let words: Set<String> = {
        let file = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fuzz/flowlint.dict")
        let text = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
        return Set(
            text.split(separator: "\n").filter { $0.hasPrefix("\"") && $0.hasSuffix("\"") }.map { String($0.dropFirst().dropLast()) })
    }()

    @Test func holdsEveryFieldAndValueTheLoaderAccepts() {
        let vocabulary =
            TopLevelField.allCases.map(\.rawValue) + DefaultsField.allCases.map(\.rawValue)
            + CoordinatorField.allCases.map(\.rawValue) + RouteField.allCases.map(\.rawValue) + ChainField.allCases.map(\.rawValue)
            + CoordinatorKind.allCases.map(\.rawValue) + PresentationStyle.allCases.map(\.rawValue)
            + RetainPolicy.allCases.map(\.rawValue) + ExitKind.allCases.map(\.rawValue) + StackPolicy.allCases.map(\.rawValue)
            + HoldStrength.allCases.map(\.rawValue) + Framework.allCases.map(\.rawValue) + Transition.allCases.map(\.rawValue)
            + ChainAction.targetKeywords + ChainAction.bareKeywords
        let missing = Set(vocabulary).subtracting(Self.words).sorted()
        #expect(missing.isEmpty, "add to Fuzz/flowlint.dict: \(missing.joined(separator: ", "))")
    }

    @Test func holdsTheSectionMarkersOfAFuzzerInput() {
        for section in ["spec", "config", "baseline", "swift"] {
            #expect(Self.words.contains("\\x0a#%%\(section)\\x0a"), "section `\(section)`")
        }
    }
}
