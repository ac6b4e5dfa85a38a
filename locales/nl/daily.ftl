## Het dagspel, de ranglijsten per verdeling en de regel om te delen. $number is het nummer van
## het dagspel (#1 was 2026-12-01); $date een datum als JJJJ-MM-DD; $when een duur zoals ‘5 uur’
## (stats.ftl).

daily-started = **TriPeaks-dagspel #{ $number }** ({ $date }): vandaag dezelfde verdeling voor iedereen. Je eerste afgeronde poging telt voor de score. Om 00:00 UTC komt er een nieuw dagspel, over { $when }.
daily-practice = Je hebt dagspel #{ $number } al afgerond: dit spel is om te oefenen en telt niet mee.
daily-confirm = Je hebt een spel bezig ({ $moves ->
        [one] { $moves } zet
       *[other] { $moves } zetten
    }). Als je het dagspel start, stopt dat spel en telt het als opgegeven. Dagspel #{ $number } starten?
button-daily-start = Dagspel starten
daily-scored = Dagspel #{ $number } telt: { $score } punten.
daily-practice-over = Oefenspel: dagspel #{ $number } had al een score.
daily-streak = Dagspelreeks: { $count ->
        [one] { $count } dag
       *[other] { $count } dagen
    }.
daily-date-invalid = ‘{ $input }’ is geen datum: schrijf hem als JJJJ-MM-DD, bijvoorbeeld 2026-12-24.
daily-date-future = Er is nog geen dagspel voor { $date }: elke dag om 00:00 UTC komt er een nieuw.
daily-date-early = Het eerste dagspel was op 2026-12-01: voor { $date } is er geen.

button-share-result = Resultaat delen
button-daily-board = Ranglijst dagspel
button-deal-board = Ranglijst verdeling
# Wordt alleen in het kanaal geplaatst als de speler op ‘Resultaat delen’ drukt; er staat nooit een kaart in.
# $marks heeft één teken per piek (🟩 leeg, ⬛ niet); $removed telt de verwijderde kaarten van de 28.
share-line-daily = { $name } · TriPeaks-dagspel #{ $number } · { $removed }/28 · { $score } ptn · { $marks } · { $hints ->
        [one] { $hints } tip
       *[other] { $hints } tips
    }
share-line-deal = { $name } · TriPeaks { $code } · { $removed }/28 · { $score } ptn · { $marks } · { $hints ->
        [one] { $hints } tip
       *[other] { $hints } tips
    }

deal-board-note = { $others ->
        [one] { $others } andere speler heeft
       *[other] { $others } andere spelers hebben
    } deze verdeling op deze server gespeeld: jij staat op #{ $place } van { $total }.
deal-board-title = **Verdeling { $code }** op deze server: de eerste afgeronde poging van elke speler.
daily-board-title = **TriPeaks-dagspel #{ $number }** ({ $date }) op deze server: de poging die telt, van elke speler.
deal-board-line = #{ $rank } · { $name }: { $outcome }, { $score } punten, { $moves ->
        [one] { $moves } zet
       *[other] { $moves } zetten
    }, { $hints ->
        [one] { $hints } tip
       *[other] { $hints } tips
    }
deal-board-won = gewonnen
deal-board-blocked = vastgelopen
deal-board-abandoned = opgegeven
deal-board-empty = Niemand op deze server heeft deze verdeling al afgerond.
daily-board-empty = Niemand op deze server heeft dagspel #{ $number } al afgerond. Speel het met { $command }.
daily-board-dm = Ranglijsten van dagspellen horen bij een server: hier zie je alleen je eigen resultaat.

# The daily's par on its share line ($par), and how far below it the player finished ($behind):
# a number, so it gives nothing of the deal away.
share-par = par { $par } ({ $behind ->
        [0] gehaald
       *[other] −{ $behind }
    })
