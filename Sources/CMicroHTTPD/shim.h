#ifndef CMICROHTTPD_SHIM_H
#define CMICROHTTPD_SHIM_H
#include <stdint.h>
#include <sys/types.h>
#include <sys/socket.h>
#include <netinet/in.h>
#include <arpa/inet.h>
#include <microhttpd.h>

// MHD_start_daemon and MHD_get_daemon_info are variadic, which Swift cannot call: fixed-arity wrappers.

/// Starts a daemon on `address` with the internal polling thread (or a pool of `threads` > 1),
/// a per-connection idle timeout and a request-completed notifier.
static inline struct MHD_Daemon *shim_mhd_start(unsigned int flags,
                                                const struct sockaddr *address,
                                                unsigned int threads,
                                                unsigned int timeout_seconds,
                                                MHD_AccessHandlerCallback handler,
                                                MHD_RequestCompletedCallback completed,
                                                void *context) {
    uint16_t port = 0;
    if (address->sa_family == AF_INET) {
        port = ntohs(((const struct sockaddr_in *)address)->sin_port);
    } else if (address->sa_family == AF_INET6) {
        port = ntohs(((const struct sockaddr_in6 *)address)->sin6_port);
    }
    return MHD_start_daemon(flags, port, NULL, NULL, handler, context,
                            MHD_OPTION_SOCK_ADDR, address,
                            MHD_OPTION_THREAD_POOL_SIZE, threads,
                            MHD_OPTION_CONNECTION_TIMEOUT, timeout_seconds,
                            MHD_OPTION_NOTIFY_COMPLETED, completed, context,
                            MHD_OPTION_END);
}

/// The port the daemon's listening socket is bound to, or 0 if unknown.
static inline uint16_t shim_mhd_bound_port(struct MHD_Daemon *daemon) {
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_BIND_PORT);
    return info == NULL ? 0 : info->port;
}
#endif
