#if canImport(Glibc)
import Glibc
#endif
import CFuzzerDriver

// Built only by `scripts/fuzz` (`FLOWLINT_FUZZ=1`, `-sanitize=fuzzer,address`): libFuzzer's options and corpus
// folders on the command line, each input run by `fuzzOneInput`.
var argc = CommandLine.argc
var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
exit(LLVMFuzzerRunDriver(&argc, &argv) { fuzzOneInput($0, $1) })
