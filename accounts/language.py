"""The site's language for a person (issue 52). Django's ``LocaleMiddleware`` picks it per
request: the ``language`` cookie (the header's menu) first, else the browser's
Accept-Language. An account keeps its choice (``Account.language``): signing up saves the
sign-up page's, choosing saves it, and logging in on another browser sets that browser's
cookie from it, so no page asks the database for it. E-mails and notifications to an account
are written in it (``for_user``)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.conf import settings
from django.contrib.auth.signals import user_logged_in
from django.dispatch import receiver
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.middleware.csrf import CsrfViewMiddleware
from django.utils import translation
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_POST

from .models import Account

CHOSEN = "_account_language"  # the request's attribute: the cookie to set on its response


def choices() -> list[tuple[str, str]]:
    """The languages, each by its own name (the menu's options)."""
    return list(settings.LANGUAGES)


def saved(user: Any) -> str:
    """``user``'s saved choice ("": none, their browser's is used)."""
    return Account.objects.filter(user_id=user.pk).values_list("language", flat=True).first() or ""


def for_user(user: Any) -> str:
    """The language to write to ``user`` in (their saved choice, else the site's)."""
    return saved(user) or settings.LANGUAGE_CODE


def for_users(user_ids: Iterable[int]) -> dict[int, str]:
    """``for_user`` of each of ``user_ids`` (one query; none for no ids)."""
    ids = set(user_ids)
    if not ids:
        return {}
    found = dict(
        Account.objects.filter(user_id__in=ids).exclude(language="").values_list("user_id", "language")
    )
    return {uid: found.get(uid, settings.LANGUAGE_CODE) for uid in ids}


def _remember(request: HttpRequest, language: str) -> None:
    translation.activate(language)
    request.LANGUAGE_CODE = language
    setattr(request, CHOSEN, language)


def _forged(request: HttpRequest) -> bool:
    """Does the request fail Django's CSRF check (made on its own here, see below)?"""
    return CsrfViewMiddleware(lambda r: None).process_view(request, None, (), {}) is not None


@csrf_exempt
@require_POST
def language_set(request: HttpRequest) -> HttpResponse:
    """The header's menu: ``language`` (one of LANGUAGES) for this browser, and for the
    account when logged in; back to the page it was chosen on (``next``, else the Referer:
    this site's only).

    A visitor's menu has no CSRF token: a page for visitors stays the same for every visitor
    (the replay's HTTP cache), and another site can at worst set a cookie of taste. An
    account's choice is saved only with the token the logged-in menu sends."""
    language = request.POST.get("language", "")
    target = request.POST.get("next") or request.META.get("HTTP_REFERER") or "/"
    if not url_has_allowed_host_and_scheme(target, {request.get_host()}, request.is_secure()):
        target = "/"
    response = HttpResponseRedirect(target)
    if language not in dict(settings.LANGUAGES):
        return response
    _remember(request, language)
    if request.user.is_authenticated and not _forged(request):
        Account.objects.update_or_create(user=request.user, defaults={"language": language})
    return response


def keep_signup_language(request: HttpRequest, user: Any) -> None:
    """A new account keeps the language its sign-up page spoke (the browser's, or the menu's):
    its notifications and e-mails, written while nobody is looking, are in it from the start."""
    language = getattr(request, "LANGUAGE_CODE", "")
    if language in dict(settings.LANGUAGES):
        Account.objects.update_or_create(user=user, defaults={"language": language})


@receiver(user_logged_in, dispatch_uid="accounts.language")
def _saved_language(sender: Any, request: HttpRequest | None, user: Any, **kwargs: Any) -> None:
    """Logging in brings the account's saved language to this browser."""
    if request is not None and (language := saved(user)):
        _remember(request, language)


class AccountLanguageMiddleware:
    """Sets the ``language`` cookie on a response when the request chose one (the menu, or
    a login bringing the account's choice)."""

    def __init__(self, get_response: Any) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        language = getattr(request, CHOSEN, None)
        if language:
            response.set_cookie(
                settings.LANGUAGE_COOKIE_NAME,
                language,
                max_age=settings.LANGUAGE_COOKIE_AGE,
                samesite=settings.LANGUAGE_COOKIE_SAMESITE,
                secure=settings.SESSION_COOKIE_SECURE,
                httponly=False,
            )
        return response
