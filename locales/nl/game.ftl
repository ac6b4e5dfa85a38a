## Wat de bot tijdens een spel zegt. $command is hoe je een spel start: een vermelding van de
## opdracht zoals </tripeaks new:123>, die Discord in de taal van de lezer toont.

game-started = Nieuw spel: verdeling { $code }, spelregel { $rule }. Verwijder kaarten die één rang hoger of lager zijn dan de kaart op de aflegstapel, of trek een kaart.
game-your-turn = Jouw zet. Op de aflegstapel ligt: { $waste }.
game-won =
    Je hebt gewonnen! Eindscore: { $score } in { $moves ->
        [one] { $moves } zet
       *[other] { $moves } zetten
    }.
game-blocked = { outcome-blocked }. Eindscore: { $score }. Je kunt zetten ongedaan maken of een nieuw spel starten.
peak-cleared = Piek leeggemaakt! +100 punten.

refusal-not-adjacent = Moet één rang hoger of lager zijn
refusal-blocked = Deze kaart is geblokkeerd
refusal-not-on-board = Deze kaart ligt niet meer in de pieken
refusal-stock-empty = De trekstapel is leeg
refusal-nothing-to-undo = Er is niets om ongedaan te maken
# A draw refused under the traditional draw (T): $card is a free card that fits (its long name),
# $label its button label.
refusal-must-play = Er past een kaart op de aflegstapel, dus je mag nog niet trekken: speel eerst { $card } ({ $label }). Bij traditioneel trekken trek je alleen als er geen kaart past.
refusal-game-over = Dit spel is afgelopen

game-not-yours = Dit is niet jouw spel. Start je eigen spel met { $command }.
game-none = Je hebt geen spel bezig. Start er een met { $command }.
board-outdated = Dat speelveld was verouderd; hier is je spel zoals het er nu voor staat.
code-invalid = ‘{ $input }’ is geen partijcode. Een code ziet eruit als TP1-E-ABCDEFG: TP1, dan E (Makkelijk) of C (Klassiek), dan 7 letters van A tot Z.
code-share = Partijcode: { $code } ({ $rule }). Iedereen kan precies deze kaarten spelen: plak de code in { $command }.
card-unknown = ‘{ $input }’ is geen kaart. Schrijf de rang en dan de kaartsoort, bijvoorbeeld 10♥, R♣ of VS.

hint-remove = Tip: verwijder { $label } ({ $card }).
hint-draw = Tip: trek een kaart van de trekstapel.
hint-lost = Deze verdeling is vanaf hier niet meer te winnen. Maak een paar zetten ongedaan of start een nieuw spel.
hint-unavailable = Nu even geen tip; probeer het zo nog eens.
work-one-at-a-time = Je vorige verzoek loopt nog: één tegelijk, graag. Probeer het opnieuw zodra het beantwoord is.
work-spent = Dat zijn veel zware verzoeken in korte tijd. Probeer het over { $seconds } s opnieuw.
work-crowded = De bot is nu druk met verzoeken van andere spelers. Probeer het zo nog eens.
hints-used =
    { $count ->
        [one] Je hebt { $count } tip gebruikt.
       *[other] Je hebt { $count } tips gebruikt.
    }
verdict-winnable =
    Deze verdeling was winbaar: in { $moves ->
        [one] { $moves } zet
       *[other] { $moves } zetten
    } vanaf het begin.
verdict-unwinnable = Niemand had deze verdeling kunnen winnen.
verdict-unknown = Het is niet bekend of deze verdeling winbaar was.

error-corrupt-game = Sorry, je opgeslagen spel kon niet worden gelezen en is daarom gesloten. Start een nieuw spel met { $command }.
error-generic = Sorry, er ging iets mis. Probeer het opnieuw.
error-store-unavailable = De spelopslag reageert niet. Probeer het zo meteen opnieuw.
error-store-slow = De spelopslag reageert traag. Je hoeft niets te doen: dit werkt zichzelf bij zodra hij antwoordt.
error-store-gave-up = De spelopslag reageert al { $minutes } minuten niet. Of je laatste actie is opgeslagen, laat { $command } zien zodra hij antwoordt.
interaction-already-answered = Hierop is al geantwoord, dus er is niets opnieuw gedaan.

button-draw =
    { $count ->
        [0] Trekstapel leeg
       *[other] Trekken ({ $count })
    }
button-undo = Ongedaan maken
button-hint = Tip
button-new-game = Nieuw spel
button-share-code = Code delen
button-play-deal = Deze verdeling spelen
game-replace-confirm = Je hebt een spel bezig ({ $moves ->
        [one] { $moves } zet
       *[other] { $moves } zetten
    }). Als je spel { $code } start, stopt dat spel en telt het als opgegeven. Starten?
game-replace-winnable-confirm = Je hebt een spel bezig ({ $moves ->
        [one] { $moves } zet
       *[other] { $moves } zetten
    }). Een nieuwe verdeling die te winnen is stopt dat spel, en het telt als opgegeven. Er een zoeken en starten?
game-replace-daily-confirm = Je speelt dagspel #{ $number } ({ $moves ->
        [one] { $moves } zet
       *[other] { $moves } zetten
    }). Als je spel { $code } start, stopt het: het telt als opgegeven, als je poging van de dag die meetelt, en je dagreeks stopt. Toch starten?
game-replace-daily-winnable-confirm = Je speelt dagspel #{ $number } ({ $moves ->
        [one] { $moves } zet
       *[other] { $moves } zetten
    }). Een nieuwe verdeling die te winnen is stopt het: het telt als opgegeven, als je poging van de dag die meetelt, en je dagreeks stopt. Toch er een zoeken en starten?
button-start-deal = Het nieuwe spel starten

# Par (docs/RULES.md, "Par"): the best final score a won game could reach on this deal. $par is it,
# $behind how many points below it the player finished.
par-made = Par van dit spel: { $par }. Je hebt par gehaald!
par-behind = Par van dit spel: { $par }. Je eindigde { $behind } eronder.
par-none = Dit spel is niet te winnen, dus het heeft geen par.
par-of-deal = Par van dit spel: { $par }.
