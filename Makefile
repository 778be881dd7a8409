# Two commands: `make run` and `make test`. Both set up .venv on first use.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
export QT_QPA_PLATFORM ?= $(if $(DISPLAY),,offscreen)

.PHONY: run test lint bench test-faults test-installer installer clean setup

setup: $(STAMP)

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PY) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip
	$(BIN)/python -m pip install -q -e '.[test]'
	@# Qt needs a few system libraries even offscreen, the document tests read PDFs with
	@# pdftoppm and QR codes with zbarimg, and the export tests open the workbook in LibreOffice
	@# (soffice --headless); install them where we can (root on Debian).
	@if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null && \
	    { ! ldconfig -p | grep -q libxkbcommon.so.0 || ! ldconfig -p | grep -q libEGL.so.1 || \
	      ! command -v pdftoppm >/dev/null || ! command -v zbarimg >/dev/null || \
	      ! command -v soffice >/dev/null; }; then \
	  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq \
	    libegl1 libgl1 libxkbcommon0 libfontconfig1 libdbus-1-3 poppler-utils zbar-tools >/dev/null \
	  && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
	    libreoffice-calc-nogui >/dev/null; fi
	touch $(STAMP)

# `make run` is the developer's door: with no register of one's own yet it opens the demo
# register at once (the installed app asks instead: set up the village's register, open one,
# or try the demo). The same test as the app's first_start(): the default register's file.
run: $(STAMP)
	@if $(BIN)/python -c "import sys; from deerfield_desk.config import register_paths; \
	    sys.exit(0 if register_paths().db.exists() else 1)"; then \
	  $(BIN)/deerfield-desk; else $(BIN)/deerfield-desk --demo; fi

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy

test: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy
	QT_QPA_PLATFORM=offscreen $(BIN)/python -m pytest

bench: $(STAMP)
	QT_QPA_PLATFORM=offscreen $(BIN)/python -m benchmarks.run

# Issue 11's fault harness: kill -9 cycles, two writers, tampering, bad input; one JSON object.
test-faults: $(STAMP)
	QT_QPA_PLATFORM=offscreen $(BIN)/python -m tests.faults.run

test-installer: $(STAMP)
	$(BIN)/python -m pip install -q -e '.[test,installer]'
	QT_QPA_PLATFORM=offscreen $(BIN)/python -m pytest -m slow -q

installer: $(STAMP)
	$(BIN)/python -m pip install -q -e '.[installer]'
	$(BIN)/python build_installer.py

clean:
	rm -rf build dist .pytest_cache
