"""The error envelope's `message` in the reader's language, chosen by the stable `code`.

Why on the server (not in the phone's JS): the phone already shows `error.message` as is,
one catalog covers every client, and the code list lives next to the handlers. English
keeps the detailed sentence the handler wrote (the protocol documents it as English and
logs, tests and the CLI read it); other languages get the sentence for the code, and an
unknown code keeps the English text rather than saying nothing.
"""

from __future__ import annotations

from gettext import NullTranslations

from server.i18n.catalogs import DEFAULT_LANGUAGE, translations


def _sentences(tr: NullTranslations) -> dict[str, str]:
    _ = tr.gettext
    return {
        "malformed": _("The request could not be read."),
        "invalid": _("Some values in the request are not acceptable."),
        "no_token": _("This page has no seat or host link; open your link again."),
        "bad_token": _("This link is no longer valid for this pod."),
        "wrong_role": _("Only the host can do that."),
        "unknown_pod": _("This pod does not exist."),
        "unknown_player": _("There is no such player in this pod."),
        "pod_full": _("All the seats are taken."),
        "pod_started": _("The draft has already started."),
        "name_taken": _("Someone at this pod already has that name."),
        "not_enough_players": _("Not enough players to start."),
        "wrong_phase": _("That is not possible at this point of the night."),
        "replay_hidden": _("The host's rule does not let you see this draft yet."),
        "bad_replay_visibility": _("That is not one of the replay choices."),
        "decks_missing": _("Some players have no legal deck yet; confirm to split without "
                           "them."),
        "games_in_progress": _("Splitting again ends the games being played; confirm to "
                               "end them."),
        "deck_locked": _("Your table's game has begun; decks are fixed now."),
        "paused": _("The draft is paused by the host."),
        "not_paused": _("The draft is not paused."),
        "seat_is_bot": _("A bot is drafting for this seat now."),
        "kicked": _("The host removed this player from the pod."),
        "no_player": _("That seat is a bot with no player."),
        "stale_pick": _("That pack has moved on; here is the current one."),
        "no_pack": _("There is no pack in front of you right now."),
        "draft_over": _("The draft is over."),
        "no_deck": _("Submit your deck first."),
        "bad_timer": _("That pick timer is not allowed; choose one from the list, or off."),
        "unknown_set": _("This set is not available."),
        "download_running": _("The card download is already running."),
        "wrong_pick_count": _("Select the number of cards this pick asks for."),
        "duplicate_card": _("A card is listed twice."),
        "card_not_in_pack": _("That card is not in your pack."),
        "not_in_pool": _("That card is not in your pool."),
        "unknown_basic": _("That is not a basic land."),
        "bad_color": _("That is not a color."),
        "bad_commander": _("A commander must be a card from your pool or a Prismatic Piper."),
        "no_piper": _("This set has no choose-a-color commander."),
        "unknown_format": _("That export format is not available."),
        "bad_split": _("The tables cannot be split that way."),
        "too_large": _("The request is too large."),
        "uploads_busy": _("The server is receiving too many files at once. Try again in a "
                          "moment."),
        "db_busy": _("The server is busy. Try again."),
        "disk_full": _("The laptop's disk is full — free some space; no pick is lost."),
        "internal": _("Something went wrong on the server."),
        "not_found": _("Not found."),
        "rate_limited": _("Too many messages; slow down."),
        "unknown_type": _("The server did not understand that message."),
        "not_at_table": _("You do not play at that table."),
        "unknown_table": _("There is no game at that table."),
        "undo_refused": _("Only the person who made a change can undo it, and only once."),
        "game_log_full": _("This game has too many changes; start the next game."),
        "game_over": _("That game is over; the table has started the next one."),
        "bad_adjustment": _("That change is not possible."),
        "unknown_commander": _("There is no such commander at this table."),
        "unknown_event": _("This night does not exist."),
        "unknown_screen": _("This screen link is not valid. Open the link from the "
                            "night's host screen again."),
        "pods_formed": _("The pods are already formed; ask the host."),
        "event_full": _("This night is full."),
        "night_ended": _("This night has ended; ask the host."),
        "bad_pod_forming": _("These players cannot be dealt into pods."),
        "bad_cube_list": _("The cube list has lines that are not cards."),
        "cube_too_small": _("The cube has too few cards for this many seats."),
        "cube_too_large": _("The cube list is too long, or asks for too many copies of a card."),
        "bad_host": _("This server does not answer to that name."),
        "bad_origin": _("Requests from other sites are not accepted."),
        "too_many_events": _("This server already has as many open nights as it can."),
        "lobby_locked": _("The host has locked this pod; ask the host."),
        "night_locked": _("The host has locked this night; ask the host."),
        "bad_join_code": _("Type the join code shown on the host screen."),
        "not_a_lobby": _("Only a lobby nobody started can be deleted; end it instead."),
        "event_pod": _("The host deals the seats of this pod; join the night instead."),
        "bad_name": _("A name needs a letter or a digit people can see, and few accents."),
        "reserved_name": _("That name is kept for bots; pick another name."),
        "bad_characters": _("A name cannot hold control characters or characters that turn "
                            "the text around; type it again."),
        "too_many_pods": _("This server already runs as many pods as it can; end one first."),
        "device_pods_full": _("This device already runs as many pods as one device may; "
                              "end one first."),
        "device_events_full": _("This device already has as many open nights as one device "
                                "may; form or end one first."),
        "season_events_full": _("This season already has a night open for joining; form its "
                                "pods or end it first."),
        "unknown_season": _("This season does not exist."),
        "not_season_host": _("Only the season's host can do that; use the season's host link."),
        "bad_scoring": _("That scoring scheme cannot be used; check its points."),
        "bad_wifi": _("That Wi-Fi cannot be shown: a name of up to 32 characters, and a "
                      "password of 8 to 63 characters (or none)."),
        "bad_recovery_code": _("That is not this season's recovery code; check it and try "
                               "again."),
        "unknown_season_player": _("Nobody with that name has played in this season."),
        "played_together": _("These two played in the same game, so they are two people."),
        "same_player": _("These names already mean the same player."),
        "not_merged": _("That name is a player of its own, not one merged into another; "
                        "there is nothing to split."),
        "season_exists": _("A season of this name is already on this laptop: replace it, "
                           "or keep both under a new name."),
        "bad_season_file": _("This season file cannot be imported; nothing was changed."),
        "games_unfinished": _("Some tables of this round have no result yet."),
        "wrong_round": _("That round has already started, or is not the next one."),
        "unknown_round": _("That is not the night's current round, or it has no clock yet."),
        "bad_length": _("A round lasts from 1 to 240 whole minutes."),
        "clock_started": _("This round's clock has already started."),
        "clock_paused": _("The round's clock is already paused."),
        "clock_running": _("The round's clock is already running."),
        "clock_ended": _("This round has ended; its clock cannot change."),
        "clock_rule": _("That is not one of the rules for time."),
        "rounds_started": _("The night's host re-seated every pod; the next round re-seats "
                            "again."),
        "cannot_seat": _("This many players cannot sit at tables of four and three."),
        "round_tables_open": _("This pod holds the round's mixed tables; end the night's "
                               "other pods first."),
        "host_only": _("Only the host can do that."),
        "laptop_or_host_only": _("Only the host can do that; open it on the laptop that "
                                 "runs the server."),
        "laptop_only": _("Only the laptop that runs the server can do that; open it "
                         "there."),
        "players_only": _("Only the players at the table can do that."),
        "not_yours": _("Players concede only for themselves."),
        "own_claim": _("Another player or the host confirms your claim."),
        "own_result": _("Another player at the table or the host confirms the result you "
                        "reported."),
        "unknown_claim": _("There is no such claim in this game."),
        "bad_placings": _("Give every player of this game one place; one winner, or a draw "
                          "of two or more."),
        "game_ended": _("This game already has a result."),
        "already_out": _("That player is already out of the game."),
        "not_your_turn": _("Only the player whose turn it is ends it."),
        "turns_started": _("The first turn has passed; the first player stays."),
        "already_monarch": _("That player is already the monarch."),
        "no_initiative": _("Only the player who has the initiative ventures into Undercity."),
        "not_an_exit": _("A venture goes only to a room the current room leads to."),
        "undo_later_first": _("Undo the later change first."),
        "already_agreed": _("You already agreed to a draw."),
        "already_conceded": _("That player already conceded."),
        "already_confirmed": _("That is already confirmed."),
        "already_disputed": _("You already disputed this result."),
        "already_claimed": _("You already claimed that achievement in this game."),
        "no_result": _("This game has no result to confirm yet."),
        "result_changed": _("The result changed; look at it again."),
        "unknown_achievement": _("That is not one of tonight's achievements."),
        "bad_achievements": _("Each achievement needs a readable name of at most 40 "
                              "characters and 1 to 100 points; at most 20, no name twice."),
        "ref_reused": _("This change's name was already used for another change; nothing "
                        "was applied twice. Reload the page."),
        "conflict": _("That is not possible right now."),
        "forbidden": _("You may not do that here."),
        "method_not_allowed": _("This address does not take that kind of request."),
        "http_error": _("The request could not be answered."),
        "bad_packs": _("Give one set for each round, or one set, or a cube: only one of "
                       "them."),
        "import_running": _("A season file is being imported; try again when it is done."),
        "too_many_seasons": _("This server holds as many seasons as it can; a season's "
                              "host can delete one to make room."),
        "pods_error": _("That is not possible."),
        "bad_format": _("This file cannot be read in the format it claims to be."),
        "game_end_refused": _("The game refuses that change."),
        "tracker_error": _("The game refuses that change."),
        "bad_season": _("That value cannot be used for a season."),
        "draft_error": _("The draft refuses that."),
        "unknown_card": _("There is no such card in this set."),
        "bad_config": _("The draft cannot be run with these settings."),
        "unknown_seat": _("There is no such seat in this draft."),
        "bad_card_file": _("This is not a card list the server can read."),
    }


def error_message(code: str, language: str, english: str) -> str:
    """What to say for `code` in `language`; `english` is the handler's own sentence."""
    if language == DEFAULT_LANGUAGE:
        return english
    return _sentences(translations(language)).get(code, english)
