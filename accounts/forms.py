"""The sign-up form: Django's ``UserCreationForm`` with usernames nobody can pass off as
someone else's (issue 24): ASCII letters, digits, ``_`` and ``-`` only, so that ``аdmin`` (a
Cyrillic а) or ``stáffer`` cannot be made; unique without regard to case (``Admin`` beside
``admin``), as Django's form already checks. And Django's password-reset form, mailing
confirmed addresses only. And the log-in form, telling a bot's refused password why."""

from __future__ import annotations

from collections.abc import Iterator

from django.contrib.auth.forms import AuthenticationForm, PasswordResetForm, UserCreationForm
from django.core.exceptions import ValidationError
from django.core.validators import RegexValidator
from django.utils import translation
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from . import addresses, language
from .models import Account

ascii_username = RegexValidator(
    r"\A[A-Za-z0-9_-]+\Z",
    _("Use only letters A-Z, digits, _ and - (no spaces, accents or other alphabets)."),
    code="invalid_username",
)


class SignupForm(UserCreationForm):
    """Django's sign-up form with the username rules above."""

    def clean_username(self) -> str:
        username = self.cleaned_data.get("username", "")
        ascii_username(username)
        return super().clean_username()  # Django's: unique without regard to case


class ConfirmedPasswordResetForm(PasswordResetForm):
    """Django's form, sending no mail to an address its owner has not confirmed (the page
    says the same either way, so it tells nobody which addresses are known)."""

    def get_users(self, email: str) -> Iterator:
        return (user for user in super().get_users(email) if addresses.is_confirmed(user))

    def send_mail(self, subject_template_name, email_template_name, context, *args, **kwargs) -> None:
        """Django's mail, written in the account's saved language (else the page's)."""
        with translation.override(language.saved(context["user"]) or translation.get_language()):
            super().send_mail(subject_template_name, email_template_name, context, *args, **kwargs)


class LoginForm(AuthenticationForm):
    """Django's log-in form; a bot's password is refused (``accounts.backends``) with the
    reason, since "enter a correct username and password" would send its owner guessing."""

    def get_invalid_login_error(self) -> ValidationError:
        username = self.cleaned_data.get("username")
        if username and Account.objects.filter(user__username=username, bot=True).exists():
            return ValidationError(
                gettext(
                    "%(username)s is a bot account: bots log in with their API tokens, never with a password."
                ),
                code="bot_password",
                params={"username": username},
            )
        return super().get_invalid_login_error()
