import FlowModel

extension SwiftUIStyle {
    /// SwiftUI's names for what navigates: the containers that bind navigation state, the modifiers that map a value
    /// to a view or present one, and the path type. What the reader makes of them is decided by what they bind, not by
    /// the app's names for its routers.
    struct Names: Sendable {
        /// The protocol every view conforms to.
        var view = "View"
        /// The protocols that wrap a UIKit controller or view as a view: what `makeUIViewController` builds is shown.
        var representables: Set<String> = ["UIViewControllerRepresentable", "UIViewRepresentable"]
        /// What a view declares to show itself: `var body: some View`.
        var body = "body"
        /// What an `App` declares its windows with: `var body: some Scene`.
        var scene = "Scene"
        /// A stack bound to a path: `NavigationStack(path: $router.path) { Root() }`.
        var stack = "NavigationStack"
        var stackPathLabel = "path"
        /// The type-erased path (`NavigationPath()`): any value it holds pushes.
        var pathType = "NavigationPath"
        /// `navigationDestination(for: Route.self) { route in … }`: the views the stack's values show.
        var destination = "navigationDestination"
        var destinationLabel = "for"
        /// Presenting modifiers and whether they cover the screen.
        var presenters: [String: PresentationStyle] = ["sheet": .sheet, "fullScreenCover": .fullScreen, "popover": .popover]
        /// Their labels: an optional item (`item:`) or a flag (`isPresented:`).
        var itemLabel = "item"
        var flagLabel = "isPresented"
        /// Tabs: `TabView(selection: $tab) { A().tag(Tab.a) }`.
        var tabs = "TabView"
        var tabSelectionLabel = "selection"
        var tag = "tag"
        /// What lists a `TabView`'s pages below the top of its closure: `ForEach(tabs) { Tab(value: $0) { … } }`.
        var pages: Set<String> = ["ForEach", "Tab"]
        /// `NavigationLink(value: Route.x)`: a tap that appends the value.
        var link = "NavigationLink"
        var linkValueLabel = "value"
        /// `NavigationLink(destination: Detail())`, or `NavigationLink { Detail() } label: { … }`: a tap that pushes the view.
        var linkDestinationLabel = "destination"
        /// Environment values: `@Environment(\.dismiss)` closes the view's own context; `@Environment(X.self)`,
        /// `@EnvironmentObject`, `@ObservedObject`, `@StateObject`, `@Bindable` hold an object.
        var environment = "Environment"
        var dismissKeys: Set<String> = ["dismiss", "presentationMode"]
        /// Wrappers under which a view makes and keeps its own object (a child router it owns).
        var owningWrappers: Set<String> = ["StateObject", "State"]
        /// The path's calls: what pops one, what empties it.
        var appendCalls: Set<String> = ["append"]
        var popCalls: Set<String> = ["removeLast"]
        var resetCalls: Set<String> = ["removeAll"]
        /// SwiftUI's modifiers that register no destination: on a stack's root, only these (and the app's own helpers,
        /// which are read) let the reader say a value has no destination.
        var knownModifiers: Set<String> = [
            "navigationDestination", "navigationTitle", "navigationBarTitleDisplayMode", "toolbar", "environmentObject",
            "environment", "onAppear", "onDisappear", "task", "padding", "frame", "font", "foregroundStyle", "background",
            "listStyle", "refreshable", "searchable", "onChange", "onReceive", "onOpenURL", "alert", "tag", "tabItem",
        ]
        /// The Hashable conformance route values need.
        var hashable = "Hashable"
    }

    static let names = Names()

    /// File → the type a representable's `makeCoordinator()` makes → the representable, both declared in that file.
    static func bridgeDelegates(in files: [FileFacts]) -> [String: [String: String]] {
        var delegates: [String: [String: String]] = [:]
        for file in files {
            for type in file.types where type.inherited.contains(where: { names.representables.contains($0.base) }) {
                guard let maker = type.methods.first(where: { $0.name == "makeCoordinator" }),
                    let made = maker.returnType?.base ?? maker.returns.first?.constructedType
                else { continue }
                delegates[file.path, default: [:]][made] = type.name
            }
        }
        return delegates
    }

    /// What the fact collector needs of this style: nothing beyond the views SwiftUI's other readers already name.
    static let vocabulary = NavigationVocabulary(wrappers: WrapperNames(viewProtocols: ["View"]))
}
