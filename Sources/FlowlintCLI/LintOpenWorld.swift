import FlowModel
import FlowReport

/// What a lint could not judge (DESIGN §1 Open world): the open coordinators and routes, the findings withheld
/// because of them, and the Swift files `--sources` could not read. One summary line, and `--explain-open`'s list.
struct OpenWorldSummary {
    var openCoordinators: [Coordinator] = []
    var openRoutes: [(coordinator: String, route: Route)] = []
    var withheld: [Finding]
    var unread: [FindingNote]

    init(graph: FlowGraph, report: Report) {
        for coordinator in graph.coordinators {
            if coordinator.isOpen { openCoordinators.append(coordinator) }
            for route in coordinator.routes where route.isOpen { openRoutes.append((coordinator.name, route)) }
        }
        withheld = report.withheld
        unread = report.unread
    }

    /// `12 coordinators open, 31 findings withheld, 2 Swift files not read: --explain-open lists them`; nil when
    /// everything was read and nothing is open.
    var line: String? {
        var parts: [String] = []
        if !openCoordinators.isEmpty { parts.append("\(Report.plural(openCoordinators.count, "coordinator")) open") }
        if !openRoutes.isEmpty { parts.append("\(Report.plural(openRoutes.count, "route")) open") }
        if !withheld.isEmpty { parts.append("\(Report.plural(withheld.count, "finding")) withheld") }
        if !unread.isEmpty { parts.append("\(Report.plural(unread.count, "Swift file")) not read") }
        return parts.isEmpty ? nil : parts.joined(separator: ", ") + ": --explain-open lists them"
    }

    /// One line per open element, withheld finding and unread file, in that order.
    var explanation: [String] {
        func at(_ location: SourceLocation) -> String { "\(location.file):\(location.line):\(location.column)" }
        var lines: [String] = []
        for coordinator in openCoordinators {
            let starts =
                coordinator.mayStart.map {
                    $0.isEmpty ? "; may start no coordinator" : "; may start \($0.map(\.value).joined(separator: ", "))"
                }
                ?? "; may start any coordinator"
            lines.append("\(at(coordinator.location)): open: coordinator \(coordinator.name): not every navigation site was read\(starts)")
        }
        for (coordinator, route) in openRoutes {
            lines.append(
                """
                \(at(route.location)): open: route \(coordinator).\(route.name): its style, releases or triggers may not all have been \
                read
                """
            )
        }
        for finding in withheld {
            lines.append("\(at(finding.location)): withheld: \(finding.message) [\(finding.rule)] (\(finding.withheldBecause ?? "open"))")
        }
        for file in unread {
            lines.append("\(at(file.location)): not read: \(file.message)")
        }
        if lines.isEmpty { lines.append("flowlint: nothing open, nothing withheld, every file read") }
        return lines
    }
}
