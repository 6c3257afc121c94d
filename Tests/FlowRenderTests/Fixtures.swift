import FlowModel
import FlowRender
import FlowSpec
import Foundation

/// The projects under fixtures/render, loaded as the CLI loads them.
enum Fixtures {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("fixtures/render")

    static func graph(_ name: String) throws -> FlowGraph {
        try graph(paths: [root.appendingPathComponent(name).path])
    }

    static func graph(paths: [String]) throws -> FlowGraph {
        let project = try SpecLoader().load(paths: paths)
        #expect(project.diagnostics.isEmpty, "fixture has findings: \(project.diagnostics.map(\.message))")
        return project.graph
    }

    static func diagram(_ name: String, _ options: DiagramOptions = DiagramOptions()) throws -> Diagram {
        DiagramBuilder.build(try graph(name), options: options)
    }
}

import Testing

extension Diagram {
    func node(_ coordinator: String, _ route: String) -> Node? {
        nodes.first { $0.cluster == coordinator && $0.title == route }
    }

    /// The edges from `source` that lead to `target`, drawn to it or to a landing node that names it.
    func edges(from source: Node?, to target: Node?) -> [Edge] {
        edges.filter { $0.from == source?.id && $0.destination == target?.id }
    }
}
