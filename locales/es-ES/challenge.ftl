## Desafíos entre jugadores (/tripeaks challenge). Los nombres se muestran como texto; $rule es
## el nombre de la regla y $modes los nombres de los modos.

challenge-duel = **{ $challenger }** desafía a **{ $opponent }** a TriPeaks: { $rule }, { $modes }. La misma mano justa para los dos, cada uno en un tablero privado; su código se revela con el resultado. { $opponent }, responde en 24 horas.
challenge-open = **{ $challenger }** abre un desafío de TriPeaks: { $rule }, { $modes }. Únete en la próxima hora (hasta { $max } jugadores): todos juegan la misma mano justa en un tablero privado, y su código se revela con el resultado.
challenge-players = Jugadores ({ $count }/{ $max }): { $names }
challenge-accepted = **{ $opponent }** aceptó el desafío de **{ $challenger }**: { $rule }, { $modes }. Pulsa Jugar para ver tu tablero privado; cada uno tiene 24 horas para terminar.
challenge-declined = **{ $opponent }** rechazó el desafío de **{ $challenger }**.
challenge-lapsed = Este desafío caducó: nadie lo aceptó a tiempo.
challenge-gone = Este desafío ha terminado o ya no se guarda.
challenge-not-yours = Este desafío no es tuyo para responder ni para jugar. Lanza el tuyo con { $command }.
challenge-self = No puedes desafiarte a ti mismo: nombra a otro jugador, o deja fuera el rival para un desafío abierto al que cualquiera puede unirse.
challenge-bot = Los bots no juegan a TriPeaks: desafía a una persona, o deja fuera el rival para un desafío abierto.
challenge-pending = Ya tienes un desafío esperando respuesta o jugadores. Cuando se responda o caduque, podrás desafiar de nuevo.
challenge-full = Este desafío está completo: { $max } jugadores.
challenge-closed = Este desafío ya no admite jugadores.
challenge-rematch-only = Esta revancha es solo para los jugadores del último desafío.
challenge-board = Tu tablero privado para el desafío con { $players }: nadie más ve tus cartas. Termina en { $when }; el resultado se publica en el canal cuando todos hayan terminado.
challenge-waiting = Tu resultado del desafío está guardado. { $count ->
        [one] Falta un jugador
       *[other] Faltan { $count } jugadores
    } por terminar; el resultado se publica en el canal cuando todos hayan terminado.
challenge-left = Tu partida de este desafío fue reemplazada o se le acabó el tiempo: cuenta como abandonada ({ $score } puntos).
challenge-take-confirm = Tienes una partida en curso ({ $moves ->
        [one] 1 movimiento
       *[other] { $moves } movimientos
    }). Jugar el desafío la reemplaza, y cuenta como abandonada.
challenge-code-secret = El código de la mano se revela con el resultado del desafío.
challenge-result-title = **Resultado del desafío**: { $rule }, { $modes }, mano `{ $code }`
challenge-result-line = { $rank }. **{ $name }**: { $outcome }, { $score } puntos en { $moves } movimientos
challenge-result-winner = ¡Gana **{ $name }**!
challenge-result-tie = ¡Es un empate!
challenge-result-par = Par de esta mano: { $par } puntos.
challenge-record-lead = Cara a cara: **{ $leader }** va por delante de **{ $other }** { $wins }–{ $losses }
challenge-record-level = Cara a cara: **{ $first }** y **{ $second }** van empatados a { $wins }–{ $wins }
challenge-record-ties = { $count ->
        [one] (1 empate)
       *[other] ({ $count } empates)
    }
challenge-record-none = Cara a cara: **{ $first }** y **{ $second }** aún no han terminado ningún desafío entre ellos.
stats-challenges = Desafíos: { $won } ganados, { $lost } perdidos
challenge-card-title = Resultado del desafío
challenge-card-deal = { $rule }, { $modes }, mano { $code }
challenge-card-numbers = { $score } puntos · { $moves } movimientos
button-challenge-accept = Aceptar
button-challenge-decline = Rechazar
button-challenge-join = Unirse
button-challenge-play = Jugar
button-challenge-rematch = Revancha
button-challenge-take = Jugar el desafío
challenge-player-left = un jugador que se fue
