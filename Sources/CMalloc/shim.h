// glibc's allocator settings (mallopt) for Swift: Glibc's module leaves out <malloc.h>. System headers
// only; no code of our own.
#ifndef SCANCTL_CMALLOC_SHIM_H
#define SCANCTL_CMALLOC_SHIM_H
#if defined(__linux__)
#include <malloc.h>
#endif
#endif
