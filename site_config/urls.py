"""Root URLs: admin, accounts, the game platform."""

from django.contrib import admin
from django.templatetags.static import static
from django.urls import include, path
from django.views.generic import RedirectView

from accounts.views import profile

urlpatterns = [
    path("admin/", admin.site.urls),
    # Browsers and bots ask for /favicon.ico whatever the page says.
    path("favicon.ico", RedirectView.as_view(url=static("img/favicon.ico"), permanent=True)),
    path("accounts/", include("accounts.urls")),
    path("u/<str:username>/", profile, name="profile"),
    path("", include("games.web.urls")),
]

handler400 = "games.web.errors.bad_request"
handler403 = "games.web.errors.permission_denied"
handler404 = "games.web.errors.page_not_found"
handler500 = "games.web.errors.server_error"
