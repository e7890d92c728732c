// libjpeg-turbo's TurboJPEG API (tj*) for Swift. It reports errors by return codes, not longjmp.
#ifndef SCANCTL_CTURBOJPEG_SHIM_H
#define SCANCTL_CTURBOJPEG_SHIM_H
#include <stddef.h>
#include <stdio.h>
#include <turbojpeg.h>
#endif
