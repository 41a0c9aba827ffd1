#ifndef FORCEBRIDGE_CSYSTEMD_SHIM_H
#define FORCEBRIDGE_CSYSTEMD_SHIM_H
// sd-bus from libsystemd, for ForceBus only (LazySystemd.c opens the library at the first call).
// sd-bus describes exported objects with vtables built
// by initializer macros (SD_BUS_VTABLE_START, SD_BUS_METHOD_WITH_NAMES, SD_BUS_SIGNAL_WITH_NAMES,
// SD_BUS_PROPERTY, SD_BUS_WRITABLE_PROPERTY, SD_BUS_VTABLE_END) over a bit-field struct with a
// union, which Swift cannot write: these functions fill one entry of a zeroed array instead.
#include <systemd/sd-bus.h>
#include <systemd/sd-bus-vtable.h>
#include <systemd/sd-id128.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <string.h>
#include <unistd.h>

/* libsystemd's vtable format marker, `sd_bus_object_vtable_format` (LazySystemd.c looks it up in
   the library it opens); NULL when the library cannot be opened. */
const unsigned *fb_bus_vtable_format(void);

/* The first entry of every vtable: SD_BUS_VTABLE_START, with the marker of the library loaded. */
static inline void fb_bus_vtable_start(sd_bus_vtable *entry, uint64_t flags) {
    memset(entry, 0, sizeof *entry);
    entry->type = _SD_BUS_VTABLE_START;
    entry->flags = flags;
    entry->x.start.element_size = sizeof(sd_bus_vtable);
    entry->x.start.features = _SD_BUS_VTABLE_PARAM_NAMES;
    entry->x.start.vtable_format_reference = fb_bus_vtable_format();
}

/* What every member entry starts as: zeroed (offset 0 included), of `type`, with `flags`. */
static inline void fb_bus_vtable_member(sd_bus_vtable *entry, uint8_t type, uint64_t flags) {
    memset(entry, 0, sizeof *entry);
    entry->type = type;
    entry->flags = flags;
}

/* A method. `names` lists the input then the output argument names, each ended by a NUL. */
static inline void fb_bus_vtable_method(sd_bus_vtable *entry, const char *member, const char *signature,
                                        const char *result, const char *names,
                                        sd_bus_message_handler_t handler, uint64_t flags) {
    fb_bus_vtable_member(entry, _SD_BUS_VTABLE_METHOD, flags);
    entry->x.method.member = member;
    entry->x.method.signature = signature;
    entry->x.method.result = result;
    entry->x.method.handler = handler;
    entry->x.method.names = names;
}

/* A signal. `names` lists the argument names, each ended by a NUL. */
static inline void fb_bus_vtable_signal(sd_bus_vtable *entry, const char *member, const char *signature,
                                        const char *names, uint64_t flags) {
    fb_bus_vtable_member(entry, _SD_BUS_VTABLE_SIGNAL, flags);
    entry->x.signal.member = member;
    entry->x.signal.signature = signature;
    entry->x.signal.names = names;
}

/* A property; writable when `set` is not NULL. */
static inline void fb_bus_vtable_property(sd_bus_vtable *entry, const char *member, const char *signature,
                                          sd_bus_property_get_t get, sd_bus_property_set_t set, uint64_t flags) {
    fb_bus_vtable_member(entry, set ? _SD_BUS_VTABLE_WRITABLE_PROPERTY : _SD_BUS_VTABLE_PROPERTY, flags);
    entry->x.property.member = member;
    entry->x.property.signature = signature;
    entry->x.property.get = get;
    entry->x.property.set = set;
}

/* The last entry of every vtable. */
static inline void fb_bus_vtable_end(sd_bus_vtable *entry) {
    const sd_bus_vtable value = SD_BUS_VTABLE_END;
    memset(entry, 0, sizeof *entry);
    *entry = value;
}

/* The flag values, which Swift imports as an anonymous enum of the wrong width. */
static inline uint64_t fb_bus_vtable_flag_deprecated(void) { return SD_BUS_VTABLE_DEPRECATED; }
static inline uint64_t fb_bus_vtable_flag_hidden(void) { return SD_BUS_VTABLE_HIDDEN; }
static inline uint64_t fb_bus_vtable_flag_unprivileged(void) { return SD_BUS_VTABLE_UNPRIVILEGED; }
static inline uint64_t fb_bus_vtable_flag_no_reply(void) { return SD_BUS_VTABLE_METHOD_NO_REPLY; }
static inline uint64_t fb_bus_vtable_flag_const(void) { return SD_BUS_VTABLE_PROPERTY_CONST; }
static inline uint64_t fb_bus_vtable_flag_emits_change(void) { return SD_BUS_VTABLE_PROPERTY_EMITS_CHANGE; }
static inline uint64_t fb_bus_vtable_flag_emits_invalidation(void) { return SD_BUS_VTABLE_PROPERTY_EMITS_INVALIDATION; }
static inline uint64_t fb_bus_vtable_flag_sensitive(void) { return SD_BUS_VTABLE_SENSITIVE; }

/* Name request flags and the "no timeout" marker, as plain values. */
static inline uint64_t fb_bus_name_replace_existing(void) { return SD_BUS_NAME_REPLACE_EXISTING; }
static inline uint64_t fb_bus_name_allow_replacement(void) { return SD_BUS_NAME_ALLOW_REPLACEMENT; }
static inline uint64_t fb_bus_name_queue(void) { return SD_BUS_NAME_QUEUE; }

/* An sd_bus_error with nothing set (SD_BUS_ERROR_NULL). */
static inline sd_bus_error fb_bus_error_null(void) {
    const sd_bus_error value = SD_BUS_ERROR_NULL;
    return value;
}

/* A duplicate of a received descriptor that outlives its message (close-on-exec). */
static inline int fb_duplicate_descriptor(int fd) { return fcntl(fd, F_DUPFD_CLOEXEC, 3); }

#endif
