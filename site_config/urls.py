"""Root URLs: admin, accounts, the game platform."""

from django.contrib import admin
from django.urls import include, path

from accounts.views import profile

urlpatterns = [
    path("admin/", admin.site.urls),
    path("accounts/", include("accounts.urls")),
    path("u/<str:username>/", profile, name="profile"),
    path("", include("games.web.urls")),
]
