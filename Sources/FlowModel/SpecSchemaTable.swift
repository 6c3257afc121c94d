/// The rows of `SpecSchema.flowlint`: docs/spec.md's field tables are generated from the `required` and `doc` of
/// these entries (`flowlint schema --markdown`), in this order.
extension SpecSchema {
    public static let flowlint = SpecSchema(
        file: fileFields, defaults: defaultsFields, coordinator: coordinatorFields, route: routeFields, chain: chainFields,
        coordinatorEncoding: [.kind, .stack, .initial, .tabs, .holds, .open, .triggers, .mayStart],
        routeEncoding: [
            .transition, .style, .dismissible, .detents, .screen, .coordinator, .route, .tab, .retain, .releaseOn, .then, .stack, .open,
            .triggers, .params,
        ],
        chainEncoding: [.from, .at, .steps],
        coordinatorDiffOrder: [.kind, .initial, .tabs, .stack, .holds, .open, .mayStart, .type],
        routeDiffOrder: [
            .transition, .screen, .coordinator, .style, .dismissible, .detents, .retain, .releaseOn, .route, .tab, .then, .stack, .open,
        ])

    /// File fields, in the order docs/spec.md lists them.
    static let fileFields: [SpecFieldEntry<TopLevelField, SpecFile>] = [
        .init(
            .version, .version, required: "yes",
            doc: "`1`",
            summary: "The spec format version: 1.",
            read: { $0.version.map { .word("\($0.value)", $0.location) } }),
        .init(
            .entry, .name, required: "in exactly one file",
            doc: "the coordinator the app starts in",
            summary: "The coordinator the app starts in; exactly one file of a project declares it.",
            read: { $0.entry.map { .name($0.value, $0.location) } }),
        .init(
            .coordinators, .elements(.coordinator), doc: "map of coordinator name → coordinator",
            summary: "Coordinator name → coordinator.", read: { names($0.coordinators.map { ($0.name, $0.location) }) }),
        .init(
            .chains, .elements(.chain), doc: "map of chain name → [chain](#chains)",
            summary: "Multi-step routing (deep links, programmatic jumps): chain name → chain.",
            read: { names($0.chains.map { ($0.name, $0.location) }) }),
        .init(
            .defaults, .defaults,
            doc: "`retain` and `releaseOn` for this file's child routes that do not set them ([Defaults](#defaults-for-a-file))",
            summary: "Values for the child routes of this file that leave the field out."),
        .init(
            .description, .text, doc: "free text",
            summary: "Free text about this file."),
    ]

    /// Coordinator fields, in the order docs/spec.md lists them.
    static let coordinatorFields: [SpecFieldEntry<CoordinatorField, Coordinator>] = [
        .init(
            .kind, .word(CoordinatorKind.allCases.map(\.rawValue)), required: "yes",
            doc: "what it manages: `navigation` (a stack), `tab`, `split`, `page`, `view` (a plain container or root switcher)",
            summary: "navigation (a stack), tab, split, page or view (a plain container or root switcher).", diff: .value,
            read: { word($0.kind) }, clear: { c, _ in c.kind = nil }),
        .init(
            .initial, .nameOrNames(emptyList: false), required: "yes",
            doc:
                """
                the route shown first; for `tab`, the tab selected first. A list (`initial: [onboarding, auth, main]`) when `start()` \
                picks one on app state: each is reached when the coordinator starts
                """,
            summary:
                """
                The route shown when the coordinator starts (for tab coordinators the tab selected first), or a list of the routes \
                start() picks one of on app state: each is reached when the coordinator starts.
                """,
            diff: .value,
            read: { nameOrNames($0.initials) }, clear: { c, item in if item == nil { c.initials = [] } }),
        .init(
            .triggers, .names,
            doc:
                """
                routes the coordinator fires itself while it is active, on events no screen shows (login state, a notification, a \
                session ending, Stinsen's `customize` switching roots): reached whenever the coordinator is; a `setRoot` among them is \
                a `replaced` exit of the children it replaces, and closes what the coordinator presented (no `trapped-flow`)
                """,
            summary:
                """
                Routes the coordinator fires itself on events no screen shows (login state, a notification, Stinsen's customize \
                switching roots): reachable whenever the coordinator is; a setRoot among them is a replaced exit of the children whose \
                screens it replaces.
                """,
            diff: .items,
            read: { references($0.triggers) }, clear: { c, item in c.triggers.removeAll { item == nil || $0.text == item } }),
        .init(
            .mayStart, .names, required: "no, with `open`",
            doc:
                """
                the coordinators an unread site of this `open` coordinator may start (`flowlint extract` writes the candidates it \
                saw). Without it, an open coordinator may start any coordinator; `mayStart: []` means none. It only withholds \
                `unreachable-coordinator`, never makes a coordinator judged as started
                """,
            summary: "open coordinators: the coordinators an unread site may start (without it: any; [] = none). Only withholds findings.",
            default: "any coordinator", diff: .value,
            read: { c in c.mayStart.map { .list($0.map { .name($0.value, $0.location) }) } },
            clear: { c, item in if item == nil { c.mayStart = nil } }),
        .init(
            .routes, .elements(.route), required: "yes",
            doc: "map of route name → route",
            summary: "Route name → route.",
            read: { names($0.routes.map { ($0.name, $0.location) }) }),
        .init(
            .tabs, .names, required: "`tab` only, required there",
            doc: "the routes that are tabs; all are shown when the coordinator starts",
            summary: "tab coordinators only: the routes that are tabs, all shown when the coordinator starts.", placement: .kinds([.tab]),
            diff: .value,
            read: { c in c.tabs.map { .list($0.map { .name($0.value, $0.location) }) } },
            clear: { c, item in
                guard let item else { return c.tabs = nil }
                if let kept = c.tabs?.filter({ $0.value != item }) { c.tabs = kept.isEmpty ? nil : kept }
            }),
        .init(
            .stack, .word(StackPolicy.allCases.map(\.rawValue)), required: "no, `navigation` only",
            doc:
                """
                `own` (default: it creates its own navigation controller) or `parent` (it pushes onto the stack of the coordinator \
                that started it, the classic pattern)
                """,
            summary:
                """
                navigation coordinators only: own (default; creates its own navigation controller) or parent (pushes onto the stack of \
                the coordinator that started it).
                """,
            placement: .kinds([.navigation]), default: "own", diff: .value,
            read: { word($0.stack) }, clear: { c, _ in c.stack = nil }),
        .init(
            .holds, .holds,
            doc: "the routers this coordinator's screens and view models keep: `{Coordinator: strong\\|weak\\|unowned}`, `Self` for itself",
            summary: "Routers this coordinator's screens keep: Coordinator (or Self) → strong, weak or unowned.", diff: .value,
            read: { c in c.holds.isEmpty ? nil : .list(c.holds.map { .pair($0.target, $0.strength.value.rawValue, $0.strength.location) })
            },
            clear: { c, item in c.holds.removeAll { item == nil || $0.target == item } }),
        .init(
            .ignore, .ruleIDs, doc: "rule ids silenced for this coordinator and its routes",
            summary: "Rules silenced for this coordinator and its routes.",
            read: { names($0.ignore.map { ($0.value, $0.location) }) }, clear: { c, item in if item == nil { c.ignore = [] } }),
        .init(
            .description, .text, doc: "free text, shown as a tooltip in diagrams",
            summary: "Free text, shown as a tooltip in diagrams.",
            read: { c in c.description.map { .text($0.value, $0.location) } }, clear: { c, _ in c.description = nil }),
        .init(
            .type, .text,
            doc:
                """
                the Swift type this coordinator describes, when its name differs (`flowlint lint --sources` matches coordinators to \
                types by name otherwise)
                """,
            summary: "The Swift type this coordinator describes, when its name differs (lint --sources matches them).", diff: .value,
            read: { c in c.type.map { .name($0.value, $0.location) } }, clear: { c, _ in c.type = nil }),
        .init(
            .open, .bool,
            doc:
                """
                `true` when not every navigation site of the coordinator was read (`flowlint extract` writes it, with the sites as \
                notes): what the spec shows of it is a lower bound: `unreachable-route` is withheld for its routes, `trapped-flow` for \
                what it presents, `drift-extra-route` does not judge it, and the coordinators it may start (`mayStart`) are not \
                reported unreachable
                """,
            summary:
                """
                true when not every navigation site of the coordinator was read (flowlint extract writes it): its routes are a lower \
                bound.
                """,
            default: "false", diff: .value,
            read: { bool($0.open) }, clear: { c, _ in c.open = nil }),
    ]

    /// Route fields, in the order docs/spec.md lists them.
    static let routeFields: [SpecFieldEntry<RouteField, Route>] = [
        .init(
            .transition, .word(Transition.allCases.map(\.rawValue)), required: "yes, except on the `initial` route and on tabs",
            doc: "how the route changes the screen ([Transitions](#transitions))",
            summary: "How the route shows its destination; may be left out only on the initial route and on tabs.", drift: true,
            diff: .value,
            read: { word($0.transition) }, clear: { r, _ in r.transition = nil }),
        .init(
            .screen, .name, required: "one of `screen` / `coordinator` where the transition shows something",
            doc: "a view controller or SwiftUI view",
            summary: "The view controller or view this route shows.", drift: true, diff: .value,
            read: { destination($0, .screen) }, clear: { r, _ in if r.destination?.value.field == .screen { r.destination = nil } }),
        .init(
            .coordinator, .name, required: "one of `screen` / `coordinator` where the transition shows something",
            doc: "a child coordinator the route starts",
            summary: "The child coordinator this route starts.", drift: true, diff: .value,
            read: { destination($0, .coordinator) },
            clear: { r, _ in if r.destination?.value.field == .coordinator { r.destination = nil } }),
        .init(
            .triggers, .names, doc: "the routes the destination screen can start: `name` (same coordinator) or `Coordinator.name`",
            summary: "Routes the destination screen can trigger: `name` (same coordinator) or `Coordinator.name` (an active coordinator).",
            diff: .items,
            read: { references($0.triggers) }, clear: { r, item in r.triggers.removeAll { item == nil || $0.text == item } }),
        .init(
            .route, .name, required: "`trigger` and `popTo`",
            doc: "the route to redirect or pop back to (same reference forms as `triggers`)",
            summary: "trigger and popTo only: the target route (`name` or `Coordinator.name`).",
            placement: .transitions([.trigger, .popTo]), diff: .value,
            read: { r in r.target.map { .name($0.text, $0.location) } }, clear: { r, _ in r.target = nil }),
        .init(
            .tab, .name, required: "`select`",
            doc: "the tab to select",
            summary: "select only: the tab to switch to.", placement: .transitions([.select]), diff: .value,
            read: { r in r.tab.map { .name($0.value, $0.location) } }, clear: { r, _ in r.tab = nil }),
        .init(
            .style, .word(PresentationStyle.allCases.map(\.rawValue)), required: "no, `present` only",
            doc: "how it is presented ([Presentation styles](#presentation-styles)); default `sheet`",
            summary:
                """
                present only: sheet (default) or fullScreen, or UIKit's names: pageSheet, formSheet, automatic (= sheet), \
                overFullScreen (= fullScreen), popover (closed by a tap outside).
                """,
            placement: .transitions([.present]), default: "sheet", drift: true, diff: .value,
            read: { word($0.style) }, clear: { r, _ in r.style = nil }),
        .init(
            .dismissible, .bool, required: "no, `present` only",
            doc: "whether a swipe down dismisses it; default true for sheets",
            summary: "present only: whether the sheet can be swiped down (default true for sheets); never true for a full-screen style.",
            placement: .transitions([.present]), default: "true", diff: .value,
            read: { bool($0.dismissible) }, clear: { r, _ in r.dismissible = nil }),
        .init(
            .detents, .words(SheetDetent.allCases.map(\.rawValue)), required: "no, `present` only",
            doc:
                """
                the heights the sheet rests at, such as `[medium, large]` (UIKit's `sheetPresentationController.detents`, SwiftUI's \
                `.presentationDetents`); default `[large]`. `flowlint extract` writes it where the code sets them, and drift compares \
                it where both sides say it
                """,
            summary:
                """
                present only: the heights the sheet rests at (medium, large), as sheetPresentationController.detents or \
                .presentationDetents set them; default [large].
                """,
            placement: .transitions([.present]), default: "[large]", drift: true, diff: .value,
            read: { r in r.detents.map { detents in .list(detents.value.map { .word($0.rawValue, detents.location) }) } },
            clear: { r, item in
                guard let item else { return r.detents = nil }
                r.detents = r.detents.map { Located($0.value.filter { $0.rawValue != item }, at: $0.location) }
            }),
        .init(
            .retain, .word(RetainPolicy.allCases.map(\.rawValue)), required: "no, child coordinators only",
            doc: "who keeps the child alive; default `parent`",
            summary:
                """
                Routes that start a child coordinator only: who keeps the child alive — parent (default; its childCoordinators), \
                hierarchy (its view controller) or none.
                """,
            placement: .childRoutes, default: "parent", drift: true, diff: .value,
            read: { word($0.retain) }, clear: { r, _ in r.retain = nil }),
        .init(
            .releaseOn, .words(ExitKind.allCases.map(\.rawValue)), required: "no, `retain: parent` children only",
            doc: "the exits on which the parent removes the child; default `[finish]`",
            summary:
                """
                Children with retain: parent only: the exits on which the parent removes the child (default [finish]): finish, back, \
                dismiss, replaced (a setRoot of the parent replaces the child's container).
                """,
            placement: .childRoutes, default: "[finish]", drift: true, diff: .value,
            read: { r in r.releaseOn.map { exits in .list(exits.value.map { .word($0.value.rawValue, $0.location) }) } },
            clear: { r, item in
                guard let item else { return r.releaseOn = nil }
                r.releaseOn = r.releaseOn.map { Located($0.value.filter { $0.value.rawValue != item }, at: $0.location) }
            }),
        .init(
            .then, .nameOrNames(emptyList: true), required: "no, child routes only",
            doc:
                """
                the route of this coordinator that runs after the child finishes, or a list of alternatives of which one runs per \
                finish: the continuation (`auth.finishFlow = { self.removeDependency(auth); self.showMain() }` → `then: main`). It is \
                reached through the child's reachable `finish`, and releases nothing itself: the child is released first only when \
                `finish` is in `releaseOn`. A presented child's presentation is closed before it runs, and a `setRoot` in it is not a \
                `replaced` exit of that child. `flowlint extract` writes it from the parent's routes the child's finish closure calls, \
                and drift compares it where both sides say it
                """,
            summary:
                """
                Routes that start a child coordinator only: the route of this coordinator that runs after the child finishes, or a \
                list of alternatives of which one runs per finish (the continuation: auth.finishFlow = { self.showMain() } → then: \
                main).
                """,
            placement: .childRoutes, drift: true, diff: .value,
            read: { references($0.then) }, clear: { r, item in r.then.removeAll { item == nil || $0.text == item } }),
        .init(
            .stack, .word(StackPolicy.allCases.map(\.rawValue)), required: "no, child routes only",
            doc:
                """
                `own` or `parent`, overriding the child coordinator's `stack` for this start (pushed onto this stack here, presented \
                in its own navigation controller elsewhere)
                """,
            summary: "Routes that start a child coordinator only: own or parent, overriding the child's stack for this start.",
            placement: .childRoutes, diff: .value,
            read: { word($0.stack) }, clear: { r, _ in r.stack = nil }),
        .init(
            .open, .bool,
            doc:
                """
                `true` when some of the route's facts were not read (its presentation style, a release, a trigger): its `releaseOn` \
                and `triggers` are lower bounds, so `leaked-child` does not judge it, and no swipe-down is assumed from its style \
                (`trapped-flow` does not judge it either)
                """,
            summary:
                """
                true when some facts of the route were not read (its style, a release, a trigger): its releaseOn and triggers are \
                lower bounds, and no exit is assumed from its style.
                """,
            default: "false", diff: .value,
            read: { bool($0.open) }, clear: { r, _ in r.open = nil }),
        .init(
            .params, .parameters, doc: "documentation only, e.g. `[id: String]`",
            read: { r in r.params.isEmpty ? nil : .list(r.params.map { .parameter($0.name, type: $0.type, $0.location) }) },
            clear: { r, item in r.params.removeAll { item == nil || $0.name == item } }),
        .init(
            .ignore, .ruleIDs, doc: "rule ids silenced for this route",
            summary: "Rules silenced for this route.",
            read: { names($0.ignore.map { ($0.value, $0.location) }) },
            clear: { r, item in r.ignore.removeAll { item == nil || $0.value == item } }),
        .init(
            .description, .text, doc: "free text, shown as a tooltip in diagrams",
            summary: "Free text, shown as a tooltip in diagrams.",
            read: { r in r.description.map { .text($0.value, $0.location) } }, clear: { r, _ in r.description = nil }),
    ]

    /// Chain fields, in the order docs/spec.md lists them.
    static let chainFields: [SpecFieldEntry<ChainField, Chain>] = [
        .init(
            .from, .name, required: "yes",
            doc: "the coordinator the chain starts in",
            summary: "The coordinator the chain starts in.", read: { c in c.from.map { .name($0.value, $0.location) } }),
        .init(
            .at, .word(ChainMoment.allCases.map(\.rawValue)),
            doc:
                """
                `launch`: the chain runs only at launch (state restoration), with nothing presented yet, so `chain-under-modal` does \
                not judge it
                """,
            summary: "launch: the chain runs only at launch (state restoration), with nothing presented yet.", read: { word($0.at) }),
        .init(
            .steps, .steps, required: "yes",
            doc: "the [steps](#chains), in order",
            summary:
                """
                The routing steps, in order: `- route: name`, `- select: tab`, `- popTo: name`, `- pop`, `- popToRoot`, `- dismiss`, \
                `- dismissToRoot`.
                """,
            read: { steps($0.steps) }),
        .init(
            .url, .text, doc: "documentation only, e.g. `\"todoapp://todos/{id}\"`",
            summary: "The deep link this chain handles; documentation only.", read: { c in c.url.map { .text($0.value, $0.location) } }),
        .init(
            .ignore, .ruleIDs, doc: "rule ids silenced for this chain",
            summary: "Rules silenced for this chain (invalid-chain).", read: { names($0.ignore.map { ($0.value, $0.location) }) }),
        .init(
            .description, .text, doc: "free text",
            summary: "Free text.", read: { c in c.description.map { .text($0.value, $0.location) } }),
    ]

    /// `defaults:` fields: the values they give are those of the child routes that leave them out.
    static let defaultsFields: [SpecFieldEntry<DefaultsField, Route>] = [
        .init(
            .retain, .word(RetainPolicy.allCases.map(\.rawValue)), doc: "default `retain` of this file's child routes",
            summary: "Default retain of this file's child routes.",
            read: { word($0.retain) }),
        .init(
            .releaseOn, .words(ExitKind.allCases.map(\.rawValue)),
            doc: "default `releaseOn` of this file's children kept with `retain: parent`",
            summary: "Default releaseOn of this file's children kept with retain: parent.",
            read: { r in r.releaseOn.map { exits in .list(exits.value.map { .word($0.value.rawValue, $0.location) }) } }),
    ]

    // MARK: Accessors' helpers

    private static func word<Value: RawRepresentable>(_ located: Located<Value>?) -> SpecValue? where Value.RawValue == String {
        located.map { .word($0.value.rawValue, $0.location) }
    }

    private static func bool(_ located: Located<Bool>?) -> SpecValue? {
        located.map { .word("\($0.value)", $0.location) }
    }

    /// A list of names, `nil` when empty.
    private static func names(_ names: [(String, SourceLocation)]) -> SpecValue? {
        names.isEmpty ? nil : .list(names.map { .name($0.0, $0.1) })
    }

    private static func references(_ references: [RouteReference]) -> SpecValue? {
        names(references.map { ($0.text, $0.location) })
    }

    /// One name as a name, several as a list.
    private static func nameOrNames(_ names: [Located<String>]) -> SpecValue? {
        names.count == 1 ? .name(names[0].value, names[0].location) : self.names(names.map { ($0.value, $0.location) })
    }

    private static func destination(_ route: Route, _ field: RouteField) -> SpecValue? {
        guard let destination = route.destination, destination.value.field == field else { return nil }
        return .name(destination.value.name, destination.location)
    }

    /// `pop`, or `select: tab` as a pair.
    private static func steps(_ steps: [ChainStep]) -> SpecValue? {
        steps.isEmpty
            ? nil
            : .list(
                steps.map { step in
                    step.action.target.map { .pair(step.action.keyword, $0, step.location) } ?? .word(step.action.keyword, step.location)
                })
    }
}
