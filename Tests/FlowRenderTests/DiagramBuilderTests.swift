import FlowModel
@testable import FlowRender
import Testing

@Suite struct DiagramBuilderTests {
    static func validDiagram(_ project: String) throws -> Diagram {
        let folder = Fixtures.root.deletingLastPathComponent().appendingPathComponent("valid/\(project)")
        return DiagramBuilder.build(try Fixtures.graph(paths: [folder.path]), options: DiagramOptions())
    }

    @Test func initialListsAreSeveralStartEdgesAndThenIsADashedAfterFinishEdge() throws {
        let diagram = try Self.validDiagram("root-switch")
        let starts = diagram.edges.filter { $0.kind == .entry }.map(\.to)
        #expect(starts == ["App/onboarding", "App/auth", "App/main"])
        #expect(["onboarding", "auth", "main"].allSatisfy { diagram.node("App", $0)?.isInitial == true })
        let then = diagram.edges.filter { $0.kind == .then }
        #expect(then.map { "\($0.from)->\($0.to)" } == ["App/onboarding->App/auth", "App/auth->App/main", "App/main->App/auth"])
        #expect(then.allSatisfy { $0.label == "after finish" && !$0.shapesLayout && DiagramStyle.line($0.kind).dashed })
    }

    @Test func coordinatorTriggersStartAtTheHeadOfItsCluster() throws {
        let diagram = try Self.validDiagram("stinsen-customize")
        let events = try #require(diagram.nodes.first { $0.kind == .events })
        #expect(events.cluster == "Root" && events.title == "⚡ Root")
        #expect(
            diagram.edges.filter { $0.from == events.id }.map { "\($0.to):\($0.kind)" }
                == ["Root/unauthenticated:setRoot", "Root/authenticated:setRoot"])
        #expect(MermaidWriter.write(diagram).contains("(\"⚡ Root\")"))
        #expect(DOTWriter.write(diagram).contains(DiagramStyle.legend(NodeKind.events)))
    }

    @Test func drawsOneClusterPerCoordinatorEntryFirst() throws {
        let diagram = try Fixtures.diagram("stinsen")
        #expect(diagram.clusters.map(\.id) == ["Main", "Unauthenticated", "Registration", "Authenticated", "Todos", "CreateTodo"])
        #expect(diagram.clusters.first?.kind == "view")
        #expect(diagram.nodes.first?.kind == .entry)
        #expect(diagram.edges.contains { $0.kind == .entry && $0.to == diagram.node("Main", "unauthenticated")?.id })
    }

    @Test func screensAndChildStartsAreNodesAndActionRoutesAreEdges() throws {
        let diagram = try Fixtures.diagram("stinsen")
        let login = try #require(diagram.node("Unauthenticated", "start"))
        #expect(login.kind == .screen && login.subtitle == "LoginScreen" && login.isInitial)
        let registration = try #require(diagram.node("Unauthenticated", "registration"))
        #expect(registration.kind == .coordinator && registration.subtitle == "▸ Registration")
        #expect(diagram.node("Unauthenticated", "close") == nil, "a dismiss route has no node")
        let tabs = try #require(diagram.clusters.first { $0.id == "Authenticated" })
        #expect(tabs.sideBySide == ["Authenticated/todos", "Authenticated/profile"])
    }

    @Test func edgesAreStyledByTransition() throws {
        let diagram = try Fixtures.diagram("stinsen")
        let start = diagram.node("Unauthenticated", "start")
        #expect(diagram.edges(from: start, to: diagram.node("Unauthenticated", "forgotPassword")).map(\.kind) == [.presentSheet])
        #expect(diagram.edges(from: start, to: diagram.node("Unauthenticated", "registration")).map(\.kind) == [.push])
        #expect(
            diagram.edges(from: diagram.node("Todos", "start"), to: diagram.node("Todos", "createTodo")).map(\.kind) == [.presentFullScreen]
        )
        let profile = diagram.node("Authenticated", "profile")
        let select = diagram.edges(from: profile, to: diagram.node("Authenticated", "todos"))
        #expect(select.map(\.kind) == [.select] && select.first?.label == "todosTab")
        let logout = try #require(diagram.edges(from: profile, to: diagram.node("Main", "unauthenticated")).first)
        #expect(
            logout.kind == .setRoot && diagram.nodes.first { $0.id == logout.to }?.cluster == "Authenticated",
            "a trigger of an ancestor's route ends at a landing node in its own cluster")
    }

    @Test func edgesUpTheTreeEndAtALandingNodeInTheirOwnCluster() throws {
        let diagram = try Fixtures.diagram("stinsen")
        let cluster = Dictionary(uniqueKeysWithValues: diagram.nodes.map { ($0.id, $0.cluster) })
        // Only child starts (and the entry) run from one cluster into another: no edge crosses the drawing.
        for edge in diagram.edges where edge.kind != .start && edge.kind != .entry {
            #expect(cluster[edge.from] == cluster[edge.to], "\(edge.from) -> \(edge.to)")
        }
        // A finish: a short edge, labelled and with its tooltip, to a node in its cluster naming where the user lands.
        let done = try #require(diagram.edges.first { $0.label == "done" })
        #expect(done.kind == .finish && done.destination == "Unauthenticated/registration" && done.shapesLayout)
        #expect(done.tooltip.contains("back to Unauthenticated.registration"))
        let landing = try #require(diagram.nodes.first { $0.id == done.to })
        #expect(landing.kind == .landing && landing.cluster == "Registration" && landing.title == "↩ Unauthenticated.registration")
        // One landing node per coordinator and route: CreateTodo's cancel (dismiss) and save (finish) share one.
        let back = diagram.edges(from: diagram.node("CreateTodo", "form"), to: diagram.node("Todos", "createTodo"))
        #expect(back.map { "\($0.label ?? ""):\($0.kind)" } == ["cancel:dismiss", "save:finish"] && Set(back.map(\.to)).count == 1)
        #expect(diagram.nodes.filter { $0.kind == .landing }.count == 4)
        // A return inside one coordinator stays an edge to its screen.
        let close = try #require(
            diagram.edges(from: diagram.node("Unauthenticated", "forgotPassword"), to: diagram.node("Unauthenticated", "start")).first)
        #expect(close.landsOn == nil && !close.shapesLayout)
        #expect(DOTWriter.write(diagram).contains(DiagramStyle.legend(NodeKind.landing)))
        #expect(MermaidWriter.write(diagram).contains("(\"↩ Unauthenticated.registration\")"))
    }

    @Test func chainStepsUpTheTreeFollowTheirLandingEdges() throws {
        let chain = ChainPath(
            name: "logout", from: "Authenticated",
            routes: [
                RouteKey(coordinator: "Authenticated", route: "profile"), RouteKey(coordinator: "Main", route: "unauthenticated"),
            ])
        let diagram = try Fixtures.diagram("stinsen", DiagramOptions(chain: chain))
        let step = try #require(diagram.edges.first { $0.from == "Authenticated/profile" && $0.destination == "Main/unauthenticated" })
        #expect(step.step == 2 && step.isHighlighted && step.to != step.destination)
        #expect(diagram.nodes.first { $0.id == "Main/unauthenticated" }?.steps == [2])
    }

    @Test func childStartsPointAtTheChildsCluster() throws {
        let diagram = try Fixtures.diagram("stinsen")
        let start = try #require(
            diagram.edges(from: diagram.node("Unauthenticated", "registration"), to: diagram.node("Registration", "start")).first)
        #expect(start.kind == .start && start.toCluster == "Registration")
    }

    @Test func returnEdgesLeadWhereTheUserLands() throws {
        let diagram = try Fixtures.diagram("stinsen")
        // dismiss of a presented screen: back to the screen that presented it
        let close = diagram.edges(from: diagram.node("Unauthenticated", "forgotPassword"), to: diagram.node("Unauthenticated", "start"))
        #expect(close.map(\.kind) == [.dismiss] && close.first?.label == "close")
        // pop of a pushed screen: back to the screen that pushed it
        #expect(diagram.edges(from: diagram.node("Todos", "todo"), to: diagram.node("Todos", "start")).map(\.kind) == [.pop])
        // finish: back to the route that started the coordinator
        let done = diagram.edges(from: diagram.node("Registration", "password"), to: diagram.node("Unauthenticated", "registration"))
        #expect(done.map(\.kind) == [.finish])
        // dismiss inside a presented child: closes the child's presentation
        let back = diagram.edges(from: diagram.node("CreateTodo", "form"), to: diagram.node("Todos", "createTodo"))
        #expect(back.map { "\($0.label ?? ""):\($0.kind)" } == ["cancel:dismiss", "save:finish"])
        // Returns inside a coordinator do not shape the layout; the others end at landing nodes placed after their screens.
        #expect(diagram.edges.filter(\.kind.isReturn).allSatisfy { $0.landsOn == nil ? !$0.shapesLayout : $0.shapesLayout })
    }

    @Test func focusDrawsACoordinatorAndWhatItStarts() throws {
        let diagram = try Fixtures.diagram("stinsen", DiagramOptions(focus: "Todos"))
        #expect(diagram.clusters.map(\.id) == ["Todos", "CreateTodo"])
        #expect(!diagram.nodes.contains { $0.kind == .entry })
        let shallow = try Fixtures.diagram("stinsen", DiagramOptions(focus: "Todos", depth: 0))
        #expect(shallow.clusters.map(\.id) == ["Todos"])
        #expect(shallow.node("Todos", "createTodo")?.kind == .coordinator, "the child start stays as a node")
        #expect(!shallow.edges.contains { $0.kind == .start })
    }

    @Test func focusDrawsTargetsOutsideItAsExternalAndExitNodes() throws {
        let authenticated = try Fixtures.diagram("stinsen", DiagramOptions(focus: "Authenticated", depth: 0))
        let external = try #require(authenticated.nodes.first { $0.kind == .external })
        #expect(external.title == "Main.unauthenticated" && external.cluster == nil)
        let registration = try Fixtures.diagram("stinsen", DiagramOptions(focus: "Registration"))
        let exit = try #require(registration.nodes.first { $0.kind == .exit })
        #expect(exit.cluster == "Registration")
        #expect(registration.edges.contains { $0.kind == .finish && $0.to == exit.id })
    }

    @Test func depthLimitsTheLevelsBelowTheEntry() throws {
        let diagram = try Fixtures.diagram("stinsen", DiagramOptions(depth: 1))
        #expect(diagram.clusters.map(\.id) == ["Main", "Unauthenticated", "Authenticated"])
    }

    @Test func overviewHasOneNodePerCoordinatorAndTheStartsBetweenThem() throws {
        let diagram = try Fixtures.diagram("stinsen", DiagramOptions(overview: true))
        #expect(diagram.clusters.isEmpty)
        #expect(
            diagram.nodes.filter { $0.kind == .coordinator }.map(\.title)
                == ["Main", "Unauthenticated", "Registration", "Authenticated", "Todos", "CreateTodo"])
        let starts = diagram.edges.filter { $0.kind != .entry }.map { "\($0.from)>\($0.to):\($0.label ?? "")" }
        #expect(
            starts == [
                "Main>Unauthenticated:unauthenticated", "Main>Authenticated:authenticated",
                "Unauthenticated>Registration:registration", "Authenticated>Todos:todos", "Todos>CreateTodo:createTodo",
            ])
    }

    @Test func chainHighlightsItsPath() throws {
        let chain = ChainPath(
            name: "openTodo", from: "Authenticated",
            routes: [
                RouteKey(coordinator: "Authenticated", route: "todos"), RouteKey(coordinator: "Todos", route: "todo"),
            ])
        let diagram = try Fixtures.diagram("stinsen", DiagramOptions(chain: chain))
        #expect(Set(diagram.nodes.filter(\.isHighlighted).map(\.id)) == ["Authenticated/todos", "Todos/start", "Todos/todo"])
        #expect(
            diagram.edges.filter(\.isHighlighted).map { "\($0.from)>\($0.to)" } == [
                "Authenticated/todos>Todos/start", "Todos/start>Todos/todo",
            ])
        #expect(diagram.legend.chain == "openTodo")
        #expect(diagram.clusters.map(\.id) == ["Authenticated", "Todos"], "only the coordinators the chain runs in")
        #expect(diagram.nodes.filter { !$0.steps.isEmpty }.map { "\($0.id)=\($0.steps)" } == ["Authenticated/todos=[1]", "Todos/todo=[2]"])
        #expect(diagram.edges.filter(\.isHighlighted).map(\.step) == [1, 2])
        let dot = DOTWriter.write(diagram)
        #expect(dot.contains("xlabel=\" 2. \"") && dot.contains(">step 2</B>"))

        let overview = try Fixtures.diagram("stinsen", DiagramOptions(overview: true, chain: chain))
        #expect(overview.nodes.filter { $0.kind == .coordinator }.map(\.title) == ["Authenticated", "Todos"])
        #expect(overview.edges.compactMap(\.step) == [1])
    }

    @Test func findingsMarkTheElementsTheyAreAbout() throws {
        let at = SourceLocation(file: "x.flow.yml", line: 1, column: 1)
        let findings = [
            Finding(
                rule: "unreachable-route", severity: .warning, message: "never reached", location: at,
                coordinator: "Todos", route: "todo"),
            Finding(
                rule: "leaked-child", severity: .error, message: "stays in childCoordinators", location: at,
                coordinator: "Unauthenticated", route: "registration"),
            Finding(
                rule: "retain-cycle", severity: .error, message: "holds App strongly", location: at,
                coordinator: "Registration"),
            Finding(
                rule: "push-cycle", severity: .warning, message: "pushes loop", location: at,
                coordinator: "Unauthenticated", route: "start"),
            Finding(
                rule: "trapped-flow", severity: .warning, message: "no way out", location: at,
                coordinator: "Unauthenticated", route: "close"),
            Finding(rule: "syntax", severity: .error, message: "file-level", location: at),
        ]
        let diagram = try Fixtures.diagram("stinsen", DiagramOptions(findings: findings))
        #expect(diagram.node("Todos", "todo")?.markStyle == .unreachable)
        #expect(diagram.node("Unauthenticated", "registration")?.markStyle == .problem)
        #expect(diagram.node("Unauthenticated", "start")?.markStyle == .problem, "cycles are red whatever their severity")
        #expect(diagram.clusters.first { $0.id == "Registration" }?.markStyle == .problem)
        let close = try #require(diagram.edges.first { $0.label == "close" })
        #expect(close.markStyle == .warning, "a finding on a route without a node marks its edges")
        #expect(
            diagram.node("Unauthenticated", "registration")?.tooltip.contains("error [leaked-child]: stays in childCoordinators") == true)
        #expect(diagram.legend.markStyles == [.unreachable, .warning, .problem])
    }

    @Test func theSameProjectInAnotherFileOrderGivesTheSameDiagram() throws {
        let app = Fixtures.root.appendingPathComponent("split/app.flow.yml").path
        let settings = Fixtures.root.appendingPathComponent("split/settings.flow.yml").path
        let forward = DiagramBuilder.build(try Fixtures.graph(paths: [app, settings]))
        let backward = DiagramBuilder.build(try Fixtures.graph(paths: [settings, app]))
        #expect(forward == backward)
        #expect(forward.clusters.map(\.id) == ["App", "Feed", "Settings", "Account"])
    }

    @Test func nodeIDsKeepDistinctNamesDistinct() {
        let pairs = [("A/b", "c"), ("A", "b/c"), ("A", "b%2Fc"), ("A", "#exit"), ("A", ""), ("A", "#to/B/c"), ("A", "#to")]
        let ids = pairs.map { NodeID.route(RouteKey(coordinator: $0.0, route: $0.1)) }
        let landings = [NodeID.landing(in: "A", on: "B/c"), NodeID.landing(in: "A/#to", on: "c"), NodeID.landing(in: "A", on: "B/#to/c")]
        #expect(Set(ids + [NodeID.exit(of: "A"), NodeID.entry] + landings).count == ids.count + 2 + landings.count)
        #expect(NodeID.route(RouteKey(coordinator: "Auth", route: "login")) == "Auth/login")
        #expect(NodeID.encode("日本語 x") == "日本語%20x")
    }
}

/// The atlas's witness paths: every node and edge a path takes carries its name, the class its page highlights.
@Suite struct DiagramPathMarkTests {
    @Test func aPathMarksItsNodesAndEdgesFromTheEntry() throws {
        // Main starts Unauthenticated at its login screen; the path pushes Registration and finishes it.
        let path = NamedRoutePath(
            name: "path-1",
            routes: [
                RouteKey(coordinator: "Unauthenticated", route: "registration"), RouteKey(coordinator: "Registration", route: "password"),
                RouteKey(coordinator: "Registration", route: "done"),
            ])
        var options = DiagramOptions()
        options.paths = [path, NamedRoutePath(name: "path-2", routes: [RouteKey(coordinator: "Unauthenticated", route: "forgotPassword")])]
        let diagram = try Fixtures.diagram("stinsen", options)
        #expect(
            diagram.nodes.filter { $0.paths?.contains("path-1") == true }.map(\.id) == [
                "Unauthenticated/start", "Unauthenticated/registration", "Registration/start", "Registration/password",
            ])
        #expect(
            diagram.edges.filter { $0.paths?.contains("path-1") == true }.map { "\($0.from)>\($0.to)" } == [
                "Unauthenticated/start>Unauthenticated/registration", "Unauthenticated/registration>Registration/start",
                "Registration/start>Registration/password",
                diagram.edges.first { $0.triggered == "Registration.done" }.map { "\($0.from)>\($0.to)" } ?? "done",
            ])
        // Two paths through one node: both classes, in the paths' order; nothing is highlighted as a chain is.
        #expect(diagram.node("Unauthenticated", "start")?.paths == ["path-1", "path-2"])
        #expect(!diagram.nodes.contains(where: \.isHighlighted) && !diagram.edges.contains(where: \.isHighlighted))
        let dot = DOTWriter.write(diagram)
        #expect(dot.contains(#""Unauthenticated/start" ["#) && dot.contains(#"class="path-1 path-2"]"#))
        // Without paths, no class: the drawings of `graph` keep their bytes.
        #expect(!DOTWriter.write(try Fixtures.diagram("stinsen")).contains("class="))
    }
}
