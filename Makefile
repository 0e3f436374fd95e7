# Two commands: `make run` (install everything, start the app) and `make test`
# (install everything, lint, run the whole test suite). Both need only Python 3.11+.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test install browser postgres proxy club bench lint clean messages soak

# uv (from PyPI, into the venv) installs the same packages as pip in seconds; pip does it where uv cannot.
$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	($(BIN)/python -m pip install --quiet uv && UV_NATIVE_TLS=1 $(BIN)/uv pip install --quiet --python $(BIN)/python -e '.[test]') \
	  || $(BIN)/python -m pip install --quiet -e '.[test]'
	touch $(STAMP)

install: $(STAMP)

run: $(STAMP)
	$(BIN)/streamlit run app.py

browser:
	@sh scripts/ensure_chromium.sh

postgres:
	@sh scripts/ensure_postgres.sh

proxy:
	@sh scripts/ensure_nginx.sh

# The club edition on this machine: PostgreSQL, two app replicas and nginx with sticky sessions (docs/club.md).
club: $(STAMP) postgres proxy
	$(BIN)/python scripts/club.py

lint: $(STAMP)
	$(BIN)/ruff check .

# Tests are shared out one by one; the tests of one xdist_group (a shared browser server) stay on one worker.
# Compiled modules are kept (__pycache__) even where PYTHONDONTWRITEBYTECODE is set: the workers, every Streamlit
# server and every command the tests start would otherwise compile the packages they import again (2-3 s each).
test: $(STAMP) browser postgres proxy
	$(BIN)/ruff check .
	PYTHONDONTWRITEBYTECODE= $(BIN)/python -m pytest -n 2 --dist loadgroup -q

# The gettext catalogues: extract the messages, then bring every language's .po up to date (compiled at run time).
messages: $(STAMP)
	$(BIN)/pybabel extract -F babel.cfg -k N_ --no-location --sort-output --project sanma-tutor -w 100 -o locale/sanma.pot sanma_core course tutor drills app.py
	$(BIN)/pybabel update -i locale/sanma.pot -d locale -D sanma --no-fuzzy-matching --ignore-obsolete -w 100

# The long soak: the suite's 400 random games and 8,600 more (about 8 minutes on 2 cores).
soak: $(STAMP)
	SANMA_SOAK_LONG=8600 $(BIN)/python -m pytest -n 2 -q tests/test_game_soak.py

bench: $(STAMP)
	for f in benchmarks/bench_*.py; do $(BIN)/python $$f || exit 1; done

clean:
	rm -rf $(VENV) .pytest_cache
