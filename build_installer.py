"""Build the installable Deerfield Desk for this computer's OS: the clerk's office has no Python.

    python build_installer.py            # freeze into dist/, then wrap it for this OS
    python build_installer.py --smoke    # the same, then run the frozen app's smoke checks

PyInstaller freezes the app into ONE FOLDER (packaging/deerfield_desk.spec): a one-file bundle
unpacks itself on every start, which is slow and trips antivirus software. Each OS builds its
own: Windows wraps the folder with Inno Setup when ISCC is found (packaging/deerfield_desk.iss),
Linux makes a .tar.gz with a .desktop file, an icon and a per-user install.sh, macOS makes the
.app. What goes into the bundle is listed here so tests can check it; the spec only wires it up.
"""

from __future__ import annotations

import argparse
import importlib.util
import io
import os
import platform
import shutil
import subprocess
import sys
import tarfile
import time
import tomllib
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent
SPEC = ROOT / "packaging" / "deerfield_desk.spec"
DIST = ROOT / "dist"
WORK = ROOT / "build" / "pyinstaller"
ICON_PNG = "deerfield_desk/resources/icons/deerfield-desk.png"  # by packaging/make_icon.py
ICON_ICO = "deerfield_desk/resources/icons/deerfield-desk.ico"
BUNDLE_IDENTIFIER = "us.wi.deerfield.desk"

#: Data folders the app reads through config.asset_path(), kept at the same relative path in
#: the bundle (checklists, fonts, icons, ordinance texts: all inside the package).
BUNDLE_DATA_DIRS = ("deerfield_desk/resources",)
#: Packages whose modules are imported by name at run time: take every submodule.
BUNDLE_ALL_SUBMODULES = ("deerfield_desk", "qrcode")
#: Packages that read their own data files.
BUNDLE_PACKAGE_DATA = ("reportlab",)
#: Left out to keep the bundle lean: Qt modules the app never imports (only PySide6-Essentials
#: and PySide6-Pdf are installed), tkinter, the test and build tools.
QT_MODULES_LEFT_OUT = (
    *("QtQml", "QtQmlFeatures", "QtQuick", "QtQuickControls2", "QtQuickTest", "QtQuickWidgets"),
    *("QtDesigner", "QtHelp", "QtUiTools", "QtTest", "QtSql", "QtConcurrent", "QtDBus", "QtXml"),
    *("QtOpenGL", "QtOpenGLWidgets", "QtLabsStyleKit"),
)
BUNDLE_EXCLUDES = (
    *(f"PySide6.{name}" for name in QT_MODULES_LEFT_OUT),
    *("tkinter", "_tkinter", "turtle", "pydoc_data"),
    *("pytest", "_pytest", "pytestqt", "hypothesis", "ruff", "pip", "setuptools", "PyInstaller"),
)
#: Data PyInstaller's hooks would bring in that the app does not use.
DROPPED_DATA_PREFIXES = ("PySide6/Qt/translations/",)


@dataclass(frozen=True)
class AppInfo:
    """Name and version as pyproject.toml gives them, in the forms each OS wants."""

    slug: str  # deerfield-desk: the folder, the executable, the archive names
    name: str  # Deerfield Desk: the menu entry, the .app, the installer title
    version: str
    description: str


def app_info(pyproject: Path = ROOT / "pyproject.toml") -> AppInfo:
    project = tomllib.loads(pyproject.read_text(encoding="utf-8"))["project"]
    slug = project["name"]
    return AppInfo(
        slug=slug,
        name=slug.replace("-", " ").replace("_", " ").title(),
        version=project["version"],
        description=project.get("description", ""),
    )


def bundle_data_dirs(root: Path = ROOT) -> list[str]:
    """The data folders that exist (the package's resources/ always does: it holds the icon)."""
    return [name for name in BUNDLE_DATA_DIRS if (root / name).is_dir()]


def keep_module(name: str) -> bool:
    """Submodule filter: no test modules inside the bundle."""
    return not any(part in {"tests", "test", "testing", "conftest"} for part in name.split("."))


def is_dropped_data(dest: str) -> bool:
    dest = dest.replace("\\", "/")
    return any(dest.startswith(prefix) for prefix in DROPPED_DATA_PREFIXES)


def freeze(clean: bool = False) -> Path:
    """Run PyInstaller on the spec; return the one-folder app (dist/deerfield-desk)."""
    command = [sys.executable, "-m", "PyInstaller", "--noconfirm", "--log-level", "WARN"]
    command += ["--distpath", str(DIST), "--workpath", str(WORK)]
    if clean:
        command.append("--clean")
    subprocess.run([*command, str(SPEC)], cwd=ROOT, check=True)
    folder = DIST / app_info().slug
    if sys.platform.startswith("linux"):
        strip_python_debug_info(folder)
    return folder


def strip_python_debug_info(folder: Path) -> None:
    """Drop the debug sections of the interpreter's own libraries (a pyenv-built Python
    carries ~30 MB of them). Only those: wheels' libraries were patched by auditwheel, and
    strip can break a patched file. --strip-debug keeps every symbol the loader needs."""
    strip = shutil.which("strip")
    internal = folder / "_internal"
    targets = [*internal.glob("libpython3*.so*"), *internal.glob("python3*/lib-dynload/*.so")]
    if strip and targets:
        subprocess.run([strip, "--strip-debug", *map(str, targets)], check=True)


def frozen_executable(info: AppInfo) -> Path:
    if sys.platform == "darwin":
        return DIST / f"{info.name}.app" / "Contents" / "MacOS" / info.slug
    suffix = ".exe" if sys.platform == "win32" else ""
    return DIST / info.slug / f"{info.slug}{suffix}"


def package_linux(info: AppInfo, folder: Path, dist: Path = DIST) -> Path:
    """A .tar.gz: the app folder, its .desktop file, the icon and a per-user install.sh."""
    machine = platform.machine() or "unknown"
    top = f"{info.slug}-{info.version}-linux-{machine}"
    archive = dist / f"{top}.tar.gz"
    desktop = (ROOT / "packaging" / "deerfield-desk.desktop").read_text(encoding="utf-8")
    desktop = desktop.replace("@NAME@", info.name).replace("@COMMENT@", info.description)
    desktop_bytes = desktop.encode("utf-8")

    def owned_by_root(member: tarfile.TarInfo) -> tarfile.TarInfo:
        member.uid = member.gid = 0
        member.uname = member.gname = "root"
        if member.isdir() or member.name.endswith(".sh"):
            member.mode = 0o755
        return member

    dist.mkdir(parents=True, exist_ok=True)
    with tarfile.open(archive, "w:gz", compresslevel=6) as tar:
        tar.add(folder, arcname=f"{top}/{info.slug}", filter=owned_by_root)
        entry = owned_by_root(tarfile.TarInfo(f"{top}/{info.slug}.desktop"))
        entry.size, entry.mode, entry.mtime = len(desktop_bytes), 0o644, int(time.time())
        tar.addfile(entry, io.BytesIO(desktop_bytes))
        tar.add(ROOT / ICON_PNG, arcname=f"{top}/{info.slug}.png", filter=owned_by_root)
        tar.add(
            ROOT / "packaging" / "install.sh", arcname=f"{top}/install.sh", filter=owned_by_root
        )
    return archive


def package_windows(info: AppInfo, folder: Path) -> Path | None:
    """Wrap the folder with Inno Setup when ISCC is on PATH (or in its usual place)."""
    iscc = shutil.which("ISCC") or shutil.which("iscc")
    if not iscc:
        default = Path(os.environ.get("PROGRAMFILES(X86)", "C:/Program Files (x86)"))
        candidate = default / "Inno Setup 6" / "ISCC.exe"
        iscc = str(candidate) if candidate.exists() else None
    if not iscc:
        print("ISCC (Inno Setup 6) not found: the app folder is in", folder, flush=True)
        return None
    defines = {
        "AppName": info.name,
        "AppSlug": info.slug,
        "AppVersion": info.version,
        "SourceDir": str(folder),
        "OutputDir": str(DIST),
        "IconFile": str(ROOT / ICON_ICO),
    }
    args = [iscc, "/Q", *(f"/D{key}={value}" for key, value in defines.items())]
    subprocess.run([*args, str(ROOT / "packaging" / "deerfield_desk.iss")], check=True)
    return DIST / f"{info.slug}-{info.version}-setup.exe"


def package_macos(info: AppInfo) -> Path:
    """The .app, zipped with ditto (which keeps the bundle's symlinks) for handing over."""
    app = DIST / f"{info.name}.app"
    archive = DIST / f"{info.slug}-{info.version}-macos.zip"
    subprocess.run(["ditto", "-c", "-k", "--keepParent", str(app), str(archive)], check=True)
    return archive


def build(clean: bool = False) -> tuple[Path, Path | None]:
    """Freeze and wrap; return the app folder and the installer (None without Inno Setup)."""
    info = app_info()
    folder = freeze(clean)
    if sys.platform.startswith("linux"):
        return folder, package_linux(info, folder)
    if sys.platform == "win32":
        return folder, package_windows(info, folder)
    if sys.platform == "darwin":
        return DIST / f"{info.name}.app", package_macos(info)
    return folder, None


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--smoke", action="store_true", help="run the frozen app's smoke checks")
    parser.add_argument("--clean", action="store_true", help="rebuild without PyInstaller cache")
    args = parser.parse_args(argv)
    if importlib.util.find_spec("PyInstaller") is None:
        print("build_installer: PyInstaller is missing: pip install -e '.[installer]'", flush=True)
        return 2
    started = time.perf_counter()
    try:
        folder, installer = build(args.clean)
    except subprocess.CalledProcessError as exc:
        step = "PyInstaller" if "PyInstaller" in exc.cmd else Path(exc.cmd[0]).name
        print(f"build_installer: {step} failed (exit {exc.returncode})", flush=True)
        return 1
    size = sum(p.stat().st_size for p in folder.rglob("*") if p.is_file() and not p.is_symlink())
    print(f"app folder: {folder} ({size / 2**20:.0f} MB)", flush=True)
    if installer:
        print(f"installer: {installer} ({installer.stat().st_size / 2**20:.0f} MB)", flush=True)
    print(f"built in {time.perf_counter() - started:.0f} s", flush=True)
    if not args.smoke:
        return 0
    smoke = [sys.executable, str(ROOT / "packaging" / "smoke.py")]
    if installer and installer.name.endswith(".tar.gz"):
        smoke += ["--tarball", str(installer)]
    else:
        smoke.append(str(frozen_executable(app_info())))
    return subprocess.run(smoke, cwd=ROOT).returncode


if __name__ == "__main__":
    sys.exit(main())
