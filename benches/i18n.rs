//! How long the texts of one reply take: the board description (the alt text, ~40 Fluent
//! formats), the status line, one card name, one plain message; per locale where it matters.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use tripeaks::game::{Action, Game};
use tripeaks::i18n::{self, Locale, Message};

fn mid_game() -> Game {
    let mut game = Game::from_code("TP1-E-AAAAAAA".parse().expect("a code"));
    for _ in 0..5 {
        game.apply(Action::Draw).expect("the stock has cards");
        let free: Vec<_> = game.free_cards();
        if let Some((_, card)) = free.into_iter().find(|(_, c)| game.fits(*c)) {
            game.apply(Action::Remove(card)).expect("it fits");
        }
    }
    game
}

fn texts(c: &mut Criterion) {
    i18n::init();
    let game = mid_game();
    for locale in Locale::ALL {
        c.bench_function(&format!("describe_board/{locale}"), |b| {
            b.iter(|| i18n::describe_board(black_box(locale), black_box(&game)))
        });
    }
    c.bench_function("status_line/es-ES", |b| {
        b.iter(|| i18n::status_line(black_box(Locale::EsEs), black_box(&game)))
    });
    c.bench_function("card_name/nl", |b| {
        b.iter(|| {
            i18n::card_name(
                black_box(Locale::Nl),
                black_box(game.waste().expect("a standard game has a waste card")),
            )
        })
    });
    c.bench_function("refusal/fr", |b| {
        b.iter(|| Message::RefusalBlocked.text(black_box(Locale::Fr)))
    });
}

criterion_group!(benches, texts);
criterion_main!(benches);
