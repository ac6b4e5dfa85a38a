## La partida diaria, las clasificaciones de un reparto y la línea para compartir. $number es el
## número de la partida diaria (la #1 fue el 2026-12-01); $date, una fecha en formato AAAA-MM-DD;
## $when, una duración como «5 horas» (stats.ftl).

daily-started = **Partida diaria de TriPeaks #{ $number }** ({ $date }): hoy, el mismo reparto para todos. Puntúa tu primer intento terminado. A las 00:00 UTC llega una nueva partida diaria, dentro de { $when }.
daily-practice = Ya has terminado la partida diaria #{ $number }: esta partida es de práctica y no puntúa.
daily-confirm = Tienes una partida en curso ({ $moves ->
        [one] { $moves } movimiento
       *[other] { $moves } movimientos
    }). Si empiezas la partida diaria, esa partida termina y cuenta como abandonada. ¿Empezar la partida diaria #{ $number }?
button-daily-start = Empezar la partida diaria
daily-scored = La partida diaria #{ $number } ha puntuado: { $score } puntos.
daily-practice-over = Práctica: la partida diaria #{ $number } ya había puntuado.
daily-streak = Racha diaria: { $count ->
        [one] { $count } día
       *[other] { $count } días
    }.
daily-date-invalid = «{ $input }» no es una fecha: escríbela como AAAA-MM-DD, por ejemplo 2026-12-24.
daily-date-future = Aún no hay partida diaria para el { $date }: cada día llega una nueva a las 00:00 UTC.
daily-date-early = La primera partida diaria fue el 2026-12-01: no hay ninguna para el { $date }.

button-share-result = Compartir resultado
button-daily-board = Clasificación diaria
button-deal-board = Clasificación del reparto
# Se publica en el canal solo cuando el jugador pulsa «Compartir resultado»; nunca muestra una carta.
# $marks tiene una marca por pico (🟩 vaciado, ⬛ no); $removed cuenta las cartas retiradas de 28.
share-line-daily = { $name } · TriPeaks diaria #{ $number } · { $removed }/28 · { $score } pts · { $marks } · { $hints ->
        [one] { $hints } pista
       *[other] { $hints } pistas
    }
share-line-deal = { $name } · TriPeaks { $code } · { $removed }/28 · { $score } pts · { $marks } · { $hints ->
        [one] { $hints } pista
       *[other] { $hints } pistas
    }

deal-board-note = { $others ->
        [one] { $others } jugador más ha jugado
       *[other] { $others } jugadores más han jugado
    } este reparto en este servidor: estás en el puesto #{ $place } de { $total }.
deal-board-title = **Reparto { $code }** en este servidor: primer intento terminado de cada jugador.
daily-board-title = **Partida diaria de TriPeaks #{ $number }** ({ $date }) en este servidor: el intento que puntúa de cada jugador.
deal-board-line = #{ $rank } · { $name }: { $outcome }, { $score } puntos, { $moves ->
        [one] { $moves } movimiento
       *[other] { $moves } movimientos
    }, { $hints ->
        [one] { $hints } pista
       *[other] { $hints } pistas
    }
deal-board-won = ganada
deal-board-blocked = bloqueada
deal-board-abandoned = abandonada
deal-board-empty = Nadie en este servidor ha terminado aún este reparto.
daily-board-empty = Nadie en este servidor ha terminado aún la partida diaria #{ $number }. Juégala con { $command }.
daily-board-dm = Cada servidor tiene sus clasificaciones diarias: aquí solo ves tu propio resultado.

# The daily's par on its share line ($par), and how far below it the player finished ($behind):
# a number, so it gives nothing of the deal away.
share-par = par { $par } ({ $behind ->
        [0] conseguido
       *[other] −{ $behind }
    })
