#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import FlowlintCLI

exit(FlowlintCLI.run())
