## Ce que dit le bot pendant une partie. $command indique comment lancer une partie : une
## mention de commande comme </tripeaks new:123>, que Discord affiche dans la langue du lecteur.

game-started = Nouvelle partie : donne { $code }, règle { $rule }. Retire les cartes d’une valeur juste au-dessus ou au-dessous de celle de la défausse, ou pioche.
game-your-turn = À toi de jouer. Carte de la défausse : { $waste }.
game-won =
    Tu as gagné ! Score final : { $score } en { $moves ->
        [one] { $moves } coup
       *[other] { $moves } coups
    }.
game-blocked = { outcome-blocked }. Score final : { $score }. Tu peux annuler des coups ou commencer une nouvelle partie.
peak-cleared = Pic dégagé ! +100 points.

refusal-not-adjacent = La valeur doit être juste au-dessus ou au-dessous
refusal-blocked = Cette carte est bloquée
refusal-not-on-board = Cette carte n’est plus dans les pics
refusal-stock-empty = La pioche est vide
refusal-nothing-to-undo = Rien à annuler
# A draw refused under the traditional draw (T): $card is a free card that fits (its long name),
# $label its button label.
refusal-must-play = Une carte va sur la défausse, vous ne pouvez pas encore piocher : jouez d’abord { $card } ({ $label }). Avec la pioche traditionnelle, on ne pioche que si aucune carte ne va.
refusal-game-over = Cette partie est terminée

game-not-yours = Ce n’est pas ta partie. Lance la tienne avec { $command }.
game-none = Tu n’as aucune partie en cours. Lances-en une avec { $command }.
board-outdated = Ce plateau n’était plus à jour ; voici ta partie telle qu’elle est maintenant.
code-invalid = « { $input } » n’est pas un code de partie. Un code ressemble à TP1-E-ABCDEFG : TP1, puis E (Facile) ou C (Classique), puis 7 lettres de A à Z.
code-share = Code de partie : { $code } ({ $rule }). Tout le monde peut jouer exactement ces cartes : colle le code dans { $command }.
card-unknown = « { $input } » n’est pas une carte. Écris la valeur puis la couleur, par exemple 10♥, R♣ ou DS.

hint-remove = Indice : joue le { $label } ({ $card }).
hint-draw = Indice : pioche une carte.
hint-lost = Cette donne ne peut plus être gagnée à partir d’ici. Annule quelques coups ou commence une nouvelle partie.
hint-unavailable = Pas d’indice pour l’instant ; réessaie dans un moment.
work-one-at-a-time = Ta demande précédente est encore en cours : une à la fois, s’il te plaît. Réessaie une fois qu’elle a répondu.
work-spent = Cela fait beaucoup de demandes lourdes en peu de temps. Réessaie dans { $seconds } s.
work-crowded = Le bot est occupé par les demandes d’autres joueurs en ce moment. Réessaie dans un instant.
hints-used =
    { $count ->
        [one] Tu as utilisé { $count } indice.
       *[other] Tu as utilisé { $count } indices.
    }
verdict-winnable =
    Cette donne pouvait être gagnée : en { $moves ->
        [one] { $moves } coup
       *[other] { $moves } coups
    } depuis le début.
verdict-unwinnable = Personne n’aurait pu gagner cette donne.
verdict-unknown = On ne sait pas si cette donne pouvait être gagnée.

error-corrupt-game = Désolé, ta partie enregistrée n’a pas pu être lue et a donc été fermée. Lances-en une nouvelle avec { $command }.
error-generic = Désolé, un problème est survenu. Réessaie.
error-store-unavailable = Le stockage des parties ne répond pas. Réessaie dans un instant.
error-store-slow = Le stockage des parties met du temps à répondre. Rien à faire : ceci se mettra à jour tout seul dès qu’il répondra.
error-store-gave-up = Le stockage des parties ne répond plus depuis { $minutes } minutes. Si ta dernière action a été enregistrée, { $command } le montrera dès qu’il répondra.
interaction-already-answered = Cette action a déjà reçu une réponse : rien n’a été refait.

button-draw =
    { $count ->
        [0] Pioche vide
       *[other] Piocher ({ $count })
    }
button-undo = Annuler
button-hint = Indice
button-new-game = Nouvelle partie
button-share-code = Partager le code
button-play-deal = Jouer cette donne
game-replace-confirm = Tu as une partie en cours ({ $moves ->
        [one] { $moves } coup
       *[other] { $moves } coups
    }). Lancer la donne { $code } y met fin, et elle compte comme abandonnée. La lancer ?
game-replace-winnable-confirm = Tu as une partie en cours ({ $moves ->
        [one] { $moves } coup
       *[other] { $moves } coups
    }). Une nouvelle donne qui peut être gagnée y met fin, et elle compte comme abandonnée. En chercher une et la lancer ?
game-replace-daily-confirm = Tu joues la donne du jour n° { $number } ({ $moves ->
        [one] { $moves } coup
       *[other] { $moves } coups
    }). Lancer la donne { $code } y met fin : elle compte comme abandonnée, comme ta tentative notée du jour, et ta série quotidienne s’arrête. La lancer quand même ?
game-replace-daily-winnable-confirm = Tu joues la donne du jour n° { $number } ({ $moves ->
        [one] { $moves } coup
       *[other] { $moves } coups
    }). Une nouvelle donne qui peut être gagnée y met fin : elle compte comme abandonnée, comme ta tentative notée du jour, et ta série quotidienne s’arrête. En chercher une et la lancer quand même ?
button-start-deal = Lancer la nouvelle donne

# Par (docs/RULES.md, "Par"): the best final score a won game could reach on this deal. $par is it,
# $behind how many points below it the player finished.
par-made = Par de cette donne : { $par }. Vous avez fait le par !
par-behind = Par de cette donne : { $par }. Vous avez fini { $behind } en dessous.
par-none = Cette donne ne peut pas être gagnée : elle n’a pas de par.
par-of-deal = Par de cette donne : { $par }.
