#ifndef CMICROHTTPD_SHIM_H
#define CMICROHTTPD_SHIM_H
#include <stdint.h>
#include <sys/types.h>
#include <sys/socket.h>
#include <netinet/in.h>
#include <arpa/inet.h>
#include <microhttpd.h>

// MHD_start_daemon and MHD_get_daemon_info are variadic, which Swift cannot call: fixed-arity wrappers.

/// Starts a daemon on `address` with one thread per connection (a slow request holds only its own), a
/// per-connection idle timeout, limits on connections in all and per client address, a per-connection memory
/// pool of `memory_limit` bytes (request line and headers must fit in it), and a request-completed notifier.
static inline struct MHD_Daemon *shim_mhd_start(unsigned int flags,
                                                const struct sockaddr *address,
                                                unsigned int timeout_seconds,
                                                unsigned int connection_limit,
                                                unsigned int per_ip_limit,
                                                size_t memory_limit,
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
                            MHD_OPTION_CONNECTION_TIMEOUT, timeout_seconds,
                            MHD_OPTION_CONNECTION_LIMIT, connection_limit,
                            MHD_OPTION_PER_IP_CONNECTION_LIMIT, per_ip_limit,
                            MHD_OPTION_CONNECTION_MEMORY_LIMIT, memory_limit,
                            MHD_OPTION_NOTIFY_COMPLETED, completed, context,
                            MHD_OPTION_END);
}

/// The port the daemon's listening socket is bound to, or 0 if unknown.
static inline uint16_t shim_mhd_bound_port(struct MHD_Daemon *daemon) {
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_BIND_PORT);
    return info == NULL ? 0 : info->port;
}
#endif
