import FlowModel
import FlowAnalysis
import FlowRules

/// The overview: one node per coordinator, an edge per child start, labelled with the route that starts it.
struct OverviewBuilder {
    private let facts: DiagramFacts
    private let options: DiagramOptions
    private let marks: FindingMarks

    init(facts: DiagramFacts, options: DiagramOptions) {
        self.facts = facts
        self.options = options
        marks = FindingMarks(options.findings)
    }

    func build() -> Diagram {
        var diagram = Diagram()
        diagram.isOverview = true
        var order = facts.coordinatorOrder(root: options.focus, depth: options.depth)
        if let chain = options.chain {
            let passed = facts.coordinators(passedBy: chain)
            order = order.filter(passed.contains)
        }
        let drawn = Set(order)
        let chainRoutes = Set(options.chain?.routes ?? [])
        if let entry = facts.graph.entry?.value, drawn.contains(entry) {
            diagram.nodes.append(
                Node(
                    id: NodeID.entry, kind: .entry, cluster: nil, title: "entry", subtitle: nil,
                    tooltip: "The app starts in \(entry)"))
            diagram.edges.append(
                Edge(
                    from: NodeID.entry, to: NodeID.coordinator(entry), kind: .entry, label: nil,
                    tooltip: "The app starts in \(entry)"))
        }
        for name in order {
            let coordinator = facts.graph.coordinator(named: name)!
            let kind = coordinator.kind?.value.rawValue
            let coordinatorMarks = marks.marks(of: name)
            // Findings on routes that are not child starts have no element here: the coordinator's node shows them.
            let routeMarks = coordinator.routes
                .filter { $0.destination?.value.coordinatorName == nil }
                .flatMap { marks.marks(of: RouteKey(coordinator: name, route: $0.name)) }
            diagram.nodes.append(
                Node(
                    id: NodeID.coordinator(name), kind: .coordinator, cluster: nil, title: name,
                    subtitle: kind.map { coordinator.stack?.value == .parent ? "\($0), parent's stack" : $0 },
                    tooltip: Tooltip.lines(
                        [
                            "\(name): \(kind ?? "coordinator"), \(coordinator.routes.count) routes",
                            coordinator.description?.value,
                        ], coordinatorMarks + routeMarks),
                    isHighlighted: options.chain?.from == name,
                    marks: coordinatorMarks + routeMarks))
            for route in coordinator.routes {
                guard let child = route.destination?.value.coordinatorName, drawn.contains(child) else { continue }
                let key = RouteKey(coordinator: name, route: route.name)
                let edgeMarks = marks.marks(of: key)
                let isHighlighted = chainRoutes.contains(key)
                diagram.edges.append(
                    Edge(
                        from: NodeID.coordinator(name), to: NodeID.coordinator(child),
                        kind: route.transition == nil ? .start : EdgeKind(route) ?? .start,
                        label: route.name,
                        tooltip: Tooltip.lines(
                            [
                                """
                                \(key.qualifiedName): \
                                \(Tooltip.describe(route, isTab: (coordinator.tabs ?? []).contains { $0.value == route.name }))
                                """
                            ],
                            edgeMarks),
                        isHighlighted: isHighlighted, step: options.chain?.routes.firstIndex(of: key).map { $0 + 1 },
                        triggered: key.qualifiedName, marks: edgeMarks))
            }
        }
        diagram.numberFindings()
        diagram.direction = LayoutEstimate.direction(for: diagram, layout: options.layout)
        if let chain = options.chain {
            diagram.chain = chain.name
            let started = Set(chain.routes.compactMap { facts.route($0)?.destination?.value.coordinatorName })
            for index in diagram.nodes.indices
            where started.contains(diagram.nodes[index].title) && diagram.nodes[index].kind == .coordinator {
                diagram.nodes[index].isHighlighted = true
            }
        }
        return diagram
    }
}

/// Builds the diagram `options` ask for: the routes of the coordinators drawn, or their overview.
public enum DiagramBuilder {
    public static func build(_ graph: FlowGraph, options: DiagramOptions = DiagramOptions()) -> Diagram {
        build(Analysis(graph), options: options)
    }

    /// From the facts the rules read, when the caller has them (`flowlint graph` after a lint run).
    public static func build(_ analysis: Analysis, options: DiagramOptions = DiagramOptions()) -> Diagram {
        build(DiagramFacts(analysis), options: options)
    }

    static func build(_ facts: DiagramFacts, options: DiagramOptions) -> Diagram {
        if options.overview {
            return OverviewBuilder(facts: facts, options: options).build()
        }
        var builder = RouteDiagramBuilder(facts: facts, options: options)
        return builder.build()
    }
}
