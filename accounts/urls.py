"""Account routes: sign-up plus Django's auth views (login, logout, password change and
reset: to confirmed addresses only), confirming an e-mail address, the profile's API tokens
and bot switch, and the challenge-answer and follow forms of profile pages (a challenge
itself is made with the create form: ``/m/new/?challenge=<username>``)."""

from django.contrib.auth import views as auth_views
from django.urls import include, path

from . import language, tokens, views
from .forms import ConfirmedPasswordResetForm, LoginForm

urlpatterns = [
    path("signup/", views.signup, name="signup"),
    path("language/", language.language_set, name="language_set"),
    path("tokens/", tokens.token_create, name="api_token_create"),
    path("tokens/<int:token_id>/revoke/", tokens.token_revoke, name="api_token_revoke"),
    path("bot/", tokens.become_bot, name="account_bot"),
    path("challengers/", views.page_challengers, name="challengers_set"),
    path("chat/", views.page_chat, name="chat_set"),
    path("pairing-bots/", views.page_pair_with_bots, name="pair_with_bots_set"),
    path("people/<str:username>/<str:action>/", views.page_follow, name="follow_user"),
    path(
        "challenges/<int:challenge_id>/<str:answer>/",
        views.page_answer,
        name="challenge_answer",
    ),
    path("email/send/", views.email_confirmation_send, name="email_confirmation_send"),
    path("email/confirm/<str:uidb64>/<str:token>/", views.email_confirm, name="email_confirm"),
    # before Django's own routes of the same names: a bot's refused password says why; mail
    # goes to confirmed addresses only
    path("login/", auth_views.LoginView.as_view(form_class=LoginForm), name="login"),
    path(
        "password_reset/",
        auth_views.PasswordResetView.as_view(form_class=ConfirmedPasswordResetForm),
        name="password_reset",
    ),
    path("", include("django.contrib.auth.urls")),
]
