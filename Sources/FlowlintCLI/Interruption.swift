#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The private folders of a run that SIGINT, SIGTERM or SIGHUP must not leave behind (`diff`'s revisions).
///
/// A signal handler may do almost nothing safely: it writes the signal's number to a pipe. A thread of its own
/// reads it, removes the folders kept here, and ends the process by the same signal, so a shell or CI runner sees
/// the run as interrupted, as before. `install()` sets the handlers up, on the main thread before any other starts.
final class Interruption: @unchecked Sendable {
    static let shared = Interruption()

    private var folders: Set<String> = []
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)

    private init() {
        pthread_mutex_init(mutex, nil)
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { return }  // no pipe: interrupted runs leave their folders, as without this
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        interruptionPipe = ends[1]
        let reader = Unmanaged.passRetained(Reader(owner: self, pipe: ends[0])).toOpaque()
        #if canImport(Glibc)
        var thread = pthread_t()
        #else
        var thread: pthread_t?
        #endif
        guard
            pthread_create(
                &thread, nil,
                { context in
                    (Unmanaged<Reader>.fromOpaque(context!).takeRetainedValue()).run()
                    return nil
                }, reader) == 0
        else {
            Unmanaged<Reader>.fromOpaque(reader).release()
            return
        }
        #if canImport(Glibc)
        pthread_detach(thread)
        #else
        pthread_detach(thread!)
        #endif
        var handled = sigset_t()
        sigemptyset(&handled)
        for signal in [SIGINT, SIGTERM, SIGHUP] {
            // A signal the run was started ignoring (`nohup`, a shell's background job) stays ignored.
            var current = sigaction()
            sigaction(signal, nil, &current)
            #if canImport(Glibc)
            let disposition = current.__sigaction_handler.sa_handler
            #else
            let disposition = current.__sigaction_u.__sa_handler
            #endif
            if unsafeBitCast(disposition, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self) { continue }
            sigaddset(&handled, signal)
            var action = sigaction()
            #if canImport(Glibc)
            action.__sigaction_handler.sa_handler = { number in
                var number = number
                _ = write(interruptionPipe, &number, MemoryLayout<Int32>.size)
            }
            #else
            action.__sigaction_u.__sa_handler = { number in
                var number = number
                _ = write(interruptionPipe, &number, MemoryLayout<Int32>.size)
            }
            #endif
            sigemptyset(&action.sa_mask)
            action.sa_flags = SA_RESTART
            sigaction(signal, &action, nil)
        }
        // A launcher that spawns from a thread blocking these (libdispatch's workers block them) would make them
        // pending forever: this thread takes them, and so do the threads it starts from now on.
        pthread_sigmask(SIG_UNBLOCK, &handled, nil)
    }

    /// Installs the handlers (once): call it on the main thread, before other threads start.
    static func install() {
        _ = shared
    }

    /// `folder` is removed if the run is interrupted before `forget(folder)`.
    func keep(_ folder: String) {
        locked { _ = folders.insert(folder) }
    }

    func forget(_ folder: String) {
        locked { _ = folders.remove(folder) }
    }

    private func locked<T>(_ body: () -> T) -> T {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return body()
    }

    /// Waits for a signal's number on the pipe; then removes the folders (holding the lock, so none is kept or
    /// forgotten meanwhile) and ends the process by that signal.
    private final class Reader {
        let owner: Interruption
        let pipe: Int32

        init(owner: Interruption, pipe: Int32) {
            self.owner = owner
            self.pipe = pipe
        }

        func run() {
            var number: Int32 = 0
            var count = 0
            repeat { count = read(pipe, &number, MemoryLayout<Int32>.size) } while count < 0 && errno == EINTR
            guard count == MemoryLayout<Int32>.size else { return }
            pthread_mutex_lock(owner.mutex)
            for folder in owner.folders {
                // Moved aside first: a thread still writing into the folder then fails instead of refilling it.
                let aside = folder + ".interrupted"
                TemporaryFolder.delete(rename(folder, aside) == 0 ? aside : folder)
            }
            signal(number, SIG_DFL)
            var only = sigset_t()
            sigemptyset(&only)
            sigaddset(&only, number)
            pthread_sigmask(SIG_UNBLOCK, &only, nil)
            raise(number)
            // SIGINT, SIGTERM and SIGHUP end the process by default: this is only reached if the signal was blocked.
            _exit(128 + number)
        }
    }
}

/// The pipe's writing end, for the signal handler (a C function, which cannot capture it).
nonisolated(unsafe) private var interruptionPipe: Int32 = -1
