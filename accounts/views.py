"""Sign-up and the public profile; log in/out and password change are Django's own views."""

from __future__ import annotations

from django.contrib.auth import get_user_model, login
from django.contrib.auth.forms import UserCreationForm
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.csrf import ensure_csrf_cookie

from .selectors import record_page
from .tokens import profile_extras


def safe_next(request: HttpRequest) -> str:
    """The ``next`` target of the request if it is on this site, else the lobby."""
    target = request.POST.get("next") or request.GET.get("next") or ""
    ok = url_has_allowed_host_and_scheme(target, {request.get_host()}, require_https=request.is_secure())
    return target if target and ok else "/"


@ensure_csrf_cookie
def signup(request: HttpRequest) -> HttpResponse:
    """Create an account, log in, and go on to ``next`` (an invite link survives sign-up)."""
    form = UserCreationForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        user = form.save()
        login(request, user, backend="django.contrib.auth.backends.ModelBackend")
        return redirect(safe_next(request))
    return render(request, "registration/signup.html", {"form": form, "next": safe_next(request)})


def profile(request: HttpRequest, username: str) -> HttpResponse:
    """A user's record: per game wins/losses/draws, ongoing matches, recent replays."""
    user = get_object_or_404(get_user_model(), username=username)
    context = {"profile_user": user, **record_page(user, request.user), **profile_extras(request, user)}
    return render(request, "accounts/profile.html", context)
