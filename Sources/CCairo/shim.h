// cairo (2D drawing: lines, polygons, text) for Swift: annotated images and preview frames.
#ifndef SCANCTL_CCAIRO_SHIM_H
#define SCANCTL_CCAIRO_SHIM_H
#include <cairo.h>
#endif
