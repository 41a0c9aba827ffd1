#!/usr/bin/env python3
"""A small WebSocket client for the view's tests: connects to the view's /events, prints each
text message as one line (with the arrival time on CLOCK_MONOTONIC when --times is given), and
stops after a `summary` line or after --seconds.

    ws_lines.py URL [--origin ORIGIN] [--seconds S] [--times]

URL is the page's URL as `forcebridge view` printed it (http://HOST:PORT/?token=T); the client
asks for ws://HOST:PORT/events?token=T. The handshake's status line goes to standard error, and
a refused handshake ends with status 1.
"""
import argparse
import base64
import os
import socket
import sys
import time
import urllib.parse


def read_exactly(connection, count):
    data = b""
    while len(data) < count:
        chunk = connection.recv(count - len(data))
        if not chunk:
            raise EOFError("connection closed")
        data += chunk
    return data


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("url")
    parser.add_argument("--origin")
    parser.add_argument("--seconds", type=float, default=20)
    parser.add_argument("--times", action="store_true")
    options = parser.parse_args()
    url = urllib.parse.urlsplit(options.url)
    origin = options.origin if options.origin is not None else f"http://{url.netloc}"
    connection = socket.create_connection((url.hostname, url.port), timeout=options.seconds)
    key = base64.b64encode(os.urandom(16)).decode()
    request = (f"GET /events?{url.query} HTTP/1.1\r\nHost: {url.netloc}\r\nUpgrade: websocket\r\n"
               f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n")
    if origin:
        request += f"Origin: {origin}\r\n"
    connection.sendall((request + "\r\n").encode())
    head = b""
    while b"\r\n\r\n" not in head:
        head += read_exactly(connection, 1)
    status = head.split(b"\r\n", 1)[0].decode()
    print(status, file=sys.stderr)
    if " 101 " not in status + " ":
        sys.exit(1)
    deadline = time.monotonic() + options.seconds
    while time.monotonic() < deadline:
        try:
            first, second = read_exactly(connection, 2)
        except (TimeoutError, EOFError):
            break
        length = second & 0x7F
        if length == 126:
            length = int.from_bytes(read_exactly(connection, 2), "big")
        elif length == 127:
            length = int.from_bytes(read_exactly(connection, 8), "big")
        payload = read_exactly(connection, length)
        opcode = first & 0x0F
        if opcode == 8:
            break
        if opcode != 1:
            continue
        line = payload.decode()
        print(f"{time.monotonic():.6f} {line}" if options.times else line, flush=True)
        if line.startswith('{"type":"summary"'):
            break


if __name__ == "__main__":
    main()
