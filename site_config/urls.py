"""Root URLs: admin, accounts, the game platform."""

from django.contrib import admin
from django.templatetags.static import static
from django.urls import include, path
from django.views.decorators.cache import cache_control
from django.views.generic import RedirectView
from django.views.i18n import JavaScriptCatalog

from accounts.api import api_accept, api_challenges, api_decline
from accounts.views import profile
from games.web.archive import archive_page

urlpatterns = [
    path("admin/", admin.site.urls),
    # Browsers and bots ask for /favicon.ico whatever the page says.
    path("favicon.ico", RedirectView.as_view(url=static("img/favicon.ico"), permanent=True)),
    path("accounts/", include("accounts.urls")),
    # The pages' script words in the page's language (static/js/i18n.js); base.html asks for
    # it with the language in the query, so a browser keeps each language's for an hour.
    path(
        "jsi18n/",
        cache_control(max_age=3600, public=True)(JavaScriptCatalog.as_view(domain="djangojs")),
        name="javascript_catalog",
    ),
    path("u/<str:username>/", profile, name="profile"),
    path("u/<str:username>/games/", archive_page, name="archive"),
    path("api/challenges/", api_challenges, name="api_challenges"),
    path("api/challenges/<str:challenge_id>/accept/", api_accept, name="api_challenge_accept"),
    path("api/challenges/<str:challenge_id>/decline/", api_decline, name="api_challenge_decline"),
    path("", include("games.web.urls")),
]

handler400 = "games.web.errors.bad_request"
handler403 = "games.web.errors.permission_denied"
handler404 = "games.web.errors.page_not_found"
handler500 = "games.web.errors.server_error"
