"""The deploy tests' fixtures: the tools (installed once), the kustomizations rendered and
parsed once per session."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from .manifests import KUSTOMIZATIONS, ROOT, Obj


@pytest.fixture(scope="session")
def tools() -> Path:
    """The tools venv's bin directory (installed by the script when missing)."""
    script = ROOT / "scripts" / "install-deploy-tools.sh"
    done = subprocess.run(
        ["bash", str(script)], capture_output=True, text=True, timeout=900, check=False
    )
    assert done.returncode == 0, f"{script} failed:\n{done.stderr[-3000:]}"
    bin_dir = Path(done.stdout.strip().splitlines()[-1])
    for tool in ("checkov", "kubernetes-validate", "python"):
        assert (bin_dir / tool).exists(), f"{tool} missing from {bin_dir}"
    assert shutil.which("kubectl"), "kubectl is needed to render the kustomizations"
    return bin_dir


@pytest.fixture(scope="session")
def rendered(tools: Path, tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    out = tmp_path_factory.mktemp("rendered")
    files = {}
    for name, folder in KUSTOMIZATIONS.items():
        done = subprocess.run(
            ["kubectl", "kustomize", str(folder)],
            capture_output=True,
            text=True,
            timeout=120,
            check=False,
        )
        assert done.returncode == 0, f"kubectl kustomize {folder}:\n{done.stderr}"
        files[name] = out / f"{name}.yaml"
        files[name].write_text(done.stdout)
    return files


@pytest.fixture(scope="session")
def objects(tools: Path, rendered: dict[str, Path]) -> dict[str, list[Obj]]:
    """The rendered YAML as objects (parsed by the tools venv, which has PyYAML)."""
    code = "import json, sys, yaml; print(json.dumps([d for d in yaml.safe_load_all(open(sys.argv[1])) if d]))"
    parsed = {}
    for name, path in rendered.items():
        done = subprocess.run(
            [str(tools / "python"), "-c", code, str(path)],
            capture_output=True,
            text=True,
            timeout=60,
            check=True,
        )
        parsed[name] = json.loads(done.stdout)
    return parsed
