#!/usr/bin/python3
"""A python3-dbus client of `forcebridge serve` (org.forcebridge.ForceBridge1), for the guest tests
of Tests/KernelTests/ServiceKernelTests.swift and as the README's example.

    service-client.py list                      the devices, one JSON object per line
    service-client.py subscribe DEVICE [GO]     subscribes, prints "subscribed", then (once the
                                                file GO exists, if given) every line of the
                                                stream until it ends
    service-client.py hold DEVICE GO            subscribes with a small buffer and reads nothing
                                                until the file GO exists; then prints the stream
    service-client.py signals                   prints the interaction signals until stopped (SIGTERM)
    service-client.py pattern AHAP              plays the AHAP text; prints "ok" or the error
"""
import json
import os
import sys
import time

import dbus

NAME = INTERFACE = "org.forcebridge.ForceBridge1"
PATH = "/org/forcebridge/ForceBridge1"


def service():
    bus = dbus.SessionBus()
    return dbus.Interface(bus.get_object(NAME, PATH), INTERFACE)


def read_lines(descriptor):
    with os.fdopen(descriptor, "rb") as stream:
        for line in stream:
            sys.stdout.write(line.decode())
            sys.stdout.flush()
    sys.stdout.flush()


command = sys.argv[1]
if command == "list":
    for device in service().ListDevices():
        print(json.dumps({str(key): (value if isinstance(value, (bool, float)) else int(value) if isinstance(value, int) else str(value))
                          for key, value in device.items()}, sort_keys=True))
elif command == "subscribe":
    stream = service().Subscribe(sys.argv[2], {})
    descriptor = stream.take()
    print("subscribed", flush=True)
    if len(sys.argv) > 3:
        while not os.path.exists(sys.argv[3]):
            time.sleep(0.01)
    read_lines(descriptor)
elif command == "hold":
    stream = service().Subscribe(sys.argv[2], {"bufferSize": dbus.UInt32(4096)})
    descriptor = stream.take()
    print("subscribed", flush=True)
    while not os.path.exists(sys.argv[3]):
        time.sleep(0.05)
    read_lines(descriptor)
elif command == "signals":
    import dbus.mainloop.glib
    from gi.repository import GLib
    dbus.mainloop.glib.DBusGMainLoop(set_as_default=True)
    bus = dbus.SessionBus()
    loop = GLib.MainLoop()

    def received(*arguments, member=None):
        print(member, " ".join(str(argument) for argument in arguments), flush=True)

    bus.add_signal_receiver(received, dbus_interface=INTERFACE, member_keyword="member")
    print("listening", flush=True)
    loop.run()
elif command == "pattern":
    try:
        service().PlayPattern("", sys.argv[2])
        print("ok")
    except dbus.exceptions.DBusException as error:
        print(error.get_dbus_name(), error.get_dbus_message())
