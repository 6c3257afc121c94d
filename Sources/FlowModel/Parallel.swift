#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch

/// Work spread over the machine's cores, with results in a deterministic order.
///
/// Loading maps over files; the analysis runs independent facts and rules side by side. Every
/// task writes only its own slot, so no two threads touch the same memory.
public enum Parallel {
    /// `map` over all cores; results keep the input order, and the first error in input order is thrown.
    /// `inParallel` false: on this thread, for work so small that waking other threads would cost more than it.
    public static func map<T, R: Sendable, E: Error>(
        _ items: [T], inParallel: Bool = true,
        _ transform: (T) throws(E) -> R
    ) throws(E) -> [R] {
        guard inParallel, items.count > 1 else { return try items.map { item throws(E) in try transform(item) } }
        let slots = Slots<Result<R, E>>(count: items.count)
        items.withUnsafeBufferPointer { buffer in
            nonisolated(unsafe) let buffer = buffer
            withoutActuallyEscaping(transform) { transform in
                nonisolated(unsafe) let transform = transform
                DispatchQueue.concurrentPerform(iterations: buffer.count) { index in
                    slots.set(index, Result { () throws(E) -> R in try transform(buffer[index]) })
                }
            }
        }
        return try slots.values.map { result throws(E) in try result.get() }
    }

    /// `items` in consecutive slices, a few per core and at least `minimum` long: work shared among threads in
    /// pieces large enough to outweigh handing them out.
    public static func slices<T>(of items: [T], minimum: Int = 64) -> [ArraySlice<T>] {
        let cores = max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
        let size = max(minimum, items.count / (4 * cores))
        return stride(from: 0, to: items.count, by: size).map { items[$0..<min($0 + size, items.count)] }
    }

    /// Runs two independent computations at once (one after the other without `inParallel`).
    public static func both<A: Sendable, B: Sendable>(inParallel: Bool = true, _ first: () -> A, _ second: () -> B) -> (A, B) {
        guard inParallel else { return (first(), second()) }
        let a = Slots<A>(count: 1)
        let b = Slots<B>(count: 1)
        withoutActuallyEscaping(first) { first in
            withoutActuallyEscaping(second) { second in
                nonisolated(unsafe) let first = first
                nonisolated(unsafe) let second = second
                DispatchQueue.concurrentPerform(iterations: 2) { index in
                    if index == 0 { a.set(0, first()) } else { b.set(0, second()) }
                }
            }
        }
        return (a.values[0], b.values[0])
    }

    /// Each index is written by exactly one task.
    private final class Slots<Value>: @unchecked Sendable {
        private let storage: UnsafeMutableBufferPointer<Value?>

        init(count: Int) {
            storage = .allocate(capacity: count)
            storage.initialize(repeating: nil)
        }

        deinit {
            storage.deinitialize()
            storage.deallocate()
        }

        func set(_ index: Int, _ value: Value) {
            storage[index] = value
        }

        var values: [Value] { storage.map { $0! } }
    }
}
