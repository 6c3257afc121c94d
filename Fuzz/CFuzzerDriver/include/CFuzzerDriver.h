#include <stddef.h>
#include <stdint.h>

/// libFuzzer's driver (compiler-rt), linked by `-sanitize=fuzzer`: runs the fuzzer with the command line's options.
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));
