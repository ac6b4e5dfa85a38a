## Statistieken, ranglijsten van servers en privacy. $name is de naam van een speler als tekst;
## $command is hoe je een spel start (zie game.ftl). Getallen zijn gewone gehele getallen.

stats-none-self = Je hebt nog geen spel afgerond. Speel er een met { $command }: je statistieken beginnen bij je eerste afgeronde spel.
stats-none-other = { $name } heeft nog geen spel afgerond.
stats-none-rule = Nog geen afgerond spel met de spelregel { $rule }.
stats-hidden = { $name } houdt de eigen statistieken privé.
stats-bot = Bots spelen geen TriPeaks, dus ze hebben geen statistieken.
# De samenvatting van één regel die met de statistiekenkaart wordt meegestuurd.
stats-summary = { $name }: { $played } gespeeld, { $won } gewonnen ({ $percent }%), winstreeks { $streak } (record { $best_streak }), beste score { $best }.
# Waarover de getallen gaan: alle spelregels of één.
stats-scope-all = alle spelregels
stats-scope-rule = spelregel { $rule }
# De statistiekenkaart (een afbeelding): korte labels die onder grote getallen passen.
stats-card-title = { $name } · TriPeaks
stats-card-played = Gespeeld
stats-card-win-rate = Winstpercentage
stats-card-streak = Winstreeks
stats-card-best-score = Beste score
stats-card-best-streak = record { $count }
stats-card-outcomes = { $won } gewonnen · { $blocked } vastgelopen · { $abandoned } opgegeven
stats-card-details = Gemiddeld bij winst { $average } · Minste zetten { $fewest } · Langste keten { $chain } · Tips { $hints }
stats-card-last-30-days = Laatste 30 dagen: { $played } gespeeld, { $won } gewonnen
stats-card-daily-streak = Dagspelreeks { $count }
stats-card-recent = { $count ->
        [one] Laatste spel
       *[other] Laatste { $count } spellen
    }
# Een getal dat alleen van sommige spellen bekend is (oudere spellen hielden het niet bij).
stats-at-least = minstens { $value }
stats-unknown = onbekend
# De alt-tekst van de afbeelding: hetzelfde als de kaart, in woorden.
stats-alt = TriPeaks-statistieken van { $name } ({ $scope }): { $played } gespeeld, { $won } gewonnen, { $blocked } vastgelopen, { $abandoned } opgegeven; winstpercentage { $percent }%; huidige winstreeks { $streak }, record { $best_streak }; beste score { $best }; gemiddelde score van gewonnen spellen { $average }; minste zetten in een gewonnen spel { $fewest }; langste keten { $chain }; gebruikte tips { $hints }. Laatste 30 dagen: { $recent_played } gespeeld, { $recent_won } gewonnen. Laatste spellen, oudste eerst: { $strip }.
stats-strip-won = gewonnen { $score }
stats-strip-blocked = vastgelopen { $score }
stats-strip-abandoned = opgegeven { $score }

board-title = **TriPeaks-ranglijst** · { $period } · gerangschikt op { $metric }
board-period-week = deze week
board-period-month = deze maand
board-period-all = aller tijden
board-metric-wins = overwinningen
board-metric-best = beste score
board-metric-streak = winstreeks
# $when is een duur zoals ‘2 dagen’.
board-resets-week = Weken beginnen op maandag om 00:00 UTC: deze ranglijst begint over { $when } opnieuw.
board-resets-month = Maanden beginnen op de 1e om 00:00 UTC: deze ranglijst begint over { $when } opnieuw.
board-line-wins = #{ $rank } · { $name }: { $wins ->
        [one] { $wins } overwinning
       *[other] { $wins } overwinningen
    } in { $games ->
        [one] { $games } spel
       *[other] { $games } spellen
    }
board-line-best = #{ $rank } · { $name }: { $score } punten
board-line-streak = #{ $rank } · { $name }: { $streak ->
        [one] { $streak } overwinning
       *[other] { $streak } overwinningen
    } op rij
board-you = { $name } (jij)
board-hidden-player = een verborgen speler
board-unknown-player = een speler
board-your-place = Jouw plaats:
board-players = { $count ->
        [one] { $count } speler in de ranglijst.
       *[other] { $count } spelers in de ranglijst.
    }
board-empty = Op deze server is nog geen spel afgerond ({ $period }). Wees de eerste: { $command }.
board-dm = Ranglijsten horen bij een server: in privéberichten zie je alleen je eigen resultaten.
board-dm-none = Je hebt nog geen spel afgerond ({ $period }).

duration-days = { $count ->
        [one] { $count } dag
       *[other] { $count } dagen
    }
duration-hours = { $count ->
        [one] { $count } uur
       *[other] { $count } uur
    }
duration-minutes = { $count ->
        [one] { $count } minuut
       *[other] { $count } minuten
    }

settings-public-on = Je staat op de ranglijsten van servers en andere spelers kunnen je statistieken zien.
settings-public-off = Je bent verborgen: de ranglijsten van servers laten je weg (je ziet jezelf als ‘een verborgen speler’) en niemand anders kan je statistieken zien.

forget-confirm = Dit wist alles wat TriPeaks over je bewaart: je huidige spel, je afgeronde spellen en statistieken, je instellingen en je naam op de ranglijsten. Dit kan niet ongedaan worden gemaakt. Druk op de knop om te bevestigen.
button-forget = Mijn gegevens wissen
forget-done = Gewist: { $parts }. TriPeaks bewaart niets meer over je.
forget-part-current = je huidige spel
forget-part-finished = { $count ->
        [one] { $count } afgerond spel
       *[other] { $count } afgeronde spellen
    }
forget-part-settings = je instellingen
forget-part-corrupt = { $count ->
        [one] { $count } onleesbaar opgeslagen spel
       *[other] { $count } onleesbare opgeslagen spellen
    }
forget-part-name = je naam op de ranglijsten
forget-nothing = Er is niets om te wissen: TriPeaks bewaart geen gegevens over je.
forget-not-yours = Deze knop hoort bij de speler die vroeg om de eigen gegevens te wissen. Gebruik { $command } om die van jou te wissen.
history-title = Laatste afgeronde spellen van { $name }:
history-line = { $number }. { $date } · { $rule }{ $modes } · { $outcome } · { $score } punten · { $moves } zetten · { $time } · `{ $code }`
history-none-self = Je hebt nog geen spel afgerond. Begin er een met { $command }.
history-none-other = { $name } heeft nog geen spel afgerond.
history-times = Snelste winst { $fastest } · gemiddelde wintijd { $average }
history-no-replay = Dit spel is afgerond voordat herhalingen werden bewaard, dus het heeft geen herhaling.
history-replay-damaged = Het verslag van dit spel is beschadigd, dus het kan niet worden herhaald. De andere spellen uit de geschiedenis wel.
history-not-found = Dat spel staat niet meer in de geschiedenis.
button-replay = Herhaling { $number }
replay-text = Herhaling van `{ $code }`: { $outcome }, { $score } punten.
replay-alt = Herhaling van { $code } van het delen tot het einde, { $actions } acties: { $outcome }, { $score } punten.
replay-coming = Deze herhaling wordt al voor dit kanaal gemaakt: hij is er zo.
replay-busy = Herhalingen zijn nu druk bezet. Probeer het zo nog eens.

# The modes option of /tripeaks stats and /tripeaks leaderboard: a bad value ($input as typed),
# the games of other mode sets not counted ($count, $others), the modes counted ($modes: names).
modes-option-invalid = ‘{ $input }’ is geen set varianten: schrijf variantletters zoals in een code (A, M, P, O, W, J, T; bijvoorbeeld AP of J), of standard voor het standaardspel.
stats-other-modes =
    { $count ->
        [one] { $count } spel in andere varianten telt hier niet mee: de optie varianten toont het.
       *[other] { $count } spellen in andere varianten tellen hier niet mee: de optie varianten toont ze.
    }
stats-none-modes =
    Nog geen uitgespeeld spel met { $modes }; { $others ->
        [one] { $others } spel in andere varianten: de optie varianten toont het.
       *[other] { $others } spellen in andere varianten: de optie varianten toont ze.
    }
modes-counted = Meegeteld: spellen met { $modes }.
board-other-modes =
    { $count ->
        [one] Je { $count } spel in andere varianten in deze periode telt op een eigen ranglijst (optie varianten).
       *[other] Je { $count } spellen in andere varianten in deze periode tellen op eigen ranglijsten (optie varianten).
    }
