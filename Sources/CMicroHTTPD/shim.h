// GNU libmicrohttpd for Swift (ScanHTTP's HTTPServer). Swift can call neither MHD's variadic functions
// (MHD_start_daemon, MHD_get_daemon_info) nor printf-style loggers taking a va_list, and does not import
// its function-like constant macros: they are wrapped here as static inline functions and constants.
#ifndef SCANCTL_CMICROHTTPD_SHIM_H
#define SCANCTL_CMICROHTTPD_SHIM_H
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <sys/types.h>
#include <sys/socket.h>
#include <netinet/in.h>
#include <arpa/inet.h>
#include <microhttpd.h>

/// A response body of unknown length (sent chunked to HTTP/1.1 clients).
static const uint64_t CMHD_SIZE_UNKNOWN = MHD_SIZE_UNKNOWN;
/// What a content reader returns at the end of its body.
static const ssize_t CMHD_CONTENT_READER_END_OF_STREAM = MHD_CONTENT_READER_END_OF_STREAM;

/// Receives each of MHD's log lines, already formatted.
typedef void (*cmhd_log_fn)(void *cls, const char *message);

/// The logger's target; must outlive the daemon.
struct cmhd_logger {
    cmhd_log_fn fn;
    void *cls;
};

static void cmhd_log_trampoline(void *cls, const char *format, va_list arguments) {
    struct cmhd_logger *logger = (struct cmhd_logger *)cls;
    char line[512];
    vsnprintf(line, sizeof line, format, arguments);
    logger->fn(logger->cls, line);
}

/// MHD_start_daemon with the options ScanHTTP uses: the listening address (its port included), a limit of
/// simultaneous connections, an idle timeout in seconds, a completion callback per request, and a logger.
static inline struct MHD_Daemon *cmhd_start(
    unsigned int flags, const struct sockaddr *address, unsigned int connection_limit, unsigned int timeout_seconds,
    MHD_AccessHandlerCallback handler, void *handler_cls, MHD_RequestCompletedCallback completed,
    void *completed_cls, struct cmhd_logger *logger) {
    uint16_t port = address->sa_family == AF_INET6 ? ntohs(((const struct sockaddr_in6 *)address)->sin6_port)
                                                   : ntohs(((const struct sockaddr_in *)address)->sin_port);
    return MHD_start_daemon(
        flags, port, NULL, NULL, handler, handler_cls,
        MHD_OPTION_EXTERNAL_LOGGER, cmhd_log_trampoline, (void *)logger,
        MHD_OPTION_SOCK_ADDR, address,
        MHD_OPTION_CONNECTION_LIMIT, connection_limit,
        MHD_OPTION_CONNECTION_TIMEOUT, timeout_seconds,
        MHD_OPTION_NOTIFY_COMPLETED, completed, completed_cls,
        MHD_OPTION_END);
}

/// The port the daemon listens on (the one the system chose when port 0 was asked for); 0 when unknown.
static inline uint16_t cmhd_bound_port(struct MHD_Daemon *daemon) {
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_BIND_PORT);
    return info ? info->port : 0;
}
#endif
