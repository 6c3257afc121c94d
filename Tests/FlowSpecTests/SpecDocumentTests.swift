import FlowModel
import Foundation
import Testing
@testable import FlowSpec

/// docs/spec.md is the reference app developers read: its tables must say what the loader accepts.
@Suite struct SpecDocumentTests {
    static let document = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("docs/spec.md")

    static let text = (try? String(contentsOf: document, encoding: .utf8)) ?? ""

    /// The rows of the first table under `heading` (a `## ` or `### ` line), split into cells.
    static func table(under heading: String) -> [[String]] {
        guard let start = text.range(of: "\n\(heading)\n") else { return [] }
        let lines = text[start.upperBound...].split(separator: "\n", omittingEmptySubsequences: false)
        var rows: [[String]] = []
        for line in lines {
            if line.hasPrefix("#") { break }
            guard line.hasPrefix("|") else {
                if rows.isEmpty { continue } else { break }
            }
            // `\|` inside a cell is a literal bar.
            let cells = line.replacingOccurrences(of: "\\|", with: "\u{1}").split(separator: "|", omittingEmptySubsequences: false)
                .dropFirst().dropLast().map { $0.replacingOccurrences(of: "\u{1}", with: "|").trimmingCharacters(in: .whitespaces) }
            rows.append(cells)
        }
        return Array(rows.dropFirst(2))  // header and separator
    }

    /// The backticked words of a cell, in order.
    static func codes(_ cell: String) -> [String] {
        cell.split(separator: "`", omittingEmptySubsequences: false).enumerated()
            .filter { $0.offset % 2 == 1 }.map { String($0.element) }
    }

    static func fieldNames(_ heading: String) -> Set<String> {
        Set(table(under: heading).compactMap { codes($0[0]).first })
    }

    static func accepted<F: SpecField>(_: F.Type) -> Set<String> { Set(F.allCases.map(\.rawValue)) }

    @Test func fieldTablesListWhatTheLoaderAccepts() {
        #expect(Self.fieldNames("### File") == Self.accepted(TopLevelField.self))
        #expect(Self.fieldNames("### Coordinator") == Self.accepted(CoordinatorField.self))
        #expect(Self.fieldNames("### Route") == Self.accepted(RouteField.self))
        #expect(Self.fieldNames("### Chain") == Self.accepted(ChainField.self))
    }

    @Test func valueTableListsEveryAcceptedValue() throws {
        let rows = Dictionary(uniqueKeysWithValues: Self.table(under: "## Values").map { (Self.codes($0[0])[0], Self.codes($0[1])) })
        let accepted: [String: [String]] = [
            "kind": CoordinatorKind.allCases.map(\.rawValue),
            "style": PresentationStyle.allCases.map(\.rawValue),
            "detents": SheetDetent.allCases.map(\.rawValue),
            "retain": RetainPolicy.allCases.map(\.rawValue),
            "releaseOn": ExitKind.allCases.map(\.rawValue),
            "stack": StackPolicy.allCases.map(\.rawValue),
            "holds": HoldStrength.allCases.map(\.rawValue),
        ]
        #expect(Set(rows.keys) == Set(accepted.keys))
        for (field, values) in accepted {
            let documented = try #require(rows[field], "docs/spec.md has no values row for `\(field)`")
            #expect(documented.count == Set(documented).count, "`\(field)` lists a value twice")
            #expect(
                documented == values,
                "values of `\(field)`: docs/spec.md and the loader differ")
        }
    }

    @Test func transitionTableIsTheLoadersTable() {
        let rows = Self.table(under: "## Transitions")
        #expect(rows.map { Self.codes($0[0]).first ?? "" } == Transition.allCases.map(\.rawValue))
        for (row, transition) in zip(rows, Transition.allCases) {
            let kinds = transition.supportedKinds.map { $0.map(\.rawValue).joined(separator: ", ") } ?? "all"
            #expect(row[1] == kinds, "kinds of `\(transition.rawValue)`")
            let destination: String
            switch transition.destinationRule {
            case .required: destination = "screen or coordinator"
            case .optionalCoordinator: destination = "none, or a coordinator"
            case .forbidden: destination = transition.targetField.map { "none (`\($0.rawValue):`)" } ?? "none"
            }
            #expect(row[2] == destination, "destination of `\(transition.rawValue)`")
            #expect(!row[3].isEmpty, "effect of `\(transition.rawValue)`")
        }
    }

    @Test func chainStepTableListsEveryStep() {
        let steps = Self.table(under: "## Chains").map { Self.codes($0[0]).first ?? "" }
            .map { $0.dropFirst(2).split(separator: ":").first.map(String.init) ?? "" }
        #expect(Set(steps) == Set(ChainAction.targetKeywords + ChainAction.bareKeywords))
        #expect(steps.count == ChainAction.targetKeywords.count + ChainAction.bareKeywords.count)
    }
}
