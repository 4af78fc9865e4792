"""Page and API routes of the game platform."""

from django.urls import path

from . import (
    analysis_api,
    analysis_page,
    api,
    guides,
    leaderboard,
    match_analysis,
    notifications,
    pools,
    rules_pages,
    tournaments,
    views,
)

urlpatterns = [
    path("", views.lobby, name="lobby"),
    path("m/new/", views.match_new, name="match_new"),
    path("games/<str:slug>/rules/", rules_pages.game_rules, name="game_rules"),
    path("bots/", guides.bots_guide, name="bots_guide"),
    path("m/<str:match_id>/", views.match_detail, name="match_detail"),
    path("m/<str:match_id>/join/", views.match_join, name="match_join"),
    path("r/<str:slug>/", views.replay, name="replay"),
    path("r/<str:slug>/transcript.txt", views.replay_transcript, name="replay_transcript"),
    path("leaderboard/<str:slug>/", leaderboard.leaderboard_page, name="leaderboard"),
    path("api/leaderboard/<str:slug>/", leaderboard.leaderboard_api, name="api_leaderboard"),
    path("api/games/", api.games_list, name="api_games"),
    path("api/matches/", api.match_create, name="api_match_create"),
    path("api/matches/<str:match_id>/", api.match_detail, name="api_match_detail"),
    path("api/matches/<str:match_id>/join/", api.match_join, name="api_match_join"),
    path("api/matches/<str:match_id>/resign/", api.match_resign, name="api_match_resign"),
    path("api/matches/<str:match_id>/abort/", api.match_abort, name="api_match_abort"),
    path("api/matches/<str:match_id>/rematch/", api.match_rematch, name="api_match_rematch"),
    path("api/matches/<str:match_id>/rematch/decline/", api.rematch_decline, name="api_rematch_decline"),
    path("api/replays/<str:slug>/", api.replay_detail, name="api_replay"),
    path("api/replays/<str:slug>/analysis/", match_analysis.replay_analysis, name="api_replay_analysis"),
    path("analysis/<str:slug>/", analysis_page.analysis_board, name="analysis_board"),
    path("api/analysis/", analysis_api.analysis_view, name="api_analysis"),
    path("api/records/parse/", api.record_parse, name="api_record_parse"),
    path("api/pools/", pools.pools_list, name="api_pools"),
    path("api/pools/leave/", pools.pool_leave, name="api_pool_leave"),
    path("api/pools/<str:key>/", pools.pool_enter, name="api_pool_enter"),
    path("t/", tournaments.tournament_list, name="tournament_list"),
    path("t/new/", tournaments.tournament_new, name="tournament_new"),
    path("t/<int:tournament_id>/", tournaments.tournament_detail, name="tournament_detail"),
    path("t/<int:tournament_id>/join/", tournaments.tournament_join, name="tournament_join"),
    path("api/tournaments/", tournaments.api_create, name="api_tournament_create"),
    path("api/tournaments/<int:tournament_id>/", tournaments.api_detail, name="api_tournament_detail"),
    path("api/tournaments/<int:tournament_id>/join/", tournaments.api_join, name="api_tournament_join"),
    path("notifications/", notifications.notification_list, name="notifications"),
    path("notifications/count/", notifications.unread_count, name="notifications_count"),
    path("notifications/settings/", notifications.email_settings, name="notifications_settings"),
    path(
        "notifications/unsubscribe/<str:token>/", notifications.unsubscribe, name="notifications_unsubscribe"
    ),
]
