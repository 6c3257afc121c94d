import FlowModel

/// The texts shown when the pointer rests on an element: what it is, its description, its findings.
enum Tooltip {
    static func lines(_ lines: [String?], _ marks: [Mark] = []) -> String {
        (lines.compactMap { $0 } + marks.map { "\($0.severity) [\($0.rule)]: \($0.message)" }).joined(separator: "\n")
    }

    /// "push → screen TodoScreen", "present, full screen → coordinator CreateTodo (retain: hierarchy)".
    static func describe(_ route: Route, isTab: Bool) -> String {
        let how = route.transition == nil ? (isTab ? "tab" : "initial route") : transitionPhrase(route)
        switch route.destination?.value {
        case .screen(let name)?: return "\(how) → screen \(name)"
        case .coordinator(let name)?: return "\(how) → coordinator \(name) (retain: \(route.effectiveRetain.rawValue))"
        case nil: return how
        }
    }

    static func transitionPhrase(_ route: Route) -> String {
        switch route.transition?.value {
        case nil: "shown at start"
        case .present: route.effectiveStyle.isFullScreen ? "present, full screen" : "present, \(route.effectiveStyle.rawValue)"
        case .select: "select" + (route.tab.map { " tab \($0.value)" } ?? "")
        case .popTo, .trigger: route.transition!.value.rawValue + (route.target.map { " \($0.text)" } ?? "")
        case let transition?: transition.rawValue
        }
    }
}
