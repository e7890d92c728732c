// C shim for libv4l2 (PLATFORM-NOTES.md): Swift cannot call variadic functions (v4l2_open, v4l2_ioctl) nor
// import function-like macros (the VIDIOC_* request codes), so they are wrapped here as static inline
// functions and static const constants.
#ifndef SCANCTL_CV4L2_SHIM_H
#define SCANCTL_CV4L2_SHIM_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <fcntl.h>
#include <sys/types.h>
#include <sys/mman.h>
#include <linux/videodev2.h>
#include <libv4l2.h>

/// Sends libv4l2's own messages to /dev/null. Without a log file libv4l2 prints "libv4l2: error ..." on
/// stderr for failures that scanctl reports itself (with the errno and the device), so users saw both.
static inline void cv4l2_quiet_log(void) {
    if (v4l2_log_file == NULL) {
        FILE *sink = fopen("/dev/null", "w");
        if (sink != NULL) v4l2_log_file = sink;
    }
}

/// Opens a device node through libv4l2 (flags as for open(2), e.g. O_RDWR | O_NONBLOCK).
static inline int cv4l2_open(const char *path, int flags) { return v4l2_open(path, flags); }
/// Closes a descriptor returned by cv4l2_open.
static inline int cv4l2_close(int fd) { return v4l2_close(fd); }
/// One ioctl through libv4l2 (which may emulate formats the driver lacks).
static inline int cv4l2_ioctl(int fd, unsigned long request, void *arg) { return v4l2_ioctl(fd, request, arg); }
/// Maps a driver buffer (offset from VIDIOC_QUERYBUF).
static inline void *cv4l2_mmap(size_t length, int fd, int64_t offset) {
    return v4l2_mmap(NULL, length, PROT_READ | PROT_WRITE, MAP_SHARED, fd, offset);
}
/// Unmaps a buffer mapped by cv4l2_mmap.
static inline int cv4l2_munmap(void *start, size_t length) { return v4l2_munmap(start, length); }
/// read() I/O, for drivers that offer V4L2_CAP_READWRITE.
static inline ssize_t cv4l2_read(int fd, void *buffer, size_t n) { return v4l2_read(fd, buffer, n); }
/// MAP_FAILED as a pointer Swift can compare with.
static inline int cv4l2_map_failed(const void *p) { return p == MAP_FAILED; }

static const unsigned long CV4L2_VIDIOC_QUERYCAP = VIDIOC_QUERYCAP;
static const unsigned long CV4L2_VIDIOC_ENUM_FMT = VIDIOC_ENUM_FMT;
static const unsigned long CV4L2_VIDIOC_ENUM_FRAMESIZES = VIDIOC_ENUM_FRAMESIZES;
static const unsigned long CV4L2_VIDIOC_ENUM_FRAMEINTERVALS = VIDIOC_ENUM_FRAMEINTERVALS;
static const unsigned long CV4L2_VIDIOC_G_FMT = VIDIOC_G_FMT;
static const unsigned long CV4L2_VIDIOC_S_FMT = VIDIOC_S_FMT;
static const unsigned long CV4L2_VIDIOC_G_PARM = VIDIOC_G_PARM;
static const unsigned long CV4L2_VIDIOC_S_PARM = VIDIOC_S_PARM;
static const unsigned long CV4L2_VIDIOC_REQBUFS = VIDIOC_REQBUFS;
static const unsigned long CV4L2_VIDIOC_QUERYBUF = VIDIOC_QUERYBUF;
static const unsigned long CV4L2_VIDIOC_QBUF = VIDIOC_QBUF;
static const unsigned long CV4L2_VIDIOC_DQBUF = VIDIOC_DQBUF;
static const unsigned long CV4L2_VIDIOC_STREAMON = VIDIOC_STREAMON;
static const unsigned long CV4L2_VIDIOC_STREAMOFF = VIDIOC_STREAMOFF;
static const unsigned long CV4L2_VIDIOC_QUERYCTRL = VIDIOC_QUERYCTRL;
static const unsigned long CV4L2_VIDIOC_QUERY_EXT_CTRL = VIDIOC_QUERY_EXT_CTRL;
static const unsigned long CV4L2_VIDIOC_G_CTRL = VIDIOC_G_CTRL;
static const unsigned long CV4L2_VIDIOC_S_CTRL = VIDIOC_S_CTRL;
static const unsigned long CV4L2_VIDIOC_G_INPUT = VIDIOC_G_INPUT;

/// VIDIOC_QUERYMENU for one item of a menu control: its name (menus) or value (integer menus). Returns the
/// ioctl's result (-1 for an index the driver skips). Wrapped because the name and value share a union.
static inline int cv4l2_query_menu(int fd, uint32_t id, uint32_t index, char *name, size_t size, int64_t *value) {
    struct v4l2_querymenu q;
    memset(&q, 0, sizeof q);
    q.id = id;
    q.index = index;
    int r = v4l2_ioctl(fd, VIDIOC_QUERYMENU, &q);
    if (r == 0) {
        snprintf(name, size, "%s", (const char *)q.name);
        *value = q.value;
    }
    return r;
}
static const unsigned long CV4L2_VIDIOC_S_INPUT = VIDIOC_S_INPUT;

/// Flags OR-ed into a control id to enumerate the next control (VIDIOC_QUERY_EXT_CTRL).
static const uint32_t CV4L2_CTRL_FLAG_NEXT_CTRL = V4L2_CTRL_FLAG_NEXT_CTRL;
static const uint32_t CV4L2_CTRL_FLAG_NEXT_COMPOUND = V4L2_CTRL_FLAG_NEXT_COMPOUND;

#endif
