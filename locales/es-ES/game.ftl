## Lo que dice el bot durante una partida. $command es cómo empezar una partida: una mención
## del comando como </tripeaks new:123>, que Discord muestra en el idioma de quien lee.

game-started = Nueva partida: reparto { $code }, regla { $rule }. Retira cartas de un valor superior o inferior al del descarte, o roba del mazo.
game-your-turn = Tu turno. Carta del descarte: { $waste }.
game-won =
    ¡Has ganado! Puntuación final: { $score } en { $moves ->
        [one] { $moves } movimiento
       *[other] { $moves } movimientos
    }.
game-blocked = { outcome-blocked }. Puntuación final: { $score }. Puedes deshacer movimientos o iniciar una nueva partida.
peak-cleared = ¡Pico vaciado! +100 puntos.

refusal-not-adjacent = Debe ser de un valor superior o inferior
refusal-blocked = Esta carta está bloqueada
refusal-not-on-board = Esta carta ya no está en los picos
refusal-stock-empty = El mazo está vacío
refusal-nothing-to-undo = No hay nada que deshacer
# A draw refused under the traditional draw (T): $card is a free card that fits (its long name),
# $label its button label.
refusal-must-play = Una carta encaja en el descarte, así que aún no puedes robar: juega primero { $card } ({ $label }). Con el robo tradicional solo se roba cuando ninguna carta encaja.
refusal-game-over = Esta partida ha terminado

game-not-yours = Esta no es tu partida. Empieza la tuya con { $command }.
game-none = No tienes ninguna partida en curso. Empieza una con { $command }.
board-outdated = Ese tablero estaba desactualizado; aquí tienes tu partida tal como está ahora.
code-invalid = «{ $input }» no es un código de partida. Un código tiene la forma TP1-E-ABCDEFG: TP1, después E (Fácil) o C (Clásico) y luego 7 letras de la A a la Z.
code-share = Código de partida: { $code } ({ $rule }). Cualquiera puede jugar exactamente estas cartas: pega el código en { $command }.
card-unknown = «{ $input }» no es una carta. Escribe el valor y después el palo, por ejemplo 10♥, R♣ o QS.

hint-remove = Pista: retira el { $label } ({ $card }).
hint-draw = Pista: roba una carta del mazo.
hint-lost = Este reparto ya no se puede ganar desde aquí. Deshaz algunos movimientos o inicia una nueva partida.
hint-unavailable = Ahora mismo no hay pista; inténtalo de nuevo en un momento.
work-one-at-a-time = Aún estoy con tu petición anterior: una cada vez, por favor. Inténtalo de nuevo cuando haya respondido.
work-spent = Son muchas peticiones pesadas en poco tiempo. Inténtalo de nuevo en { $seconds } s.
work-crowded = El bot está ocupado ahora mismo con las peticiones de otros jugadores. Inténtalo de nuevo en un momento.
hints-used =
    { $count ->
        [one] Has usado { $count } pista.
       *[other] Has usado { $count } pistas.
    }
verdict-winnable =
    Este reparto se podía ganar: { $moves ->
        [one] { $moves } movimiento
       *[other] { $moves } movimientos
    } desde el inicio.
verdict-unwinnable = Nadie habría podido ganar este reparto.
verdict-unknown = No se sabe si este reparto se podía ganar.

error-corrupt-game = Lo sentimos, no se ha podido leer tu partida guardada, así que se ha cerrado. Empieza una nueva con { $command }.
error-generic = Lo sentimos, algo ha fallado. Inténtalo de nuevo.
error-store-unavailable = El almacén de partidas no responde. Inténtalo de nuevo dentro de un momento.
error-store-slow = El almacén de partidas tarda en responder. No hace falta hacer nada: esto se actualizará solo en cuanto responda.
error-store-gave-up = El almacén de partidas lleva { $minutes } minutos sin responder. Si tu última acción se guardó, { $command } lo mostrará en cuanto responda.
interaction-already-answered = Esto ya se respondió, así que no se ha vuelto a hacer nada.

button-draw =
    { $count ->
        [0] Mazo vacío
       *[other] Robar ({ $count })
    }
button-undo = Deshacer
button-hint = Pista
button-new-game = Nueva partida
button-share-code = Compartir código
button-play-deal = Jugar este reparto
game-replace-confirm = Tienes una partida en curso ({ $moves ->
        [one] { $moves } movimiento
       *[other] { $moves } movimientos
    }). Si empiezas la mano { $code }, esa partida termina y cuenta como abandonada. ¿Empezarla?
game-replace-winnable-confirm = Tienes una partida en curso ({ $moves ->
        [one] { $moves } movimiento
       *[other] { $moves } movimientos
    }). Un nuevo reparto que se pueda ganar termina esa partida, y cuenta como abandonada. ¿Buscar uno y empezarlo?
game-replace-daily-confirm = Estás jugando la partida diaria #{ $number } ({ $moves ->
        [one] { $moves } movimiento
       *[other] { $moves } movimientos
    }). Si empiezas la mano { $code }, termina: cuenta como abandonada, como tu intento puntuable del día, y tu racha diaria se corta. ¿Empezarla de todos modos?
game-replace-daily-winnable-confirm = Estás jugando la partida diaria #{ $number } ({ $moves ->
        [one] { $moves } movimiento
       *[other] { $moves } movimientos
    }). Un nuevo reparto que se pueda ganar la termina: cuenta como abandonada, como tu intento puntuable del día, y tu racha diaria se corta. ¿Buscar uno y empezarlo de todos modos?
button-start-deal = Empezar la nueva mano

# Par (docs/RULES.md, "Par"): the best final score a won game could reach on this deal. $par is it,
# $behind how many points below it the player finished.
par-made = Par de este reparto: { $par }. ¡Has hecho el par!
par-behind = Par de este reparto: { $par }. Has terminado { $behind } por debajo.
par-none = Este reparto no se puede ganar, así que no tiene par.
par-of-deal = Par de este reparto: { $par }.
