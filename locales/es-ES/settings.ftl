## Confirmaciones de los ajustes y resumen de las reglas. $rule es el nombre de una regla.

settings-errors-on = Ayuda para errores activada: cuando se rechace un movimiento, te diremos por qué.
settings-errors-off = Ayuda para errores desactivada: los movimientos rechazados se ignoran sin aviso.
settings-rule = Tus nuevas partidas usarán la regla { $rule }.
# $errors y $public valen on u off.
settings-current =
    Tus ajustes: ayuda para errores { $errors ->
        [on] activada
       *[off] desactivada
    }; regla para nuevas partidas: { $rule }; { $public ->
        [on] apareces en las clasificaciones de los servidores
       *[off] no apareces en las clasificaciones de los servidores
    }.

rules-summary = **TriPeaks** reparte 28 cartas en tres picos: solo las 10 cartas de la fila inferior empiezan boca arriba. Una carta está en el descarte y 23 esperan en el mazo.

    Retira una carta visible que ya no esté cubierta por ninguna otra si su valor es inmediatamente superior o inferior al del descarte, sin importar el palo: sobre un 8, un 7 o un 9. Pasa a ser la nueva carta del descarte. Una carta oculta se da la vuelta en cuanto se retiran las dos cartas que la cubren.

    Cuando no haya ninguna carta de valor consecutivo, roba del mazo; puedes robar en cualquier momento, pero el mazo no se recicla. En **Fácil** (la regla predeterminada) el rey y el as están enlazados, así que una secuencia puede ir de la reina al rey, al as y al 2; en **Clásico**, no.

    Ganas cuando retiras las 28 cartas. Puntuación: empieza en 500, −1 por cada carta retirada o robada, +100 por cada pico vaciado. Deshacer recupera hasta 100 movimientos, y un código de partida como TP1-E-ABCDEFG vuelve a repartir exactamente las mismas cartas.

    En grupo: **/tripeaks diaria** es la misma partida para todos cada día UTC (una nueva a las 00:00 UTC); tu primer intento terminado es el que puntúa, y ganar la diaria día tras día alarga tu racha diaria. Una partida cuenta una vez para las estadísticas y las clasificaciones del servidor cuando se gana, se bloquea o se abandona tras un movimiento, en el servidor donde empezó.
