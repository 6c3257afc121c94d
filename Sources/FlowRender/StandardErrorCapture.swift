#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What is written to file descriptor 2 while `body` runs, held in an unnamed temporary file (a pipe would fill
/// and block the writer) and read back once the descriptor is restored. Graphviz's libpathplan writes its
/// complaints there with `fprintf(stderr, …)`, past the error handler that takes every other Graphviz message.
///
/// The descriptor is the process's: whatever another thread writes to standard error meanwhile is captured too.
/// `StandardErrorCapture.Lines.pass` gives it back: the caller writes every line that is not Graphviz's to standard
/// error again, so nothing is lost, only held until the call ends.
///
/// Captures take turns (one lock for the process; a capture inside a capture on the same thread nests): two that
/// overlapped on two threads could each put back what the other had put in place, and leave standard error pointing
/// at a deleted file for the rest of the process. The test run's own output was lost that way.
enum StandardErrorCapture {
    static func capturing<Value, Failure: Error>(_ body: () throws(Failure) -> Value) throws(Failure) -> (value: Value, captured: [UInt8]) {
        try exclusively { () throws(Failure) in try redirected(body) }
    }

    /// Runs `body` while no capture is in progress on another thread: what descriptor 2 is then is what it is for good.
    static func exclusively<Value, Failure: Error>(_ body: () throws(Failure) -> Value) throws(Failure) -> Value {
        pthread_mutex_lock(lock)
        defer { pthread_mutex_unlock(lock) }
        return try body()
    }

    private static func redirected<Value, Failure: Error>(_ body: () throws(Failure) -> Value) throws(Failure) -> (
        value: Value, captured: [UInt8]
    ) {
        fflush(nil)  // every stream, standard error among them
        guard let file = tmpfile() else { return (try body(), []) }
        defer { fclose(file) }
        let saved = dup(2)
        guard saved >= 0, dup2(fileno(file), 2) >= 0 else {
            if saved >= 0 { close(saved) }
            return (try body(), [])
        }
        let result = Result { () throws(Failure) -> Value in try body() }
        fflush(nil)  // every stream, standard error among them
        dup2(saved, 2)
        close(saved)
        var captured: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        lseek(fileno(file), 0, SEEK_SET)
        while true {
            let count = read(fileno(file), &buffer, buffer.count)
            guard count > 0 else { break }
            captured += buffer[..<count]
        }
        return (try result.get(), captured)
    }

    /// A recursive mutex: a capture inside a capture on the same thread takes it again.
    nonisolated(unsafe) private static let lock: UnsafeMutablePointer<pthread_mutex_t> = {
        let lock = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        var attributes = pthread_mutexattr_t()
        pthread_mutexattr_init(&attributes)
        pthread_mutexattr_settype(&attributes, Int32(PTHREAD_MUTEX_RECURSIVE))
        pthread_mutex_init(lock, &attributes)
        pthread_mutexattr_destroy(&attributes)
        return lock
    }()

    /// Captured text split into the lines Graphviz wrote and everything else, which goes back to standard error.
    struct Lines: Equatable {
        var graphviz: [String] = []
        var others: [UInt8] = []

        /// libpathplan's lines read `libpath/shortest.c:324: triangulation failed`.
        init(_ captured: [UInt8]) {
            var start = captured.startIndex
            while start < captured.endIndex {
                let end = captured[start...].firstIndex(of: 10).map { $0 + 1 } ?? captured.endIndex
                let line = captured[start..<end]
                if line.starts(with: Array("libpath/".utf8)) {
                    graphviz.append(String(decoding: line.prefix { $0 != 10 }, as: UTF8.self))
                } else {
                    others += line
                }
                start = end
            }
        }

        /// Writes the lines that are not Graphviz's to standard error, as they were written.
        func pass() {
            var written = 0
            while written < others.count {
                let count = others[written...].withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
                guard count > 0 else { return }
                written += count
            }
        }
    }
}
