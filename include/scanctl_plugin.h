/*
 * scanctl_plugin.h: the ABI of decoder plugins that scanctl loads at run time (dlopen).
 *
 * A plugin is a shared library that exports one function, SCANCTL_PLUGIN_ENTRY_SYMBOL:
 *
 *     const scanctl_plugin *scanctl_plugin_entry(uint32_t host_abi_version);
 *
 * The host calls it once per load with the newest ABI version it speaks (SCANCTL_PLUGIN_ABI_VERSION), and
 * the plugin returns its function table: what it is (name, kind, formats) and how to call it (decode,
 * destroy). Everything crosses as plain C (integers, doubles, NUL-terminated UTF-8 strings, pointers and
 * lengths), so a plugin may be written in C, C++, Rust or Swift (ScanPluginKit wraps a SymbologyDecoder),
 * and it never shares a Swift type with the host. Docs/plugins.md shows how to write, build and load one.
 *
 * Versioning. The entry function's name and signature, and `abi_version` being the table's first field
 * (a uint32_t at offset 0), never change. Any other change to the structures below comes with a new
 * ABI version; the host reads `abi_version` first and refuses a table whose version it does not speak
 * ("wrong ABI version"). A plugin that speaks several versions picks one that is <= host_abi_version; one
 * that speaks none of them returns NULL.
 *
 * Ownership. The table, its strings and its context belong to the plugin and must stay valid and
 * unchanged until destroy(context) returns; the host copies name and formats when it loads the plugin and
 * never writes to any of it. The luminance plane, the options and the host structure passed to decode
 * belong to the host and are valid only during that call: the plugin must not write to them or keep a
 * pointer to them. A result passed to emit (and every string and byte array it points to) belongs to
 * the plugin and needs to stay valid only until emit returns: the host copies what it keeps. So no memory
 * is ever freed across the boundary, and no free function is needed.
 *
 * Threading. decode may be called on several threads at once, with the same context, on different
 * frames: it must be safe for that (no unguarded shared state). emit and error may only be called on the
 * thread running decode, before decode returns. destroy is called once, when no decode is running, and no
 * call follows it. scanctl keeps the library loaded until the process ends (it never calls dlclose), so
 * a plugin's static data stays valid.
 *
 * Errors. decode returns SCANCTL_OK when it looked at the frame (whether it found symbols or not: "no
 * symbol" is not an error) and SCANCTL_ERROR when it could not (e.g. out of memory); before returning
 * SCANCTL_ERROR it may call host->error once with a one-line UTF-8 message. Results emitted before an
 * error are kept. The host validates every result (format among the table's formats, UTF-8 text, sizes,
 * finite corner points near the image, identifier shape, metadata): a result that fails is dropped and
 * reported, the others are kept, and the plugin keeps running.
 *
 * A plugin runs inside the host's process: validation protects the host from bad data, not from a
 * plugin that crashes or writes outside its own memory.
 */
#ifndef SCANCTL_PLUGIN_H
#define SCANCTL_PLUGIN_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The ABI version this header describes. */
#define SCANCTL_PLUGIN_ABI_VERSION 1u

/* The name of the entry function the host looks up with dlsym. */
#define SCANCTL_PLUGIN_ENTRY_SYMBOL "scanctl_plugin_entry"

/* What decode returns. */
#define SCANCTL_OK 0
#define SCANCTL_ERROR (-1)

/* What emit returns: go on, or stop looking (the host has all the symbols it wants). */
#define SCANCTL_CONTINUE 0
#define SCANCTL_STOP 1

/* Limits the host enforces (a table or result beyond them is refused). */
#define SCANCTL_MAX_NAME_LENGTH 64        /* bytes in the plugin's name */
#define SCANCTL_MAX_FORMATS 32            /* entries in formats */
#define SCANCTL_MAX_FORMAT_LENGTH 32      /* bytes in one format name */
#define SCANCTL_MAX_RESULTS 256           /* results per decode call; emit returns SCANCTL_STOP at the limit */
#define SCANCTL_MAX_PAYLOAD 1048576       /* bytes of text, and bytes of byte_count, per result */
#define SCANCTL_MAX_METADATA 32           /* key/value pairs per result */
#define SCANCTL_MAX_METADATA_LENGTH 4096  /* bytes in one metadata key or value */

/*
 * What kind of symbology a plugin reads, so the host can choose the passes that help it (inverted
 * image, downscaled copies) the way it does for its built-in plugins.
 */
typedef enum scanctl_kind {
    SCANCTL_KIND_LINEAR = 1,  /* one row of bars read along scan lines (Code 11, MSI Plessey, Telepen) */
    SCANCTL_KIND_STACKED = 2, /* rows of linear codewords stacked (PDF417, Codablock) */
    SCANCTL_KIND_MATRIX = 3   /* a two-dimensional grid of modules (QR Code, Data Matrix, Aztec) */
} scanctl_kind;

/* A point in pixels of the luminance plane: origin at the top-left pixel's top-left corner, x right, y down. */
typedef struct scanctl_point {
    double x;
    double y;
} scanctl_point;

/* How to decode one frame. Booleans are 0 (off) or 1 (on). */
typedef struct scanctl_options {
    /* The formats wanted in this call, NULL-terminated: a non-empty subset of the table's formats (the host
       never calls decode when it wants none of them). Report only these. */
    const char *const *formats;
    /* Spend more time: more scan lines, a second binarizer, smaller symbols. */
    int32_t try_harder;
    /* Also look for symbols turned by 90 and 270 degrees (linear symbols along columns). */
    int32_t try_rotate;
    /* The image is exactly one symbol, axis-aligned, possibly without a quiet zone. */
    int32_t pure;
    /* Search everywhere, not only where the host's candidate map sees code-like edges. */
    int32_t search_whole_frame;
    /* Report at most this many symbols (0: no limit; the host also stops at SCANCTL_MAX_RESULTS). */
    int32_t max_symbols;
    /* Linear symbologies: scan lines that must agree before a symbol is reported (1 or more). */
    int32_t min_line_agreement;
    /* The binarizer to start from: 0 local (block thresholds), 1 global histogram. */
    int32_t binarizer;
} scanctl_options;

/* One decoded symbol, as the plugin reports it through emit. */
typedef struct scanctl_result {
    /* The symbology: one of the table's formats (and of options->formats). */
    const char *format;
    /* The payload as NUL-terminated UTF-8 text, or NULL when the payload is binary. */
    const char *text;
    /* The payload bytes exactly as encoded. NULL with byte_count 0 when text is given: the host takes the
       text's UTF-8 bytes. A result needs text or at least one byte. */
    const uint8_t *bytes;
    size_t byte_count;
    /* The symbol's four outer corners, clockwise, starting at the symbol's own top-left (for a linear
       symbol: the top of its first bar's leading edge as read), in pixels of the plane given to decode.
       All finite; none more than one image width or height outside the image. */
    scanctl_point corners[4];
    /* The ISO/IEC 15424 symbology identifier: ']', a letter, then one modifier character (letter or digit),
       e.g. "]M0". */
    const char *symbology_identifier;
    /* NULL, or symbology-specific facts as key, value, key, value, ..., NULL (UTF-8). Keys are 1 to 64
       characters from [a-z0-9_]. */
    const char *const *metadata;
} scanctl_result;

/* The host side of one decode call. */
typedef struct scanctl_host {
    /* Passed back to emit and error unchanged. */
    void *context;
    /* Delivers one result; the host copies it before returning. Returns SCANCTL_CONTINUE, or SCANCTL_STOP
       when the plugin should return now (further results would be dropped). */
    int32_t (*emit)(void *context, const scanctl_result *result);
    /* Explains why decode is about to return SCANCTL_ERROR: one line of UTF-8 text, copied by the host. */
    void (*error)(void *context, const char *message);
} scanctl_host;

/* The function table a plugin returns from its entry function. */
typedef struct scanctl_plugin {
    /* The ABI version this table is laid out for: SCANCTL_PLUGIN_ABI_VERSION. Always the first field. */
    uint32_t abi_version;
    /* A scanctl_kind value. */
    uint32_t kind;
    /* A short name for listings and messages: 1 to 64 characters from [a-z0-9._-], e.g. "msi-plessey". */
    const char *name;
    /* The formats this plugin reports, NULL-terminated, 1 to 32 entries: canonical names of 1 to 32
       lower-case letters and digits ("msi", "code11"). A format another loaded plugin already serves
       makes the host refuse the whole plugin (the one loaded first keeps the format). */
    const char *const *formats;
    /* The plugin's own state, passed to decode and destroy. May be NULL. */
    void *context;
    /*
     * Finds the symbols of the wanted formats in an 8-bit luminance plane (0 black, 255 white). The pixel
     * at (x, y) is luminance[y * stride + x], 0 <= x < width, 0 <= y < height; width and height are at
     * least 1 and stride >= width. Each symbol found is passed to host->emit; when emit returns
     * SCANCTL_STOP, return. Returns SCANCTL_OK or SCANCTL_ERROR (see Errors above). Thread-safe.
     */
    int32_t (*decode)(void *context, const uint8_t *luminance, int32_t width, int32_t height, int32_t stride,
                      const scanctl_options *options, const scanctl_host *host);
    /* Releases the context (and the table when it was allocated). Called once, last. May be NULL. */
    void (*destroy)(void *context);
} scanctl_plugin;

/* The entry function's type, for hosts: `(scanctl_plugin_entry_fn)dlsym(handle, SCANCTL_PLUGIN_ENTRY_SYMBOL)`. */
typedef const scanctl_plugin *(*scanctl_plugin_entry_fn)(uint32_t host_abi_version);

/* The entry function every plugin defines (with default visibility). Returns NULL when the plugin cannot
   start or speaks no ABI version <= host_abi_version. May be called more than once: each call returns a
   table whose destroy the host calls once. */
const scanctl_plugin *scanctl_plugin_entry(uint32_t host_abi_version);

#ifdef __cplusplus
}
#endif

#endif /* SCANCTL_PLUGIN_H */
