//! Component tests: mount a component in headless Chromium, act on it, read the DOM.
#![cfg(target_arch = "wasm32")]

use crate::common::{PageHealth, document};
use wasm_bindgen::JsCast;
use wasm_bindgen_test::wasm_bindgen_test;

fn find(selector: &str) -> Option<web_sys::HtmlElement> {
    document()
        .query_selector(selector)
        .expect("a valid selector")
        .and_then(|element| element.dyn_into().ok())
}

/// Waits (up to two seconds) for `selector` to match: navigation and rendering settle
/// over a few ticks of the event loop.
async fn wait_for(selector: &str) -> Option<web_sys::HtmlElement> {
    for _ in 0..40 {
        if let Some(element) = find(selector) {
            return Some(element);
        }
        gloo_timers::future::TimeoutFuture::new(50).await;
    }
    None
}

#[wasm_bindgen_test]
async fn nav_link_click_navigates_and_marks_the_current_page() {
    let health = PageHealth::watch();
    leptos::mount::mount_to_body(gambit::App);
    let friend_link = wait_for("[data-testid=nav-friend]")
        .await
        .expect("the nav has a friend link");
    assert_eq!(friend_link.get_attribute("aria-current"), None);

    friend_link.click();

    assert!(
        wait_for("[data-testid=friend-page]").await.is_some(),
        "clicking the link shows the friend page"
    );
    assert_eq!(
        friend_link.get_attribute("aria-current").as_deref(),
        Some("page")
    );
    health.assert_clean();
}

// ---- The evaluation graph ------------------------------------------------------------

mod eval_graph {
    use std::sync::{Arc, Mutex};

    use gambit::review::view::eval_graph::{EvalGraph, GraphPoint};
    use gambit_rules::{Eval, Judgement};
    use leptos::prelude::*;
    use wasm_bindgen::JsCast;
    use wasm_bindgen_test::wasm_bindgen_test;

    use super::{PageHealth, document};

    /// The graph's container: each test mounts into a fresh one.
    const ROOT: &str = "#eval-graph-under-test";

    fn fresh_container() -> web_sys::HtmlElement {
        crate::common::fresh_container("eval-graph-under-test", 360)
    }

    /// Every match of `selector` in the container, in document order (through
    /// `querySelectorAll`, called by name: the page's web-sys has no `NodeList`).
    fn all(selector: &str) -> Vec<web_sys::Element> {
        let document = document();
        let list = js_sys::Reflect::get(&document, &"querySelectorAll".into())
            .and_then(|method| method.dyn_into::<js_sys::Function>())
            .and_then(|method| method.call1(&document, &format!("{ROOT} {selector}").into()))
            .expect("a valid selector");
        js_sys::Array::from(&list)
            .iter()
            .filter_map(|node| node.dyn_into().ok())
            .collect()
    }

    fn one(selector: &str) -> Option<web_sys::Element> {
        document()
            .query_selector(&format!("{ROOT} {selector}"))
            .expect("a valid selector")
    }

    fn point(ply: usize, eval: Option<Eval>, judgement: Option<Judgement>) -> GraphPoint {
        let number = ply.div_ceil(2);
        let label = if ply % 2 == 1 {
            format!("{number}. e4")
        } else {
            format!("{number}… e5")
        };
        GraphPoint {
            ply,
            eval,
            label,
            judgement,
        }
    }

    /// Six plies: even, White better, a blunder by White on ply 3, White mating on
    /// ply 5, ply 6 not analysed yet.
    fn game() -> Vec<GraphPoint> {
        vec![
            point(1, Some(Eval::Cp(20)), None),
            point(2, Some(Eval::Cp(15)), None),
            point(3, Some(Eval::Cp(-350)), Some(Judgement::Blunder)),
            point(4, Some(Eval::Cp(120)), Some(Judgement::Mistake)),
            point(5, Some(Eval::mate(2)), None),
            point(6, None, None),
        ]
    }

    /// Mounts the graph of `points` viewing `viewed`; what `on_select` receives is
    /// pushed to the returned list.
    fn mount(
        points: Vec<GraphPoint>,
        viewed: RwSignal<usize>,
    ) -> (impl Sized, Arc<Mutex<Vec<usize>>>) {
        let selected = Arc::new(Mutex::new(Vec::new()));
        let sink = selected.clone();
        let on_select = Callback::new(move |ply: usize| {
            sink.lock().expect("not poisoned").push(ply);
        });
        let mounted = leptos::mount::mount_to(fresh_container(), move || {
            view! { <EvalGraph points=Signal::derive(move || points.clone()) viewed=viewed on_select=on_select /> }
        });
        (mounted, selected)
    }

    fn click(element: &web_sys::Element) {
        let init = web_sys::MouseEventInit::new();
        init.set_bubbles(true);
        init.set_button(0);
        let event =
            web_sys::MouseEvent::new_with_mouse_event_init_dict("click", &init).expect("an event");
        element.dispatch_event(&event).expect("dispatched");
    }

    fn number(element: &web_sys::Element, attribute: &str) -> f64 {
        element
            .get_attribute(attribute)
            .and_then(|value| value.parse().ok())
            .unwrap_or(f64::NAN)
    }

    #[wasm_bindgen_test]
    async fn eval_graph_has_one_column_per_ply_analysed_or_not() {
        let health = PageHealth::watch();
        let (_mounted, _) = mount(game(), RwSignal::new(0));
        leptos::task::tick().await;

        assert!(one("[data-testid=eval-graph]").is_some());
        let plies: Vec<String> = all("[data-ply]")
            .iter()
            .filter_map(|column| column.get_attribute("data-ply"))
            .collect();
        assert_eq!(plies, ["1", "2", "3", "4", "5", "6"]);
        assert_eq!(
            all(".eval-graph-point").len(),
            5,
            "the ply not analysed yet has a column but no point"
        );
        assert!(one("[data-ply='6'] .eval-graph-point").is_none());
        let label = one("svg")
            .and_then(|svg| svg.get_attribute("aria-label"))
            .unwrap_or_default();
        assert!(
            label.contains("5 of 6 moves analysed") && label.contains("1 blunder"),
            "{label}"
        );
        health.assert_clean();
    }

    #[wasm_bindgen_test]
    async fn eval_graph_click_on_a_column_selects_its_ply() {
        let health = PageHealth::watch();
        let (_mounted, selected) = mount(game(), RwSignal::new(0));
        leptos::task::tick().await;

        let hit = one("[data-ply='4'] .eval-graph-hit").expect("ply 4 has a hit area");
        click(&hit);
        let not_analysed = one("[data-ply='6'] .eval-graph-hit").expect("ply 6 has a hit area");
        click(&not_analysed);

        assert_eq!(*selected.lock().expect("not poisoned"), vec![4, 6]);
        health.assert_clean();
    }

    #[wasm_bindgen_test]
    async fn eval_graph_pins_a_mate_for_white_at_the_top_edge() {
        let health = PageHealth::watch();
        let (_mounted, _) = mount(game(), RwSignal::new(0));
        leptos::task::tick().await;

        let mate = one("[data-ply='5'] .eval-graph-point").expect("ply 5 has a point");
        assert_eq!(number(&mate, "cy"), 0.0);
        let even = one("[data-ply='1'] .eval-graph-point").expect("ply 1 has a point");
        let black_better = one("[data-ply='3'] .eval-graph-point").expect("ply 3 has a point");
        let middle = gambit::review::view::eval_graph::HEIGHT / 2.0;
        assert!(
            number(&even, "cy") < middle && number(&even, "cy") > middle - 10.0,
            "+0.20 is just above the middle"
        );
        assert!(
            number(&black_better, "cy") > middle,
            "Black's advantage is below"
        );
        health.assert_clean();
    }

    #[wasm_bindgen_test]
    async fn eval_graph_marks_a_blunder_with_its_dot() {
        let health = PageHealth::watch();
        let (_mounted, _) = mount(game(), RwSignal::new(0));
        leptos::task::tick().await;

        let column = one("[data-ply='3']").expect("ply 3");
        assert_eq!(
            column.get_attribute("data-judgement").as_deref(),
            Some("blunder")
        );
        let dot = one("[data-ply='3'] .eval-graph-point").expect("ply 3 has a point");
        assert!(dot.class_list().contains("blunder"));
        let mistake = one("[data-ply='4'] .eval-graph-point").expect("ply 4 has a point");
        assert!(
            mistake.class_list().contains("mistake") && !mistake.class_list().contains("blunder")
        );
        let plain = one("[data-ply='2']").expect("ply 2");
        assert_eq!(plain.get_attribute("data-judgement"), None);
        let title = one("[data-ply='3'] title")
            .and_then(|title| title.text_content())
            .unwrap_or_default();
        assert_eq!(title, "2. e4?? -3.50");
        health.assert_clean();
    }

    #[wasm_bindgen_test]
    async fn eval_graph_viewed_line_follows_the_viewed_ply() {
        let health = PageHealth::watch();
        let viewed = RwSignal::new(2);
        let (_mounted, _) = mount(game(), viewed);
        leptos::task::tick().await;

        let marker = || one("[data-viewed-ply]");
        let at_two = marker().expect("ply 2 is marked");
        assert_eq!(
            at_two.get_attribute("data-viewed-ply").as_deref(),
            Some("2")
        );
        let x_two = number(&at_two, "x1");
        assert!(one("[data-ply='2'][data-viewed]").is_some());

        viewed.set(5);
        leptos::task::tick().await;
        let at_five = marker().expect("ply 5 is marked");
        assert_eq!(
            at_five.get_attribute("data-viewed-ply").as_deref(),
            Some("5")
        );
        assert!(number(&at_five, "x1") > x_two, "the line moved right");
        assert!(one("[data-ply='2'][data-viewed]").is_none());
        assert!(one("[data-ply='5'][data-viewed]").is_some());

        viewed.set(0);
        leptos::task::tick().await;
        assert!(marker().is_none(), "the start position has no line");
        health.assert_clean();
    }
}
