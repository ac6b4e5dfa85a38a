## Le plateau décrit pour les lecteurs d’écran (texte alternatif de l’image) et la ligne d’état.

board-description = { $stock } ; { $waste }. { $rows }.
board-description-won = { $stock } ; { $waste }. Les trois pics sont dégagés.
board-stock =
    { $count ->
        [0] Pioche : vide
        [one] Pioche : { $count } carte
       *[other] Pioche : { $count } cartes
    }
board-waste = défausse : { $card }
board-row-top = Sommets : { $cards }
board-row-second = rangée 2 : { $cards }
board-row-third = rangée 3 : { $cards }
board-row-bottom = rangée du bas : { $cards }
board-row-empty = aucune carte
board-face-down = carte cachée
board-list-separator = {", "}
board-row-separator = {" ; "}

status-line =
    Score : { $score } · Coups : { $moves } · { $stock ->
        [0] Pioche vide
        [one] { $stock } carte restante dans la pioche
       *[other] { $stock } cartes restantes dans la pioche
    }
status-line-ended = { $status } · { $outcome }
outcome-won = Tu as gagné !
outcome-blocked = Plus aucun coup possible
