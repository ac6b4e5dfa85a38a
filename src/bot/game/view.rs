//! The board as a reply: the picture with its description, the status in words, and a button for
//! every free card, the stock, undo and hint (or, at the end, new game and share code).
//!
//! Pure: from a stored game and a locale to a `Reply`, so every board a player can see is
//! testable without Discord or a database.

use crate::bot::game::custom_id::{ButtonAction, PlayerTurn};
use crate::bot::game::reply::{
    Button, ButtonStyle, Delivery, MAX_ALT_TEXT, MAX_BUTTONS_PER_ROW, Picture, Reply,
};
use crate::game::{Game, Status};
use crate::i18n::{self, Locale, Message};
use crate::store::CurrentGame;

/// The board of a stored game, with an optional first line (what just happened).
pub fn board(
    locale: Locale,
    current: &CurrentGame,
    note: Option<String>,
    delivery: Delivery,
) -> Reply {
    let game = &current.game;
    let mut lines: Vec<String> = note.into_iter().collect();
    lines.push(match game.status() {
        Status::Playing => i18n::status_line(locale, game),
        Status::Won => i18n::game_won(locale, game),
        Status::Blocked => i18n::game_blocked(locale, game),
    });
    if game.status() != Status::Playing
        && let Some(modes) = i18n::modes_sentence(locale, game.modes())
    {
        lines.push(modes);
    }
    if game.status() != Status::Playing && game.hints_used() > 0 {
        lines.push(
            Message::HintsUsed {
                count: game.hints_used(),
            }
            .text(locale),
        );
    }
    Reply {
        delivery,
        text: lines.join("\n"),
        picture: Some(picture(locale, game)),
        rows: buttons(locale, current),
        follow_up: None,
        announces: None,
        opens: None,
        posts_due: None,
    }
}

/// A board of a challenge: only its player sees it (a new message becomes one only they see),
/// and it offers no code to share (the result reveals it).
pub fn private_board(mut reply: Reply) -> Reply {
    if reply.delivery == Delivery::NewMessage {
        reply.delivery = Delivery::Ephemeral;
    }
    for row in &mut reply.rows {
        row.retain(|b| !matches!(b.action, ButtonAction::Share(_)));
    }
    reply.rows.retain(|row| !row.is_empty());
    reply
}

/// The rendered board and its description, cut to Discord's limit for alt text.
pub fn picture(locale: Locale, game: &Game) -> Picture {
    let mut alt = i18n::describe_board(locale, game);
    if alt.chars().count() > MAX_ALT_TEXT {
        alt = alt.chars().take(MAX_ALT_TEXT - 1).collect::<String>() + "…";
    }
    Picture {
        png: crate::render::render(game),
        alt,
    }
}

fn button(action: ButtonAction, label: String, style: ButtonStyle, disabled: bool) -> Button {
    Button {
        action,
        label,
        style,
        disabled,
    }
}

fn buttons(locale: Locale, current: &CurrentGame) -> Vec<Vec<Button>> {
    let game = &current.game;
    let drawn = PlayerTurn::of(current);
    let new_game = button(
        ButtonAction::NewGame(drawn, game.rule()),
        Message::ButtonNewGame.text(locale),
        ButtonStyle::Primary,
        false,
    );
    let share = game.code().map(|_| {
        button(
            ButtonAction::Share(drawn),
            Message::ButtonShareCode.text(locale),
            ButtonStyle::Secondary,
            false,
        )
    });
    let undo = button(
        ButtonAction::Undo(drawn),
        Message::ButtonUndo.text(locale),
        ButtonStyle::Secondary,
        game.undo_available() == 0,
    );
    match game.status() {
        Status::Won => vec![std::iter::once(new_game).chain(share).collect()],
        Status::Blocked => vec![[undo, new_game].into_iter().chain(share).collect()],
        Status::Playing => {
            let cards: Vec<Button> = game
                .free_cards()
                .into_iter()
                .map(|(position, card)| {
                    let style = if game.fits(card) {
                        ButtonStyle::Success
                    } else {
                        ButtonStyle::Secondary
                    };
                    button(
                        ButtonAction::Card(drawn, position),
                        i18n::card_label(locale, card),
                        style,
                        false,
                    )
                })
                .collect();
            let mut rows: Vec<Vec<Button>> = cards
                .chunks(MAX_BUTTONS_PER_ROW)
                .map(<[Button]>::to_vec)
                .collect();
            // Under the traditional draw the button stays enabled while a card fits: a disabled
            // button explains nothing when tapped (Discord shows no reason), so a player new to
            // the rule would think the bot broken; the tap is refused instead, and with help
            // for errors on, the refusal names a card that fits. Only an empty stock disables it.
            let draw = button(
                ButtonAction::Draw(drawn),
                i18n::draw_button(locale, game),
                ButtonStyle::Primary,
                game.stock_len() == 0,
            );
            let hint = button(
                ButtonAction::Hint(drawn),
                Message::ButtonHint.text(locale),
                ButtonStyle::Secondary,
                false,
            );
            rows.push(vec![draw, undo, hint]);
            rows
        }
    }
}
