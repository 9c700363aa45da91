#ifndef CMICROHTTPD_SHIM_H
#define CMICROHTTPD_SHIM_H
#include <dlfcn.h>
#include <errno.h>
#include <pthread.h>
#include <stdint.h>
#include <string.h>
#include <sys/types.h>
#include <sys/socket.h>
#include <netinet/in.h>
#include <arpa/inet.h>
#include <microhttpd.h>

// libmicrohttpd is not linked: `shim_mhd_start` opens it with dlopen, so only a process that serves (the
// emulator) maps it and the TLS libraries it depends on. The module map has no `link` line; every call goes
// through the addresses below. MHD_start_daemon is variadic, which Swift cannot call, hence fixed-arity wrappers.

/// The library's entry points; `loaded` is 1 once all were found.
struct shim_mhd_library {
    int loaded;
    void *start_daemon;
    void *stop_daemon;
    void *get_connection_values;
    void *create_response_from_buffer;
    void *destroy_response;
    void *add_response_header;
    void *queue_response;
    void *add_connection;
    void *get_connection_info;
};

// Each file that uses these inline functions gets its own copy of this table (and opens the library once);
// dlopen hands every copy the same library.
static inline struct shim_mhd_library *shim_mhd_table(void) {
    static struct shim_mhd_library table;
    return &table;
}

static inline void shim_mhd_open(void) {
    struct shim_mhd_library *library = shim_mhd_table();
    static const char *const names[] = {"MHD_start_daemon", "MHD_stop_daemon", "MHD_get_connection_values",
                                        "MHD_create_response_from_buffer", "MHD_destroy_response",
                                        "MHD_add_response_header", "MHD_queue_response", "MHD_add_connection",
                                        "MHD_get_connection_info"};
    void **slots[] = {&library->start_daemon, &library->stop_daemon, &library->get_connection_values,
                      &library->create_response_from_buffer, &library->destroy_response,
                      &library->add_response_header, &library->queue_response, &library->add_connection,
                      &library->get_connection_info};
    void *handle = dlopen("libmicrohttpd.so.12", RTLD_NOW | RTLD_LOCAL);
    if (handle == NULL) return;
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        if ((*slots[i] = dlsym(handle, names[i])) == NULL) return;
    }
    library->loaded = 1;
}

/// The entry points, opened on the first call.
static inline const struct shim_mhd_library *shim_mhd_api(void) {
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    pthread_once(&once, shim_mhd_open);
    return shim_mhd_table();
}

/// Starts a daemon without a listening socket (connections come through `shim_mhd_add_connection`) with one
/// thread per connection (a slow request holds only its own), a per-connection idle timeout, limits on
/// connections in all and per client address, a per-connection memory pool of `memory_limit` bytes (request line
/// and headers must fit in it), a request-completed notifier and a connection started/closed notifier. Opens libmicrohttpd on first use; NULL with
/// errno ELIBACC when it cannot be loaded.
static inline struct MHD_Daemon *shim_mhd_start(unsigned int flags,
                                                unsigned int timeout_seconds,
                                                unsigned int connection_limit,
                                                unsigned int per_ip_limit,
                                                size_t memory_limit,
                                                MHD_AccessHandlerCallback handler,
                                                MHD_RequestCompletedCallback completed,
                                                MHD_NotifyConnectionCallback connection_changed,
                                                void *context) {
    if (!shim_mhd_api()->loaded) {
        errno = ELIBACC;
        return NULL;
    }
    typedef struct MHD_Daemon *(*start_fn)(unsigned int, uint16_t, MHD_AcceptPolicyCallback, void *,
                                           MHD_AccessHandlerCallback, void *, ...);
    return ((start_fn)shim_mhd_api()->start_daemon)(flags | MHD_USE_NO_LISTEN_SOCKET, 0, NULL, NULL, handler,
                            context,
                            MHD_OPTION_CONNECTION_TIMEOUT, timeout_seconds,
                            MHD_OPTION_CONNECTION_LIMIT, connection_limit,
                            MHD_OPTION_PER_IP_CONNECTION_LIMIT, per_ip_limit,
                            MHD_OPTION_CONNECTION_MEMORY_LIMIT, memory_limit,
                            MHD_OPTION_NOTIFY_COMPLETED, completed, context,
                            MHD_OPTION_NOTIFY_CONNECTION, connection_changed, context,
                            MHD_OPTION_END);
}

// The rest are only called once a daemon runs, so the library is there.

static inline void shim_mhd_stop_daemon(struct MHD_Daemon *daemon) {
    ((void (*)(struct MHD_Daemon *))shim_mhd_api()->stop_daemon)(daemon);
}

static inline int shim_mhd_get_connection_values(struct MHD_Connection *connection, enum MHD_ValueKind kind,
                                                 MHD_KeyValueIterator iterator, void *context) {
    typedef int (*values_fn)(struct MHD_Connection *, enum MHD_ValueKind, MHD_KeyValueIterator, void *);
    return ((values_fn)shim_mhd_api()->get_connection_values)(connection, kind, iterator, context);
}

static inline struct MHD_Response *shim_mhd_create_response_from_buffer(size_t size, void *buffer,
                                                                        enum MHD_ResponseMemoryMode mode) {
    typedef struct MHD_Response *(*create_fn)(size_t, void *, enum MHD_ResponseMemoryMode);
    return ((create_fn)shim_mhd_api()->create_response_from_buffer)(size, buffer, mode);
}

static inline void shim_mhd_destroy_response(struct MHD_Response *response) {
    ((void (*)(struct MHD_Response *))shim_mhd_api()->destroy_response)(response);
}

static inline enum MHD_Result shim_mhd_add_response_header(struct MHD_Response *response, const char *name,
                                                           const char *value) {
    typedef enum MHD_Result (*header_fn)(struct MHD_Response *, const char *, const char *);
    return ((header_fn)shim_mhd_api()->add_response_header)(response, name, value);
}

static inline enum MHD_Result shim_mhd_queue_response(struct MHD_Connection *connection, unsigned int status,
                                                      struct MHD_Response *response) {
    typedef enum MHD_Result (*queue_fn)(struct MHD_Connection *, unsigned int, struct MHD_Response *);
    return ((queue_fn)shim_mhd_api()->queue_response)(connection, status, response);
}
/// Hands an accepted socket to the daemon, which serves it and closes it (also when it refuses it: MHD_NO).
static inline enum MHD_Result shim_mhd_add_connection(struct MHD_Daemon *daemon, int socket,
                                                      const struct sockaddr *address, socklen_t length) {
    typedef enum MHD_Result (*add_fn)(struct MHD_Daemon *, MHD_socket, const struct sockaddr *, socklen_t);
    return ((add_fn)shim_mhd_api()->add_connection)(daemon, socket, address, length);
}
/// Copies the client's socket address of `connection` into `storage`; 0 when libmicrohttpd has none.
static inline int shim_mhd_client_address(struct MHD_Connection *connection, struct sockaddr_storage *storage) {
    typedef const union MHD_ConnectionInfo *(*info_fn)(struct MHD_Connection *, enum MHD_ConnectionInfoType, ...);
    const union MHD_ConnectionInfo *info =
        ((info_fn)shim_mhd_api()->get_connection_info)(connection, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
    if (info == NULL || info->client_addr == NULL) return 0;
    int family = info->client_addr->sa_family;
    if (family != AF_INET && family != AF_INET6) return 0;
    memcpy(storage, info->client_addr, family == AF_INET6 ? sizeof(struct sockaddr_in6) : sizeof(struct sockaddr_in));
    return 1;
}
/// The socket libmicrohttpd serves `connection` on; -1 when it has none.
static inline int shim_mhd_connection_socket(struct MHD_Connection *connection) {
    typedef const union MHD_ConnectionInfo *(*info_fn)(struct MHD_Connection *, enum MHD_ConnectionInfoType, ...);
    const union MHD_ConnectionInfo *info =
        ((info_fn)shim_mhd_api()->get_connection_info)(connection, MHD_CONNECTION_INFO_CONNECTION_FD);
    return info == NULL ? -1 : info->connect_fd;
}
#endif
