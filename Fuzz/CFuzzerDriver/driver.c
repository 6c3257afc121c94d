// The declarations of CFuzzerDriver.h are defined by libFuzzer; SwiftPM needs one source file per C target.
#include "CFuzzerDriver.h"
