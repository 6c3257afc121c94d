#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The only place that writes to the terminal.
enum Output {
    static func write(_ text: String) {
        write(text, to: STDOUT_FILENO)
    }

    static func error(_ line: String) {
        write(line + "\n", to: STDERR_FILENO)
    }

    /// Writes all bytes, retrying short writes; a closed pipe (`| head`) ends the output quietly.
    private static func write(_ text: String, to descriptor: Int32) {
        var text = text
        text.withUTF8 { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = Glibc.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return
                }
                offset += written
            }
        }
    }
}
