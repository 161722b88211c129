"""Build steps that pyproject.toml cannot express declaratively.

1. Compile the Cython rules core (``fiveup_core._core``).  Outside CI a missing compiler
   degrades to the pure-Python twin with a loud warning; with ``CI=true`` (or
   ``FIVEUP_REQUIRE_CYTHON=1``) a failed compile fails the build, because the shipped
   artefact must contain the compiled core.
2. Generate the protobuf/gRPC stubs from ``protos/`` into ``service/fiveup/v1/``, with
   typed ``.pyi`` stubs beside them (mypy-protobuf: messages, and the services' servicer
   and stub classes), so mypy --strict checks the servicers' signatures, and the
   descriptor set Envoy's REST/JSON transcoder reads (``fiveup.binpb``).  They are build
   outputs, never committed (see .gitignore).
"""

from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext
from setuptools.command.build_py import build_py

ROOT = Path(__file__).resolve().parent
PROTO_ROOT = ROOT / "protos"
PROTO_OUT = ROOT / "service"


def _must_compile() -> bool:
    return os.environ.get("CI", "").lower() == "true" or os.environ.get("FIVEUP_REQUIRE_CYTHON") == "1"


# Envoy's JSON transcoder reads the services (and their google.api.http rules) from this
# descriptor set; google.rpc.Status and ErrorInfo go in too, so that an error's details
# come out as JSON (convert_grpc_status).  Shipped in the package beside the stubs.
DESCRIPTOR_SET = PROTO_OUT / "fiveup" / "v1" / "fiveup.binpb"
ERROR_PROTOS = ("google/rpc/status.proto", "google/rpc/error_details.proto")


def proto_includes() -> list[Path]:
    """protos/, the google/api and google/rpc protos of googleapis-common-protos (a build
    requirement: the package ships the .proto files), and protoc's well-known types."""
    import google.api
    import grpc_tools

    googleapis = Path(next(iter(google.api.__path__))).parent.parent
    return [PROTO_ROOT, googleapis, Path(grpc_tools.__file__).parent / "_proto"]


def generate_protos() -> None:
    """Run grpc_tools.protoc over protos/fiveup/v1/*.proto (idempotent, cheap)."""
    protos = sorted(PROTO_ROOT.glob("fiveup/v1/*.proto"))
    if not protos:
        return
    from grpc_tools import protoc  # build requirement

    includes = [f"-I{path}" for path in proto_includes()]
    sources = [str(p.relative_to(PROTO_ROOT)) for p in protos]
    args = [
        "grpc_tools.protoc",
        *includes,
        f"--python_out={PROTO_OUT}",
        f"--grpc_python_out={PROTO_OUT}",
        *_stub_args(),
        *sources,
    ]
    if protoc.main(args) != 0:
        raise SystemExit("protoc failed on " + ", ".join(map(str, protos)))
    descriptor_args = [
        "grpc_tools.protoc",
        *includes,
        "--include_imports",
        "--include_source_info",  # the comments: scripts/openapi.py documents from them
        f"--descriptor_set_out={DESCRIPTOR_SET}",
        *sources,
        *ERROR_PROTOS,
    ]
    if protoc.main(descriptor_args) != 0:
        raise SystemExit(f"protoc could not write the descriptor set {DESCRIPTOR_SET}")
    init = PROTO_OUT / "fiveup" / "v1" / "__init__.py"
    if not init.exists():
        init.write_text('"""Generated protobuf/gRPC stubs for fiveup.v1 (build output)."""\n')


def _plugin(name: str) -> str | None:
    """A protoc plugin installed beside this Python (a venv, a build env) or on PATH."""
    here = Path(sys.executable).parent / name
    return str(here) if here.exists() else shutil.which(name)


def _stub_args() -> list[str]:
    """Typed stubs: mypy-protobuf's (messages, servicers and stubs) when it is installed
    (a build requirement and a dev dependency), else protoc's own (messages only)."""
    mypy, mypy_grpc = _plugin("protoc-gen-mypy"), _plugin("protoc-gen-mypy_grpc")
    if mypy is None or mypy_grpc is None:
        print("WARNING: mypy-protobuf missing: the gRPC services get no typed stubs",
              file=sys.stderr)  # fmt: skip
        return [f"--pyi_out={PROTO_OUT}"]
    return [
        f"--plugin=protoc-gen-mypy={mypy}",
        f"--plugin=protoc-gen-mypy_grpc={mypy_grpc}",
        f"--mypy_out=quiet:{PROTO_OUT}",
        f"--mypy_grpc_out=quiet:{PROTO_OUT}",
    ]


class BuildPy(build_py):
    def run(self) -> None:
        generate_protos()
        super().run()


class BuildExt(build_ext):
    def run(self) -> None:
        generate_protos()  # editable installs run build_ext but not always build_py
        try:
            super().run()
        except Exception as exc:  # compiler missing or broken
            if _must_compile():
                raise
            print(f"WARNING: Cython core not built ({exc}); the pure-Python twin will be used",
                  file=sys.stderr)

    def build_extension(self, ext: Extension) -> None:
        try:
            super().build_extension(ext)
        except Exception as exc:
            if _must_compile():
                raise
            print(f"WARNING: could not build {ext.name} ({exc}); falling back to the twin",
                  file=sys.stderr)


def extensions() -> list[Extension]:
    from Cython.Build import cythonize

    source = ROOT / "core_ext" / "fiveup_core" / "_core.pyx"
    if not source.exists():
        if _must_compile():
            raise SystemExit(f"{source} is missing: the compiled core is required under CI")
        print(f"WARNING: {source} missing; only the pure-Python twin will be installed", file=sys.stderr)
        return []
    exts = [
        Extension(f"fiveup_core.{name}", [f"core_ext/fiveup_core/{name}.pyx"], extra_compile_args=["-O3"])
        # the rules core; its bulk validation (the compiled _batch.py); the bots' play-outs
        for name in ("_core", "_batch_compiled", "_playout")
    ]
    return cythonize(
        exts,
        language_level=3,
        compiler_directives={
            "boundscheck": False,
            "wraparound": False,
            "cdivision": True,
            "initializedcheck": False,
            "embedsignature": True,
        },
    )


# Folders of data files inside the package: setuptools treats a folder Python could import
# as a package of its own, so each is named (with its files in pyproject's package-data).
DATA_PACKAGES = ["fiveup.bots.data"]


def packages() -> list[str]:
    found = ["fiveup_core", *DATA_PACKAGES]
    for init in sorted((ROOT / "service").glob("fiveup/**/__init__.py")):
        found.append(".".join(init.parent.relative_to(ROOT / "service").parts))
    return found


generate_protos()
setup(
    packages=packages(),
    ext_modules=extensions(),
    cmdclass={"build_py": BuildPy, "build_ext": BuildExt},
)
