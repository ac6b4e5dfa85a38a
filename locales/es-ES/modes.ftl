## Modos de juego.

mode-standard = partida estándar
mode-aisleriot = puntuación de Aisleriot
mode-multiplier = multiplicador de puntuación
mode-progressive = rondas progresivas
mode-open-peaks = picos descubiertos
mode-empty-waste = descarte vacío
mode-wild-card = comodín
mode-traditional-draw = robo tradicional
game-modes = Modos: { $modes }.
status-round = Ronda { $round }
status-chain = Tanda { $chain } (siguiente carta +{ $next })
peak-cleared-bonus = ¡Pico vaciado! +{ $points } puntos.
round-cleared = ¡Ronda { $round } superada! Se reparte la ronda { $next } y la puntuación se acumula.
game-over-rounds =
    { outcome-blocked }. Puntuación final: { $score }, con { $rounds ->
        [one] { $rounds } ronda superada
       *[other] { $rounds } rondas superadas
    }. Puedes deshacer movimientos o empezar una nueva partida.
board-waste-empty = descarte: vacío, admite cualquier carta libre
board-covered = { $card } (cubierta)
code-invalid-modes = «{ $input }» tiene una letra de modo no válida, «{ $letter }». Tras sus 7 letras, un código puede indicar modos, cada uno una vez: A (puntuación de Aisleriot), M (multiplicador de puntuación) y P (rondas progresivas) con A, O (picos descubiertos), W (descarte vacío), J (comodín), T (robo tradicional). Ejemplo: TP1-E-ABCDEFG-AP.
modes-progressive-needs-aisleriot = Las rondas progresivas van con la puntuación de Aisleriot: elige esa puntuación o no indiques la opción de puntuación.
settings-modes = Tus nuevas partidas usarán: { $modes }.
settings-current-modes = Modos de tus nuevas partidas: { $modes }.
rules-modes = **Modos** (opción `puntuación` y las demás de { $command }): la **puntuación de Aisleriot** empieza en 0; la carta k-ésima retirada desde el último robo vale k puntos, cada robo cuesta 5, cada cima +15 y limpiar el tablero +30 (máximo de una ronda: 466). **Multiplicador de puntuación**: la tanda se duplica (1, 2, 4, 8…), cimas +25 y +50, robar es gratis. **Rondas progresivas**: al limpiar el tablero se reparte una nueva ronda y la puntuación se acumula, hasta que una ronda se bloquea. **Picos descubiertos**: todas las cartas boca arriba desde el principio. **Descarte vacío**: el descarte empieza vacío y la primera carta puede ser cualquier carta libre. **Comodín**: un comodín se añade a la baraja (53 cartas, 24 en el mazo); va sobre cualquier carta y cualquier carta va sobre él. **Robo tradicional**: solo puedes robar cuando ninguna carta encaja en el descarte.
