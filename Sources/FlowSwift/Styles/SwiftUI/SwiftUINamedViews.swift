import FlowModel

/// A view the app names as a coordinator (`struct CheckoutCoordinator: View`) that binds no navigation state the
/// reader knows (no stack, presenter or tab view of its own, nor the state of an object it holds): what it shows
/// beyond its body goes through the app's own modifiers, or nowhere. No coordinator type is dropped, so it is read as
/// one: its first screen is the view itself, it is started wherever it is shown, and it is `open` with a note, since
/// what it may present through those modifiers is not read. A representable so named is SwiftUI's bridge, not this.
extension SwiftUIStyle {
    static func isNamedCoordinatorView(_ type: TypeFacts, _ index: ProjectIndex, _ held: HeldBindings) -> Bool {
        guard UIKitStyle.isCoordinatorBase(type.name), isView(type),
            !type.inherited.contains(where: { names.representables.contains($0.base) })
        else { return false }
        return held.bindings(of: type).isEmpty && held.helperBindings(of: type, index).isEmpty
    }

    /// The view as a coordinator of its own: itself as its first screen, what its body builds that owns navigation
    /// state embedded, and `open`.
    static func namedCoordinatorView(_ type: TypeFacts, _ state: State, _ context: inout Context) -> Coordinator? {
        guard var coordinator = owningView(type, state, &context) else { return nil }
        context.notes.append(
            ExtractionNote(
                .unrecognized,
                "`\(type.name)` is named as a coordinator but binds no stack, sheet or tab view the reader knows: read as a "
                    + "coordinator whose first screen is itself; what it shows through the app's own modifiers is not read",
                at: type.location, coordinator: type.name))
        coordinator.markOpen()
        return coordinator
    }
}
