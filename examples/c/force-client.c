/* Force and a pop at every commit from `forcebridge serve`, in C with sd-bus (libsystemd):
 *   cc force-client.c $(pkg-config --cflags --libs libsystemd) -o force-client */
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <systemd/sd-bus.h>

#define SERVICE "org.forcebridge.ForceBridge1", "/org/forcebridge/ForceBridge1", "org.forcebridge.ForceBridge1"

static int fail(const char *call, int r, const sd_bus_error *error) {
    fprintf(stderr, "%s: %s\n", call, error && error->message ? error->message : strerror(-r));
    return 1;
}

int main(void) {
    sd_bus *bus = NULL;
    sd_bus_message *reply = NULL;
    sd_bus_error error = SD_BUS_ERROR_NULL;
    int r = sd_bus_open_user(&bus);
    if (r < 0) return fail("sd_bus_open_user", r, NULL);

    /* ListDevices() -> aa{sv}: one dictionary per device. */
    r = sd_bus_call_method(bus, SERVICE, "ListDevices", &error, &reply, "");
    if (r < 0) return fail("ListDevices", r, &error);
    sd_bus_message_enter_container(reply, 'a', "a{sv}");
    while (sd_bus_message_enter_container(reply, 'a', "{sv}") > 0) {
        const char *key, *node = "", *name = "";
        while (sd_bus_message_enter_container(reply, 'e', "sv") > 0) {
            sd_bus_message_read(reply, "s", &key);
            if (strcmp(key, "node") == 0) sd_bus_message_read(reply, "v", "s", &node);
            else if (strcmp(key, "name") == 0) sd_bus_message_read(reply, "v", "s", &name);
            else sd_bus_message_skip(reply, "v");
            sd_bus_message_exit_container(reply);
        }
        sd_bus_message_exit_container(reply);
        printf("%s %s\n", node, name);
    }
    reply = sd_bus_message_unref(reply);

    /* Subscribe(device, options) -> h: the default device's session, one JSON object a line. */
    int fd;
    r = sd_bus_call_method(bus, SERVICE, "Subscribe", &error, &reply, "sa{sv}", "", 0);
    if (r < 0) return fail("Subscribe", r, &error);
    sd_bus_message_read(reply, "h", &fd);
    FILE *stream = fdopen(fcntl(fd, F_DUPFD_CLOEXEC, 3), "r");   /* the reply owns fd: keep a copy */
    reply = sd_bus_message_unref(reply);

    char *line = NULL;
    size_t size = 0;
    while (getline(&line, &size, stream) > 0) {   /* until the device goes away */
        if (strstr(line, "\"type\":\"touch\"")) fputs(line, stdout);
        if (strstr(line, "\"event\":\"commit\"") && strstr(line, "\"ended\":true")) {
            r = sd_bus_call_method(bus, SERVICE, "Impact", &error, NULL, "ssd", "", "heavy", 1.0);
            if (r < 0) return fail("Impact", r, &error);
            puts("pop");
        }
        fflush(stdout);
    }
    fclose(stream);
    sd_bus_unref(bus);
    return 0;
}
