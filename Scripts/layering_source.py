"""What check-layering reads: Swift sources (comments and strings blanked, brace scopes),
Package.swift's targets and dependencies, and docs/architecture.md's target table."""
import os
import re

TYPE_KEYWORDS = ("class", "struct", "enum", "actor", "protocol", "extension")
DECLARATION = re.compile(r"\b(class|struct|enum|actor|protocol|extension|func)\s+([A-Za-z_][\w.]*)")
IMPORT = re.compile(
    r"^[ \t]*(?:@\w+(?:\([^)\n]*\))?\s+)*(?:(?:public|package|internal|fileprivate|private)\s+)?"
    r"import\s+(?:(?:struct|class|enum|protocol|typealias|func|let|var)\s+)?([A-Za-z_]\w*)", re.M)
REEXPORT = re.compile(r"@_exported\s+import\s+(\w+)")


def strip(text):
    """The text with comments and string literals blanked (line structure kept)."""
    out = []
    i, n = 0, len(text)
    while i < n:
        if text.startswith("//", i):
            j = text.find("\n", i)
            j = n if j < 0 else j
            out.append(" " * (j - i))
            i = j
        elif text.startswith("/*", i):
            j = text.find("*/", i + 2)
            j = n if j < 0 else j + 2
            out.append(re.sub(r"[^\n]", " ", text[i:j]))
            i = j
        elif text.startswith('"""', i):
            j = text.find('"""', i + 3)
            j = n if j < 0 else j + 3
            out.append(re.sub(r"[^\n]", " ", text[i:j]))
            i = j
        elif text[i] == '"':
            j = i + 1
            while j < n and text[j] != '"' and text[j] != "\n":
                j += 2 if text[j] == "\\" else 1
            j = min(j + 1, n)
            out.append(" " * (j - i))
            i = j
        else:
            out.append(text[i])
            i += 1
    return "".join(out)


class Scope:
    """A brace scope: a type (`kind` "type", `name` its last component), a function (`kind`
    "func"), or anything else (`kind` None)."""

    def __init__(self, kind, name, parent):
        self.kind, self.name, self.parent = kind, name, parent
        self.functions = set()  # the functions declared directly in it

    def chain(self):
        scope = self
        while scope is not None:
            yield scope
            scope = scope.parent


class SourceFile:
    """One Swift file, stripped, with the scope of every offset."""

    def __init__(self, root, path):
        self.path = os.path.relpath(path, root)
        with open(path, encoding="utf-8", errors="replace") as f:
            self.text = strip(f.read())
        self.lines = self.text.split("\n")
        self._line_starts = [0]
        for line in self.lines:
            self._line_starts.append(self._line_starts[-1] + len(line) + 1)
        self.top = Scope(None, None, None)
        self._opens = []  # (offset, scope) for each `{`, and (offset, parent) for each `}`
        self._scan()

    def _scan(self):
        current, segment_start = self.top, 0
        for index, char in enumerate(self.text):
            if char == "{":
                declarations = list(DECLARATION.finditer(self.text, segment_start, index))
                kind, name = None, None
                if declarations:
                    keyword, name = declarations[-1].group(1), declarations[-1].group(2).split(".")[-1]
                    kind = "type" if keyword in TYPE_KEYWORDS else "func"
                current = Scope(kind, name, current)
                self._opens.append((index, current))
                segment_start = index + 1
            elif char == "}":
                current = current.parent or self.top
                self._opens.append((index, current))
                segment_start = index + 1
        # Every function belongs to the scope it is declared in (bodies or not: protocols).
        for match in DECLARATION.finditer(self.text):
            if match.group(1) == "func":
                self.scope_at(match.start()).functions.add(match.group(2))

    def scope_at(self, offset):
        scope = self.top
        for position, entered in self._opens:
            if position >= offset:
                break
            scope = entered
        return scope

    def offset(self, line_index, column):
        return self._line_starts[line_index] + column

    def imports(self):
        for match in IMPORT.finditer(self.text):
            yield self.text.count("\n", 0, match.start()) + 1, match.group(1)

    def types(self):
        """The types declared or extended here, with their scopes."""
        for _, scope in self._opens:
            if scope.kind == "type":
                yield scope


def swift_files(directory):
    for folder, _, files in sorted(os.walk(directory)):
        for name in sorted(files):
            if name.endswith(".swift"):
                yield os.path.join(folder, name)


def _bracketed(text, start):
    """The text from `start` (an opening bracket or parenthesis) to its match."""
    depth = 0
    for index in range(start, len(text)):
        if text[index] in "([":
            depth += 1
        elif text[index] in ")]":
            depth -= 1
            if depth == 0:
                return text[start:index + 1]
    return text[start:]


def package_targets(root):
    """Package.swift's targets: name -> (kind, directory, declared dependencies)."""
    with open(os.path.join(root, "Package.swift"), encoding="utf-8") as f:
        text = f.read()
    text = re.sub(r"//[^\n]*", "", text)
    targets = {}
    for match in re.finditer(r"\.(target|testTarget|executableTarget|systemLibrary)\(", text):
        body = _bracketed(text, match.end() - 1)
        name = re.search(r'name:\s*"([^"]+)"', body)
        if not name:
            continue
        path = re.search(r'path:\s*"([^"]+)"', body)
        folder = path.group(1) if path else ("Tests/" if match.group(1) == "testTarget" else "Sources/") + name.group(1)
        dependencies = set()
        listed = re.search(r"dependencies:\s*\[", body)
        if listed:
            deps = _bracketed(body, listed.end() - 1)
            deps = re.sub(r"\.product\(\s*name:\s*\"([^\"]+)\"[^)]*\)", r'"\1"', deps)
            dependencies = set(re.findall(r'"([^"]+)"', deps))
        targets[name.group(1)] = (match.group(1), folder, dependencies)
    return targets


def architecture_table(root):
    """docs/architecture.md's target table: target -> (modules it may import, its calls column)."""
    table = {}
    with open(os.path.join(root, "docs", "architecture.md"), encoding="utf-8") as f:
        for line in f:
            cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
            if len(cells) != 4 or not cells[0].startswith("`"):
                continue
            may_import = set(re.findall(r"`(\w+)`", cells[2]))
            for name in re.findall(r"`([\w-]+)`", cells[0]):
                table[name] = (may_import, cells[3])
    return table
