// dladdr(3) finds where libgvc was loaded from, and with it Graphviz's plugin folder.
#define _GNU_SOURCE 1
#include <dlfcn.h>
#include <gvc.h>
