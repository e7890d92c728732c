/*
 * pharmacode.c: a scanctl plugin in plain C that reads Laetus Pharmacode (one-track), format "pharmacode".
 *
 * A small example of the ABI in include/scanctl_plugin.h, not a production reader. Pharmacode encodes a
 * number from 3 to 131070 in 2 to 16 bars and no check character: narrow bars are 1 unit wide, wide bars
 * 3 units, the spaces between them 2 units. Counting bars from the right, bar k adds 2^k when narrow and
 * 2 * 2^k when wide.
 *
 * What it does: it samples rows across the middle of the image, thresholds each row halfway between its
 * darkest and lightest pixel, and looks for runs of 2 to 16 bars with spaces of one width between them
 * and a quiet zone (nominally three spaces wide; at least 2.5, or light up to the image's edge) on both
 * sides. A bar a quarter to 0.8 of a space wide is narrow, one 1.15 to 1.85 spaces wide is wide; any
 * other width is not Pharmacode. A value read on at least three sampled rows at the same
 * place is reported; its corners are the ends of the bars on the first and last of those rows.
 *
 * What it does not do: symbols turned or upside down (Pharmacode reads differently from each end, and
 * nothing in the symbol tells which end is which), light bars on dark, perspective. It keeps no state,
 * so decode is safe on several threads at once.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "scanctl_plugin.h"

enum { MAX_BARS = 16, ROWS = 24, MIN_ROWS = 3, MAX_READS = 64 };

static const char *const formats[] = {"pharmacode", NULL};

/* One value read on one row: where its bars start and end. */
typedef struct read {
    long value;
    int x0, x1, y;
} read;

/* One value seen on several rows at about the same place. */
typedef struct symbol {
    long value;
    int x0, x1, y0, y1, rows;
} symbol;

/* The value of bars[0..n) (widths), with spaces[0..n-1); -1 when they are not a Pharmacode. */
static long value_of(const int *bars, const int *spaces, int n) {
    if (n < 2 || n > MAX_BARS) return -1;
    double space = 0;
    for (int i = 0; i < n - 1; i++) space += spaces[i];
    space /= n - 1;
    for (int i = 0; i < n - 1; i++)
        if (spaces[i] < 0.6 * space || spaces[i] > 1.5 * space) return -1;
    long value = 0;
    for (int k = 0; k < n; k++) {
        double ratio = bars[n - 1 - k] / space;  /* narrow 0.5, wide 1.5 */
        int narrow = ratio >= 0.25 && ratio <= 0.8, wide = ratio >= 1.15 && ratio <= 1.85;
        if (!narrow && !wide) return -1;
        value += (narrow ? 1L : 2L) << k;
    }
    return value >= 3 && value <= 131070 ? value : -1;
}

/* Reads row y; appends what it finds to reads (up to MAX_READS in all). */
static int read_row(const uint8_t *row, int width, int y, read *reads, int count) {
    int lo = 255, hi = 0;
    for (int x = 0; x < width; x++) {
        if (row[x] < lo) lo = row[x];
        if (row[x] > hi) hi = row[x];
    }
    if (hi - lo < 48) return count;  /* no contrast: no bars */
    int threshold = (lo + hi) / 2;
    /* Runs along the row: run i covers [starts[i], starts[i + 1]); even runs are light, odd runs dark (run 0
       is empty when the row starts dark). */
    enum { MAX_RUNS = 1024 };
    int starts[MAX_RUNS + 1], runs = 0, x = 0;
    if (row[0] < threshold) starts[runs++] = 0;
    while (x < width && runs < MAX_RUNS) {
        int dark = row[x] < threshold;
        starts[runs++] = x;
        while (x < width && (row[x] < threshold) == dark) x++;
    }
    starts[runs] = width;
    for (int first = 1; first < runs && count < MAX_READS; first += 2) {
        int bars[MAX_BARS], spaces[MAX_BARS];
        int quiet_before = starts[first] - starts[first - 1];
        /* Try 2, 3, ... bars from here; only the read whose last bar is followed by a quiet zone counts. */
        for (int n = 1; n <= MAX_BARS && first + 2 * (n - 1) < runs; n++) {
            int bar = first + 2 * (n - 1), after = bar + 1;
            bars[n - 1] = starts[bar + 1] - starts[bar];
            if (n > 1) spaces[n - 2] = starts[bar] - starts[bar - 1];
            if (after >= runs) break;  /* the row ends inside a bar */
            long value = value_of(bars, spaces, n);
            if (value < 0) continue;
            double space = 0;
            for (int i = 0; i < n - 1; i++) space += spaces[i];
            space /= n - 1;
            int quiet_after = starts[after + 1] - starts[after];
            int before_ok = quiet_before >= 2.5 * space || (starts[first - 1] == 0 && quiet_before > 0);
            int after_ok = quiet_after >= 2.5 * space || (starts[after + 1] == width && quiet_after > 0);
            if (!after_ok) continue;
            if (before_ok) {
                reads[count++] = (read){value, starts[first], starts[bar + 1], y};
            }
            break;
        }
    }
    return count;
}

static int32_t decode(void *context, const uint8_t *luminance, int32_t width, int32_t height, int32_t stride,
                      const scanctl_options *options, const scanctl_host *host) {
    (void)context;
    (void)options;
    read reads[MAX_READS];
    int count = 0;
    int rows = height < ROWS ? height : ROWS;
    for (int i = 0; i < rows; i++) {
        int y = (int)((i + 0.5) * height / rows);
        count = read_row(luminance + (size_t)y * (size_t)stride, width, y, reads, count);
    }
    /* Group reads of one value whose bars start within two pixels of each other. */
    symbol symbols[MAX_READS];
    int found = 0;
    for (int i = 0; i < count; i++) {
        int j = 0;
        while (j < found && !(symbols[j].value == reads[i].value && abs(symbols[j].x0 - reads[i].x0) <= 2)) j++;
        if (j == found) {
            symbols[found++] = (symbol){reads[i].value, reads[i].x0, reads[i].x1, reads[i].y, reads[i].y, 0};
        }
        symbols[j].rows++;
        if (reads[i].y > symbols[j].y1) symbols[j].y1 = reads[i].y;
    }
    for (int j = 0; j < found; j++) {
        if (symbols[j].rows < MIN_ROWS && symbols[j].rows < rows) continue;
        char text[16];
        snprintf(text, sizeof text, "%ld", symbols[j].value);
        scanctl_result r;
        memset(&r, 0, sizeof r);
        r.format = "pharmacode";
        r.text = text;
        r.corners[0] = (scanctl_point){symbols[j].x0, symbols[j].y0};
        r.corners[1] = (scanctl_point){symbols[j].x1, symbols[j].y0};
        r.corners[2] = (scanctl_point){symbols[j].x1, symbols[j].y1 + 1};
        r.corners[3] = (scanctl_point){symbols[j].x0, symbols[j].y1 + 1};
        r.symbology_identifier = "]X0";  /* X: a symbology without an identifier of its own (ISO/IEC 15424) */
        if (host->emit(host->context, &r) == SCANCTL_STOP) break;
    }
    return SCANCTL_OK;
}

static const scanctl_plugin table = {
    .abi_version = SCANCTL_PLUGIN_ABI_VERSION,
    .kind = SCANCTL_KIND_LINEAR,
    .name = "pharmacode",
    .formats = formats,
    .context = NULL,
    .decode = decode,
    .destroy = NULL,
};

const scanctl_plugin *scanctl_plugin_entry(uint32_t host_abi_version) {
    return host_abi_version >= 1 ? &table : NULL;
}
