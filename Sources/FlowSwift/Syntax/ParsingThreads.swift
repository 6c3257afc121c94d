#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// How parsing is bounded in stack and memory (DESIGN §5, Bounded): threads with a large stack, and
// a cap on the source bytes being parsed at once.

/// Runs work on a new thread with a stack of a given size and waits for it: swift-syntax's parser and tree
/// walks recurse, and a worker thread's default stack (512 KiB to 8 MiB) is not theirs to choose.
enum LargeStack {
    static func run<T>(size: Int, _ body: () -> T) -> T {
        withoutActuallyEscaping(body) { body in
            // The caller waits in `pthread_join` while the thread runs `body`: no two threads touch `result` at once.
            nonisolated(unsafe) var result: T?
            guard let thread = LargeStackThreads.start(LargeStackThreads.Work { result = body() }, stackSize: size) else {
                // No thread to be had (a strict overcommit policy, a thread limit): this one does the work.
                return body()
            }
            pthread_join(thread, nil)
            return result!
        }
    }
}

/// Maps items on one thread per core, each with a stack of a given size, kept for the whole map: a thread made per
/// item mapped and unmapped its stack each time (256 MiB, past what the C library keeps for reuse), and the
/// kernel's share of a run was a tenth of it. Results keep the input order.
enum LargeStackThreads {
    /// `transform` of each item, on one thread per core. The parse runs here, and so do the recognizer's parallel
    /// passes, with the parser's stack: a build reads facts as deep as the nesting the parse let through, and a
    /// dispatch worker's stack (512 KiB on macOS) is not the main thread's.
    static func map<T, R>(_ items: [T], stackSize: Int = SwiftExtractor.stackSize, _ transform: (T) -> R) -> [R] {
        guard !items.isEmpty else { return [] }
        let results = UnsafeMutablePointer<R?>.allocate(capacity: items.count)
        results.initialize(repeating: nil, count: items.count)
        defer {
            results.deinitialize(count: items.count)
            results.deallocate()
        }
        let next = Counter()
        withoutActuallyEscaping(transform) { transform in
            let work = Work {
                while let index = next.take(below: items.count) { results[index] = transform(items[index]) }
            }
            let cores = max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
            var threads: [pthread_t] = []
            for _ in 0..<min(cores, items.count) {
                guard let thread = start(work, stackSize: stackSize) else { break }
                threads.append(thread)
            }
            // No thread to be had (a strict overcommit policy, a thread limit): this one does the work.
            if threads.isEmpty { work.run() }
            for thread in threads { pthread_join(thread, nil) }
        }
        return (0..<items.count).map { results[$0]! }
    }

    fileprivate static func start(_ work: Work, stackSize: Int) -> pthread_t? {
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        let context = Unmanaged.passRetained(work).toOpaque()
        #if canImport(Glibc)
        var thread = pthread_t()
        #else
        var thread: pthread_t?
        #endif
        guard pthread_attr_setstacksize(&attributes, stackSize) == 0,
            pthread_create(
                &thread, &attributes,
                { context in
                    Unmanaged<Work>.fromOpaque(context!).takeRetainedValue().run()
                    return nil
                }, context) == 0
        else {
            Unmanaged<Work>.fromOpaque(context).release()
            return nil
        }
        #if canImport(Glibc)
        return thread
        #else
        return thread!
        #endif
    }

    /// What a thread runs; the caller waits in `pthread_join` until it is done.
    fileprivate final class Work: @unchecked Sendable {
        let run: () -> Void
        init(_ run: @escaping () -> Void) { self.run = run }
    }

    /// The next item to map, handed out once.
    private final class Counter: @unchecked Sendable {
        private var value = 0
        private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)

        init() { pthread_mutex_init(mutex, nil) }

        deinit {
            pthread_mutex_destroy(mutex)
            mutex.deallocate()
        }

        func take(below limit: Int) -> Int? {
            pthread_mutex_lock(mutex)
            defer { pthread_mutex_unlock(mutex) }
            guard value < limit else { return nil }
            value += 1
            return value - 1
        }
    }
}

/// A count of bytes that threads take before parsing and give back after: parsing many large files on every
/// core at once would hold all their trees together.
final class ByteBudget: @unchecked Sendable {
    private var available: Int
    private let capacity: Int
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)

    init(capacity: Int) {
        self.capacity = capacity
        available = capacity
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(condition, nil)
    }

    deinit {
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
        condition.deallocate()
    }

    /// Runs `body` once `count` bytes (at most the capacity, so one file always fits) are free.
    func withBytes<T>(_ count: Int, _ body: () -> T) -> T {
        let taken = max(0, min(count, capacity))
        pthread_mutex_lock(mutex)
        while available < taken { pthread_cond_wait(condition, mutex) }
        available -= taken
        pthread_mutex_unlock(mutex)
        defer {
            pthread_mutex_lock(mutex)
            available += taken
            pthread_cond_broadcast(condition)
            pthread_mutex_unlock(mutex)
        }
        return body()
    }
}
