## Serverevenementen (/tripeaks-events voor de beheerders van een server, /tripeaks event voor de
## spelers). $name is de naam van het evenement, onschadelijk gemaakt; $start en $end zijn
## Discord-tijdstempels (<t:…>), die elke lezer in de eigen tijd ziet; $channel is een vermelding
## van een kanaal (<#…>); $deal is het nummer van een verdeling in het evenement, vanaf 1; $rule en
## $modes zijn de namen van de spelregel en de varianten.

event-only-in-server = Evenementen horen bij een server: gebruik deze opdracht op een server.
event-bad-name = Een evenement heeft een naam van 1 tot { $max } tekens nodig.
event-bad-deals = Een evenement heeft 1 tot { $max } verdelingen.
event-bad-duration = `{ $typed }` is geen duur van { $min } tot { $max }: schrijf hem als 30m, 2h, 1h30m of 3d.
event-bad-zone = `{ $zone }` is geen tijdzone die ik ken: kies een van de suggesties, zoals Europe/Amsterdam of America/New_York.
event-bad-start = `{ $typed }` is geen begintijd die ik kan lezen: schrijf hem als JJJJ-MM-DD UU:MM, in de tijdzone die je opgeeft (standaard UTC).
event-start-past = Die begintijd ({ $start }) is al voorbij: kies een tijd in de toekomst, of laat de begintijd weg om nu te beginnen.
event-too-many = Deze server heeft al { $max } geplande of lopende evenementen, het maximum: beëindig of annuleer er eerst een.
event-cannot-post = Ik kan niet posten in { $channel }: geef me daar { $permissions } en start het evenement dan opnieuw.
event-created = **{ $name }** staat klaar, aangekondigd in { $channel }: van { $start } tot { $end }.
event-not-listed = Het staat niet in de evenementenlijst van de server: ik heb de machtiging om evenementen aan te maken niet. Het evenement gaat gewoon door.
event-which = Hier zijn meerdere evenementen open: noem het evenement dat je bedoelt (de optie `evenement` stelt ze voor).
event-none-to-end = Hier loopt geen evenement dat je kunt beëindigen.
event-none-to-cancel = Hier is geen gepland of lopend evenement dat je kunt annuleren.
event-ended-now = **{ $name }** eindigt nu: de uitslag volgt in { $channel }.
event-cancelled-now = **{ $name }** is geannuleerd.
event-list-none = Er is geen gepland of lopend evenement op deze server.
event-list-line = **{ $name }** (#{ $id }): van { $start } tot { $end }{ $weekly ->
        [yes] , elke week
       *[no] {""}
    }

event-announce-title = **{ $name }**: een TriPeaks-evenement
event-announce-deals = { $count ->
        [one] Eén verdeling, voor iedereen dezelfde
       *[other] { $count } verdelingen, voor iedereen dezelfde
    }: { $rule }, { $modes }. Elk op je eigen privébord; je eerste afgeronde spel van elke verdeling telt.
event-announce-hints-off = Tips staan uit.
event-announce-hints-on = Tips staan aan; bij gelijke stand wint wie minder tips heeft gebruikt.
event-announce-when = Van { $start } tot { $end }.
event-announce-weekly = Elke week op hetzelfde tijdstip.
event-announce-ended = Dit evenement is afgelopen: de uitslag staat in dit kanaal.
event-announce-cancelled = Dit evenement is geannuleerd.
button-event-play = Speel { $number }
button-event-standings = Ranglijst

event-not-started = Dit evenement is nog niet begonnen (begin: { $start }): kom dan terug.
event-over = Dit evenement is afgelopen: de uitslag staat in het kanaal ervan.
event-wrong-server = Dit evenement hoort bij een andere server.
event-gone = Dit evenement wordt niet meer bewaard.
event-none = Nog geen evenement op deze server. De beheerders starten er een met /tripeaks-events start.
event-deal-started = **{ $name }**, verdeling { $deal } van { $count }: je privébord. Je eerste afgeronde spel van deze verdeling telt; einde van het evenement: { $end }.
event-practice = Je spel van verdeling { $deal } telde al ({ $score } punten): dit is een oefenspel.
event-take-confirm = Je hebt een spel bezig ({ $moves ->
        [one] 1 zet
       *[other] { $moves } zetten
    }). De verdeling van het evenement spelen vervangt het, en het telt als opgegeven.
event-counted = Verdeling { $deal } telt voor het evenement: { $score } punten.
event-practice-over = Oefenspel: alleen je eerste afgeronde spel van deze verdeling telt.
event-too-late = Het evenement was al afgelopen: dit spel telt niet.
event-place = Je staat op plaats { $place } van { $count } met { $total } punten.
game-replace-event-confirm = Je hebt een evenementspel bezig ({ $moves ->
        [one] 1 zet
       *[other] { $moves } zetten
    }). Als je { $code } start, stopt dat spel en telt het voor het evenement als opgegeven, met de score ervan.
game-replace-event-winnable-confirm = Je hebt een evenementspel bezig ({ $moves ->
        [one] 1 zet
       *[other] { $moves } zetten
    }). Een nieuwe verdeling die te winnen is stopt dat spel, en het telt voor het evenement als opgegeven, met de score ervan. Er een zoeken en starten?
share-line-event = { $name } · { $event }, verdeling { $deal } · { $removed }/28 · { $score } ptn · { $marks } · { $hints ->
        [one] { $hints } tip
       *[other] { $hints } tips
    }

event-view-running = Bezig. Einde: { $end }.
event-view-upcoming = Begin: { $start }. Einde: { $end }.
event-view-ended = Afgelopen: { $end }.
event-view-cancelled = Geannuleerd.
event-deal-done = Verdeling { $deal }: { $score } punten{ $won ->
        [yes] , gewonnen
       *[no] {""}
    }
event-deal-open = Verdeling { $deal }: nog niet gespeeld
event-standings-title = { $count ->
        [one] Ranglijst (1 speler):
       *[other] Ranglijst ({ $count } spelers):
    }
event-standings-line = { $place }. **{ $name }**: { $total } punten, { $cleared } gewonnen
event-standings-you = Jij: plaats { $place } van { $count }, { $total } punten.
event-standings-empty = Nog niemand heeft een verdeling afgerond.
event-player-left = een vertrokken speler

event-results-title = **{ $name }** is afgelopen: de uitslag
event-results-more = …en nog { $count ->
        [one] 1 speler
       *[other] { $count } spelers
    }: alle totalen staan in het bijgevoegde bestand.
event-results-deal = Verdeling { $deal }: `{ $code }`, beste { $best } punten, par { $par }
event-results-deal-no-par = Verdeling { $deal }: `{ $code }`, beste { $best } punten
event-results-deal-unplayed = Verdeling { $deal }: `{ $code }`, door niemand afgerond
event-results-nobody = Niemand heeft een verdeling afgerond.
event-results-replays = Codes en herhalingen zijn nu vrijgegeven: /tripeaks history toont elk spel.
event-card-title = { $name }: uitslag
event-card-deals = { $count ->
        [one] 1 verdeling
       *[other] { $count } verdelingen
    }, { $rule }, { $modes }
event-card-numbers = { $total } punten · { $cleared }/{ $count } gewonnen
event-listing-description = { $count ->
        [one] Eén TriPeaks-verdeling, voor iedereen dezelfde
       *[other] { $count } TriPeaks-verdelingen, voor iedereen dezelfde
    }, elk op je eigen privébord. Speel met /tripeaks event.
event-listing-location = Discord: /tripeaks event
stats-events = Evenementen: { $wins } gewonnen, { $podiums } keer op het podium
event-hints-off = Tips staan uit in dit evenement.
event-code-secret = De code van de verdeling en de herhalingen van de spellen worden getoond als het evenement afloopt.
event-created-unconfirmed = **{ $name }** staat gepland: van { $start } tot { $end }. Discord heeft de aankondiging in { $channel } niet bevestigd; staat ze er niet, dan kunnen spelers toch meedoen met /tripeaks event.
