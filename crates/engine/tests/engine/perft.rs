//! Move generation against known perft totals (the repository's `data/perft.epd`), to
//! depth 4, and the engine's incremental keys against keys computed from scratch at
//! every node to depth 3.

use gambit_engine::{parse_fen, perft, perft_checking_keys};

#[test]
fn perft_matches_the_reference_to_depth_4() {
    let data = include_str!("../../../../data/perft.epd");
    let mut checked = 0;
    for line in data.lines().filter(|l| !l.trim().is_empty()) {
        let mut fields = line.split(';');
        let fen = fields.next().expect("fen").trim();
        let pos = parse_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        for field in fields {
            let field = field.trim();
            let Some((d, n)) = field.split_once(' ') else {
                continue;
            };
            let depth: u32 = d.trim_start_matches('D').parse().expect("depth");
            let expected: u64 = n.trim().parse().expect("count");
            if depth <= 3 {
                assert_eq!(
                    perft_checking_keys(&pos, depth),
                    Ok(expected),
                    "{fen} depth {depth}"
                );
            }
            if depth <= 4 {
                assert_eq!(perft(&pos, depth), expected, "{fen} depth {depth}");
                checked += 1;
            }
        }
    }
    assert!(checked >= 28, "{checked}");
}
