// libsystemd, loaded when ForceBus first calls sd-bus rather than when the program starts.
//
// Linking libsystemd makes every start of every program that links ForceBus map and relocate it
// and its six dependencies (libcap, libgcrypt, libgpg-error, liblzma, libzstd, liblz4), although
// only the service and its clients use D-Bus. Here each sd-bus function ForceBus calls is defined
// once, with the prototype of <systemd/sd-bus.h> (the compiler checks each against it), and
// forwards to libsystemd's own, looked up with dlsym in libsystemd.so.0, opened at the first call.
// When the library cannot be opened or lacks a function, the calls fail as sd-bus's do, with a
// negative errno: -ELIBACC ("cannot access a needed shared library"); the ones that return
// objects return NULL, and sd_bus_error_is_set says nothing is set.
#include <dlfcn.h>
#include <errno.h>
#include <stddef.h>
#include <systemd/sd-bus.h>
#include <systemd/sd-id128.h>
#include "shim.h"

/// libsystemd's handle, opened once (by whichever thread calls first; dlopen counts references,
/// so a second opening by a racing thread costs nothing but a reference).
static void *fb_systemd_handle(void) {
    static void *handle;
    void *opened = __atomic_load_n(&handle, __ATOMIC_ACQUIRE);
    if (opened == NULL) {
        opened = dlopen("libsystemd.so.0", RTLD_NOW | RTLD_LOCAL);
        if (opened != NULL) __atomic_store_n(&handle, opened, __ATOMIC_RELEASE);
    }
    return opened;
}

/// The address of libsystemd's `name`, looked up once into `*cache`; NULL if it cannot be had.
static void *fb_systemd_symbol(void **cache, const char *name) {
    void *function = __atomic_load_n(cache, __ATOMIC_ACQUIRE);
    if (function == NULL) {
        void *handle = fb_systemd_handle();
        if (handle == NULL) return NULL;
        function = dlsym(handle, name);
        if (function != NULL) __atomic_store_n(cache, function, __ATOMIC_RELEASE);
    }
    return function;
}

const unsigned *fb_bus_vtable_format(void) {
    static void *cache;
    return (const unsigned *)fb_systemd_symbol(&cache, "sd_bus_object_vtable_format");
}

#define FB_FORWARD(result, name, parameters, arguments, failure)                           \
    result name parameters {                                                               \
        static void *cache;                                                                \
        __typeof__(&name) function = (__typeof__(&name))fb_systemd_symbol(&cache, #name); \
        if (function == NULL) return failure;                                              \
        return function arguments;                                                         \
    }

#define FB_FORWARD_VOID(name, parameters, arguments)                                       \
    void name parameters {                                                                 \
        static void *cache;                                                                \
        __typeof__(&name) function = (__typeof__(&name))fb_systemd_symbol(&cache, #name); \
        if (function != NULL) function arguments;                                          \
    }

FB_FORWARD(int, sd_bus_add_match, (sd_bus *bus, sd_bus_slot **slot, const char *match, sd_bus_message_handler_t callback, void *userdata), (bus, slot, match, callback, userdata), -ELIBACC)
FB_FORWARD(int, sd_bus_add_object_vtable, (sd_bus *bus, sd_bus_slot **slot, const char *path, const char *interface, const sd_bus_vtable *vtable, void *userdata), (bus, slot, path, interface, vtable, userdata), -ELIBACC)
FB_FORWARD(int, sd_bus_call, (sd_bus *bus, sd_bus_message *m, uint64_t usec, sd_bus_error *ret_error, sd_bus_message **reply), (bus, m, usec, ret_error, reply), -ELIBACC)
FB_FORWARD(int, sd_bus_call_async, (sd_bus *bus, sd_bus_slot **slot, sd_bus_message *m, sd_bus_message_handler_t callback, void *userdata, uint64_t usec), (bus, slot, m, callback, userdata, usec), -ELIBACC)
FB_FORWARD(int, sd_bus_can_send, (sd_bus *bus, char type), (bus, type), -ELIBACC)
FB_FORWARD_VOID(sd_bus_close, (sd_bus *bus), (bus))
FB_FORWARD(int, sd_bus_emit_properties_changed_strv, (sd_bus *bus, const char *path, const char *interface, char **names), (bus, path, interface, names), -ELIBACC)
FB_FORWARD_VOID(sd_bus_error_free, (sd_bus_error *e), (e))
FB_FORWARD(int, sd_bus_error_get_errno, (const sd_bus_error *e), (e), ELIBACC)
FB_FORWARD(int, sd_bus_error_is_set, (const sd_bus_error *e), (e), 0)
FB_FORWARD(int, sd_bus_error_set, (sd_bus_error *e, const char *name, const char *message), (e, name, message), -ELIBACC)
FB_FORWARD(int, sd_bus_flush, (sd_bus *bus), (bus), -ELIBACC)
FB_FORWARD(sd_bus *, sd_bus_flush_close_unref, (sd_bus *bus), (bus), NULL)
FB_FORWARD(int, sd_bus_get_events, (sd_bus *bus), (bus), -ELIBACC)
FB_FORWARD(int, sd_bus_get_fd, (sd_bus *bus), (bus), -ELIBACC)
FB_FORWARD(int, sd_bus_get_timeout, (sd_bus *bus, uint64_t *timeout_usec), (bus, timeout_usec), -ELIBACC)
FB_FORWARD(int, sd_bus_get_unique_name, (sd_bus *bus, const char **unique), (bus, unique), -ELIBACC)
FB_FORWARD(int, sd_bus_is_open, (sd_bus *bus), (bus), -ELIBACC)
FB_FORWARD(int, sd_bus_message_append_basic, (sd_bus_message *m, char type, const void *p), (m, type, p), -ELIBACC)
FB_FORWARD(int, sd_bus_message_at_end, (sd_bus_message *m, int complete), (m, complete), -ELIBACC)
FB_FORWARD(int, sd_bus_message_close_container, (sd_bus_message *m), (m), -ELIBACC)
FB_FORWARD(int, sd_bus_message_enter_container, (sd_bus_message *m, char type, const char *contents), (m, type, contents), -ELIBACC)
FB_FORWARD(int, sd_bus_message_exit_container, (sd_bus_message *m), (m), -ELIBACC)
FB_FORWARD(const char *, sd_bus_message_get_destination, (sd_bus_message *m), (m), NULL)
FB_FORWARD(int, sd_bus_message_get_errno, (sd_bus_message *m), (m), -ELIBACC)
FB_FORWARD(const sd_bus_error *, sd_bus_message_get_error, (sd_bus_message *m), (m), NULL)
FB_FORWARD(const char *, sd_bus_message_get_interface, (sd_bus_message *m), (m), NULL)
FB_FORWARD(const char *, sd_bus_message_get_member, (sd_bus_message *m), (m), NULL)
FB_FORWARD(const char *, sd_bus_message_get_path, (sd_bus_message *m), (m), NULL)
FB_FORWARD(const char *, sd_bus_message_get_sender, (sd_bus_message *m), (m), NULL)
FB_FORWARD(const char *, sd_bus_message_get_signature, (sd_bus_message *m, int complete), (m, complete), NULL)
FB_FORWARD(int, sd_bus_message_get_type, (sd_bus_message *m, uint8_t *type), (m, type), -ELIBACC)
FB_FORWARD(int, sd_bus_message_new_method_call, (sd_bus *bus, sd_bus_message **m, const char *destination, const char *path, const char *interface, const char *member), (bus, m, destination, path, interface, member), -ELIBACC)
FB_FORWARD(int, sd_bus_message_new_method_return, (sd_bus_message *call, sd_bus_message **m), (call, m), -ELIBACC)
FB_FORWARD(int, sd_bus_message_new_signal, (sd_bus *bus, sd_bus_message **m, const char *path, const char *interface, const char *member), (bus, m, path, interface, member), -ELIBACC)
FB_FORWARD(int, sd_bus_message_open_container, (sd_bus_message *m, char type, const char *contents), (m, type, contents), -ELIBACC)
FB_FORWARD(int, sd_bus_message_peek_type, (sd_bus_message *m, char *type, const char **contents), (m, type, contents), -ELIBACC)
FB_FORWARD(int, sd_bus_message_read_basic, (sd_bus_message *m, char type, void *p), (m, type, p), -ELIBACC)
FB_FORWARD(sd_bus_message *, sd_bus_message_ref, (sd_bus_message *m), (m), NULL)
FB_FORWARD(int, sd_bus_message_rewind, (sd_bus_message *m, int complete), (m, complete), -ELIBACC)
FB_FORWARD(int, sd_bus_message_seal, (sd_bus_message *m, uint64_t cookie, uint64_t timeout_usec), (m, cookie, timeout_usec), -ELIBACC)
FB_FORWARD(int, sd_bus_message_send, (sd_bus_message *m), (m), -ELIBACC)
FB_FORWARD(int, sd_bus_message_set_destination, (sd_bus_message *m, const char *destination), (m, destination), -ELIBACC)
FB_FORWARD(int, sd_bus_message_set_expect_reply, (sd_bus_message *m, int b), (m, b), -ELIBACC)
FB_FORWARD(int, sd_bus_message_skip, (sd_bus_message *m, const char *types), (m, types), -ELIBACC)
FB_FORWARD(sd_bus_message *, sd_bus_message_unref, (sd_bus_message *m), (m), NULL)
FB_FORWARD(int, sd_bus_negotiate_fds, (sd_bus *bus, int b), (bus, b), -ELIBACC)
FB_FORWARD(int, sd_bus_new, (sd_bus **ret), (ret), -ELIBACC)
FB_FORWARD(int, sd_bus_open_user_with_description, (sd_bus **ret, const char *description), (ret, description), -ELIBACC)
FB_FORWARD(int, sd_bus_process, (sd_bus *bus, sd_bus_message **r), (bus, r), -ELIBACC)
FB_FORWARD(int, sd_bus_release_name, (sd_bus *bus, const char *name), (bus, name), -ELIBACC)
FB_FORWARD(int, sd_bus_reply_method_errno, (sd_bus_message *call, int error, const sd_bus_error *e), (call, error, e), -ELIBACC)
FB_FORWARD(int, sd_bus_reply_method_error, (sd_bus_message *call, const sd_bus_error *e), (call, e), -ELIBACC)
FB_FORWARD(int, sd_bus_request_name, (sd_bus *bus, const char *name, uint64_t flags), (bus, name, flags), -ELIBACC)
FB_FORWARD(int, sd_bus_request_name_async, (sd_bus *bus, sd_bus_slot **ret_slot, const char *name, uint64_t flags, sd_bus_message_handler_t callback, void *userdata), (bus, ret_slot, name, flags, callback, userdata), -ELIBACC)
FB_FORWARD(int, sd_bus_send, (sd_bus *bus, sd_bus_message *m, uint64_t *cookie), (bus, m, cookie), -ELIBACC)
FB_FORWARD(int, sd_bus_set_address, (sd_bus *bus, const char *address), (bus, address), -ELIBACC)
FB_FORWARD(int, sd_bus_set_anonymous, (sd_bus *bus, int b), (bus, b), -ELIBACC)
FB_FORWARD(int, sd_bus_set_bus_client, (sd_bus *bus, int b), (bus, b), -ELIBACC)
FB_FORWARD(int, sd_bus_set_description, (sd_bus *bus, const char *description), (bus, description), -ELIBACC)
FB_FORWARD(int, sd_bus_set_fd, (sd_bus *bus, int input_fd, int output_fd), (bus, input_fd, output_fd), -ELIBACC)
FB_FORWARD(int, sd_bus_set_server, (sd_bus *bus, int b, sd_id128_t bus_id), (bus, b, bus_id), -ELIBACC)
FB_FORWARD(int, sd_bus_set_trusted, (sd_bus *bus, int b), (bus, b), -ELIBACC)
FB_FORWARD(int, sd_bus_slot_set_destroy_callback, (sd_bus_slot *s, sd_bus_destroy_t callback), (s, callback), -ELIBACC)
FB_FORWARD(int, sd_bus_slot_set_floating, (sd_bus_slot *slot, int b), (slot, b), -ELIBACC)
FB_FORWARD(sd_bus_slot *, sd_bus_slot_unref, (sd_bus_slot *slot), (slot), NULL)
FB_FORWARD(int, sd_bus_start, (sd_bus *bus), (bus), -ELIBACC)
FB_FORWARD(int, sd_bus_track_add_name, (sd_bus_track *track, const char *name), (track, name), -ELIBACC)
FB_FORWARD(int, sd_bus_track_new, (sd_bus *bus, sd_bus_track **track, sd_bus_track_handler_t handler, void *userdata), (bus, track, handler, userdata), -ELIBACC)
FB_FORWARD(int, sd_bus_track_set_destroy_callback, (sd_bus_track *s, sd_bus_destroy_t callback), (s, callback), -ELIBACC)
FB_FORWARD(sd_bus_track *, sd_bus_track_unref, (sd_bus_track *track), (track), NULL)
FB_FORWARD(int, sd_id128_randomize, (sd_id128_t *ret), (ret), -ELIBACC)
