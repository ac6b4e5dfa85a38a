## Server events (/tripeaks-events for a server's managers, /tripeaks event for players).
## $name is the event's name, made inert; $start and $end are Discord timestamps (<t:…>), which
## every reader sees in their own time; $channel is a channel mention (<#…>); $deal is a deal's
## number in the event, from 1; $rule and $modes are the rule's and the modes' names.

event-only-in-server = Events belong to a server: use this command in one.
event-bad-name = An event needs a name of 1 to { $max } characters.
event-bad-deals = An event has 1 to { $max } deals.
event-bad-duration = `{ $typed }` is not a duration from { $min } to { $max }: write it like 30m, 2h, 1h30m or 3d.
event-bad-zone = `{ $zone }` is not a time zone I know: pick one of the suggestions, such as Europe/Madrid or America/New_York.
event-bad-start = `{ $typed }` is not a start I can read: write it as YYYY-MM-DD HH:MM, in the time zone you give (UTC by default).
event-start-past = That start ({ $start }) has passed: pick a time to come, or leave the start out to begin now.
event-too-many = This server has { $max } events scheduled or running, the most it may: end or cancel one first.
event-cannot-post = I cannot post in { $channel }: grant me { $permissions } there, then start the event again.
event-created = **{ $name }** is set, announced in { $channel }: { $start } to { $end }.
event-not-listed = It is not in the server’s Events list: I lack the Create Events permission. The event runs all the same.
event-which = Several events are open here: name the one you mean (the `event` option suggests them).
event-none-to-end = No running event to end here.
event-none-to-cancel = No scheduled or running event to cancel here.
event-ended-now = **{ $name }** ends now: its results follow in { $channel }.
event-cancelled-now = **{ $name }** is cancelled.
event-list-none = No event is scheduled or running in this server.
event-list-line = **{ $name }** (#{ $id }): { $start } to { $end }{ $weekly ->
        [yes] , every week
       *[no] {""}
    }

event-announce-title = **{ $name }**: a TriPeaks event
event-announce-deals = { $count ->
        [one] One deal
       *[other] { $count } deals
    }, the same for everyone: { $rule }, { $modes }. Each on your private board; your first finished game of each deal counts.
event-announce-hints-off = Hints are off.
event-announce-hints-on = Hints are on; ties go to fewer hints.
event-announce-when = From { $start } to { $end }.
event-announce-weekly = Every week at the same time.
event-announce-ended = This event has ended: its results are posted in this channel.
event-announce-cancelled = This event was cancelled.
button-event-play = Play { $number }
button-event-standings = Standings

event-not-started = This event starts { $start }: come back then.
event-over = This event is over: its results are in its channel.
event-wrong-server = This event belongs to another server.
event-gone = This event is no longer kept.
event-none = No event in this server yet. Its managers start one with /tripeaks-events start.
event-deal-started = **{ $name }**, deal { $deal } of { $count }: your private board. Your first finished game of this deal counts; the event ends { $end }.
event-practice = Your game of deal { $deal } counted already ({ $score } points): this one is practice.
event-take-confirm = You have a game in progress ({ $moves ->
        [one] 1 move
       *[other] { $moves } moves
    }). Playing the event’s deal replaces it, and it counts as abandoned.
event-counted = Deal { $deal } counts for the event: { $score } points.
event-practice-over = Practice: only your first finished game of this deal counts.
event-too-late = The event had ended: this game does not count.
event-place = You are { $place } of { $count } with { $total } points.
game-replace-event-confirm = You have an event game in progress ({ $moves ->
        [one] 1 move
       *[other] { $moves } moves
    }). Starting { $code } replaces it, and it counts for the event as abandoned, with its score.
game-replace-event-winnable-confirm = You have an event game in progress ({ $moves ->
        [one] 1 move
       *[other] { $moves } moves
    }). A new deal that can be won replaces it, and it counts for the event as abandoned, with its score. Look for one and start it?
share-line-event = { $name } · { $event }, deal { $deal } · { $removed }/28 · { $score } pts · { $marks } · { $hints ->
        [one] { $hints } hint
       *[other] { $hints } hints
    }

event-view-running = Running: ends { $end }.
event-view-upcoming = Starts { $start }, ends { $end }.
event-view-ended = Ended { $end }.
event-view-cancelled = Cancelled.
event-deal-done = Deal { $deal }: { $score } points{ $won ->
        [yes] , cleared
       *[no] {""}
    }
event-deal-open = Deal { $deal }: not played yet
event-standings-title = { $count ->
        [one] Standings (1 player):
       *[other] Standings ({ $count } players):
    }
event-standings-line = { $place }. **{ $name }**: { $total } points, { $cleared } cleared
event-standings-you = You: { $place } of { $count }, { $total } points.
event-standings-empty = Nobody has finished a deal yet.
event-player-left = a player who left

event-results-title = **{ $name }** is over: the results
event-results-more = …and { $count ->
        [one] 1 more player
       *[other] { $count } more players
    }: every total is in the attached file.
event-results-deal = Deal { $deal }: `{ $code }`, best { $best } points, par { $par }
event-results-deal-no-par = Deal { $deal }: `{ $code }`, best { $best } points
event-results-deal-unplayed = Deal { $deal }: `{ $code }`, not finished by anyone
event-results-nobody = Nobody finished a deal.
event-results-replays = Codes and replays are open now: /tripeaks history shows each game.
event-card-title = { $name }: results
event-card-deals = { $count ->
        [one] 1 deal
       *[other] { $count } deals
    }, { $rule }, { $modes }
event-card-numbers = { $total } points · { $cleared }/{ $count } cleared
event-listing-description = { $count ->
        [one] One TriPeaks deal
       *[other] { $count } TriPeaks deals
    }, the same for everyone, each on your private board. Play with /tripeaks event.
event-listing-location = Discord: /tripeaks event
stats-events = Events: { $wins } won, { $podiums } on the podium
event-hints-off = Hints are off in this event.
event-code-secret = The deal’s code and its games’ replays are revealed when the event ends.
event-created-unconfirmed = **{ $name }** is set: { $start } to { $end }. Discord did not confirm its announcement in { $channel }; if it is not there, players can still join with /tripeaks event.
