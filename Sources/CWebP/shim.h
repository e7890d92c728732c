// libwebp's decoding API for Swift. System headers only; no code of our own.
#ifndef SCANCTL_CWEBP_SHIM_H
#define SCANCTL_CWEBP_SHIM_H
#include <stddef.h>
#include <stdint.h>
#include <webp/decode.h>
#include <webp/encode.h>  // used by the tests to make fixtures

// WebPGetFeatures is a static inline wrapper around a versioned function; Swift imports it, but the
// ABI version macro does not import, so expose it as a constant.
static const int scanctl_webp_decoder_abi_version = WEBP_DECODER_ABI_VERSION;
#endif
