"""The .proto files the Java, C++ and Go clients compile, and where protoc finds them.

The public contract is protos/fiveup/**.proto.  The clients also need what it imports beyond
protobuf's own well-known types (google/api/* once REST annotations are there) and the two
files of the error model every client decodes: google/rpc/status.proto and
google/rpc/error_details.proto.  googleapis' files come from the project's environment
(PyPI's googleapis-common-protos, which the server depends on; Debian packages no such
.proto files); protobuf's own come with protoc (/usr/include).

    python scripts/client_protos.py includes    the -I roots, one a line
    python scripts/client_protos.py files       the files to generate, relative to a root
    python scripts/client_protos.py wkt         ... plus the well-known types they import
                                                (a lite Java runtime has none built in)
    python scripts/client_protos.py cpp-tree DIR  the contract copied to DIR for C++, with
                                                its accessor clashes renamed (below)

C++ accessor clashes: protoc's C++ generator gives a repeated field `foo` the count
accessor `foo_size()`, so a message with both `repeated ... foo` and a field `foo_size`
generates two `foo_size()` members and does not compile (protoc itself says nothing).
RoundDealtEvent has exactly that (`repeated Tile boneyard` beside `uint32 boneyard_size`).
The cpp-tree copy renames such a repeated field to `foo_list`, same number, same type and
`json_name = "foo"`: the same bytes on the wire and the same JSON, so the C++ client talks
to the server unchanged.  The lasting fix is renaming the field in the contract itself.

Run it with the project's interpreter (.venv/bin/python): it finds googleapis' files there.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PROTOS = ROOT / "protos"
SYSTEM = Path("/usr/include")  # protobuf-compiler / libprotobuf-dev: google/protobuf/*.proto
ERROR_MODEL = ("google/rpc/status.proto", "google/rpc/error_details.proto")
IMPORT = re.compile(r'^\s*import\s+(?:public\s+|weak\s+)?"([^"]+)"\s*;', re.M)


def googleapis_root() -> Path:
    import google.rpc.status_pb2 as status  # googleapis-common-protos, a server dependency

    root = Path(status.__file__).resolve().parents[2]
    if not (root / ERROR_MODEL[0]).exists():
        raise SystemExit(f"client_protos: {ERROR_MODEL[0]} not found under {root}")
    return root


def includes() -> list[Path]:
    return [PROTOS, googleapis_root(), SYSTEM]


def locate(name: str, roots: list[Path]) -> Path:
    for root in roots:
        if (root / name).exists():
            return root / name
    raise SystemExit(f"client_protos: {name} not found in {', '.join(map(str, roots))}")


def closure(with_well_known: bool) -> list[str]:
    """The contract, the error model and everything they import, in a stable order."""
    roots = includes()
    start = [str(p.relative_to(PROTOS)) for p in sorted(PROTOS.glob("fiveup/**/*.proto"))]
    pending, seen = [*start, *ERROR_MODEL], []
    while pending:
        name = pending.pop(0)
        if name in seen:
            continue
        seen.append(name)
        pending += IMPORT.findall(locate(name, roots).read_text())
    if not with_well_known:
        seen = [name for name in seen if not name.startswith("google/protobuf/")]
    return sorted(seen)


FIELD = re.compile(r"^(\s*)(repeated\s+)?([\w.]+)\s+(\w+)\s*=\s*(\d+)\s*(\[[^\]]*\])?\s*;")


def cpp_clashes(text: str) -> dict[int, str]:
    """Line index -> the rewritten line, for each repeated field `foo` of a message that
    also has a field `foo_size` (top-level and nested messages alike: fields are grouped
    by the message whose braces enclose them)."""
    lines = text.splitlines()
    stack: list[list[tuple[int, bool, str]]] = []  # per open block: (line, repeated, name)
    renames: dict[int, str] = {}
    for index, line in enumerate(lines):
        code = line.split("//", 1)[0]
        if code.count("{") and re.match(r"\s*(message|oneof)\b", code):
            # a oneof's fields belong to its message: share the enclosing list
            stack.append(stack[-1] if code.lstrip().startswith("oneof") and stack else [])
        elif code.count("{"):
            stack.append([])
        found = FIELD.match(code)
        if found and stack:
            stack[-1].append((index, bool(found.group(2)), found.group(4)))
        if code.count("}") and stack:
            fields = stack.pop()
            if stack and stack[-1] is fields:
                continue  # a oneof closed: its message is still open
            names = {name for _, _, name in fields}
            for where, repeated, name in fields:
                if repeated and f"{name}_size" in names:
                    m = FIELD.match(lines[where].split("//", 1)[0])
                    assert m is not None and not m.group(6), lines[where]
                    indent, rep, kind, _, number = m.group(1, 2, 3, 4, 5)
                    renames[where] = (
                        f'{indent}{rep}{kind} {name}_list = {number} [json_name = "{name}"];'
                    )
    return renames


def cpp_tree(out: Path) -> None:
    """The contract's files under ``out``, C++ clashes renamed (stderr says which)."""
    for source in sorted(PROTOS.glob("fiveup/**/*.proto")):
        text = source.read_text()
        renames = cpp_clashes(text)
        lines = text.splitlines()
        for index, line in sorted(renames.items()):
            print(
                f"client_protos: C++ clash: {source.relative_to(PROTOS)}:{index + 1}: "
                f"{line.strip()}",
                file=sys.stderr,
            )
            lines[index] = line
        target = out / source.relative_to(PROTOS)
        target.parent.mkdir(parents=True, exist_ok=True)
        wanted = "\n".join(lines) + "\n"
        if not target.exists() or target.read_text() != wanted:  # keep mtimes for make
            target.write_text(wanted)


def main(argv: list[str]) -> int:
    what = argv[1] if len(argv) > 1 else ""
    if what == "includes":
        print("\n".join(map(str, includes())))
    elif what == "cpp-tree" and len(argv) == 3:
        cpp_tree(Path(argv[2]))
    elif what in ("files", "wkt"):
        print("\n".join(closure(with_well_known=what == "wkt")))
    else:
        print(__doc__, file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
