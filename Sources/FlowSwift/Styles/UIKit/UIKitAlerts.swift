import FlowModel
import FlowConfig

/// Alerts and action sheets: menus of the routes their actions run, not routes of their own.
extension UIKitStyle {
    /// A start that presents an alert or an action sheet: only its actions close it, no swipe does, and what they run
    /// is the child's; the parent's route is open rather than a sheet assumed swipe-dismissible.
    static func showsAlert(_ route: Route) -> Bool {
        route.destination?.value == .screen("UIAlertController")
    }

    /// Routes that only present an alert or an action sheet (`UIAlertController`): not navigation a spec follows, but
    /// a menu of the routes its actions run. The initial route stays.
    static func alertRoutes(of coordinator: Coordinator) -> Set<String> {
        Set(
            coordinator.routes.filter { route in
                route.transition?.value == .present && route.destination?.value == .screen("UIAlertController")
                    && route.name != coordinator.initial?.value
            }.map(\.name))
    }
}
