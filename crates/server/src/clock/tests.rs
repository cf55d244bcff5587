//! Hand-computed cases of the lag-compensated clock.

use super::*;

fn tc(initial_s: u32, increment_s: u32) -> TimeControlSpec {
    TimeControlSpec {
        initial_s,
        increment_s,
    }
}

/// Clocks of `control` where both sides have made their first move at `now_ms`
/// (no time charged), so that White's clock runs from `now_ms`.
fn started(control: TimeControlSpec, now_ms: u64) -> GameClock {
    let mut clock = GameClock::new(control);
    clock.press(Side::White, now_ms, 0, false);
    clock.press(Side::Black, now_ms, 0, true);
    clock
}

#[test]
fn nothing_is_charged_before_both_first_moves() {
    let mut clock = GameClock::new(tc(60, 2));
    assert_eq!(clock.running(), None);
    // White thinks 5 s, with 3 s of lag: no clock runs, no increment.
    assert_eq!(clock.press(Side::White, 5_000, 3_000, false), 60_000);
    assert_eq!(clock.running(), None);
    assert_eq!(clock.remaining(Side::White, 99_000), 60_000);
    assert_eq!(clock.flagged(999_000), None);
    assert_eq!(clock.flag_deadline_ms(), None);
    // Black answers 4 s later: still nothing charged; White's clock starts.
    assert_eq!(clock.press(Side::Black, 9_000, 0, true), 60_000);
    assert_eq!(clock.running(), Some(Side::White));
    // The quotas are untouched (1+2: estimate 140 s, 56 + 15 = 71 cs, × 3 = 2 130).
    assert_eq!(clock.lag_quota_ms(Side::White), 2_130);
    assert_eq!(clock.lag_quota_ms(Side::Black), 2_130);
    // White's clock runs from 9 000.
    assert_eq!(clock.remaining(Side::White, 10_500), 58_500);
}

#[test]
fn press_charges_elapsed_minus_forgiven_lag_and_adds_the_increment() {
    // 5+3: quota 3 000 each, gain 1 000.
    let mut clock = started(tc(300, 3), 0);
    // White moves at 10 000 with 300 ms lag: charged 10 000 − 300 = 9 700;
    // 300 000 − 9 700 + 3 000 = 293 300. Quota 3 000 − 300 + 1 000 = 3 700.
    assert!(clock.move_in_time(Side::White, 10_000, 300));
    assert_eq!(clock.press(Side::White, 10_000, 300, true), 293_300);
    assert_eq!(clock.lag_quota_ms(Side::White), 3_700);
    assert_eq!(clock.running(), Some(Side::Black));
    // Black moves at 12 000 (2 000 elapsed) with 5 000 lag: forgiven min(5 000,
    // 3 000) = 3 000, charged max(2 000 − 3 000, 0) = 0; 300 000 + 3 000.
    // Quota 3 000 − 3 000 + 1 000 = 1 000.
    assert_eq!(clock.press(Side::Black, 12_000, 5_000, true), 303_000);
    assert_eq!(clock.lag_quota_ms(Side::Black), 1_000);
    // Black again lags 5 000 on a 4 000 ms move (White moved at once at 12 000):
    // forgiven 1 000, charged 3 000; 303 000 − 3 000 + 3 000 = 303 000.
    assert_eq!(clock.press(Side::White, 12_000, 0, true), 296_300);
    assert_eq!(clock.press(Side::Black, 16_000, 5_000, true), 303_000);
    assert_eq!(clock.lag_quota_ms(Side::Black), 1_000);
    assert_eq!(clock.snapshot(16_000).white_ms, 296_300);
    assert_eq!(clock.snapshot(16_000).black_ms, 303_000);
}

#[test]
fn bullet_premoves_then_big_lag() {
    // 1+0, as scalachess's own tests: quota 1 170, gain 390, cap 2 730. Each side
    // moves at once; Black reports lags 0, 0, 0, 0 (quota 1 560, 1 950, 2 340,
    // 2 730), then a move that takes 7 000 ms, all of it lag: forgiven 2 730,
    // charged 4 270; 60 000 − 4 270 = 55 730.
    let mut clock = started(tc(60, 0), 0);
    for _ in 0..4 {
        clock.press(Side::White, 0, 0, true);
        clock.press(Side::Black, 0, 0, true);
    }
    assert_eq!(clock.lag_quota_ms(Side::Black), 2_730);
    clock.press(Side::White, 0, 0, true);
    assert_eq!(clock.press(Side::Black, 7_000, 7_000, true), 55_730);
    // Quota 2 730 − 2 730 + 390 = 390.
    assert_eq!(clock.lag_quota_ms(Side::Black), 390);
}

#[test]
fn repeated_big_lags_drain_the_quota() {
    // 10+0: quota 3 000, gain 1 000, cap 7 000. Black: five lag-free moves
    // (4 000, 5 000, 6 000, 7 000, 7 000), then three 5 000 ms moves that are all
    // lag: forgiven 5 000 (quota 3 000), 3 000 (quota 1 000), 1 000 (quota 1 000);
    // charged 0 + 2 000 + 4 000 = 6 000; 600 000 − 6 000 = 594 000.
    let mut clock = started(tc(600, 0), 0);
    let mut now = 0;
    for _ in 0..5 {
        clock.press(Side::White, now, 0, true);
        clock.press(Side::Black, now, 0, true);
    }
    assert_eq!(clock.lag_quota_ms(Side::Black), 7_000);
    let mut left = 0;
    for _ in 0..3 {
        clock.press(Side::White, now, 0, true);
        now += 5_000;
        left = clock.press(Side::Black, now, 5_000, true);
    }
    assert_eq!(left, 594_000);
    assert_eq!(clock.lag_quota_ms(Side::Black), 1_000);
}

#[test]
fn remaining_is_plain_time_and_never_negative() {
    let clock = started(tc(60, 0), 1_000);
    assert_eq!(clock.remaining(Side::White, 1_000), 60_000);
    assert_eq!(clock.remaining(Side::White, 31_000), 30_000);
    // Past zero but inside the grace: shows 0, not flagged yet.
    assert_eq!(clock.remaining(Side::White, 61_500), 0);
    assert_eq!(clock.flagged(61_500), None);
    assert_eq!(clock.remaining(Side::White, 500_000), 0);
    // A time before the clock started charges nothing.
    assert_eq!(clock.remaining(Side::White, 0), 60_000);
    // Black's clock does not run.
    assert_eq!(clock.remaining(Side::Black, 500_000), 60_000);
}

#[test]
fn the_flag_falls_after_the_grace() {
    // 1+0: grace min(1 170, 2 000) = 1 170. White's clock runs from 1 000 with
    // 60 000: the flag falls at 1 000 + 60 000 + 1 170 = 62 170.
    let clock = started(tc(60, 0), 1_000);
    assert_eq!(clock.flag_deadline_ms(), Some(62_170));
    assert_eq!(clock.flagged(61_000), None);
    assert_eq!(clock.flagged(62_169), None);
    assert_eq!(clock.flagged(62_170), Some(Side::White));
    // 10+0: grace min(3 000, 2 000) = 2 000: 600 000 + 2 000.
    let clock = started(tc(600, 0), 0);
    assert_eq!(clock.flag_deadline_ms(), Some(602_000));
    assert_eq!(clock.flagged(601_900), None);
    assert_eq!(clock.flagged(602_000), Some(Side::White));
}

#[test]
fn the_grace_shrinks_with_the_quota() {
    // 5+3: White lags 2 500 on a 2 500 ms move: forgiven 2 500, quota 3 000 − 2 500
    // + 1 000 = 1 500; 300 000 + 3 000 = 303 000. Black moves at once; White's
    // clock runs from 2 500 with 303 000 and grace 1 500: the flag falls at
    // 2 500 + 303 000 + 1 500 = 307 000.
    let mut clock = started(tc(300, 3), 0);
    assert_eq!(clock.press(Side::White, 2_500, 2_500, true), 303_000);
    clock.press(Side::Black, 2_500, 0, true);
    assert_eq!(clock.lag_tracker(Side::White).flag_grace_ms(), 1_500);
    assert_eq!(clock.flag_deadline_ms(), Some(307_000));
    assert_eq!(clock.flagged(306_999), None);
    assert_eq!(clock.flagged(307_000), Some(Side::White));
}

#[test]
fn a_move_in_the_grace_counts_if_its_lag_covers_it() {
    // 1+0, White runs from 0 with 60 000, quota 1 170. A move at 60 500 with 600 ms
    // lag: charged 60 500 − 600 = 59 900 < 60 000: in time, 100 left.
    let mut clock = started(tc(60, 0), 0);
    assert!(clock.move_in_time(Side::White, 60_500, 600));
    assert_eq!(clock.press(Side::White, 60_500, 600, true), 100);
    assert_eq!(clock.flagged(60_500), None);
    assert_eq!(clock.running(), Some(Side::Black));
}

#[test]
fn a_move_whose_lag_does_not_cover_it_flags() {
    // 1+2, White runs from 0 with 60 000. A move at 60 500 with 400 ms lag:
    // charged 60 100 ≥ 60 000: out of time, no increment, clocks stop.
    let mut clock = started(tc(60, 2), 0);
    assert!(!clock.move_in_time(Side::White, 60_500, 400));
    // The check changes nothing.
    assert_eq!(clock.lag_quota_ms(Side::White), 2_130);
    assert_eq!(clock.press(Side::White, 60_500, 400, true), 0);
    assert_eq!(clock.flagged(60_500), Some(Side::White));
    assert_eq!(clock.running(), None);
    assert_eq!(clock.flag_deadline_ms(), None);
    assert_eq!(clock.remaining(Side::White, 70_000), 0);
    assert_eq!(clock.remaining(Side::Black, 70_000), 60_000);
    // Exactly zero left is out of time too: 60 400 − 400 = 60 000.
    let clock = started(tc(60, 0), 0);
    assert!(!clock.move_in_time(Side::White, 60_400, 400));
    assert!(clock.move_in_time(Side::White, 60_399, 400));
    // A side whose clock does not run is always in time.
    assert!(clock.move_in_time(Side::Black, 999_999, 0));
}

#[test]
fn the_increment_comes_only_with_a_running_clock() {
    // 3+2: the first moves gain nothing, later moves gain 2 000.
    let mut clock = GameClock::new(tc(180, 2));
    assert_eq!(clock.press(Side::White, 1_000, 0, false), 180_000);
    assert_eq!(clock.press(Side::Black, 2_000, 0, true), 180_000);
    // White thinks 1 000 (from 2 000 to 3 000): 180 000 − 1 000 + 2 000.
    assert_eq!(clock.press(Side::White, 3_000, 0, true), 181_000);
    // Black thinks 4 000: 180 000 − 4 000 + 2 000.
    assert_eq!(clock.press(Side::Black, 7_000, 0, true), 178_000);
}

#[test]
fn takeback_charges_the_running_side_and_gives_nothing_back() {
    // 3+2 started at 0. White moves at 4 000: 180 000 − 4 000 + 2 000 = 178 000.
    let mut clock = started(tc(180, 2), 0);
    assert_eq!(clock.press(Side::White, 4_000, 0, true), 178_000);
    // At 7 000 the move is taken back: Black is charged 3 000 (177 000), White's
    // clock runs from 7 000 with its 178 000 (the increment stays).
    clock.resume_for(Side::White, 7_000);
    assert_eq!(clock.running(), Some(Side::White));
    assert_eq!(clock.remaining(Side::Black, 10_000), 177_000);
    assert_eq!(clock.remaining(Side::White, 10_000), 175_000);
    // The flag deadline counts from the takeback: 7 000 + 178 000 + 2 000.
    assert_eq!(clock.flag_deadline_ms(), Some(187_000));
    // Before the clocks start, a takeback changes nothing.
    let mut clock = GameClock::new(tc(180, 2));
    clock.press(Side::White, 1_000, 0, false);
    clock.resume_for(Side::White, 5_000);
    assert_eq!(clock.running(), None);
    assert_eq!(clock.remaining(Side::White, 9_000), 180_000);
}

#[test]
fn stop_keeps_the_time_left() {
    let mut clock = started(tc(60, 0), 0);
    clock.stop(20_000);
    assert_eq!(clock.running(), None);
    assert_eq!(clock.remaining(Side::White, 90_000), 40_000);
    assert_eq!(clock.flagged(90_000), None);
    assert_eq!(
        clock.snapshot(90_000),
        ClockSnapshot {
            white_ms: 40_000,
            black_ms: 60_000,
            running: None,
        }
    );
}

#[test]
fn restore_resumes_from_now_with_fresh_or_stored_quotas() {
    // Restored at 100 000 with White running: time before is not charged.
    let clock = GameClock::restore(tc(300, 3), 12_000, 45_000, Some(Side::White), 100_000);
    assert_eq!(clock.remaining(Side::White, 101_000), 11_000);
    assert_eq!(clock.lag_quota_ms(Side::White), 3_000);
    // Deadline 100 000 + 12 000 + min(3 000, 2 000).
    assert_eq!(clock.flag_deadline_ms(), Some(114_000));
    // Stored quotas come back (within the 7 000 cap), and set the grace.
    let clock = clock.with_lag_quotas(500, 50_000);
    assert_eq!(clock.lag_quota_ms(Side::White), 500);
    assert_eq!(clock.lag_quota_ms(Side::Black), 7_000);
    assert_eq!(clock.flag_deadline_ms(), Some(112_500));
    // A clock restored with no time left flags at once: no grace below zero.
    let clock = GameClock::restore(tc(60, 0), 0, 45_000, Some(Side::White), 5_000);
    assert_eq!(clock.flagged(5_000), Some(Side::White));
    assert_eq!(clock.flag_deadline_ms(), Some(5_000));
}

#[test]
fn frame_lag_lowers_the_gain_of_the_mover() {
    // 10+0: White's frame lag 60 ms caps its gain at 200. White lags 1 000 on a
    // 1 000 ms move: quota 3 000 − 1 000 + 200 = 2 200; Black's gain stays 1 000.
    let mut clock = started(tc(600, 0), 0);
    clock.set_frame_lag(Side::White, 60);
    assert_eq!(clock.press(Side::White, 1_000, 1_000, true), 600_000);
    assert_eq!(clock.lag_quota_ms(Side::White), 2_200);
    assert_eq!(clock.lag_tracker(Side::Black).gain_ms(), 1_000);
}

#[test]
fn the_deadline_agrees_with_flagged() {
    // For several controls and lag histories, flagged is false just before the
    // deadline and true at it.
    for control in [tc(60, 0), tc(180, 0), tc(180, 2), tc(300, 3), tc(600, 0)] {
        for lag in [0, 300, 1_500, 5_000] {
            let mut clock = started(control, 0);
            clock.press(Side::White, 1_000, lag, true);
            clock.press(Side::Black, 1_500, lag, true);
            let deadline = clock.flag_deadline_ms().expect("White's clock runs");
            assert_eq!(clock.flagged(deadline - 1), None);
            assert_eq!(clock.flagged(deadline), Some(Side::White));
        }
    }
}
