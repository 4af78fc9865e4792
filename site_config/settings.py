"""Settings, configured by environment variables (see the README)."""

import os
from datetime import timedelta
from pathlib import Path

import dj_database_url
from django.core.exceptions import ImproperlyConfigured

from site_config.secret_key import read as read_secret_key

BASE_DIR = Path(__file__).resolve().parent.parent


def env_bool(name: str, default: bool) -> bool:
    """Read a boolean environment variable ("1", "true", "yes", "on")."""
    value = os.environ.get(name)
    return default if value is None else value.strip().lower() in ("1", "true", "yes", "on")


DEBUG = env_bool("DJANGO_DEBUG", False)
# For development only: a production start (DJANGO_SECURE=1) refuses it, and so does
# `manage.py check --deploy` (accounts.checks). `make run` makes a key of its own once, in a
# file outside the repository, and passes its path as DJANGO_SECRET_KEY_FILE.
DEVELOPMENT_SECRET_KEY = "dev-only-insecure-key-change-me-0123456789abcdefghijklmnop"


def secret_key() -> str:
    """$DJANGO_SECRET_KEY, else the key in the file $DJANGO_SECRET_KEY_FILE, else the
    development key (tests and a bare `manage.py`)."""
    if os.environ.get("DJANGO_SECRET_KEY"):
        return os.environ["DJANGO_SECRET_KEY"]
    path = os.environ.get("DJANGO_SECRET_KEY_FILE")
    if not path:
        return DEVELOPMENT_SECRET_KEY
    try:
        return read_secret_key(path)
    except (OSError, ValueError) as exc:
        raise ImproperlyConfigured(
            f"DJANGO_SECRET_KEY_FILE: {exc}. Make one with `python -m site_config.secret_key {path}`."
        ) from exc


SECRET_KEY = secret_key()
ALLOWED_HOSTS = [h for h in os.environ.get("DJANGO_ALLOWED_HOSTS", "127.0.0.1,localhost").split(",") if h]
CSRF_TRUSTED_ORIGINS = [o for o in os.environ.get("DJANGO_CSRF_TRUSTED_ORIGINS", "").split(",") if o]

INSTALLED_APPS = [
    "daphne",
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "servestatic.runserver_nostatic",
    "django.contrib.staticfiles",
    "channels",
    "axes",
    "django_tasks",
    "django_tasks_db",
    "accounts",
    "games",
    "games.bible",
    "games.puzzles",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "servestatic.middleware.ServeStaticMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    # The page's language: the header's menu (a cookie), else the browser's Accept-Language;
    # an account's saved choice wins (accounts.language, after authentication).
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "accounts.language.AccountLanguageMiddleware",
    "accounts.online.SeenMiddleware",  # who is online, for the people following them
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "axes.middleware.AxesMiddleware",
]

# Login throttling (django-axes): after AXES_FAILURE_LIMIT wrong passwords for one username
# from one address, that pair is locked out for AXES_COOLOFF_TIME (the page says so).
# Bot accounts never log in with a password (accounts.backends): they use API tokens.
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    "accounts.backends.NoPasswordForBots",
    "django.contrib.auth.backends.ModelBackend",
]
AXES_FAILURE_LIMIT = int(os.environ.get("AXES_FAILURE_LIMIT", "5"))
AXES_COOLOFF_TIME = timedelta(minutes=float(os.environ.get("AXES_COOLOFF_MINUTES", "15")))
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_RESET_ON_SUCCESS = True
AXES_LOCKOUT_TEMPLATE = "registration/locked_out.html"
AXES_VERBOSE = False
# The address is REMOTE_ADDR only: the real client's behind a trusted proxy (below), and never
# a header the client could write itself.
AXES_CLIENT_IP_CALLABLE = "site_config.proxy.remote_addr"

# Reverse proxies (addresses or CIDR networks, comma-separated) whose X-Forwarded-For names
# the real client (site_config/proxy.py), for the login lockout and every per-address limit.
# Empty: trust nobody, the connecting address is the client (docs/deploy.md).
TRUSTED_PROXIES = [p.strip() for p in os.environ.get("TRUSTED_PROXIES", "").split(",") if p.strip()]

ROOT_URLCONF = "site_config.urls"
ASGI_APPLICATION = "site_config.asgi.application"
WSGI_APPLICATION = None

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        # A game's rules page is its folder's ``rules.html``: "<slug>/rules.html" here.
        "DIRS": [BASE_DIR / "templates", BASE_DIR / "games" / "catalog"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

# SQLite by default, PostgreSQL (or any database) when DATABASE_URL is set. Every SQLite
# database, by path or by DATABASE_URL, gets WAL (readers never block the writer), immediate
# transactions (a writer queues at BEGIN instead of failing with "database is locked" when its
# read snapshot went stale) and a 20 s wait for the lock.
SQLITE_OPTIONS = {
    "transaction_mode": "IMMEDIATE",
    "timeout": 20,
    "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
}
_sqlite_path = os.environ.get("SQLITE_PATH", str(BASE_DIR / "db.sqlite3"))
# Keep connections: opening one costs more than a move's queries.
DATABASES = {
    "default": dj_database_url.parse(os.environ["DATABASE_URL"], conn_max_age=60)
    if os.environ.get("DATABASE_URL")
    else {"ENGINE": "django.db.backends.sqlite3", "NAME": _sqlite_path, "CONN_MAX_AGE": 60}
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # Options given in the URL (?timeout=30) win over the site's.
    DATABASES["default"]["OPTIONS"] = {**SQLITE_OPTIONS, **DATABASES["default"].get("OPTIONS", {})}
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# Three places replace a library's internals, each for a measured reason (docs/deploy.md,
# "Library overrides"). Each variable set to 0 turns its override off: the stock Channels or
# Django code runs instead, e.g. to check whether an upgrade made the override unnecessary.
# - every socket's dispatch loop (games/realtime/dispatch.py; games/realtime/sockets.py picks it)
SOCKET_DISPATCH_LOOP = env_bool("SOCKET_DISPATCH_LOOP", True)
# - the in-memory channel layer's sweep and group send (games/realtime/channel_layer.py; below)
SWEEPING_MEMORY_LAYER = env_bool("SWEEPING_MEMORY_LAYER", True)
# - pages (GET, HEAD) on the shared database thread (site_config/http_handler.py picks it)
PAGES_ON_SHARED_THREAD = env_bool("PAGES_ON_SHARED_THREAD", True)

# Channels: in-memory layer for one process, Redis when REDIS_URL is set. REDIS_LAYER picks
# the Redis layer: "pubsub" (default; measured faster across processes) or "core" (queues
# with capacity and expiry). Why: docs/deploy.md.
REDIS_LAYERS = {
    "pubsub": ("channels_redis.pubsub.RedisPubSubChannelLayer", {}),
    "core": ("channels_redis.core.RedisChannelLayer", {"capacity": 1500, "expiry": 10}),
}
if os.environ.get("REDIS_URL"):
    _layer = os.environ.get("REDIS_LAYER", "pubsub")
    if _layer not in REDIS_LAYERS:
        raise ImproperlyConfigured(f"REDIS_LAYER must be one of {', '.join(REDIS_LAYERS)}, not {_layer!r}")
    _backend, _config = REDIS_LAYERS[_layer]
    CHANNEL_LAYERS = {
        "default": {"BACKEND": _backend, "CONFIG": {"hosts": [os.environ["REDIS_URL"]], **_config}}
    }
else:
    CHANNEL_LAYERS = {
        # Channels' in-memory layer with its expiry sweep once a second, not on every message,
        # and no task per member in a group send (a match with 1,000 spectators:
        # games/realtime/channel_layer.py); or, with SWEEPING_MEMORY_LAYER=0, Channels' own.
        "default": {
            "BACKEND": "games.realtime.channel_layer.SweepingInMemoryChannelLayer"
            if SWEEPING_MEMORY_LAYER
            else "channels.layers.InMemoryChannelLayer",
            "CONFIG": {"capacity": 1500},
        }
    }

# Django's cache (per process, in memory): the lobby's fragments, and facts of active
# matches that never change (games.matches.selectors).
CACHES = {
    "default": {
        "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
        "OPTIONS": {"MAX_ENTRIES": 20_000},
    }
}

TASKS = {"default": {"BACKEND": "django_tasks_db.DatabaseBackend"}}

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "lobby"
LOGOUT_REDIRECT_URL = "lobby"

LANGUAGE_CODE = "en"
# The site's languages (issue 52), each by its own name in the header's menu. The platform's
# strings are in games/locale and accounts/locale, each game's in its folder's locale/.
LANGUAGES = [
    ("en", "English"),
    ("fr", "Français"),
    ("de", "Deutsch"),
    ("es", "Español"),
    ("ru", "Русский"),
]
LOCALE_PATHS = [BASE_DIR / "games" / "locale", *sorted((BASE_DIR / "games" / "catalog").glob("*/locale"))]
LANGUAGE_COOKIE_NAME = "language"
LANGUAGE_COOKIE_AGE = 365 * 24 * 3600
LANGUAGE_COOKIE_SAMESITE = "Lax"
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

STATIC_URL = "/static/"
# Each game's folder serves its own ``static/`` at ``/static/games/<slug>/``.
STATICFILES_DIRS = [BASE_DIR / "static"] + [
    (f"games/{folder.parent.name}", folder)
    for folder in sorted((BASE_DIR / "games" / "catalog").glob("*/static"))
]
STATIC_ROOT = BASE_DIR / "staticfiles"
# Served by ServeStatic (an async WhiteNoise: no thread hop per request) straight from the
# finders, so no collectstatic step is needed.
SERVESTATIC_USE_FINDERS = True
SERVESTATIC_AUTOREFRESH = DEBUG

CSRF_FAILURE_VIEW = "games.web.api.csrf_failure"

SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
if env_bool("DJANGO_SECURE", False):
    if SECRET_KEY == DEVELOPMENT_SECRET_KEY:
        raise ImproperlyConfigured(
            "DJANGO_SECURE=1 needs DJANGO_SECRET_KEY (or DJANGO_SECRET_KEY_FILE): "
            "the development key is public."
        )
    SECURE_SSL_REDIRECT = True
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
    SECURE_HSTS_SECONDS = 31536000
    SECURE_HSTS_INCLUDE_SUBDOMAINS = True
    SECURE_HSTS_PRELOAD = True

GETBIBLE_BASE_URL = os.environ.get("GETBIBLE_BASE_URL", "https://api.getbible.net/v2")
GETBIBLE_CONNECT_TIMEOUT = float(os.environ.get("GETBIBLE_CONNECT_TIMEOUT", "5"))
GETBIBLE_READ_TIMEOUT = float(os.environ.get("GETBIBLE_READ_TIMEOUT", "30"))
GETBIBLE_RETRIES = int(os.environ.get("GETBIBLE_RETRIES", "3"))
GETBIBLE_BACKOFF = float(os.environ.get("GETBIBLE_BACKOFF", "0.3"))

# Game platform knobs.
MOVE_RATE_PER_SECOND = float(os.environ.get("MOVE_RATE_PER_SECOND", "10"))
MOVE_RATE_BURST = int(os.environ.get("MOVE_RATE_BURST", "30"))
# The same for all the sockets of one user, and of one address, together (per process);
# and how many sockets one user, and one address, may hold open at once.
USER_RATE_PER_SECOND = float(os.environ.get("USER_RATE_PER_SECOND", "20"))
USER_RATE_BURST = int(os.environ.get("USER_RATE_BURST", "60"))
ADDRESS_RATE_PER_SECOND = float(os.environ.get("ADDRESS_RATE_PER_SECOND", "200"))
ADDRESS_RATE_BURST = int(os.environ.get("ADDRESS_RATE_BURST", "400"))
MAX_SOCKETS_PER_USER = int(os.environ.get("MAX_SOCKETS_PER_USER", "30"))
MAX_SOCKETS_PER_ADDRESS = int(os.environ.get("MAX_SOCKETS_PER_ADDRESS", "300"))
# POST /api/analysis/ per address (per process): requests a second, in bursts of this many.
# Every request spends one, refused ones too, before any of its work is done.
ANALYSIS_RATE_PER_SECOND = float(os.environ.get("ANALYSIS_RATE_PER_SECOND", "3"))
ANALYSIS_RATE_BURST = int(os.environ.get("ANALYSIS_RATE_BURST", "30"))
# Each process marks its open sockets as seen every PRESENCE_HEARTBEAT_SECONDS; a socket not
# seen for PRESENCE_TIMEOUT_SECONDS counts as gone (its process died without a word).
PRESENCE_HEARTBEAT_SECONDS = float(os.environ.get("PRESENCE_HEARTBEAT_SECONDS", "10"))
# A player to move whose sockets are all gone this long (realtime clock / untimed) may lose:
# the others can then claim the match (a victory or a draw). Correspondence: the clock decides.
ABANDON_SECONDS = float(os.environ.get("ABANDON_SECONDS", "30"))
ABANDON_UNTIMED_SECONDS = float(os.environ.get("ABANDON_UNTIMED_SECONDS", "120"))
# The site's public address, for links in e-mails (e.g. https://games.example.org).
SITE_URL = os.environ.get("SITE_URL", "")
# How often each server process looks for clocks that ran out (games.autoplay.clock_watch).
CLOCK_SWEEP_SECONDS = float(os.environ.get("CLOCK_SWEEP_SECONDS", "0.5"))
# A long task of the worker (an analysis, an import, the levels' ratings) unheard of this long
# has lost its worker and is taken up again (games/leases.py).
TASK_LEASE_SECONDS = float(os.environ.get("TASK_LEASE_SECONDS", "30"))
PRESENCE_TIMEOUT_SECONDS = float(os.environ.get("PRESENCE_TIMEOUT_SECONDS", "30"))

# A player to move who has had no open socket this long is skipped (games with a skip move).
ABSENT_SKIP_SECONDS = float(os.environ.get("ABSENT_SKIP_SECONDS", "60"))
# A rematch offer nobody answered is withdrawn after this long (games.matches.services).
REMATCH_OFFER_SECONDS = float(os.environ.get("REMATCH_OFFER_SECONDS", "600"))
# An untimed match whose first move nobody made this long after its start is aborted.
UNSTARTED_ABORT_SECONDS = float(os.environ.get("UNSTARTED_ABORT_SECONDS", "3600"))
COMPUTER_MOVE_DELAY = float(os.environ.get("COMPUTER_MOVE_DELAY", "0.6"))
# Processes searching the computer's moves, per server process (docs/deploy.md: sizing). One
# by default: on two cores the other one serves the sockets.
COMPUTER_PROCESSES = int(os.environ.get("COMPUTER_PROCESSES", "1"))

# What one account may hold at once (issue 24: one account made hundreds of matches,
# challenges and tournaments in seconds). Each refusal is a 409 with its own code
# (docs/protocol.md); staff are exempt. A value of 0 refuses every new one.
QUOTA_WAITING_MATCHES = int(os.environ.get("QUOTA_WAITING_MATCHES", "10"))  # open or invite, waiting
QUOTA_CHALLENGES = int(os.environ.get("QUOTA_CHALLENGES", "10"))  # sent, not yet answered
QUOTA_CHALLENGES_TO_ONE = int(os.environ.get("QUOTA_CHALLENGES_TO_ONE", "3"))  # of those, to one person
QUOTA_TOURNAMENTS = int(os.environ.get("QUOTA_TOURNAMENTS", "3"))  # created, not finished or cancelled
QUOTA_COMPUTER_MATCHES = int(os.environ.get("QUOTA_COMPUTER_MATCHES", "10"))  # active, seated vs the computer
QUOTA_WATCH_MATCHES = int(os.environ.get("QUOTA_WATCH_MATCHES", "3"))  # active computer-vs-computer
# Computer players in one tournament (every account, staff too: each plays every round).
TOURNAMENT_MAX_COMPUTERS = int(os.environ.get("TOURNAMENT_MAX_COMPUTERS", "4"))

# E-mail (password reset): printed to the console unless an SMTP server is configured.
EMAIL_BACKEND = os.environ.get("EMAIL_BACKEND", "django.core.mail.backends.console.EmailBackend")
EMAIL_HOST = os.environ.get("EMAIL_HOST", "localhost")
EMAIL_PORT = int(os.environ.get("EMAIL_PORT", "25"))
EMAIL_HOST_USER = os.environ.get("EMAIL_HOST_USER", "")
EMAIL_HOST_PASSWORD = os.environ.get("EMAIL_HOST_PASSWORD", "")
EMAIL_USE_TLS = env_bool("EMAIL_USE_TLS", False)
DEFAULT_FROM_EMAIL = os.environ.get("DEFAULT_FROM_EMAIL", "games@localhost")

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}, "null": {"class": "logging.NullHandler"}},
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "WARNING")},
    # A request for another host name (scanners do it all day) gets the 400 page; its
    # traceback would only bury real errors (as Django's deployment docs suggest).
    "loggers": {"django.security.DisallowedHost": {"handlers": ["null"], "propagate": False}},
}
