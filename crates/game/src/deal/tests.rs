//! The TP1 generator and deal codes against the vectors of docs/RULES.md and the project's own.

use super::*;

/// `code` or `code round N`: the cards as the vectors file writes them.
fn deal_text(code: &str) -> String {
    let (code, round) = match code.split_once(" round ") {
        Some((code, round)) => (code, round.parse().unwrap()),
        None => (code, 1),
    };
    let code = code.parse::<DealCode>().unwrap();
    let deal = code.number.deal_for(round, code.modes);
    let line = |cards: &[Card]| {
        cards
            .iter()
            .map(Card::to_string)
            .collect::<Vec<_>>()
            .join(" ")
    };
    format!(
        "{} | {} | {}",
        line(&deal.tableau),
        deal.waste,
        line(&deal.stock)
    )
}

#[test]
fn rules_md_vector_aaaaaaa() {
    assert_eq!(
        deal_text("TP1-E-AAAAAAA"),
        "3S 9D 5C QH QC AS KD 8H 10S 8C 6D AD 4H KC 6H 9H 9S JD 10D 3D 6C JS 2S AH 3C 2H KH QD \
         | 7S | 8D JC 4S 9C JH 6S 2D 2C 5H 5S 5D 7H 10H QS KS 4C 7C 4D 3H 7D 10C AC 8S"
    );
}

/// The wild-card vector of docs/RULES.md ("The joker's place"): the joker at deck index 26, in the
/// bottom row.
#[test]
fn rules_md_vector_aaaaaaa_with_the_joker() {
    let text = deal_text("TP1-E-AAAAAAA-J");
    let (tableau, rest) = text.split_once(" | ").unwrap();
    let plain = deal_text("TP1-E-AAAAAAA");
    let rows_1_to_3: Vec<&str> = tableau.split(' ').take(18).collect();
    assert_eq!(rows_1_to_3, plain.split(' ').take(18).collect::<Vec<_>>());
    let bottom: Vec<&str> = tableau.split(' ').skip(18).collect();
    assert_eq!(bottom.join(" "), "10D 3D 6C JS 2S AH 3C 2H JK KH");
    let (waste, stock) = rest.split_once(" | ").unwrap();
    assert_eq!(waste, "QD");
    assert!(stock.starts_with("7S 8D JC "), "{stock}");
    assert_eq!(stock.split(' ').count(), 24);
    // The 52 other cards keep the order the code deals without J.
    let deal = DealNumber::new(0)
        .unwrap()
        .deal_for(1, "J".parse().unwrap());
    let without: Vec<Card> = deal.cards().into_iter().filter(|c| !c.is_joker()).collect();
    assert_eq!(without, DealNumber::new(0).unwrap().deal().cards());
    assert_eq!(deal.cards().iter().position(|c| c.is_joker()), Some(26));
}

#[test]
fn every_wild_deal_holds_53_distinct_cards_and_keeps_the_52_in_order() {
    for number in (0..DEAL_COUNT).step_by(7_919_993).take(1_000) {
        let number = DealNumber::new(number).unwrap();
        for round in [1, 2, 5] {
            let modes: Modes = "APJ".parse().unwrap();
            let wild = number.deal_for(round, modes);
            assert_eq!(wild.stock.len(), 24);
            let mut cards = wild.cards();
            assert_eq!(cards.len(), 53);
            let plain: Vec<Card> = cards.iter().copied().filter(|c| !c.is_joker()).collect();
            assert_eq!(plain, number.round_deal(round).cards());
            cards.sort();
            cards.dedup();
            assert_eq!(cards.len(), 53);
            assert_eq!(Deal::from_cards(&wild.cards()), Ok(wild));
        }
    }
}

#[test]
fn layouts_of_53_cards_need_the_joker_and_52_cards_must_not_hold_it() {
    let mut cards = DealNumber::new(5).unwrap().deal().cards();
    cards.push(Card::JOKER);
    assert!(Deal::from_cards(&cards).unwrap().has_joker());
    let last = cards.len() - 1;
    cards[last] = cards[0];
    assert!(matches!(
        Deal::from_cards(&cards),
        Err(ParseDealError::Duplicate(_))
    ));
    let mut with_joker = DealNumber::new(5).unwrap().deal().cards();
    with_joker[40] = Card::JOKER;
    assert_eq!(
        Deal::from_cards(&with_joker),
        Err(ParseDealError::JokerCount)
    );
    assert!(!DealNumber::new(5).unwrap().deal().has_joker());
}

#[test]
fn rules_md_vector_zzzzzzz() {
    assert_eq!(
        deal_text("TP1-E-ZZZZZZZ"),
        "AC 8H 6S 5S 6D QC 7D 8D AS 2S 3H QS 10S JD 2C KH 9H QH 4S QD 5C KS 9C JC 7H KC 3C 4C \
         | AD | 5D 8S 3D 2D 7C 9S AH 6H 2H 10D 10C 4H 3S 10H 7S JH 4D KD 9D 5H 8C JS 6C"
    );
}

/// Vectors taken from this implementation when it passed the two above: any change to
/// dealing breaks them.
#[test]
fn own_vectors_pin_the_generator() {
    let vectors = include_str!("../../../../tests/data/tp1_vectors.txt");
    let mut checked = 0;
    for line in vectors
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
    {
        let (code, expected) = line.split_once(": ").unwrap();
        assert_eq!(deal_text(code), expected, "{code}");
        checked += 1;
    }
    assert!(checked >= 8, "only {checked} vectors");
}

#[test]
fn round_one_is_the_ordinary_deal_and_later_rounds_differ() {
    let number = DealNumber::new(0).unwrap();
    assert_eq!(number.round_deal(1), number.deal());
    assert_eq!(number.round_deal(0), number.deal());
    assert_ne!(number.round_deal(2), number.deal());
    assert_ne!(number.round_deal(2), number.round_deal(3));
}

#[test]
fn mode_suffixes_parse_and_print_in_order() {
    let code: DealCode = " tp1-c-abcdefg-wo ".parse().unwrap();
    assert_eq!(code.to_string(), "TP1-C-ABCDEFG-OW");
    assert!(code.modes.open_peaks && code.modes.empty_waste);
    let code: DealCode = "TP1-E-ABCDEFG-PA".parse().unwrap();
    assert_eq!(code.to_string(), "TP1-E-ABCDEFG-AP");
    // The modes do not change the cards.
    assert_eq!(
        code.number,
        "TP1-E-ABCDEFG".parse::<DealCode>().unwrap().number
    );
    let plain: DealCode = "TP1-E-ABCDEFG".parse().unwrap();
    assert!(plain.modes.is_standard());
    assert_eq!(plain.to_string(), "TP1-E-ABCDEFG");
}

#[test]
fn bad_mode_letters_are_named() {
    for (text, letter) in [
        ("TP1-E-ABCDEFG-AX", 'X'),
        ("TP1-E-ABCDEFG-AA", 'A'),
        ("TP1-E-ABCDEFG-M", 'M'),
        ("TP1-E-ABCDEFG-OP", 'P'),
    ] {
        match text.parse::<DealCode>() {
            Err(error @ ParseCodeError::Modes { .. }) => {
                assert!(
                    error.to_string().contains(&format!("`{letter}`")),
                    "{error}"
                );
                assert_eq!(error.input(), text);
            }
            other => panic!("{text}: {other:?}"),
        }
    }
    assert!(matches!(
        "TP1-E-ABCDEFG-A-P".parse::<DealCode>(),
        Err(ParseCodeError::Form(_))
    ));
}

#[test]
fn the_rule_letter_does_not_change_the_cards() {
    let deal = |code: &str| code.parse::<DealCode>().unwrap().number.deal();
    assert_eq!(deal("TP1-E-QWERTYU"), deal("TP1-C-QWERTYU"));
    assert_eq!(deal("TP1-E-QWERTYU"), deal("TP1-N-QWERTYU"));
}

#[test]
fn codes_parse_case_insensitively_around_spaces() {
    let code: DealCode = "  tp1-c-aaaaaab \n".parse().unwrap();
    assert_eq!(code.rule, Rule::Classic);
    assert_eq!(code.number.value(), 1);
    assert_eq!(code.to_string(), "TP1-C-AAAAAAB");
    let legacy: DealCode = "TP1-N-ZZZZZZZ".parse().unwrap();
    assert_eq!(legacy.rule, Rule::Easy);
    assert_eq!(legacy.number.value(), 8_031_810_175);
    assert_eq!(legacy.to_string(), "TP1-E-ZZZZZZZ");
}

#[test]
fn bad_codes_are_errors_that_show_the_form() {
    for text in [
        "",
        "TP1",
        "TP1-E",
        "TP1-E-AAAAAA",
        "TP1-E-AAAAAAAA",
        "TP2-E-AAAAAAA",
        "TP1-X-AAAAAAA",
        "TP1-E-AAAA1AA",
        "TP1-E-AAAAAAA-",
        "TP1 E AAAAAAA",
        "TP1-E-ÄAAAAAA",
        "TP1--AAAAAAA",
    ] {
        let error = text.parse::<DealCode>().unwrap_err();
        assert!(error.to_string().contains("TP1-E-XXXXXXX"), "{text:?}");
    }
}

#[test]
fn numbers_and_letters_agree() {
    for n in [0, 1, 25, 26, 675, 123_456_789, DEAL_COUNT - 1] {
        let number = DealNumber::new(n).unwrap();
        let code: DealCode = format!("TP1-E-{}", number.letters()).parse().unwrap();
        assert_eq!(code.number, number);
    }
    assert_eq!(DealNumber::new(DEAL_COUNT), None);
    assert!(DealNumber::random().value() < DEAL_COUNT);
}

#[test]
fn layouts_need_52_distinct_cards() {
    let deal = DealNumber::new(7).unwrap().deal();
    let text: Vec<String> = deal.cards().iter().map(Card::to_string).collect();
    assert_eq!(text.join(" ").parse::<Deal>().unwrap(), deal);
    assert_eq!(
        text[..51].join(" ").parse::<Deal>(),
        Err(ParseDealError::WrongCount(51))
    );
    let mut twice = text.clone();
    twice[51] = twice[0].clone();
    assert!(matches!(
        twice.join(" ").parse::<Deal>(),
        Err(ParseDealError::Duplicate(_))
    ));
    assert!(matches!("XX".parse::<Deal>(), Err(ParseDealError::Card(_))));
}
