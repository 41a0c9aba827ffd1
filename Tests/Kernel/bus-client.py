#!/usr/bin/python3
"""A python3-dbus client of the test service of Tests/KernelTests/SessionBusKernelTests.swift.

    bus-client.py NAME

Calls the service NAME at /org/forcebridge/Test (interface org.forcebridge.Test1): receives a
descriptor (OpenPipe) and reads it, passes one (SendThrough) and reads what the service wrote,
sends a{sv} hints (Describe), asks for a signal (Emit) and waits for it on a GLib main loop.
Prints one line per result. It waits for the signal as long as it takes: the test bounds the wait.
"""
import os
import sys

import dbus
import dbus.mainloop.glib
from gi.repository import GLib

name = sys.argv[1]
dbus.mainloop.glib.DBusGMainLoop(set_as_default=True)
bus = dbus.SessionBus()
service = dbus.Interface(bus.get_object(name, "/org/forcebridge/Test"), "org.forcebridge.Test1")

received = []
loop = GLib.MainLoop()


def ticked(identifier, what):
    received.append((int(identifier), str(what)))
    loop.quit()


bus.add_signal_receiver(ticked, signal_name="Ticked", dbus_interface="org.forcebridge.Test1", bus_name=name)

descriptor = service.OpenPipe("from the service")
reader = descriptor.take()
print("pipe:", os.read(reader, 100).decode())
os.close(reader)

read_end, write_end = os.pipe()
service.SendThrough(dbus.types.UnixFd(write_end), "from the client")
os.close(write_end)
print("sent:", os.read(read_end, 100).decode())
os.close(read_end)

print("hints:", service.Describe({"profile": "quiet", "important": True, "count": dbus.Int32(3)}))

service.Emit(dbus.UInt32(42))
loop.run()
print("signal:", received[0][0], received[0][1])
