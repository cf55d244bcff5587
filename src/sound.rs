//! Move sounds, synthesised with WebAudio (no sound files): short tones shaped by a gain
//! envelope. The audio context is made while the page is idle after the player's first
//! press or key (see [`prepare_after_first_gesture`]), or else on first use.

use std::cell::{Cell, RefCell};

use wasm_bindgen::JsCast;
use wasm_bindgen::closure::Closure;
use web_sys::{AudioContext, OscillatorType};

/// What just happened on the board.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Sound {
    /// A quiet move.
    Move,
    /// A capture.
    Capture,
    /// Castling.
    Castle,
    /// A promotion.
    Promote,
    /// A move that gives check.
    Check,
    /// The game ended.
    GameEnd,
}

/// One tone: when it starts (seconds after now), its pitch, length and loudness.
struct Tone {
    at: f64,
    hertz: f32,
    seconds: f64,
    volume: f32,
    shape: OscillatorType,
}

const fn tone(at: f64, hertz: f32, seconds: f64, volume: f32, shape: OscillatorType) -> Tone {
    Tone {
        at,
        hertz,
        seconds,
        volume,
        shape,
    }
}

impl Sound {
    /// The tones that make this sound.
    fn tones(self) -> Vec<Tone> {
        use OscillatorType::{Sine, Square, Triangle};
        match self {
            Sound::Move => vec![tone(0.0, 300.0, 0.07, 0.5, Triangle)],
            Sound::Capture => vec![
                tone(0.0, 190.0, 0.09, 0.35, Square),
                tone(0.0, 420.0, 0.05, 0.25, Triangle),
            ],
            Sound::Castle => vec![
                tone(0.0, 300.0, 0.06, 0.5, Triangle),
                tone(0.09, 260.0, 0.07, 0.5, Triangle),
            ],
            Sound::Promote => vec![
                tone(0.0, 523.0, 0.08, 0.3, Sine),
                tone(0.07, 659.0, 0.08, 0.3, Sine),
                tone(0.14, 784.0, 0.14, 0.3, Sine),
            ],
            Sound::Check => vec![
                tone(0.0, 660.0, 0.08, 0.3, Square),
                tone(0.09, 880.0, 0.10, 0.25, Square),
            ],
            Sound::GameEnd => vec![
                tone(0.0, 392.0, 0.25, 0.3, Sine),
                tone(0.12, 330.0, 0.25, 0.3, Sine),
                tone(0.24, 262.0, 0.45, 0.3, Sine),
            ],
        }
    }
}

thread_local! {
    static CONTEXT: RefCell<Option<AudioContext>> = const { RefCell::new(None) };
    /// Whether the player has pressed or typed yet (see [`prepare_after_first_gesture`]).
    static GESTURE_SEEN: Cell<bool> = const { Cell::new(false) };
}

/// Makes the audio context when the browser is next idle after the player's first
/// press or key.
///
/// The first audio context of a browser session starts the browser's audio service,
/// which blocks the page for 50–450 ms (measured in Chromium). Made while the page
/// loads, that pause delays the page's start; made inside the first press, it would
/// delay that press's answer on screen; made at the next idle moment after it, it
/// usually lands before the move the press begins. After a gesture the browser lets a
/// new context play at once. Where the browser has no `requestIdleCallback`, the context
/// is made on first use instead.
pub fn prepare_after_first_gesture() {
    let Some(window) = web_sys::window() else {
        return;
    };
    // Kept for the page's lifetime (one small closure); it acts on the first gesture
    // only.
    let on_gesture = Closure::<dyn FnMut()>::new(|| {
        if GESTURE_SEEN.replace(true) {
            return;
        }
        let make = Closure::once_into_js(|| {
            CONTEXT.with(|cell| {
                context(&mut cell.borrow_mut());
            });
        });
        if let Some(window) = web_sys::window() {
            let _ = window.request_idle_callback(make.unchecked_ref());
        }
    });
    for kind in ["pointerdown", "keydown"] {
        let _ = window.add_event_listener_with_callback_and_bool(
            kind,
            on_gesture.as_ref().unchecked_ref(),
            true,
        );
    }
    on_gesture.forget();
}

/// Plays `sound`. Audio is a nicety: when the browser refuses it, nothing happens.
pub fn play(sound: Sound) {
    CONTEXT.with(|cell| {
        let mut slot = cell.borrow_mut();
        if let Some(context) = context(&mut slot) {
            // A context created before a gesture starts suspended; resuming is harmless.
            let _ = context.resume();
            for tone in sound.tones() {
                let _ = schedule(context, &tone);
            }
        }
    });
}

/// The audio context in `slot`, made first when there is none yet.
fn context(slot: &mut Option<AudioContext>) -> Option<&AudioContext> {
    if slot.is_none() {
        *slot = AudioContext::new().ok();
    }
    slot.as_ref()
}

/// Schedules one tone with a fast attack and an exponential decay.
fn schedule(context: &AudioContext, tone: &Tone) -> Result<(), wasm_bindgen::JsValue> {
    let start = context.current_time() + tone.at;
    let end = start + tone.seconds;
    let oscillator = context.create_oscillator()?;
    oscillator.set_type(tone.shape);
    oscillator
        .frequency()
        .set_value_at_time(tone.hertz, start)?;
    let gain = context.create_gain()?;
    let level = gain.gain();
    level.set_value_at_time(0.0001, start)?;
    level.exponential_ramp_to_value_at_time(tone.volume, start + 0.005)?;
    level.exponential_ramp_to_value_at_time(0.0001, end)?;
    oscillator.connect_with_audio_node(&gain)?;
    gain.connect_with_audio_node(&context.destination())?;
    oscillator.start_with_when(start)?;
    oscillator.stop_with_when(end + 0.02)?;
    Ok(())
}
