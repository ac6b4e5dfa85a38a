## Estadísticas, clasificaciones de los servidores y privacidad. $name es el nombre de un jugador
## como texto; $command es cómo empezar una partida (véase game.ftl). Los números son enteros.

stats-none-self = Aún no has terminado ninguna partida. Juega una con { $command }: tus estadísticas empiezan con tu primera partida terminada.
stats-none-other = { $name } aún no ha terminado ninguna partida.
stats-none-rule = Aún no hay ninguna partida terminada con la regla { $rule }.
stats-hidden = { $name } mantiene sus estadísticas en privado.
stats-bot = Los bots no juegan a TriPeaks, así que no tienen estadísticas.
# El resumen de una línea que acompaña a la tarjeta de estadísticas.
stats-summary = { $name }: partidas jugadas { $played }, ganadas { $won } ({ $percent } %), racha { $streak } (récord { $best_streak }), mejor puntuación { $best }.
# Alcance de las cifras: todas las reglas o una sola.
stats-scope-all = todas las reglas
stats-scope-rule = regla { $rule }
# La tarjeta de estadísticas (una imagen): etiquetas cortas que caben bajo números grandes.
stats-card-title = { $name } · TriPeaks
stats-card-played = Jugadas
stats-card-win-rate = % de victorias
stats-card-streak = Racha
stats-card-best-score = Mejor puntuación
stats-card-best-streak = récord { $count }
stats-card-outcomes = ganadas { $won } · bloqueadas { $blocked } · abandonadas { $abandoned }
stats-card-details = Media al ganar { $average } · Menos movimientos { $fewest } · Serie más larga { $chain } · Pistas { $hints }
stats-card-last-30-days = Últimos 30 días: jugadas { $played }, ganadas { $won }
stats-card-daily-streak = Racha diaria { $count }
stats-card-recent = { $count ->
        [one] Última partida
       *[other] Últimas { $count } partidas
    }
# Un número que solo se conoce por algunas partidas (las partidas antiguas no lo registraban).
stats-at-least = al menos { $value }
stats-unknown = sin datos
# El texto alternativo de la imagen: lo mismo que la tarjeta, en palabras.
stats-alt = Estadísticas de TriPeaks de { $name } ({ $scope }): partidas jugadas { $played }, ganadas { $won }, bloqueadas { $blocked }, abandonadas { $abandoned }; porcentaje de victorias { $percent } %; racha de victorias actual { $streak }, récord { $best_streak }; mejor puntuación { $best }; puntuación media de las partidas ganadas { $average }; menos movimientos en una victoria { $fewest }; serie más larga { $chain }; pistas usadas { $hints }. Últimos 30 días: jugadas { $recent_played }, ganadas { $recent_won }. Últimas partidas, de la más antigua a la más reciente: { $strip }.
stats-strip-won = ganada { $score }
stats-strip-blocked = bloqueada { $score }
stats-strip-abandoned = abandonada { $score }

board-title = **Clasificación de TriPeaks** · { $period } · por { $metric }
board-period-week = esta semana
board-period-month = este mes
board-period-all = de todos los tiempos
board-metric-wins = victorias
board-metric-best = mejor puntuación
board-metric-streak = racha de victorias
# $when es una duración como «2 días».
board-resets-week = Las semanas empiezan el lunes a las 00:00 UTC: esta clasificación se reinicia dentro de { $when }.
board-resets-month = Los meses empiezan el día 1 a las 00:00 UTC: esta clasificación se reinicia dentro de { $when }.
board-line-wins = #{ $rank } · { $name }: { $wins ->
        [one] { $wins } victoria
       *[other] { $wins } victorias
    } en { $games ->
        [one] { $games } partida
       *[other] { $games } partidas
    }
board-line-best = #{ $rank } · { $name }: { $score } puntos
board-line-streak = #{ $rank } · { $name }: { $streak ->
        [one] { $streak } victoria seguida
       *[other] { $streak } victorias seguidas
    }
board-you = { $name } (tú)
board-hidden-player = un jugador oculto
board-unknown-player = un jugador
board-your-place = Tu puesto:
board-players = { $count ->
        [one] { $count } jugador en la clasificación.
       *[other] { $count } jugadores en la clasificación.
    }
board-empty = Aún no se ha terminado ninguna partida en este servidor ({ $period }). Estrena la clasificación con { $command }.
board-dm = Cada servidor tiene sus clasificaciones: en los mensajes directos solo ves tus propios resultados.
board-dm-none = Aún no has terminado ninguna partida ({ $period }).

duration-days = { $count ->
        [one] { $count } día
       *[other] { $count } días
    }
duration-hours = { $count ->
        [one] { $count } hora
       *[other] { $count } horas
    }
duration-minutes = { $count ->
        [one] { $count } minuto
       *[other] { $count } minutos
    }

settings-public-on = Apareces en las clasificaciones de los servidores y los demás jugadores pueden ver tus estadísticas.
settings-public-off = Modo oculto: las clasificaciones de los servidores no te muestran (tú te ves como «un jugador oculto») y nadie más puede ver tus estadísticas.

forget-confirm = Esto borra todo lo que TriPeaks guarda sobre ti: tu partida actual, tus partidas terminadas y tus estadísticas, tus ajustes y tu nombre en las clasificaciones. No se puede deshacer. Pulsa el botón para confirmarlo.
button-forget = Borrar mis datos
forget-done = Se ha borrado: { $parts }. TriPeaks ya no guarda nada más sobre ti.
forget-part-current = tu partida actual
forget-part-finished = { $count ->
        [one] { $count } partida terminada
       *[other] { $count } partidas terminadas
    }
forget-part-settings = tus ajustes
forget-part-corrupt = { $count ->
        [one] { $count } partida guardada ilegible
       *[other] { $count } partidas guardadas ilegibles
    }
forget-part-name = tu nombre en las clasificaciones
forget-nothing = No hay nada que borrar: TriPeaks no guarda ningún dato sobre ti.
forget-not-yours = Este botón es de quien pidió borrar sus datos. Para borrar los tuyos, usa { $command }.
history-title = Últimas partidas terminadas de { $name }:
history-line = { $number }. { $date } · { $rule }{ $modes } · { $outcome } · { $score } puntos · { $moves } movimientos · { $time } · `{ $code }`
history-none-self = Aún no has terminado ninguna partida. Empieza una con { $command }.
history-none-other = { $name } aún no ha terminado ninguna partida.
history-times = Victoria más rápida { $fastest } · tiempo medio de victoria { $average }
history-no-replay = Esta partida terminó antes de que se guardaran las repeticiones, así que no tiene repetición.
history-replay-damaged = El registro de esta partida está dañado, así que no se puede repetir. Las demás partidas del historial sí.
history-not-found = Esa partida ya no está en el historial.
button-replay = Repetir { $number }
replay-text = Repetición de `{ $code }`: { $outcome }, { $score } puntos.
replay-alt = Repetición de { $code } desde el reparto hasta el final, { $actions } acciones: { $outcome }, { $score } puntos.
replay-coming = Esta repetición ya se está preparando para este canal: llegará en un momento.
replay-busy = Las repeticiones están ocupadas ahora mismo. Inténtalo de nuevo en un momento.

# The modes option of /tripeaks stats and /tripeaks leaderboard: a bad value ($input as typed),
# the games of other mode sets not counted ($count, $others), the modes counted ($modes: names).
modes-option-invalid = «{ $input }» no es un conjunto de modos: escribe las letras de modo como en un código (A, M, P, O, W, J, T; por ejemplo AP o J), o standard para la partida estándar.
stats-other-modes =
    { $count ->
        [one] { $count } partida en otros modos no se cuenta aquí: la opción modos la muestra.
       *[other] { $count } partidas en otros modos no se cuentan aquí: la opción modos las muestra.
    }
stats-none-modes =
    Aún no hay partidas terminadas con { $modes }; { $others ->
        [one] { $others } partida en otros modos: la opción modos la muestra.
       *[other] { $others } partidas en otros modos: la opción modos las muestra.
    }
modes-counted = Se cuentan las partidas con: { $modes }.
board-other-modes =
    { $count ->
        [one] Tu { $count } partida en otros modos de este periodo cuenta en su propia clasificación (opción modos).
       *[other] Tus { $count } partidas en otros modos de este periodo cuentan en sus propias clasificaciones (opción modos).
    }
