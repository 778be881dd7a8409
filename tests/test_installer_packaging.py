"""What build_installer.py puts into the bundle and the Linux archive, checked without freezing.

The full build (PyInstaller, minutes) is the slow test in test_installer_build.py; these run in
`make test` and catch the mistakes that would ship a broken install: a command or migration the
bundle would miss, an asset the frozen app could not find, a menu entry that starts nothing, an
uninstall that takes the register with it.
"""

from __future__ import annotations

import configparser
import os
import pkgutil
import shutil
import subprocess
import sys
import tarfile
from pathlib import Path

import pytest

import build_installer as bi
import deerfield_desk
from deerfield_desk import config
from deerfield_desk.cli import COMMAND_MODULES
from deerfield_desk.store.migrations import MIGRATION_MODULES
from deerfield_desk.ui.features import FEATURE_MODULES

ROOT = Path(bi.__file__).resolve().parent


def test_installer_is_named_and_versioned_as_the_app():
    info = bi.app_info()
    assert info.version == deerfield_desk.__version__
    assert info.name == config.APP_NAME  # the Start menu says what the window title says
    assert info.slug == config.APP_SLUG


def test_every_module_imported_by_name_is_collected():
    """collect_submodules walks the package as pkgutil does; nothing the lists name may be
    missing from that walk or dropped by the test-module filter."""
    walked = {m.name for m in pkgutil.walk_packages(deerfield_desk.__path__, "deerfield_desk.")}
    named = [
        *COMMAND_MODULES,
        *FEATURE_MODULES,
        *(f"deerfield_desk.store.migrations.{m}" for m in MIGRATION_MODULES),
    ]
    missing = [name for name in named if name not in walked or not bi.keep_module(name)]
    assert missing == []
    assert "deerfield_desk" in bi.BUNDLE_ALL_SUBMODULES
    assert "holidays" not in bi.BUNDLE_ALL_SUBMODULES  # the village calendar is data now


def test_qt_modules_the_app_uses_are_not_excluded():
    kept = {"PySide6.QtCore", "PySide6.QtGui", "PySide6.QtWidgets", "PySide6.QtPdf"}
    kept |= {"PySide6.QtPdfWidgets", "PySide6.QtPrintSupport", "PySide6.QtSvg"}
    assert kept.isdisjoint(bi.BUNDLE_EXCLUDES)
    assert "tkinter" in bi.BUNDLE_EXCLUDES and "pytest" in bi.BUNDLE_EXCLUDES
    assert bi.is_dropped_data("PySide6/Qt/translations/qtbase_de.qm")
    assert not bi.is_dropped_data("deerfield_desk/resources/icons/deerfield-desk.png")


def test_asset_path_finds_bundled_data_in_the_pyinstaller6_layout(tmp_path, monkeypatch):
    """PyInstaller 6 one-folder apps keep data in _internal/ and point sys._MEIPASS there;
    the spec copies each data folder under its own name, as asset_path expects."""
    internal = tmp_path / "deerfield-desk" / "_internal"
    for folder in bi.bundle_data_dirs():
        for source in (ROOT / folder).rglob("*"):
            if source.is_file():
                target = internal / source.relative_to(ROOT)
                target.parent.mkdir(parents=True, exist_ok=True)
                shutil.copy(source, target)
    monkeypatch.setattr(sys, "_MEIPASS", str(internal), raising=False)
    icon = config.asset_path("icons", "deerfield-desk.png")
    assert icon == internal / "deerfield_desk" / "resources" / "icons" / "deerfield-desk.png"
    assert icon.read_bytes() == (ROOT / bi.ICON_PNG).read_bytes()
    assert config.asset_path("ordinance", "chapter-12-building-code.txt").is_file()
    assert "deerfield_desk/resources" in bi.bundle_data_dirs()


def test_windows_installer_keeps_its_app_id():
    """Windows finds the installed copy by AppId: a new one would install a second copy with
    a second uninstaller instead of upgrading."""
    script = (ROOT / "packaging" / "deerfield_desk.iss").read_text(encoding="utf-8")
    assert "AppId={{6B1F3C2E-8D4A-4E7B-9C61-D33F1E1D2A58}" in script
    assert '"{group}\\{#AppName}"; Filename: "{app}\\{#AppSlug}.exe"' in script
    assert 'Name: "{group}\\Uninstall {#AppName}"; Filename: "{uninstallexe}"' in script


@pytest.fixture
def linux_archive(tmp_path):
    """A Linux archive around a stand-in program that prints its arguments."""
    folder = tmp_path / "frozen" / "deerfield-desk"
    (folder / "_internal").mkdir(parents=True)
    program = folder / "deerfield-desk"
    program.write_text('#!/bin/sh\necho "stand-in $*"\n')
    program.chmod(0o755)
    return bi.package_linux(bi.app_info(), folder, dist=tmp_path / "dist")


def test_linux_archive_holds_program_menu_entry_icon_and_installer(linux_archive, tmp_path):
    with tarfile.open(linux_archive) as tar:
        members = {m.name.split("/", 1)[1]: m for m in tar.getmembers() if "/" in m.name}
        desktop = tar.extractfile(members["deerfield-desk.desktop"]).read().decode()
    assert linux_archive.name.startswith(f"deerfield-desk-{deerfield_desk.__version__}-linux-")
    assert members["deerfield-desk/deerfield-desk"].mode & 0o111
    assert members["install.sh"].mode == 0o755
    assert "deerfield-desk.png" in members
    entry = configparser.ConfigParser(interpolation=None)
    entry.optionxform = str
    entry.read_string(desktop)
    section = entry["Desktop Entry"]
    assert section["Name"] == "Deerfield Desk"
    assert section["Type"] == "Application" and section["Icon"] == "deerfield-desk"
    assert "@" not in desktop  # every placeholder filled in
    if shutil.which("desktop-file-validate"):
        path = tmp_path / "deerfield-desk.desktop"
        path.write_text(desktop, encoding="utf-8")
        checked = subprocess.run(
            ["desktop-file-validate", str(path)], capture_output=True, text=True
        )
        assert checked.returncode == 0, checked.stdout + checked.stderr


def test_install_sh_installs_for_the_user_and_uninstall_keeps_the_register(linux_archive, tmp_path):
    with tarfile.open(linux_archive) as tar:
        tar.extractall(tmp_path / "unpacked", filter="data")
    (top,) = (tmp_path / "unpacked").iterdir()
    home = tmp_path / "user"
    env = {"HOME": str(home), "PATH": os.environ["PATH"]}
    subprocess.run(["sh", str(top / "install.sh")], env=env, check=True, capture_output=True)
    program = home / ".local/opt/deerfield-desk/deerfield-desk"
    desktop = (home / ".local/share/applications/deerfield-desk.desktop").read_text()
    assert f'Exec="{program}"' in desktop
    started = subprocess.run(
        [str(home / ".local/bin/deerfield-desk"), "--version"],
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    assert started.stdout.strip() == "stand-in --version"

    register = home / ".local/share/deerfield-desk/register.sqlite"
    register.parent.mkdir(parents=True)
    register.write_bytes(b"the village's records")
    removed = subprocess.run(
        ["sh", str(top / "install.sh"), "--uninstall"],
        env=env,
        check=True,
        capture_output=True,
        text=True,
    )
    assert not program.exists()
    assert not (home / ".local/share/applications/deerfield-desk.desktop").exists()
    assert register.read_bytes() == b"the village's records"
    assert "was kept" in removed.stdout
