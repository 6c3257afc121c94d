#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import FlowModel

/// The only place that writes to the terminal.
enum Output {
    static func write(_ text: String) {
        write(text, to: STDOUT_FILENO)
    }

    static func error(_ line: String) {
        write(line + "\n", to: STDERR_FILENO)
    }

    /// A closed pipe (`| head`) ends the output quietly.
    private static func write(_ text: String, to descriptor: Int32) {
        FileIO.writeAll(text, to: descriptor)
    }
}
