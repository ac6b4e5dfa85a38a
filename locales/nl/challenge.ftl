## Uitdagingen tussen spelers (/tripeaks challenge). Namen worden als tekst getoond; $rule is de
## naam van de regel en $modes de namen van de modi.

challenge-duel = **{ $challenger }** daagt **{ $opponent }** uit voor TriPeaks: { $rule }, { $modes }. Hetzelfde eerlijke spel voor allebei, elk op een eigen privébord; de code wordt met de uitslag onthuld. { $opponent }, antwoord binnen 24 uur.
challenge-open = **{ $challenger }** opent een TriPeaks-uitdaging: { $rule }, { $modes }. Doe binnen het uur mee (tot { $max } spelers): iedereen speelt hetzelfde eerlijke spel op een privébord, en de code wordt met de uitslag onthuld.
challenge-players = Spelers ({ $count }/{ $max }): { $names }
challenge-accepted = **{ $opponent }** neemt de uitdaging van **{ $challenger }** aan: { $rule }, { $modes }. Druk op Spelen voor je privébord; ieder heeft 24 uur om het af te maken.
challenge-declined = **{ $opponent }** heeft de uitdaging van **{ $challenger }** afgeslagen.
challenge-lapsed = Deze uitdaging is verlopen: niemand heeft haar op tijd aangenomen.
challenge-gone = Deze uitdaging is voorbij of wordt niet meer bewaard.
challenge-not-yours = Deze uitdaging is niet de jouwe: je kunt er niet op antwoorden en haar niet spelen. Start je eigen met { $command }.
challenge-self = Je kunt jezelf niet uitdagen: noem een andere speler, of laat de tegenstander weg voor een open uitdaging waar iedereen aan mee kan doen.
challenge-bot = Bots spelen geen TriPeaks: daag een mens uit, of laat de tegenstander weg voor een open uitdaging.
challenge-pending = Je hebt al een uitdaging die op een antwoord of op spelers wacht. Zodra die beantwoord of verlopen is, kun je opnieuw uitdagen.
challenge-full = Deze uitdaging is vol: { $max } spelers.
challenge-closed = Aan deze uitdaging kan niemand meer meedoen.
challenge-rematch-only = Deze revanche is alleen voor de spelers van de vorige uitdaging.
challenge-board = Je privébord voor de uitdaging met { $players }: niemand anders ziet je kaarten. Maak het af binnen { $when }; de uitslag verschijnt in het kanaal als iedereen klaar is.
challenge-waiting = Je uitslag van de uitdaging is bewaard. { $count ->
        [one] Eén speler moet
       *[other] { $count } spelers moeten
    } nog klaar zijn; de uitslag verschijnt in het kanaal als iedereen klaar is.
challenge-left = Je spel van deze uitdaging is vervangen, of de tijd is om: het telt als opgegeven ({ $score } punten).
challenge-take-confirm = Je hebt een spel bezig ({ $moves ->
        [one] 1 zet
       *[other] { $moves } zetten
    }). De uitdaging spelen vervangt het, en het telt als opgegeven.
challenge-code-secret = De code van het spel wordt met de uitslag van de uitdaging onthuld.
challenge-result-title = **Uitslag van de uitdaging**: { $rule }, { $modes }, spel `{ $code }`
challenge-result-line = { $rank }. **{ $name }**: { $outcome }, { $score } punten in { $moves } zetten
challenge-result-winner = **{ $name }** wint!
challenge-result-tie = Gelijkspel!
challenge-result-par = Par van dit spel: { $par } punten.
challenge-record-lead = Onderling: **{ $leader }** staat voor op **{ $other }** met { $wins }–{ $losses }
challenge-record-level = Onderling: **{ $first }** en **{ $second }** staan gelijk, { $wins }–{ $wins }
challenge-record-ties = { $count ->
        [one] (1 gelijkspel)
       *[other] ({ $count } gelijke spelen)
    }
challenge-record-none = Onderling: **{ $first }** en **{ $second }** hebben nog geen uitdaging tegen elkaar afgemaakt.
stats-challenges = Uitdagingen: { $won } gewonnen, { $lost } verloren
challenge-card-title = Uitslag van de uitdaging
challenge-card-deal = { $rule }, { $modes }, spel { $code }
challenge-card-numbers = { $score } punten · { $moves } zetten
button-challenge-accept = Accepteren
button-challenge-decline = Afslaan
button-challenge-join = Meedoen
button-challenge-play = Spelen
button-challenge-rematch = Revanche
button-challenge-take = De uitdaging spelen
challenge-player-left = een vertrokken speler
