#!/usr/bin/env python3
"""Writes Sources/ForceUdev/ShippedUdevFile+Contents.swift from the files in udev-rules/.

`forcebridge udev install` carries the rules and hwdb in the binary, so that it works wherever
the binary is; udev-rules/ stays the one place to edit them. Run this after editing them
(ForceUdevTests fail until the embedded copy matches).
"""
from swift_embed import write_extension

if __name__ == "__main__":
    write_extension("Sources/ForceUdev/ShippedUdevFile+Contents.swift", "embed-udev-files.py", "udev-rules",
                    "ShippedUdevFile", [("rulesContents", "70-forcebridge.rules"), ("hwdbContents", "70-forcebridge.hwdb")])
