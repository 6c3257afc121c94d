#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ArgumentParser
import FlowRules
import FlowSpec

/// Maps every way a run ends to DESIGN's exit statuses: 0 clean, 1 findings, 2 usage or I/O.
func runFlowlint() -> Int32 {
    do {
        var command = try Flowlint.parseAsRoot()
        try command.run()
        return 0
    } catch let error as LoadError {
        Output.error("flowlint: error: \(error)")
        return 2
    } catch let error as ConfigurationError {
        Output.error("flowlint: error: \(error)")
        return 2
    } catch let code as ExitCode {
        return code.rawValue
    } catch {
        let code = Flowlint.exitCode(for: error)
        let message = Flowlint.fullMessage(for: error)
        if code == .success {
            Output.write(message + "\n")
            return 0
        }
        Output.error(message)
        return 2
    }
}

signal(SIGPIPE, SIG_IGN)
exit(runFlowlint())
