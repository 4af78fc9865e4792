"""Notification pages: the list (the bell's), its unread count, e-mail settings, unsubscribe.

Everybody sees only their own notifications and settings; an unsubscribe link works without
logging in, for its own user and kind of e-mail only, while the address it was mailed to is
the user's (the token is that address's random key: ``services.unsubscribe_token``).
"""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.cache import never_cache
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_GET, require_http_methods

from accounts import addresses
from accounts.views import send_confirmation
from games.notifications import services
from games.notifications.models import EmailPreferences

KIND_NAMES = {"turn": "your turn in a correspondence match", "low_time": "time running low"}


@login_required
@never_cache
@require_GET
def notification_list(request: HttpRequest) -> HttpResponse:
    """Your newest notifications, each linking to its match; opening the list marks the ones
    it shows as read (the new ones are marked so on this view)."""
    items = services.latest(user=request.user)
    if items:
        services.mark_read(user=request.user, up_to=max(n.pk for n in items))
    return render(request, "notifications/list.html", {"items": items})


@never_cache
@require_GET
def unread_count(request: HttpRequest) -> JsonResponse:
    """``{"unread": n}``: the bell's count (bell.js reads it on a ``notifications`` hint)."""
    if not request.user.is_authenticated:
        return JsonResponse(
            {"error": "not_authenticated", "message": _("Log in first (session cookie).")}, status=401
        )
    return JsonResponse({"unread": services.unread_count(user=request.user)})


class EmailSettingsForm(forms.Form):
    """Your e-mail address and which notifications come by e-mail. Changing the address asks
    for your password (it is where password-reset mail goes)."""

    email = forms.EmailField(
        label=gettext_lazy("E-mail address"),
        required=False,
        help_text=gettext_lazy("Mail goes here; leave it empty for no e-mail at all."),
    )
    password = forms.CharField(
        label=gettext_lazy("Your password"),
        required=False,
        strip=False,
        widget=forms.PasswordInput(attrs={"autocomplete": "current-password"}),
        help_text=gettext_lazy("Only needed to change the address."),
    )
    turn = forms.BooleanField(label=EmailPreferences._meta.get_field("turn").verbose_name, required=False)
    low_time = forms.BooleanField(
        label=EmailPreferences._meta.get_field("low_time").verbose_name, required=False
    )

    def __init__(self, *args, user, **kwargs) -> None:
        super().__init__(*args, label_suffix="", **kwargs)
        self.user = user

    def clean(self) -> dict:
        data = super().clean()
        changed = "email" in data and data["email"] != self.user.email
        if changed and not self.user.check_password(data.get("password") or ""):
            self.add_error("password", _("Enter your password to change the e-mail address."))
        return data


@login_required
@never_cache
@require_http_methods(["GET", "POST"])
def email_settings(request: HttpRequest) -> HttpResponse:
    """Which notifications come by e-mail (on by default), and where to: a new address gets
    a confirmation link first (``accounts.addresses``)."""
    prefs = services.preferences_of(request.user)
    initial = {"email": request.user.email, "turn": prefs.turn, "low_time": prefs.low_time}
    form = EmailSettingsForm(request.POST or None, initial=initial, user=request.user)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        before = request.user.email
        services.preferences_set(
            user=request.user, turn=data["turn"], low_time=data["low_time"], email=data["email"]
        )
        messages.success(request, _("E-mail settings saved."))
        if request.user.email and request.user.email != before:
            send_confirmation(request, request.user)  # nothing else goes there until confirmed
        return redirect("notifications_settings")
    context = {"form": form, "confirmed": addresses.is_confirmed(request.user)}
    return render(request, "notifications/settings.html", context)


@csrf_exempt  # the token is the credential; mail clients POST without a session (RFC 8058)
@never_cache
@require_http_methods(["GET", "POST"])
def unsubscribe(request: HttpRequest, token: str) -> HttpResponse:
    """GET: a page with one button; POST (that button, or a mail client's one-click
    ``List-Unsubscribe=One-Click``): that kind of e-mail is off for the token's user."""
    target = services.unsubscribe_target(token)
    if target is None:
        return render(request, "notifications/unsubscribe.html", {"invalid": True}, status=404)
    user, kind = target
    context = {"kind_name": KIND_NAMES[kind], "username": user.username}
    if request.method == "POST":
        services.unsubscribe(user_id=user.pk, kind=kind)
        return render(request, "notifications/unsubscribe.html", {**context, "done": True})
    return render(request, "notifications/unsubscribe.html", context)
