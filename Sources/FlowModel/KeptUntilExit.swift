/// What a command that exits once it has its result never frees. Releasing a large project string by string takes
/// longer than the system takes to reclaim its pages at exit (a tenth of a 110,000-route run), so it is kept until
/// then, as compilers do with their syntax trees: the loaded specs (`flowlint lint`) and every file's facts (the
/// Swift reader's `keepingFactsUntilExit`).
public enum KeptUntilExit {
    public static func keep(_ value: Any) { _ = Unmanaged.passRetained(Box(value)) }

    private final class Box {
        let value: Any
        init(_ value: Any) { self.value = value }
    }
}
