## Comandos de barra: nombres (en minúsculas, sin espacios, 32 caracteres como máximo) y
## descripciones (100 caracteres como máximo).

cmd-tripeaks-name = tripeaks
cmd-tripeaks-description = Juega al solitario TriPeaks: vacía tres picos de cartas, un valor arriba o abajo.
cmd-new-name = nueva
cmd-new-description = Empieza una nueva partida, al azar o a partir de un código de partida.
cmd-code-name = código
cmd-code-description = Comparte el código de tu partida actual.
cmd-play-name = jugar
cmd-play-description = Juega una carta escribiéndola, por ejemplo 10H o R♣.
cmd-show-name = mostrar
cmd-show-description = Vuelve a mostrar tu partida actual.
cmd-settings-name = ajustes
cmd-settings-description = Ayuda para errores y regla de tus nuevas partidas.
cmd-rules-name = reglas
cmd-rules-description = Un breve resumen de las reglas.

opt-rule-name = regla
opt-rule-description = Rey y as enlazados (Fácil) o separados (Clásico).
opt-code-name = código
opt-code-description = Un código de partida como TP1-E-ABCDEFG, para jugar exactamente esas cartas.
opt-card-name = carta
opt-card-description = La carta que quieres jugar, por ejemplo 10H, RC o Q♠.
opt-errors-name = errores
opt-errors-description = Explicar por qué se rechaza un movimiento (ayuda para errores).
opt-winnable-name = ganable
opt-winnable-description = Repartir solo un reparto que se pueda ganar.

choice-easy = Fácil (rey y as enlazados)
choice-classic = Clásico (rey y as separados)
choice-on = Activada
choice-off = Desactivada
