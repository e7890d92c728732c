// libpng's simplified API (png_image_*) for Swift. System headers only; no code of our own.
#ifndef SCANCTL_CPNG_SHIM_H
#define SCANCTL_CPNG_SHIM_H
#include <png.h>
#endif
