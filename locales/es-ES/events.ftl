## Eventos del servidor (/tripeaks-events para quienes gestionan un servidor, /tripeaks event para
## los jugadores). $name es el nombre del evento, hecho inerte; $start y $end son marcas de tiempo de
## Discord (<t:…>), que cada lector ve en su propia hora; $channel es una mención de canal (<#…>);
## $deal es el número de un reparto en el evento, desde 1; $rule y $modes son los nombres de la
## regla y de los modos.

event-only-in-server = Los eventos pertenecen a un servidor: usa este comando en uno.
event-bad-name = Un evento necesita un nombre de 1 a { $max } caracteres.
event-bad-deals = Un evento tiene de 1 a { $max } repartos.
event-bad-duration = `{ $typed }` no es una duración de { $min } a { $max }: escríbela como 30m, 2h, 1h30m o 3d.
event-bad-zone = `{ $zone }` no es una zona horaria que conozca: elige una de las sugerencias, como Europe/Madrid o America/New_York.
event-bad-start = `{ $typed }` no es un inicio que pueda leer: escríbelo como AAAA-MM-DD HH:MM, en la zona horaria que indiques (UTC por defecto).
event-start-past = Ese inicio ({ $start }) ya ha pasado: elige un momento futuro, o deja vacío el inicio para empezar ahora.
event-too-many = Este servidor tiene { $max } eventos programados o en curso, el máximo permitido: termina o cancela uno primero.
event-cannot-post = No puedo publicar en { $channel }: dame allí { $permissions } y vuelve a iniciar el evento.
event-created = **{ $name }** está listo, anunciado en { $channel }: de { $start } a { $end }.
event-not-listed = No aparece en la lista de eventos del servidor: me falta el permiso Crear eventos. El evento se juega igualmente.
event-which = Hay varios eventos abiertos aquí: indica a cuál te refieres (la opción `evento` los sugiere).
event-none-to-end = Aquí no hay ningún evento en curso que terminar.
event-none-to-cancel = Aquí no hay ningún evento programado o en curso que cancelar.
event-ended-now = **{ $name }** termina ahora: sus resultados se publicarán en { $channel }.
event-cancelled-now = **{ $name }** queda cancelado.
event-list-none = No hay ningún evento programado o en curso en este servidor.
event-list-line = **{ $name }** (#{ $id }): de { $start } a { $end }{ $weekly ->
        [yes] , cada semana
       *[no] {""}
    }

event-announce-title = **{ $name }**: un evento de TriPeaks
event-announce-deals = { $count ->
        [one] Un reparto, el mismo para todos
       *[other] { $count } repartos, los mismos para todos
    }: { $rule }, { $modes }. Cada uno en tu tablero privado; cuenta tu primera partida terminada de cada reparto.
event-announce-hints-off = Las pistas están desactivadas.
event-announce-hints-on = Las pistas están activadas; en caso de empate, gana quien haya usado menos pistas.
event-announce-when = De { $start } a { $end }.
event-announce-weekly = Cada semana a la misma hora.
event-announce-ended = Este evento ha terminado: sus resultados están publicados en este canal.
event-announce-cancelled = Este evento se canceló.
button-event-play = Jugar { $number }
button-event-standings = Clasificación

event-not-started = Este evento aún no ha empezado (inicio: { $start }): vuelve entonces.
event-over = Este evento ha terminado: sus resultados están en su canal.
event-wrong-server = Este evento pertenece a otro servidor.
event-gone = Este evento ya no se guarda.
event-none = Aún no hay ningún evento en este servidor. Quienes lo gestionan pueden iniciar uno con /tripeaks-events start.
event-deal-started = **{ $name }**, reparto { $deal } de { $count }: tu tablero privado. Cuenta tu primera partida terminada de este reparto; fin del evento: { $end }.
event-practice = Tu partida del reparto { $deal } ya contó ({ $score } puntos): esta es de práctica.
event-take-confirm = Tienes una partida en curso ({ $moves ->
        [one] 1 movimiento
       *[other] { $moves } movimientos
    }). Jugar el reparto del evento la reemplaza, y cuenta como abandonada.
event-counted = El reparto { $deal } cuenta para el evento: { $score } puntos.
event-practice-over = Práctica: solo cuenta tu primera partida terminada de este reparto.
event-too-late = El evento ya había terminado: esta partida no cuenta.
event-place = Vas en el puesto { $place } de { $count }, con { $total } puntos.
game-replace-event-confirm = Tienes una partida de evento en curso ({ $moves ->
        [one] 1 movimiento
       *[other] { $moves } movimientos
    }). Si empiezas { $code }, esa partida termina y cuenta para el evento como abandonada, con su puntuación.
game-replace-event-winnable-confirm = Tienes una partida de evento en curso ({ $moves ->
        [one] 1 movimiento
       *[other] { $moves } movimientos
    }). Un nuevo reparto que se pueda ganar termina esa partida, y cuenta para el evento como abandonada, con su puntuación. ¿Buscar uno y empezarlo?
share-line-event = { $name } · { $event }, reparto { $deal } · { $removed }/28 · { $score } pts · { $marks } · { $hints ->
        [one] { $hints } pista
       *[other] { $hints } pistas
    }

event-view-running = En curso. Fin: { $end }.
event-view-upcoming = Inicio: { $start }. Fin: { $end }.
event-view-ended = Terminado: { $end }.
event-view-cancelled = Cancelado.
event-deal-done = Reparto { $deal }: { $score } puntos{ $won ->
        [yes] , ganado
       *[no] {""}
    }
event-deal-open = Reparto { $deal }: aún sin jugar
event-standings-title = { $count ->
        [one] Clasificación (1 jugador):
       *[other] Clasificación ({ $count } jugadores):
    }
event-standings-line = { $place }. **{ $name }**: { $total } puntos, { $cleared ->
        [one] { $cleared } reparto ganado
       *[other] { $cleared } repartos ganados
    }
event-standings-you = Tú: puesto { $place } de { $count }, { $total } puntos.
event-standings-empty = Nadie ha terminado aún ningún reparto.
event-player-left = un jugador que se fue

event-results-title = **{ $name }** ha terminado: los resultados
event-results-more = …y { $count ->
        [one] 1 jugador más
       *[other] { $count } jugadores más
    }: todos los totales están en el archivo adjunto.
event-results-deal = Reparto { $deal }: `{ $code }`, mejor { $best } puntos, par { $par }
event-results-deal-no-par = Reparto { $deal }: `{ $code }`, mejor { $best } puntos
event-results-deal-unplayed = Reparto { $deal }: `{ $code }`, nadie lo terminó
event-results-nobody = Nadie terminó ningún reparto.
event-results-replays = Los códigos y las repeticiones ya están disponibles: /tripeaks history muestra cada partida.
event-card-title = { $name }: resultados
event-card-deals = { $count ->
        [one] 1 reparto
       *[other] { $count } repartos
    }, { $rule }, { $modes }
event-card-numbers = { $total } puntos · { $cleared }/{ $count } ganados
event-listing-description = { $count ->
        [one] Un reparto de TriPeaks, el mismo para todos
       *[other] { $count } repartos de TriPeaks, los mismos para todos
    }, cada uno en tu tablero privado. Juega con /tripeaks event.
event-listing-location = Discord: /tripeaks event
stats-events = Eventos: { $wins } ganados, { $podiums } en el podio
event-hints-off = Las pistas están desactivadas en este evento.
event-code-secret = El código del reparto y las repeticiones de sus partidas se revelan cuando termina el evento.
event-created-unconfirmed = **{ $name }** está programado: de { $start } a { $end }. Discord no confirmó su anuncio en { $channel }; si no aparece, los jugadores pueden unirse igualmente con /tripeaks event.
