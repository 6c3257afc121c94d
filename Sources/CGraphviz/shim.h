// dladdr(3) finds where libgvc was loaded from, and with it Graphviz's plugin folder.
#define _GNU_SOURCE 1
#include <dlfcn.h>
#include <gvc.h>

// Exported by libgvc but declared only in its private headers: picks the text-layout plugin (pango's, once
// the cairo plugin is added to a context made without plugins), so image renderers measure text as they draw it.
extern int gvtextlayout_select(GVC_t *gvc);
