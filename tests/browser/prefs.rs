//! The preferences as stored text, read with the browser's JSON parser (`gambit::prefs`).
#![cfg(target_arch = "wasm32")]

use gambit::prefs::Prefs;
use wasm_bindgen_test::wasm_bindgen_test;

fn prefs(sound: bool, name: Option<&str>) -> Prefs {
    Prefs {
        sound,
        online_name: name.map(str::to_owned),
    }
}

#[wasm_bindgen_test]
fn what_was_saved_is_read_back() {
    for saved in [
        prefs(false, None),
        prefs(true, Some("Grace")),
        prefs(false, Some("“Ada” <b>")),
    ] {
        let text = serde_json::to_string(&saved).expect("plain data");
        assert_eq!(Prefs::parse(&text), Some(saved), "{text}");
    }
}

#[wasm_bindgen_test]
fn absent_fields_take_their_defaults_and_unknown_ones_are_ignored() {
    assert_eq!(Prefs::parse("{}"), Some(prefs(true, None)));
    assert_eq!(Prefs::parse(r#"{"sound":false}"#), Some(prefs(false, None)));
    assert_eq!(
        Prefs::parse(r#"{"online_name":null,"theme":"dark"}"#),
        Some(prefs(true, None))
    );
}

#[wasm_bindgen_test]
fn text_that_is_not_preferences_is_unreadable() {
    for text in [
        "",
        "{",
        "null",
        "5",
        r#""sound""#,
        r#"{"sound":"yes"}"#,
        r#"{"sound":null}"#,
        r#"{"online_name":7}"#,
    ] {
        assert_eq!(Prefs::parse(text), None, "{text}");
    }
}
