#!/usr/bin/env python3
"""Writes Sources/ForceView/ViewPage+Files.swift from the page's files in Sources/ForceView/Page/.

`forcebridge view` serves its page from the binary (no files beside it, no network); Page/ stays
the one place to edit it. Run this after editing a file there (ForceViewTests fail until the
embedded copy matches).
"""
from swift_embed import write_extension

if __name__ == "__main__":
    write_extension("Sources/ForceView/ViewPage+Files.swift", "embed-view-page.py", "Sources/ForceView/Page", "ViewPage",
                    [("indexHTML", "index.html"), ("viewCSS", "view.css"), ("viewJS", "view.js")])
