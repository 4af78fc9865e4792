"""Sign-up, the public profile and its forms (answering a challenge, following someone,
choosing who may challenge you), and confirming an e-mail address; log in/out, password
change and reset are Django's own views."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth import get_user_model, login
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.csrf import ensure_csrf_cookie
from django.views.decorators.http import require_http_methods, require_POST

from games.matches.challenges.services import accept as challenge_accept
from games.matches.challenges.services import decline as challenge_decline
from games.matches.errors import ServiceError

from . import addresses
from .follows import challengers_set, chat_set, follow, unfollow
from .forms import SignupForm
from .language import keep_signup_language
from .pairing_prefs import pair_with_bots_set
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
    form = SignupForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        user = form.save()
        keep_signup_language(request, user)
        login(request, user, backend="django.contrib.auth.backends.ModelBackend")
        return redirect(safe_next(request))
    return render(request, "registration/signup.html", {"form": form, "next": safe_next(request)})


def profile(request: HttpRequest, username: str) -> HttpResponse:
    """A user's record: per game wins/losses/draws, ongoing matches, recent replays."""
    user = get_object_or_404(get_user_model(), username=username)
    context = {"profile_user": user, **record_page(user, request.user), **profile_extras(request, user)}
    return render(request, "accounts/profile.html", context)


# -- challenges (the services: games.matches.challenges; the Challenge form is the create form's,
# games.web.views.challenge_new) ---------------------------------------------------------
@require_POST
@login_required
def page_answer(request: HttpRequest, challenge_id: int, answer: str) -> HttpResponse:
    """Accept (on to the match) or decline a challenge, from the lobby or one's own profile:
    back to ``next`` (the lobby's), else the profile."""
    if answer not in ("accept", "decline"):
        raise Http404("No such answer.")
    try:
        if answer == "accept":
            return redirect(challenge_accept(challenge_id=challenge_id, user=request.user).get_absolute_url())
        challenge_decline(challenge_id=challenge_id, user=request.user)
        messages.info(request, _("Challenge declined."))
    except ServiceError as exc:
        messages.error(request, exc.message)
    if request.POST.get("next"):
        return redirect(safe_next(request))
    return redirect("profile", username=request.user.username)


# -- confirming an e-mail address (the service: accounts.addresses) ----------------------------
def send_confirmation(request: HttpRequest, user) -> None:
    """Mail ``user`` the link that confirms their address, and say on the next page what
    happened."""
    link = request.build_absolute_uri(addresses.confirmation_path(user))
    if addresses.send_confirmation(user=user, link=link):
        messages.info(
            request,
            _("Check your inbox: we sent a link to %(address)s. Open it to confirm it.")
            % {"address": user.email},
        )
    else:
        messages.warning(
            request,
            _('We could not send a link to %(address)s just now. Try "Send again" in a minute.')
            % {"address": user.email},
        )


# -- follows and who may challenge you (the services: accounts.follows) ----------------------
@require_POST
@login_required
def page_follow(request: HttpRequest, username: str, action: str) -> HttpResponse:
    """The profile's "Follow" / "Unfollow" button: back to the profile."""
    target = get_object_or_404(get_user_model(), username=username)
    if action not in ("follow", "unfollow"):
        raise Http404("No such action.")
    try:
        if action == "follow":
            follow(follower=request.user, followed=target)
            messages.success(request, _("You follow %(username)s.") % {"username": target.username})
        else:
            unfollow(follower=request.user, followed=target)
            messages.info(request, _("You no longer follow %(username)s.") % {"username": target.username})
    except ServiceError as exc:
        messages.error(request, exc.message)
    return redirect("profile", username=target.username)


@require_POST
@login_required
def email_confirmation_send(request: HttpRequest) -> HttpResponse:
    """The "Send again" button of the e-mail settings (at most once a minute)."""
    if request.user.email and not addresses.is_confirmed(request.user):
        send_confirmation(request, request.user)
    return redirect("notifications_settings")


@never_cache
@ensure_csrf_cookie
@require_http_methods(["GET", "POST"])
def email_confirm(request: HttpRequest, uidb64: str, token: str) -> HttpResponse:
    """The link of a confirmation mail. GET: a page with one button (a mail scanner opening
    links confirms nothing); POST: the address is confirmed. Works without logging in."""
    user = addresses.user_of_link(uidb64, token)
    if user is None:
        return render(request, "accounts/email_confirm.html", {"invalid": True}, status=404)
    context = {"username": user.username, "address": user.email}
    if request.method == "POST":
        addresses.confirm(user=user)
        return render(request, "accounts/email_confirm.html", {**context, "done": True})
    return render(request, "accounts/email_confirm.html", context)


@require_POST
@login_required
def page_challengers(request: HttpRequest) -> HttpResponse:
    """The own profile's "Who may challenge me" form: back to the profile."""
    try:
        challengers_set(user=request.user, challengers=request.POST.get("challengers", ""))
        messages.success(request, _("Saved: who may challenge you."))
    except ServiceError as exc:
        messages.error(request, exc.message)
    return redirect("profile", username=request.user.username)


@require_POST
@login_required
def page_chat(request: HttpRequest) -> HttpResponse:
    """The own profile's "Chat" form: on or off in every match; back to the profile."""
    on = request.POST.get("chat") == "on"
    chat_set(user=request.user, on=on)
    messages.success(request, _("Saved: chat is on.") if on else _("Saved: chat is off."))
    return redirect("profile", username=request.user.username)


@require_POST
@login_required
def page_pair_with_bots(request: HttpRequest) -> HttpResponse:
    """The own profile's "Quick pairing with bots" form: back to the profile."""
    pair_with_bots_set(user=request.user, allow=request.POST.get("pair_with_bots") == "on")
    messages.success(request, _("Saved: quick pairing with bots."))
    return redirect("profile", username=request.user.username)
