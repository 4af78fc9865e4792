# The two set-up commands of the README: `make run` and `make test`.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
HOST ?= 127.0.0.1
PORT ?= 8000

.PHONY: run test venv cores test-deps system-deps lint messages

$(BIN)/python:
	$(PY) -m venv $(VENV)
	$(BIN)/pip install -q --upgrade pip

venv: $(BIN)/python
	$(BIN)/pip install -q -r requirements.txt
	$(MAKE) cores

## The computer players' C cores (setup.py), compiled in place; again only when a source changed.
cores: $(BIN)/python
	$(BIN)/python setup.py -q build_ext --inplace --build-temp $(VENV)/build --build-lib $(VENV)/build/lib

# The site's own secret key, made once by `make run` and kept outside the repository (the
# development key in site_config/settings.py is public). DJANGO_SECRET_KEY, when set, wins.
SECRET_KEY_FILE ?= $(or $(XDG_CONFIG_HOME),$(HOME)/.config)/boardgames/secret_key

.PHONY: serve

## Install and start everything: migrations, a first staff account, the task worker and daphne.
run: venv serve

## The same on an installed .venv: a secret key once, migrations, a first staff account, the
## task worker and daphne.
serve: export DJANGO_SECRET_KEY_FILE = $(SECRET_KEY_FILE)
serve:
	$(BIN)/python -m site_config.secret_key "$(SECRET_KEY_FILE)"
	$(BIN)/python manage.py migrate --noinput
	$(BIN)/python manage.py collectstatic --noinput -v0
	$(BIN)/python manage.py ensure_admin
	$(BIN)/python manage.py db_worker & worker=$$!; \
	trap 'kill $$worker 2>/dev/null' INT TERM EXIT; \
	echo "Serving on http://$(HOST):$(PORT)/ (admin: /admin/)"; \
	$(BIN)/python -m site_config.serve -b $(HOST) -p $(PORT) site_config.asgi:application

## Debian packages the tests need (chromium, Redis, PostgreSQL, nginx, Node.js for the
## JavaScript unit tests, gettext for the translation catalogs' checks), installed when missing.
system-deps:
	@missing=""; \
	[ -x /usr/bin/chromium ] || missing="$$missing chromium"; \
	command -v redis-server >/dev/null || missing="$$missing redis-server"; \
	ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || missing="$$missing postgresql"; \
	[ -x /usr/sbin/nginx ] || missing="$$missing nginx"; \
	command -v node >/dev/null || missing="$$missing nodejs"; \
	command -v msgfmt >/dev/null || missing="$$missing gettext"; \
	if [ -n "$$missing" ]; then \
		echo "Installing Debian packages:$$missing"; \
		apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q $$missing; \
	fi

test-deps: $(BIN)/python system-deps
	$(BIN)/pip install -q -r requirements-test.txt
	$(MAKE) cores

lint: test-deps
	$(BIN)/ruff check .

## Install and run every test: the pages' JavaScript units (Node's own runner), then rules,
## API, live daphne + WebSockets, browser.
## Four workers on two cores: live and browser tests mostly wait on a server or a clock.
## One file per worker at a time, in the order collected (tests/ before the doctests):
## xdist's default puts files with many tests first, leaving the long few-test files last.
test: test-deps lint
	node --test --test-reporter=spec tests/js/*.test.mjs
	$(BIN)/python -m pytest -n 4 --dist loadfile --no-loadscope-reorder

## The translation catalogs (issue 52) made again from the sources, then compiled: the
## platform's strings in games/locale (templates, Python, the pages' scripts as djangojs),
## accounts' in accounts/locale, each game's in its folder's locale/. The .mo files are
## committed (make run needs no gettext); tests/i18n checks they match the .po files.
LANGS := -l fr -l de -l es -l ru
SKIP := --ignore ".venv/*" --ignore "tests/*" --ignore "bench/*" --ignore "staticfiles/*" --ignore "node_modules/*"
messages: test-deps
	$(BIN)/python manage.py makemessages $(LANGS) $(SKIP) --no-obsolete -v0
	$(BIN)/python manage.py makemessages -d djangojs $(LANGS) $(SKIP) --no-obsolete -v0
	$(BIN)/python manage.py compilemessages $(LANGS) --ignore ".venv/*" -v0
