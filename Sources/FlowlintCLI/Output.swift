#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import FlowModel

/// The only place that writes to the terminal.
enum Output {
    /// Why writing to standard output failed (`no space left on device`, `bad file descriptor`), if it did.
    nonisolated(unsafe) private(set) static var stdoutFailure: String?

    static func write(_ text: String) {
        // A closed pipe (`| head`) ends the output quietly; any other failure is reported at exit (status 2).
        if !FileIO.writeAll(text, to: STDOUT_FILENO), errno != EPIPE, stdoutFailure == nil {
            stdoutFailure = String(cString: strerror(errno)).lowercased()
        }
    }

    static func write(_ bytes: [UInt8]) {
        if !FileIO.writeAll(bytes, to: STDOUT_FILENO), errno != EPIPE, stdoutFailure == nil {
            stdoutFailure = String(cString: strerror(errno)).lowercased()
        }
    }

    static func error(_ line: String) {
        FileIO.writeAll(line + "\n", to: STDERR_FILENO)
    }
}
