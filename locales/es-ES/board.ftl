## El tablero descrito para lectores de pantalla (texto alternativo de la imagen) y la línea de estado.

board-description = { $stock }; { $waste }. { $rows }.
board-description-won = { $stock }; { $waste }. Los tres picos están vacíos.
board-stock =
    { $count ->
        [0] Mazo: vacío
        [one] Mazo: { $count } carta
       *[other] Mazo: { $count } cartas
    }
board-waste = descarte: { $card }
board-row-top = Cimas: { $cards }
board-row-second = fila 2: { $cards }
board-row-third = fila 3: { $cards }
board-row-bottom = fila inferior: { $cards }
board-row-empty = ninguna carta
board-face-down = carta oculta
board-list-separator = {", "}
board-row-separator = {"; "}

status-line =
    Puntuación: { $score } · Movimientos: { $moves } · { $stock ->
        [0] Mazo vacío
        [one] Queda { $stock } carta en el mazo
       *[other] Quedan { $stock } cartas en el mazo
    }
status-line-ended = { $status } · { $outcome }
outcome-won = ¡Has ganado!
outcome-blocked = No hay más movimientos posibles
