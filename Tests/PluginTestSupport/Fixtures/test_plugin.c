/*
 * A plugin for the loader's tests, built at test time (PluginTestSupport/TestPlugins.swift) in variants
 * chosen with -D:
 *
 *   TP_NAME, TP_FORMATS, TP_KIND, TP_ABI   the table's name, format list, kind and ABI version
 *   TP_NO_ENTRY                            export the entry function under another name
 *   TP_NULL_TABLE                          the entry function returns NULL
 *   TP_NULL_DECODE                         the table has no decode function
 *   TP_BEHAVIOUR                           what decode does:
 *     0 echo     one result of the first wanted format describing the plane it was given (text "WxH",
 *                metadata with the stride, pixel values and options), corners at the plane's corners
 *     1 garbage  results breaking each rule of the header, and three good ones ("good-1", 3 bytes, "good-2")
 *     2 flood    10000 results, ignoring SCANCTL_STOP
 *     3 fail     one good result ("before-error"), then error("out of cheese"), SCANCTL_ERROR
 *     4 stop     results "stop-1", "stop-2", ... until emit returns SCANCTL_STOP (at most 1000)
 *
 * tp_destroyed() counts destroy calls, for tests that check the host calls it once.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "scanctl_plugin.h"

#ifndef TP_NAME
#define TP_NAME "test-plugin"
#endif
#ifndef TP_FORMATS
#define TP_FORMATS "testcode"
#endif
#ifndef TP_KIND
#define TP_KIND SCANCTL_KIND_LINEAR
#endif
#ifndef TP_ABI
#define TP_ABI SCANCTL_PLUGIN_ABI_VERSION
#endif
#ifndef TP_BEHAVIOUR
#define TP_BEHAVIOUR 0
#endif

static const char *const formats[] = {TP_FORMATS, NULL};
static int destroyed = 0;

int tp_destroyed(void) { return destroyed; }

static scanctl_result result(const char *text, double w, double h) {
    scanctl_result r;
    memset(&r, 0, sizeof r);
    r.format = formats[0];
    r.text = text;
    r.corners[0].x = 0; r.corners[0].y = 0;
    r.corners[1].x = w; r.corners[1].y = 0;
    r.corners[2].x = w; r.corners[2].y = h;
    r.corners[3].x = 0; r.corners[3].y = h;
    r.symbology_identifier = "]X0";
    return r;
}

static int32_t echo(const uint8_t *lum, int32_t width, int32_t height, int32_t stride, const scanctl_options *o,
                    const scanctl_host *host) {
    char text[64], stride_text[32], first[16], last[16], wanted[256], flags[64];
    snprintf(text, sizeof text, "%dx%d", width, height);
    snprintf(stride_text, sizeof stride_text, "%d", stride);
    snprintf(first, sizeof first, "%d", lum[0]);
    snprintf(last, sizeof last, "%d", lum[(size_t)(height - 1) * (size_t)stride + (size_t)(width - 1)]);
    wanted[0] = 0;
    for (int i = 0; o->formats[i]; i++) {
        if (i) strncat(wanted, ",", sizeof wanted - strlen(wanted) - 1);
        strncat(wanted, o->formats[i], sizeof wanted - strlen(wanted) - 1);
    }
    snprintf(flags, sizeof flags, "%d%d%d%d/%d/%d/%d", o->try_harder, o->try_rotate, o->pure,
             o->search_whole_frame, o->max_symbols, o->min_line_agreement, o->binarizer);
    const char *metadata[] = {"stride", stride_text, "first", first, "last", last, "wanted", wanted,
                              "options", flags, NULL};
    scanctl_result r = result(text, width, height);
    r.format = o->formats[0];
    r.metadata = metadata;
    host->emit(host->context, &r);
    return SCANCTL_OK;
}

static int32_t garbage(int32_t width, int32_t height, const scanctl_host *host) {
    double w = width, h = height;
    scanctl_result r;
    static const char bad_utf8[] = {'a', (char)0xC3, (char)0x28, 0};
    static const uint8_t bytes[] = {1, 2, 3};
    const char *odd_metadata[] = {"key", NULL};
    const char *bad_key[] = {"Bad Key", "v", NULL};

    host->emit(host->context, NULL);                          /* 1: NULL result */
    r = result("x", w, h); r.corners[2].x = NAN;               /* 2: NaN corner */
    host->emit(host->context, &r);
    r = result("x", w, h); r.corners[1].y = INFINITY;          /* 3: infinite corner */
    host->emit(host->context, &r);
    r = result("x", w, h); r.corners[3].x = 3 * w + 10;        /* 4: far outside */
    host->emit(host->context, &r);
    r = result(bad_utf8, w, h);                                /* 5: text not UTF-8 */
    host->emit(host->context, &r);
    r = result(NULL, w, h);                                    /* 6: no payload */
    host->emit(host->context, &r);
    r = result(NULL, w, h); r.bytes = NULL; r.byte_count = 5;  /* 7: NULL bytes with a count */
    host->emit(host->context, &r);
    r = result(NULL, w, h); r.bytes = bytes; r.byte_count = (size_t)1 << 40; /* 8: absurd size */
    host->emit(host->context, &r);
    r = result("good-1", w, h);                                /* a good one in the middle */
    host->emit(host->context, &r);
    r = result("x", w, h); r.format = "notdeclared";           /* 9: undeclared format */
    host->emit(host->context, &r);
    r = result("x", w, h); r.format = NULL;                    /* 10: NULL format */
    host->emit(host->context, &r);
    r = result("x", w, h); r.symbology_identifier = "E0";      /* 11: bad identifier */
    host->emit(host->context, &r);
    r = result("x", w, h); r.symbology_identifier = NULL;      /* 12: NULL identifier */
    host->emit(host->context, &r);
    r = result("x", w, h); r.metadata = odd_metadata;          /* 13: key without value */
    host->emit(host->context, &r);
    r = result("x", w, h); r.metadata = bad_key;               /* 14: bad key */
    host->emit(host->context, &r);
    r = result(NULL, w, h); r.bytes = bytes; r.byte_count = 3; /* a good binary one */
    r.corners[0].x = -0.5;                                     /* slightly outside is fine */
    host->emit(host->context, &r);
    r = result("good-2", w, h);
    host->emit(host->context, &r);
    return SCANCTL_OK;
}

__attribute__((unused)) static int32_t tp_decode(void *context, const uint8_t *lum, int32_t width, int32_t height, int32_t stride,
                         const scanctl_options *options, const scanctl_host *host) {
    (void)context;
    switch (TP_BEHAVIOUR) {
    case 1:
        return garbage(width, height, host);
    case 2:
        for (int i = 0; i < 10000; i++) {
            scanctl_result r = result("flood", width, height);
            host->emit(host->context, &r);
        }
        return SCANCTL_OK;
    case 3: {
        scanctl_result r = result("before-error", width, height);
        host->emit(host->context, &r);
        host->error(host->context, "out of cheese");
        return SCANCTL_ERROR;
    }
    case 4:
        for (int i = 1; i <= 1000; i++) {
            char text[32];
            snprintf(text, sizeof text, "stop-%d", i);
            scanctl_result r = result(text, width, height);
            if (host->emit(host->context, &r) == SCANCTL_STOP) break;
        }
        return SCANCTL_OK;
    default:
        return echo(lum, width, height, stride, options, host);
    }
}

static void tp_destroy(void *context) {
    (void)context;
    destroyed++;
}

__attribute__((unused)) static const scanctl_plugin table = {
    .abi_version = TP_ABI,
    .kind = TP_KIND,
    .name = TP_NAME,
    .formats = formats,
    .context = NULL,
#ifdef TP_NULL_DECODE
    .decode = NULL,
#else
    .decode = tp_decode,
#endif
    .destroy = tp_destroy,
};

#ifdef TP_NO_ENTRY
const scanctl_plugin *some_other_entry(uint32_t host_abi_version) {
#else
const scanctl_plugin *scanctl_plugin_entry(uint32_t host_abi_version) {
#endif
    (void)host_abi_version;
#ifdef TP_NULL_TABLE
    return NULL;
#else
    return &table;
#endif
}
